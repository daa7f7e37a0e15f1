"""Boards of real places: latitude and longitude fitted to the board by a map projection
(:mod:`ttrtool.geo.projection`), the Natural Earth basemap shipped with ttrtool
(:mod:`ttrtool.geo.naturalearth`), and drafting a board of a region (:mod:`ttrtool.geo.draft`).

Nothing here is imported by ``import ttrtool``: pyproj is loaded only when a board names a
city by ``geo``.
"""

# The basemap's layers, bottom to top; ``board.basemap`` turns each on or off.
BASEMAP_LAYERS = ("land", "lakes", "rivers", "regions", "borders", "coastline")
