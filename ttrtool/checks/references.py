"""Checks: references."""

from __future__ import annotations
