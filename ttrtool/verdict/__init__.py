"""Judgement: what many played games say about a map.

The games are played by :mod:`ttrtool.simulate`; this package only reads their log
records.  The pieces, in the order a report uses them:

* :mod:`~ttrtool.verdict.statistics` — intervals, tests and corrections for many tests;
* :mod:`~ttrtool.verdict.strata` — figures pooled over player counts and seats;
* :mod:`~ttrtool.verdict.paired` — games summarised for paired comparisons;
* :mod:`~ttrtool.verdict.holdings`, :mod:`~ttrtool.verdict.edges`,
  :mod:`~ttrtool.verdict.pressure`, :mod:`~ttrtool.verdict.tempo` — who holds what,
  tickets' and routes' edges, colours under pressure, the game's length against the
  official maps' (official_tempo.json, measured by benchmarks/official_tempo.py);
* :mod:`~ttrtool.verdict.report` — streaming tallies over log records, and the report;
* :mod:`~ttrtool.verdict.findings` — balance findings from play, read from the report;
* :mod:`~ttrtool.verdict.edits` — what a designer changed between two versions of a map;
* :mod:`~ttrtool.verdict.baseline` — a run compared with a baseline map's run;
* :mod:`~ttrtool.verdict.styles` — the same games under several tables of bots, combined;
* :mod:`~ttrtool.verdict.auto` — when ``--games auto`` has played enough;
* :mod:`~ttrtool.verdict.thresholds` — ``--fail-on`` checks on a report;
* :mod:`~ttrtool.verdict.summary` — the report as markdown.

Nothing here plays a game, prints or exits.
"""
