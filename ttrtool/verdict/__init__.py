"""Judgement: what many played games say about a map.

The games are played by :mod:`ttrtool.simulate`; this package only reads their log
records.  The pieces, in the order a report uses them:

* :mod:`~ttrtool.verdict.statistics` — intervals, tests and corrections for many tests;
* :mod:`~ttrtool.verdict.strata` — figures pooled over player counts and seats;
* :mod:`~ttrtool.verdict.paired` — games summarised for paired comparisons;
* :mod:`~ttrtool.verdict.holdings`, :mod:`~ttrtool.verdict.edges`,
  :mod:`~ttrtool.verdict.pressure` — who holds what, tickets' and routes' edges, tempo;
* :mod:`~ttrtool.verdict.report` — streaming tallies over log records, and the report;
* :mod:`~ttrtool.verdict.findings` — balance findings from play, read from the report;
* :mod:`~ttrtool.verdict.baseline` — a run compared with a baseline map's run;
* :mod:`~ttrtool.verdict.auto` — when ``--games auto`` has played enough;
* :mod:`~ttrtool.verdict.thresholds` — ``--fail-on`` checks on a report;
* :mod:`~ttrtool.verdict.summary` — the report as markdown.

Nothing here plays a game, prints or exits.
"""
