"""Boards of real places: latitude and longitude fitted to the board by a map projection
(:mod:`ttrtool.geo.projection`, which hands PROJ only what :mod:`ttrtool.geo.projection_text`
lets through: no file access), the Natural Earth basemap shipped with ttrtool
(:mod:`ttrtool.geo.naturalearth`), distances on the ellipsoid (:mod:`ttrtool.geo.geodesy`)
and land and sea along a link (:mod:`ttrtool.geo.land`).  A low package: it imports nothing
of ttrtool above it (drafting a board of a region, which uses the whole library, is
:mod:`ttrtool.drafting`).

Nothing here is imported by ``import ttrtool``: pyproj is loaded only when a board names a
city by ``geo``.
"""

# The basemap's layers, bottom to top; ``board.basemap`` turns each on or off.
BASEMAP_LAYERS = ("land", "lakes", "rivers", "regions", "borders", "coastline")
