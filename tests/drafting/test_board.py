"""``ttrtool new FILE --region/--bbox``: a first draft of a board of real places."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pyproj
import pytest
import yaml
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.drafting.board import draft_board
from ttrtool.drafting.places import RegionError, choose_cities, region_cities, region_of
from ttrtool.drafting.routes import CARD_COLORS
from ttrtool.ticket_value import Pricing, ticket_costs, ticket_value
from ttrtool.validate import ValidationResult, validate_file

runner = CliRunner()
GEOD = pyproj.Geod(ellps="WGS84")


@pytest.fixture(scope="module")
def benelux(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("draft") / "benelux.yaml"
    result = runner.invoke(app, ["new", str(path), "--region", "BE,NL,LU", "--cities", "14"])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def denmark(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("draft") / "denmark.yaml"
    result = runner.invoke(app, ["new", str(path), "--region", "Denmark", "--cities", "12"])
    assert result.exit_code == 0, result.output
    return path


def _checked(path: Path) -> ValidationResult:
    result = validate_file(path)
    assert result.board is not None, [d.message for d in result.diagnostics]
    return result


def test_the_draft_says_it_is_a_first_draft_and_validates_clean(benelux: Path) -> None:
    text = benelux.read_text(encoding="utf-8")
    assert "# A FIRST DRAFT of a board of Belgium, The Netherlands, Luxembourg, made by " \
           "`ttrtool new benelux.yaml --region BE,NL,LU --cities 14`" in text
    result = _checked(benelux)
    assert result.diagnostics == []  # so it passes --strict too
    board = result.board
    assert board is not None
    assert len(board.cities) == 14 and all(c.geo is not None for c in board.cities)
    assert board.geometry.region_countries == ("BE", "NL", "LU")
    assert (benelux.parent / "map.schema.json").exists()


def test_strict_validation_passes(benelux: Path) -> None:
    result = runner.invoke(app, ["validate", "--strict", str(benelux)])
    assert result.exit_code == 0, result.output


def test_cities_are_the_big_ones_and_spread() -> None:
    chosen = choose_cities(region_cities(region_of("DE")), 30)
    names = [c.name for c in chosen]
    assert names[:3] == ["Berlin", "Hamburg", "Munich"]
    # Not five cities of the Ruhr: every two at least 50 km apart (Essen and Dortmund are 30).
    closest = min(GEOD.inv(a.lon, a.lat, b.lon, b.lat)[2] / 1000
                  for i, a in enumerate(chosen) for b in chosen[i + 1:])
    assert closest > 50
    # ... and the corners of the country get a city: Kiel in the north, Freiburg in the
    # south-west, Dresden in the east, Aachen in the west.
    assert {"Kiel", "Freiburg", "Dresden", "Aachen"} <= set(names)


def test_route_lengths_follow_the_distance(benelux: Path) -> None:
    board = _checked(benelux).board
    assert board is not None
    km_per_space = [GEOD.inv(board.cities[r.a].geo[1], board.cities[r.a].geo[0],  # type: ignore[index]
                             board.cities[r.b].geo[1], board.cities[r.b].geo[0])[2]  # type: ignore[index]
                    / 1000 / r.length for r in board.routes]
    km_per_space.sort()
    median = km_per_space[len(km_per_space) // 2]
    # Within a factor 2 of the median everywhere (rounding a 1-space route moves it most).
    assert all(median / 2 <= k <= median * 2 for k in km_per_space)
    assert max(r.length for r in board.routes) <= 6


def test_doubles_on_the_busiest_links_and_colours_balanced(benelux: Path) -> None:
    board = _checked(benelux).board
    assert board is not None
    groups = board.double_groups()
    assert groups and all(len(g) == 2 and g[0].color != g[1].color for g in groups.values())
    spaces = Counter({c: 0 for c in CARD_COLORS})
    for r in board.routes:
        if not r.is_gray:
            spaces[r.color] += r.length
    longest = max(r.length for r in board.routes)
    assert max(spaces.values()) - min(spaces.values()) <= longest
    gray = sum(r.is_gray for r in board.routes) / len(board.routes)
    assert 0.1 <= gray <= 0.4


def test_tickets_are_priced_by_the_shared_definition(benelux: Path) -> None:
    from ttrtool.verdict.report import ticket_spaces

    board = _checked(benelux).board
    assert board is not None
    spaces = ticket_spaces(board)
    for t in board.tickets:
        cost = spaces[t.id]
        assert cost is not None and ticket_value(t.points, cost).pricing is Pricing.FAIR
    # A length profile like the official decks': short, middle and long tickets.
    points = sorted(t.points for t in board.tickets)
    assert len(points) >= 14 and len(set(points)) >= 5
    long_share = sum(p >= 0.7 * points[-1] for p in points) / len(points)
    short_share = sum(p <= 0.4 * points[-1] for p in points) / len(points)
    assert 0.1 <= long_share <= 0.5 and 0.1 <= short_share <= 0.6
    assert ticket_costs(board)  # the costs the definition reads exist for every route


def _codes(result: ValidationResult) -> set[str]:
    return {d.code for d in result.diagnostics}


def test_ferries_where_a_link_crosses_the_sea(denmark: Path) -> None:
    result = _checked(denmark)
    # Twelve cities hold too few spaces for a full game: the draft says so (TTR124), no more.
    assert _codes(result) <= {"TTR124"}
    board = result.board
    assert board is not None and board.rules.ferries_allowed
    ferries = [r for r in board.routes if r.kind == "ferry"]
    assert ferries and all(1 <= r.locomotives <= 2 for r in ferries)
    # Copenhagen lies on Zealand, an island: every route leaving it for Jutland or Funen
    # crosses the sea.
    geo = {c.name: c.geo for c in board.cities}
    assert "Copenhagen" in geo
    for r in board.routes:
        ends = {r.a_name, r.b_name}
        other = (ends - {"Copenhagen"}).pop() if "Copenhagen" in ends else None
        if other is not None and geo[other][1] < 10.9:  # type: ignore[index]  # west of Funen
            assert r.kind == "ferry", r.label()


def test_the_same_region_gives_the_same_text(benelux: Path) -> None:
    again = draft_board(region_of("BE,NL,LU"), 14, "benelux",
                        "ttrtool new benelux.yaml --region BE,NL,LU --cities 14")
    assert again.text == benelux.read_text(encoding="utf-8")


def test_the_draft_renders_over_its_basemap(benelux: Path, tmp_path: Path) -> None:
    out = tmp_path / "benelux.svg"
    result = runner.invoke(app, ["render", str(benelux), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert b'id="layer-basemap"' in out.read_bytes()


def test_the_draft_plays_at_two_to_four_without_stalls(benelux: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    most = yaml.safe_load(benelux.read_text(encoding="utf-8"))["rules"]["players"]["max"]
    counts_asked = ",".join(str(n) for n in range(2, most + 1))
    result = runner.invoke(app, ["simulate", str(benelux), "-p", counts_asked, "--games", "8",
                                 "--seed", "3", "--quiet", "--out", str(report)])
    assert result.exit_code in (0, 1), result.output  # 1: a balance warning, not a failure
    data = json.loads(report.read_text(encoding="utf-8"))
    counts = {c["players"]: c for c in data["configurations"]}
    assert set(counts) == set(range(2, most + 1))
    for c in counts.values():
        assert c["end_reasons"]["normal"] == c["games"] == 8, c["end_reasons"]


def test_new_never_overwrites_a_file_unless_told(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("# my work\n", encoding="utf-8")
    result = runner.invoke(app, ["new", str(target), "--region", "LU,BE", "--cities", "8"])
    assert result.exit_code == 2 and "--force" in result.output
    assert target.read_text(encoding="utf-8") == "# my work\n"
    result = runner.invoke(app, ["new", str(target), "--region", "LU,BE", "--cities", "8",
                                 "--force"])
    assert result.exit_code == 0, result.output
    assert "FIRST DRAFT" in target.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("args, words", [
    (["--region", "Germny"], "did you mean Germany (DE)"),
    (["--region", ""], "--region is empty"),
    (["--bbox", "47,5"], "is not four numbers"),
    (["--bbox", "48,5,46,10"], "south (48) must be below north (46)"),
    (["--region", "LI", "--cities", "10"], "fewer than the 10 asked for"),
    (["--region", "DE", "--cities", "3"], "between 6 and 80"),
    (["--region", "DE", "--from", "usa"], "give one or the other"),
])
def test_bad_input_exits_2_with_a_message(tmp_path: Path, args: list[str], words: str) -> None:
    target = tmp_path / "x.yaml"
    result = runner.invoke(app, ["new", str(target), *args])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not target.exists()


def test_a_bbox_region(tmp_path: Path) -> None:
    target = tmp_path / "alps.yaml"
    result = runner.invoke(app, ["new", str(target), "--bbox", "45.8,5.9,47.8,10.5",
                                 "--cities", "10"])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert data["board"]["region"] == {"bbox": [45.8, 5.9, 47.8, 10.5]}
    assert all(45.8 <= c["geo"][0] <= 47.8 and 5.9 <= c["geo"][1] <= 10.5
               for c in data["cities"])
    board = _checked(target).board
    assert board is not None and not any(r.kind == "ferry" for r in board.routes)  # no sea
    assert "ferries" not in data["rules"]


def test_region_errors_are_region_errors() -> None:
    with pytest.raises(RegionError):
        region_of()
    assert math.isfinite(region_of(bbox="1,2,3,4").bbox[0])  # type: ignore[index]


def test_a_country_draft_keeps_to_its_main_land() -> None:
    chosen = choose_cities(region_cities(region_of("US")), 40)
    names = {c.name for c in chosen}
    assert "New York City" in names and "Honolulu" not in names and "Anchorage" not in names
    # A box is the designer's own choice: Hawaii inside it stays.
    boxed = choose_cities(region_cities(region_of("US", "18,-161,23,-154")), 3,
                          keep_outliers=True)
    assert "Honolulu" in {c.name for c in boxed}


def test_a_small_draft_still_deals_every_player_their_tickets(tmp_path: Path) -> None:
    target = tmp_path / "small.yaml"
    result = runner.invoke(app, ["new", str(target), "--region", "BE,LU", "--cities", "8"])
    assert result.exit_code == 0, result.output
    checked = validate_file(target)
    assert _codes(checked) <= {"TTR124"} and checked.board is not None  # 8 cities: short games
    rules = checked.board.rules
    assert len(checked.board.tickets) >= 3 * rules.max_players
    # Each country of the region has its largest city, though eight Belgian ones are larger.
    assert checked.board.city("Luxembourg") is not None


def test_a_country_code_yaml_reads_as_a_word_is_quoted(tmp_path: Path) -> None:
    """Norway's code NO is YAML's false unless quoted (TTR005); the draft must validate."""
    path = tmp_path / "norway.yaml"
    result = runner.invoke(app, ["new", str(path), "--region", "NO", "--cities", "10"])
    assert result.exit_code == 0, result.output
    assert '"NO"' in path.read_text(encoding="utf-8")
    checked = _checked(path)
    assert _codes(checked) <= {"TTR124"}, [d.message for d in checked.diagnostics]
    assert checked.board is not None
    assert checked.board.geometry.region_countries == ("NO",)
    assert {c.country for c in checked.board.cities} == {"NO"}


def test_the_name_printed_on_the_board_and_cards_is_the_region_not_a_note(benelux: Path,
                                                                         tmp_path: Path) -> None:
    data = yaml.safe_load(benelux.read_text(encoding="utf-8"))
    assert data["meta"]["name"] == "Belgium, The Netherlands, Luxembourg"
    target = tmp_path / "alps.yaml"
    result = runner.invoke(app, ["new", str(target), "--bbox", "45.8,5.9,47.8,10.5",
                                 "--cities", "10"])
    assert result.exit_code == 0, result.output
    name = yaml.safe_load(target.read_text(encoding="utf-8"))["meta"]["name"]
    assert "draft" not in name and not any(ch.isdigit() for ch in name)
    assert name.startswith("Switzerland")  # the country most of the box's cities are in


def test_a_board_of_geo_cities_needs_no_width_and_height() -> None:
    from ttrtool.validate import validate_text

    text = (Path(__file__).resolve().parents[1] / "cases" / "valid" / "geo-benelux.yaml"
            ).read_text(encoding="utf-8")
    assert "  width: 1000\n  height: 1000\n" in text
    result = validate_text(text.replace("  width: 1000\n  height: 1000\n", ""), "b.yaml")
    assert [d.code for d in result.diagnostics] == []
    board = result.board
    assert board is not None
    # shaped like the cities: the Benelux is taller than wide, 1000 units on its longer side
    assert board.geometry.height == 1000 and board.geometry.width < 1000
