"""Simulation: seat bots, play many seeded games, stream a report and a game log.

The pieces, in the order a run uses them:

* :mod:`~ttrtool.simulate.seating` — per-game seeds and who sits where;
* :mod:`~ttrtool.simulate.playout` — play one game and turn its result into a log record;
* :mod:`~ttrtool.simulate.runner` — run many games on local processes or Dask, in game order;
* :mod:`~ttrtool.simulate.rescore` — an independent re-scorer working from a log record only;
* :mod:`~ttrtool.simulate.replay` — re-simulate a logged game and check its actions;
* :mod:`~ttrtool.simulate.session` — a whole run, ``simulate.run(request)``, from the
  options to the report, the log and the thresholds; the report and its findings come
  from :mod:`ttrtool.verdict`, which judges the games played here.

Nothing here prints or exits; the ``simulate`` and ``replay`` commands do.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttrtool.simulate.session import RunRequest, RunResult, run

__all__ = ["RunRequest", "RunResult", "run"]


def __getattr__(name: str) -> Any:
    """``simulate.run`` and its request and result, imported on first use: a pool
    worker imports this package for the runner and need not load the analysis."""
    if name in __all__:
        from ttrtool.simulate import session

        return getattr(session, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
