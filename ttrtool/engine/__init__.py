"""The rules engine: game definition, state, actions (RULES.md)."""
