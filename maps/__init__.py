"""Bundled data files (installed as a package so that pip carries them)."""
