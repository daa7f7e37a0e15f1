"""The designer's page: one self-contained HTML file made from a report and its board.

:func:`ttrtool.report.analysis.analysis_page` makes the page of ``analyze
--format html`` from the analysis JSON; :func:`ttrtool.report.simulation.simulation_page`
the page of ``simulate --html`` from the JSON ``simulate --out`` writes (and a
baseline report, if given, through :mod:`~ttrtool.report.baseline`).  Both are put
together by :mod:`~ttrtool.report.page` from the board (:mod:`~ttrtool.report.board`,
render's drawing), plots (:mod:`~ttrtool.report.plots`) and sortable tables
(:mod:`~ttrtool.report.tables`).  :mod:`~ttrtool.report.live` is ``ttrtool preview``: a
map drawn again at every save, served on 127.0.0.1 by the local server that ``ttrtool
play`` (:mod:`ttrtool.human`) serves its game with too.
The library returns the page as text; the commands write it.
"""
