"""The designer's page: one self-contained HTML file made from a report and its board.

:func:`ttrtool.report.analysis.analysis_page` makes the page of ``analyze
--format html`` from the analysis JSON; :func:`ttrtool.report.simulation.simulation_page`
the page of ``simulate --html`` from the JSON ``simulate --out`` writes (and a
baseline report, if given).  Both draw the board with :mod:`ttrtool.render`.
The library returns the page as text; the commands write it.
"""
