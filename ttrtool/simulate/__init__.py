"""Simulation: seat bots, play many seeded games, stream a report and a game log.

The pieces, in the order a run uses them:

* :mod:`~ttrtool.simulate.seating` — per-game seeds and who sits where;
* :mod:`~ttrtool.simulate.playout` — play one game and turn its result into a log record;
* :mod:`~ttrtool.simulate.runner` — run many games on local processes or Dask, in game order;
* :mod:`~ttrtool.simulate.report` — streaming statistics over log records;
* :mod:`~ttrtool.simulate.findings` — balance findings from play, read from the report;
* :mod:`~ttrtool.simulate.thresholds` — ``--fail-on`` checks on a report;
* :mod:`~ttrtool.simulate.rescore` — an independent re-scorer working from a log record only;
* :mod:`~ttrtool.simulate.replay` — re-simulate a logged game and check its actions.

Nothing here prints or exits; the ``simulate`` and ``replay`` commands do.
"""
