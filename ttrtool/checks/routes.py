"""Checks: routes."""

from __future__ import annotations
