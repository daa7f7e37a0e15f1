"""One module per CLI command, each a thin adapter over the library."""
