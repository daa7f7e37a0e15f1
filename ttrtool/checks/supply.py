"""Checks: supply."""

from __future__ import annotations
