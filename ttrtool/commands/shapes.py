"""What each fast-path command accepts on a plain command line, read off the Typer
app: made by ``python tools/fast_shapes.py``, do not edit (a test compares it with
the app)."""

from ttrtool.commands.argv import Shape

SHAPES = {
    "analyze": Shape(
        "analyze",
        {
            "--compare": "compare",
            "--ferry-weight": "ferry_weight",
            "--format": "output_format",
            "--ignore": "ignore",
            "--output": "output",
            "--select": "select",
            "--theme": "theme_file",
            "--top": "top",
            "--tunnel-weight": "tunnel_weight",
            "-c": "compare",
            "-f": "output_format",
            "-o": "output",
        },
        flags={},
        repeatable=frozenset({"ignore", "select"}),
        several=False,
    ),
    "render": Shape(
        "render",
        {
            "--heatmap": "heatmap_arg",
            "--output": "output_arg",
            "--overlap": "overlap",
            "--paper": "paper",
            "--theme": "theme_file_arg",
            "--tickets": "tickets_arg",
            "--tiles": "tiles",
            "-o": "output_arg",
        },
        flags={
            "--draft": "draft",
            "--pdf": "pdf",
        },
        repeatable=frozenset(),
        several=False,
    ),
    "validate": Shape(
        "validate",
        {
            "--format": "output_format",
            "--ignore": "ignore",
            "--select": "select",
            "--theme": "theme_file",
            "-f": "output_format",
        },
        flags={
            "--layout": "layout",
            "--strict": "strict",
        },
        repeatable=frozenset({"ignore", "select"}),
        several=True,
    ),
}
