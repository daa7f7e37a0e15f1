"""Bots: the random player, the four strategic archetypes and the expert, in one registry.

The archetypes are the agent set of the Ticket to Ride playtesting research
(de Mesentier Silva, Lee, Togelius and Nealen, "AI-based Playtesting of
Contemporary Board Games", FDG 2017); the expert is ours.  docs/bots.md gives
each policy and the default table.  A user's own bot is named
``package.module:ClassName`` and must follow :class:`ttrtool.bots.base.Bot`.
"""

from __future__ import annotations

import importlib
from typing import Any

# registry name -> "module:class"; imported on first use so that listing the
# names costs nothing.
BOTS: dict[str, str] = {
    "random": "ttrtool.bots.random_bot:RandomBot",
    "destination-hungry": "ttrtool.bots.destination_hungry:DestinationHungry",
    "route-focus": "ttrtool.bots.route_focus:RouteFocus",
    "one-step-thinker": "ttrtool.bots.one_step_thinker:OneStepThinker",
    "long-route-junkie": "ttrtool.bots.long_route_junkie:LongRouteJunkie",
    "expert": "ttrtool.bots.expert:Expert",
    # the expert as it played before issue 22: a baseline to measure the expert against
    "expert-2025": "ttrtool.bots.expert:Expert2025",
}

# A seat a person plays (``ttrtool play``): no bot, and no entry in BOTS, so ``simulate``
# cannot seat it; ``replay`` checks a human seat's logged actions for legality only.
HUMAN = "human"

# The four archetypes of the playtesting research (docs/bots.md).
ARCHETYPES: tuple[str, ...] = (
    "destination-hungry", "route-focus", "one-step-thinker", "long-route-junkie",
)
# The default table, seated in rotation (simulate.seating): the expert in half the seats,
# so verdicts come from capable ticket play, beside two archetypes whose different styles
# keep identical players from leaving the same short routes alone (benchmarks/notes/bots.md,
# "How the default table was chosen", gives the measurements behind the choice).
DEFAULT_BOTS: tuple[str, ...] = ("expert", "route-focus", "expert", "long-route-junkie")


class BotNotFound(ValueError):
    """A bot name that is neither registered nor an importable ``module:Class``."""


def canonical_name(name: str) -> str:
    """Registry names are kebab-case; ``route_focus`` and ``Route-Focus`` are accepted."""
    if ":" in name:
        return name.strip()
    return name.strip().lower().replace("_", "-")


def resolve_bot(name: str) -> Any:
    """The bot class for a registry name or a plug-in ``package.module:ClassName``.

    Raises :class:`BotNotFound` with a message that says what is available.
    """
    key = canonical_name(name)
    target = BOTS.get(key, key)
    if ":" not in target:
        raise BotNotFound(
            f"unknown bot '{name}': use one of {', '.join(BOTS)} "
            "or a plug-in 'package.module:ClassName'"
        )
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise BotNotFound(f"cannot import bot module '{module_name}' for '{name}': {e}") from e
    cls = getattr(module, attr, None)
    if cls is None or not callable(cls):
        raise BotNotFound(f"module '{module_name}' has no bot class '{attr}'")
    if not callable(getattr(cls, "choose", None)):
        raise BotNotFound(f"'{name}' is not a bot: it has no choose(view, actions) method "
                          "(see docs/bots.md, 'Writing your own bot')")
    return cls
