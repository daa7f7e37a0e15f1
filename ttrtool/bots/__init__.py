"""Bots: the random player and the four strategic archetypes."""
