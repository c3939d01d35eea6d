"""The engine draws the seed, and the seed stays in the engine while a game runs (issue 33).

``start`` and ``deal`` draw a seed for a record without one; a typed seed is kept. No answer of a
game in progress holds a ``seed`` (at any depth), a ``share`` link or the ``record``: only
``save`` carries the record, and the engine's worker takes it out before the page sees it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pygames.core.record import parse_record_text
from pygames.core.registry import all_games
from pygames.core.rng import SEED_LIMIT
from tests.conftest import bridge, engine

GAMES = [g.id for g in all_games()]


def table(game: str, players: int, seed: int | None = None, **extra: Any) -> dict[str, Any]:
    """A record of a new game: seat 0 a person (with hints), the others random bots."""
    seats = [{"name": "Aya", "kind": "human"}] + [
        {"name": f"Bot{s}", "kind": "bot", "level": "random"} for s in range(1, players)
    ]
    rec: dict[str, Any] = {"v": 1, "game": game, "players": players, "options": {"hints": True}}
    rec["seats"] = seats
    if seed is not None:
        rec["seed"] = seed
    return rec | extra


def keys(data: Any) -> Iterator[tuple[str, Any]]:
    """Every key of every object in ``data``, at any depth, with its value."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from keys(value)
    elif isinstance(data, list):
        for item in data:
            yield from keys(item)


def assert_nothing_hidden(answer: dict[str, Any], where: str) -> None:
    """An answer of a game in progress: no seed, no share link, no record (but the save)."""
    assert answer["ok"], (where, answer)
    for key, value in keys({k: v for k, v in answer.items() if k != "save"}):
        assert key not in ("seed", "share"), (where, key)
        if key == "record":
            assert value is None, where


@pytest.mark.parametrize("game", GAMES)
def test_no_answer_of_a_game_in_progress_holds_the_seed(game: str) -> None:
    """A whole game of each game through the bridge: start, view, act, undo, hint, bot."""
    info = next(g for g in all_games() if g.id == game)
    answer = bridge(cmd="start", record=table(game, info.min_players), seat=0)
    sid = answer["session"]
    seen: set[str] = set()
    hints = 0
    for _ in range(3000):
        if answer["over"]:
            break
        assert_nothing_hidden(answer, game)
        mover = answer["to_move"][0]
        if mover != 0:
            answer = bridge(cmd="bot", session=sid, seat=mover, view_seat=0)
            seen.add("bot")
            continue
        view = bridge(cmd="view", session=sid, seat=0)
        assert_nothing_hidden(view, game)
        if hints < 2:
            assert_nothing_hidden(bridge(cmd="hint", session=sid, seat=0), game)
            hints += 1
            seen.add("hint")
        state = engine().sessions[sid].state
        action = state.legal_actions(0)[0]
        answer = bridge(cmd="act", session=sid, seat=0, action=action, view_seat=0)
        seen.add("act")
        if answer["can_undo"] and "undo" not in seen:
            assert_nothing_hidden(answer, game)
            answer = bridge(cmd="undo", session=sid, seat=0)
            assert_nothing_hidden(answer, game)
            seen.add("undo")
            answer = bridge(cmd="act", session=sid, seat=0, action=action, view_seat=0)
    assert answer["over"], game
    assert {"bot", "hint", "act"} <= seen, seen
    # once over, the finished record and its link: the seed is no secret any more
    assert answer["record"]["seed"] == engine().sessions[sid].record.seed
    assert parse_record_text(answer["share"]).to_json() == answer["record"]
    bridge(cmd="close", session=sid)


def test_start_draws_a_seed_for_a_record_without_one() -> None:
    seeds = []
    for rec in (table("marie", 3), table("marie", 3) | {"seed": None}):
        answer = bridge(cmd="start", record=rec, seat=0)
        assert answer["ok"] and "seed" not in answer
        seed = parse_record_text(answer["save"]).seed
        assert seed == engine().sessions[answer["session"]].record.seed
        assert 0 <= seed <= SEED_LIMIT
        seeds.append(seed)
        bridge(cmd="close", session=answer["session"])
    assert seeds[0] != seeds[1]  # drawn each time (2^53 seeds: they never meet by chance)
    # a link without a seed is a new deal too
    link = "#g=" + json.dumps(table("pharaoh", 2)).encode().hex()  # not base64: refused
    assert bridge(cmd="start", link=link)["ok"] is False
    answer = bridge(cmd="start", link=json.dumps(table("pharaoh", 2)))
    assert answer["ok"] and 0 <= parse_record_text(answer["save"]).seed <= SEED_LIMIT
    bridge(cmd="close", session=answer["session"])
    # a typed seed is kept
    answer = bridge(cmd="start", record=table("marie", 3, 12345))
    assert parse_record_text(answer["save"]).seed == 12345
    bridge(cmd="close", session=answer["session"])
    # moves without their deal cannot be replayed: no seed is drawn for them
    moves = {**table("marie", 3), "actions": ["1:pile1"]}
    for refused in (bridge(cmd="start", record=moves), bridge(cmd="start", link=json.dumps(moves))):
        assert refused["ok"] is False and refused["kind"] == "RecordError"
        assert refused["error"]["en"] == "A record with moves needs the seed of its deal."
    # the replay viewer needs a deal: no seed is drawn for it
    replay = bridge(cmd="replay", record=table("marie", 3))
    assert replay["ok"] is False and "seed" in replay["error"]["en"]


def test_deal_draws_a_deal_to_share_and_start_plays_it() -> None:
    # the moves and hints of a record are dropped: a deal is a game's start
    played = table("hitokai", 3, 77, actions=["0:x"], hints_used=[1, 0, 0])
    kept = bridge(cmd="deal", record=played)["record"]
    assert kept["seed"] == 77 and kept["actions"] == [] and "hints_used" not in kept
    rec = table("hitokai", 3)
    answer = bridge(cmd="deal", record=rec)
    assert answer["ok"] and set(answer) == {"ok", "record", "link"}
    dealt = answer["record"]
    assert dealt["actions"] == [] and "hints_used" not in dealt
    assert 0 <= dealt["seed"] <= SEED_LIMIT and dealt["seats"] == rec["seats"]
    assert parse_record_text(answer["link"]).to_json() == dealt
    # the link starts that very deal
    started = bridge(cmd="start", link="#" + answer["link"], seat=0)
    assert parse_record_text(started["save"]).seed == dealt["seed"]
    first = engine().sessions[started["session"]].state.view(0)
    again = bridge(cmd="start", record=dealt, seat=0)
    assert engine().sessions[again["session"]].state.view(0) == first
    for sid in (started["session"], again["session"]):
        bridge(cmd="close", session=sid)
    # a given seed is kept; a record that does not read is refused
    assert bridge(cmd="deal", record=table("hitokai", 3, 99))["record"]["seed"] == 99
    assert bridge(cmd="deal", link="#" + answer["link"])["record"] == dealt
    bad = table("hitokai", 3, seats=[{"name": "\u202eAya"}] * 3)
    refused = bridge(cmd="deal", record=bad)
    assert refused["ok"] is False and refused["kind"] == "RecordError"
    assert bridge(cmd="deal")["ok"] is False
