"""One record per game: every registered game has every part, and each layer finds its part through the record."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from ai.parts import load_part
from ai.programs.protocols import protocol_for
from ai.programs.protocols.base import GameProtocol
from ai.programs.protocols.volcanoes import VolcanoesProtocol
from ai.seats.levels import make_bot
from rules import fireworks, registry, volcanoes
from rules.core import GameInfo
from rules.registry import RECORDS, GameRecord
from tui.games import game_ui
from tui.games.base import GameTable, GameUI
from tui.scenes import AROUND_THE_GAMES, SCENES, scenes_of
from tui.scenes.kit import Scene


def _is_bot_factory(part: object) -> bool:
    """A ``make_bot(level, rng)`` that builds something able to choose at every level."""
    if not callable(part):
        return False
    bots = [part(level, random.Random(1)) for level in ("easy", "normal", "hard")]
    return all(callable(getattr(bot, "choose", None)) for bot in bots)


def _is_protocol(part: object) -> bool:
    return isinstance(part, type) and issubclass(part, GameProtocol)


def _is_table(part: object) -> bool:
    return isinstance(part, GameUI) and isinstance(part.table, type) and issubclass(part.table, GameTable)


def _is_scenes(part: object) -> bool:
    return isinstance(part, dict) and bool(part) and all(isinstance(s, Scene) for s in part.values())


KINDS: dict[str, tuple[str, Callable[[object], bool]]] = {
    "bots": ("a make_bot(level, rng) building bots", _is_bot_factory),
    "protocol": ("a GameProtocol subclass", _is_protocol),
    "table": ("a GameUI whose table is a GameTable", _is_table),
    "scenes": ("a non-empty dict of Scene", _is_scenes),
}


def part_problems(record: GameRecord) -> list[str]:
    """What is missing or of the wrong kind in ``record``: one line per bad part, empty when all is well."""
    problems = []
    if not (isinstance(record.info, GameInfo) and record.info.available):
        problems.append(f"{record.id}: info is not a playable GameInfo")
    for name, (kind, fits) in KINDS.items():
        path = getattr(record, name)
        try:
            part = load_part(path)
        except (ImportError, AttributeError, ValueError) as exc:
            problems.append(f"{record.id}.{name}: {path} does not load ({exc})")
            continue
        if not fits(part):
            problems.append(f"{record.id}.{name}: {path} is not {kind}")
    return problems


@pytest.mark.parametrize("game", list(RECORDS))
def test_every_registered_game_has_every_part(game: str) -> None:
    assert part_problems(RECORDS[game]) == []


def test_the_registry_lists_the_five_games_in_home_screen_order() -> None:
    assert list(RECORDS) == ["nimmt", "hanabi", "fireworks", "fish", "volcanoes"]
    assert list(registry.GAMES) == list(RECORDS)


def test_fireworks_shares_hanabi_bots_protocol_and_scenes_with_its_own_help() -> None:
    hanabi, league = RECORDS["hanabi"], RECORDS["fireworks"]
    assert (league.protocol, league.scenes, league.levels) == (hanabi.protocol, hanabi.scenes, hanabi.levels)
    # The same bots module; the league's factory only plays expert as hard (its 50 ms a move).
    assert league.bots.split(":")[0] == hanabi.bots.split(":")[0]
    assert game_ui("fireworks").table is game_ui("hanabi").table
    assert game_ui("fireworks").help_markdown != game_ui("hanabi").help_markdown


def test_a_record_naming_no_part_finds_each_where_the_convention_puts_it() -> None:
    record = GameRecord(volcanoes.INFO)
    assert (record.bots, record.protocol, record.table, record.scenes) == (
        "ai.bots.volcanoes:make_bot",
        "ai.programs.protocols.volcanoes:VolcanoesProtocol",
        "tui.games.volcanoes:UI",
        "tui.scenes.volcanoes:SCENES",
    )
    assert part_problems(record) == []


def test_a_named_part_wins_over_the_convention_and_shares_takes_a_sibling_s() -> None:
    record = GameRecord(fireworks.INFO, shares="volcanoes", table="tui.games.fish:UI")
    assert record.table == "tui.games.fish:UI"
    assert (record.bots, record.scenes) == ("ai.bots.volcanoes:make_bot", "tui.scenes.volcanoes:SCENES")


def test_a_record_lacking_parts_fails_the_check() -> None:
    fake = dataclasses.replace(
        RECORDS["nimmt"],
        bots="ai.bots.nimmt:no_such_factory",
        protocol="ai.bots.nimmt:make_bot",  # loads, but is not a protocol
        table="tui.games.no_such_game:UI",
        scenes="tui.scenes.nimmt",  # no attribute named
    )
    problems = part_problems(fake)
    assert [p.split(":")[0] for p in problems] == ["nimmt.bots", "nimmt.protocol", "nimmt.table", "nimmt.scenes"]
    assert "is not a GameProtocol subclass" in problems[1]


def test_make_bot_follows_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RECORDS, "fish", dataclasses.replace(RECORDS["fish"], bots="ai.bots.volcanoes:make_bot"))
    assert type(make_bot("fish", "easy", random.Random(1))).__module__ == "ai.bots.volcanoes.bots"


def test_protocol_for_follows_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    record = dataclasses.replace(RECORDS["fish"], protocol="ai.programs.protocols.volcanoes:VolcanoesProtocol")
    monkeypatch.setitem(RECORDS, "fish", record)
    assert type(protocol_for("fish", 0, 2, "codingame")) is VolcanoesProtocol


def test_scenes_of_takes_a_new_record_s_scenes() -> None:
    fake = dataclasses.replace(RECORDS["volcanoes"], scenes="tui.scenes.fish:SCENES")
    fish_scenes = load_part("tui.scenes.fish:SCENES")
    assert isinstance(fish_scenes, dict)
    assert list(scenes_of([fake], more=())) == list(fish_scenes)


def test_game_ui_follows_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RECORDS, "fish", dataclasses.replace(RECORDS["fish"], table="tui.games.volcanoes:UI"))
    assert game_ui("fish") is load_part("tui.games.volcanoes:UI")


def test_scenes_are_gathered_from_the_records_once_each() -> None:
    expected: list[str] = []
    # Fireworks shares Hanabi's scenes; the screens about every game (settings, statistics) come last.
    for path in [*dict.fromkeys(r.scenes for r in RECORDS.values()), AROUND_THE_GAMES]:
        part = load_part(path)
        assert isinstance(part, dict)
        expected.extend(part)
    assert list(SCENES) == expected
    assert "hanabi-league" in SCENES and "nimmt-mid-round" in SCENES
