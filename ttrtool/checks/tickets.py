"""Checks: tickets."""

from __future__ import annotations
