"""Rendering: printable boards and ticket cards."""
