"""The places a draft is made of: towns of the region, on its main land unless asked."""

from __future__ import annotations

import pytest

from ttrtool.drafting.places import choose_cities, region_cities, region_of


def _names(region: str, n: int = 30, islands: bool = False) -> set[str]:
    r = region_of(region, include_islands=islands)
    return {p.name for p in choose_cities(region_cities(r), n, keep_outliers=islands,
                                          countries=r.countries)}


def test_no_atlantic_islands_on_iberia_unless_asked() -> None:
    names = _names("Spain,Portugal")
    assert {"Madrid", "Lisbon", "Porto"} <= names
    islands = {"Las Palmas de Gran Canaria", "Santa Cruz de Tenerife", "Funchal",
               "Palma", "Ponta Delgada"}
    assert not names & islands
    every = {p.name for p in region_cities(region_of("Spain,Portugal"))}
    assert "Las Palmas de Gran Canaria" in every  # there, and left out on purpose
    assert "Las Palmas de Gran Canaria" in _names("Spain,Portugal", 60, islands=True)


def test_no_okinawa_and_no_tokyo_wards_in_japan() -> None:
    names = _names("Japan")
    assert {"Tokyo", "Osaka", "Sapporo", "Fukuoka", "Kagoshima"} <= names
    assert "Naha" not in names
    places = region_cities(region_of("Japan"))
    every = {p.name for p in places}
    # Tokyo's special wards, some placed by GeoNames far from Tokyo (Shinagawa on Shikoku)
    assert not every & {"Shinagawa", "Kotō", "Setagaya", "Shinjuku", "Adachi", "Suginami",
                        "Toshima", "Sumida"}  # the last three a "City" in English only
    assert {"Kawasaki", "Sagamihara", "Hamamatsu"} <= every  # cities in Japanese too
    # Ōta the city of Gunma stays, Ōta the ward of Tokyo (748,000 people) does not
    assert [p.population < 300_000 for p in places if p.name == "Ōta"] == [True]
    assert "Naha" in every and "Naha" in _names("Japan", 60, islands=True)


def test_districts_elsewhere_are_left_out_but_capitals_stay() -> None:
    every = {p.name for p in region_cities(region_of("RO,FR"))}
    assert "Bucharest" in every and "Sector 3" not in every
    assert "Paris" in every and not any(n.startswith("Paris 1") for n in every)
    assert "Washington" in {p.name for p in region_cities(region_of("US"))}  # 特区, a capital


def test_one_place_a_name_once_accents_and_punctuation_are_ignored() -> None:
    every = [p.name for p in region_cities(region_of("PK"))]
    folded = ["".join(ch for ch in n.casefold() if ch.isalnum()) for n in every]
    assert len(folded) == len(set(folded))


def test_places_lying_in_another_country_are_left_out() -> None:
    from ttrtool.geo.naturalearth import country_at

    for code in ("GH", "KE", "IL", "RO"):
        for p in region_cities(region_of(code))[:200]:
            assert country_at(p.lat, p.lon) in (None, code), (code, p)


@pytest.mark.parametrize("region, words", [
    ("LU", "it needs at least 6 for a board: draft a larger region"),  # 3 towns: once "--cities 3"
    # Malta's seven towns are one town and its suburbs, 10 km apart at most: not "--cities 7"
    ("MT", "it needs at least 6 for a board: draft a larger region"),
    ("CY", "ask for fewer (--cities "),
])
def test_a_region_too_small_suggests_what_new_accepts(region: str, words: str) -> None:
    from ttrtool.drafting.places import RegionError

    with pytest.raises(RegionError) as e:
        choose_cities(region_cities(region_of(region)), 10, keep_outliers=True)
    assert words in str(e.value)


def test_a_city_and_its_districts_are_one_town() -> None:
    """Vienna's districts have no other name in GeoNames (Favoriten, Floridsdorf): a place
    within 10 km of a larger one is part of it, not a city of the board."""
    names = {p.name for p in choose_cities(region_cities(region_of("AT")), 20)}
    assert "Vienna" in names and "Graz" in names
    assert not names & {"Favoriten", "Floridsdorf", "Donaustadt", "Ottakring", "Eggenberg"}
