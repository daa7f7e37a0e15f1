"""Natural Earth data shipped with ttrtool (made by tools/naturalearth_data.py; public domain)."""
