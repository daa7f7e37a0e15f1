"""The commands' name for :mod:`ttrtool.outputs` (the checks moved into the library,
where ``simulate.run`` uses them too)."""

from ttrtool.outputs import first_output_problem, output_problem

__all__ = ["first_output_problem", "output_problem"]
