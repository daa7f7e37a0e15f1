"""``ttrtool new --region``: drafting a board of real places, above the rest of the library.

In run order:

* :mod:`ttrtool.drafting.places`: the region (countries, a box) and its cities from GeoNames,
  chosen by population and spread over the region;
* :mod:`ttrtool.drafting.board`: the routes, ferries, doubles, colours, tickets and rules,
  written out as map text.

It uses the low :mod:`ttrtool.geo` (projections, Natural Earth) and the pricing and loading
above it; nothing in the library imports it but the ``new`` command.
"""
