"""Bundled data: schemas, maps, templates (see pyproject.toml package-dir)."""
