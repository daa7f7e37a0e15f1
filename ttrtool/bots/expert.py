"""Expert: the strongest built-in bot (issue 22).

It plays as :class:`~ttrtool.bots.expert_2025.Expert2025`, the kept baseline
(docs/bots.md, "The expert"), with the changes docs/bots.md lists under
"What the expert changed in 2026"; each is an override here, so that the
baseline keeps playing as it did.
"""

from __future__ import annotations

from ttrtool.bots.expert_2025 import Expert2025


class Expert(Expert2025):
    name = "expert"
