"""``ttrtool new --region``: drafting a board of real places, above the rest of the library.

In run order:

* :mod:`ttrtool.drafting.places`: the region (countries, a box) and its cities from GeoNames,
  chosen by population and spread over the region;
* :mod:`ttrtool.drafting.routes`: which cities are linked, how long each link is, which are
  ferries, and the colours of their tracks;
* :mod:`ttrtool.drafting.tickets`: the deck, priced by the shared ticket value;
* :mod:`ttrtool.drafting.board`: the print size, trains and doubles chosen together, and the
  whole draft written out as map text.

It uses the low :mod:`ttrtool.geo` (projections, Natural Earth) and the pricing and loading
above it; nothing in the library imports it but the ``new`` command.
"""
