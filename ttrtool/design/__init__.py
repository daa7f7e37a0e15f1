"""``ttrtool deck`` and ``ttrtool colour``: a ticket deck and route colours for a network
the designer drew.

In run order:

* :mod:`ttrtool.design.sketch`: the map read with its gaps (no tickets, too few, routes
  without a colour) stood in for, and refused for any other error;
* :mod:`ttrtool.design.network`: every pair of cities priced by the one pricer;
* :mod:`ttrtool.design.colouring`: colours for the open routes, balanced against the deck's
  cards;
* :mod:`ttrtool.design.deck`: tickets chosen to an official length profile, covering the
  cities;
* :mod:`ttrtool.design.trial`: the proposal checked by validate, analyze and seeded games;
* :mod:`ttrtool.design.proposing`: a deck chosen again while its trial faults it;
* :mod:`ttrtool.design.runs`: the two commands' runs, writing through the round-trip writer
  (:mod:`ttrtool.edit.roundtrip`);
* :mod:`ttrtool.design.text`: what they print.
"""
