"""Changing a map file: the edits ``ttrtool fix`` and ``ttrtool tune`` (and ``deck --write``)
make, written back so that what the designer wrote survives (:mod:`ttrtool.edit.roundtrip`)."""
