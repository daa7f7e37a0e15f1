"""Reading a plain command line without Typer, for the commands' fast paths.

Building Typer's parameter converters imports pydantic and takes longer than
validating a map, so ``ttrtool validate``, ``analyze`` and ``render`` first try
:func:`parse`.  It accepts only the plainest forms the Typer definitions accept —
``--opt value``, ``--opt=value``, ``-o value``, flags, ``--`` and positional
arguments — and returns None for anything else (``--help``, an unknown option, a
missing value, a single-valued option given twice, the wrong number of
arguments), so that Typer answers those with its own messages.  What each command
accepts (its :class:`Shape`) is not written by hand: :func:`shapes_module` reads it off the
Typer app into :mod:`ttrtool.commands.shapes` (``python tools/fast_shapes.py`` writes that
file again), and a test fails when the file and the app differ.  A test per command
also checks that both paths give the same results.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme


@dataclass(frozen=True)
class Shape:
    """What one command accepts on a plain command line."""

    command: str
    options: Mapping[str, str]  # every spelling of an option taking a value -> its name
    flags: Mapping[str, str] = field(default_factory=dict)  # spelling -> name
    repeatable: frozenset[str] = frozenset()  # option names that may be given several times
    several: bool = False  # one or more positional arguments (else exactly one)


@dataclass
class Parsed:
    positional: list[str]
    values: dict[str, list[str]]
    flags: set[str]

    def value(self, name: str, default: str | None = None) -> str | None:
        return self.values[name][0] if name in self.values else default


def parse(argv: list[str], shape: Shape) -> Parsed | None:
    """``argv`` (the command name first) read by ``shape``, or None to leave it to Typer."""
    if not argv or argv[0] != shape.command:
        return None
    got = Parsed([], {}, set())
    args = iter(argv[1:])
    for arg in args:
        if arg == "--":
            got.positional += args
        elif arg == "-" or not arg.startswith("-"):
            got.positional.append(arg)
        elif arg in shape.flags:
            got.flags.add(shape.flags[arg])
        else:
            name, eq, value = arg.partition("=")
            if name not in shape.options or (eq and not name.startswith("--")):
                return None
            if not eq:
                following = next(args, None)
                if following is None:
                    return None
                value = following
            key = shape.options[name]
            if key in got.values and key not in shape.repeatable:
                return None
            got.values.setdefault(key, []).append(value)
    if not got.positional or (len(got.positional) > 1 and not shape.several):
        return None
    return got


# Words a user may put after a flag believing it takes a value (``--strict false``).  No
# digits: ``--top 1`` must not cost the fast path a look at the Typer app.
BOOLEAN_WORDS = frozenset({"true", "false", "yes", "no", "on", "off"})


def flag_given_a_value(args: list[str], flags: Collection[str]) -> str | None:
    """A message when one of ``flags`` in ``args`` is followed by a word of
    :data:`BOOLEAN_WORDS` that names no file, else None."""
    for flag, following in zip(args, args[1:], strict=False):
        if flag == "--":
            break
        if (flag in flags and following.lower() in BOOLEAN_WORDS
                and not Path(following).exists()):
            return (f"{flag} is a flag and takes no value: write {flag} to turn it on, leave "
                    f"it out to turn it off (not '{flag} {following}')")
    return None


def empty_theme_name(value: str | None) -> str | None:
    """The message for ``--theme ''``, else None.  ``render``, ``preview`` and ``validate``
    refuse an empty name alike (exit 2) rather than draw or check with the default theme:
    whoever typed ``--theme`` meant a file."""
    return "--theme needs a file name (JSON or YAML)" if value == "" else None


def theme_option(value: str | None) -> Theme:
    """The theme of ``--theme FILE``, read by render's one loader (the default theme when
    ``value`` is None).  An empty name, or a file that cannot be read or has a bad value,
    raises :class:`~ttrtool.render.theme.ThemeError`; its text is the line a command prints
    after ``error: `` (exit 2), naming the file and the line and column as ``render`` does."""
    from ttrtool.render.theme import ThemeError, load_theme

    empty = empty_theme_name(value)
    if empty:
        raise ThemeError(empty)
    return load_theme(Path(value) if value is not None else None)


def shape_of(name: str, command: Any) -> Shape:
    """The :class:`Shape` of a Click command (as Typer builds it): its options' spellings,
    its flags, the options that may be repeated, and whether it takes several arguments."""
    options: dict[str, str] = {}
    flags: dict[str, str] = {}
    repeatable: set[str] = set()
    several = False
    for param in command.params:
        if param.param_type_name == "argument":
            several = several or param.nargs == -1
            continue
        spellings = (*param.opts, *param.secondary_opts)
        if any(s in ("--help", "-h") for s in spellings):
            continue
        (flags if param.is_flag else options).update(dict.fromkeys(spellings, param.name))
        if param.multiple:
            repeatable.add(param.name)
    return Shape(name, dict(sorted(options.items())), dict(sorted(flags.items())),
                 frozenset(repeatable), several)


def shapes_module(app: Any, names: Collection[str]) -> str:
    """The text of :mod:`ttrtool.commands.shapes`: the shape of each command in ``names``."""
    import typer.main

    group = typer.main.get_command(app)
    lines = ['"""What each fast-path command accepts on a plain command line, read off the Typer',
             "app: made by ``python tools/fast_shapes.py``, do not edit (a test compares it with",
             'the app)."""', "", "from ttrtool.commands.argv import Shape", "",
             "SHAPES = {"]
    for name in sorted(names):
        shape = shape_of(name, group.commands[name])  # type: ignore[attr-defined]
        lines.append(f'    "{name}": Shape(')
        lines.append(f'        "{name}",')
        for label, table in (("", shape.options), ("flags=", shape.flags)):
            if not table:
                lines.append(f"        {label}{{}},")
                continue
            lines.append(f"        {label}{{")
            lines.extend(f'            "{k}": "{v}",' for k, v in table.items())
            lines.append("        },")
        kept = ", ".join(f'"{n}"' for n in sorted(shape.repeatable))
        lines.append(f"        repeatable=frozenset({{{kept}}}),".replace("({})", "()"))
        lines.append(f"        several={shape.several},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"

