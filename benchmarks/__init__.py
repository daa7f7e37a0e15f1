"""Benchmarks and measurements of ttrtool, and the catalogue of planted designer mistakes.

Run from the repository's root as modules: ``python -m benchmarks.run`` (what ``make bench``
runs), ``python -m benchmarks.verdicts``, ``python -m benchmarks.plants_power`` and so on;
README.md beside this file lists them.  The tests import the planting helpers
(:mod:`benchmarks.plant`, :mod:`benchmarks.plants`) and the board generators from here;
nothing here imports the tests.
"""
