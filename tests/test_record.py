"""Records: JSON and URL fragment both ways, validation with friendly errors, replay."""

from __future__ import annotations

import json

import pytest

from pygames.core.errors import RecordError, ReplayError
from pygames.core.record import Record, Seat, parse_record_text, record_from_json, replay


def sample() -> Record:
    seats = [Seat("Aya"), Seat("Bot 2", "bot", "normal"), Seat("ゆき", "bot", "easy")]
    return Record("marie", 3, 12345, {"elder": 0}, seats, ["0:pile2", "0:pick12"])


def test_json_and_fragment_round_trip() -> None:
    rec = sample()
    assert record_from_json(json.loads(rec.dumps())) == rec
    frag = rec.to_fragment()
    assert frag.startswith("g=") and "=" not in frag[2:]
    assert parse_record_text(frag) == rec
    assert parse_record_text("http://127.0.0.1:8000/#" + frag) == rec
    assert parse_record_text("https://x.github.io/games/index.html#" + frag) == rec
    assert parse_record_text(rec.dumps()) == rec


def test_missing_seats_and_actions_default() -> None:
    rec = record_from_json({"game": "marie", "players": 4, "seed": 1})
    assert [s.name for s in rec.seats] == ["P1", "P2", "P3", "P4"] and rec.actions == []


BAD = [
    ("[]", "not a game record"),
    ('{"v": 2, "game": "marie", "players": 3, "seed": 1}', "version"),
    ('{"game": "chess", "players": 3, "seed": 1}', "Unknown game"),
    ('{"game": "marie", "players": 6, "seed": 1}', "number of players"),
    ('{"game": "marie", "players": 3, "seed": -1}', "seed"),
    ('{"game": "marie", "players": 3, "seed": 9007199254740992}', "seed"),
    ('{"game": "marie", "players": 3, "seed": true}', "seed"),
    ('{"game": "marie", "players": 3, "seed": 1.5}', "seed"),
    ('{"game": "marie", "players": 3, "seed": 1, "seats": [{}]}', "seats"),
    ('{"game": "marie", "players": 3, "seed": 1, "seats": [{"kind": "alien"}, {}, {}]}', "human"),
    ('{"game": "marie", "players": 3, "seed": 1, "seats": [{"kind": "bot"}, {}, {}]}', "level"),
    ('{"game": "marie", "players": 3, "seed": 1, "seats": [{"kind": "bot", "level": "god"}, '
     "{}, {}]}", "level"),
    ('{"game": "marie", "players": 3, "seed": 1, "seats": [{"name": ""}, {}, {}]}', "name"),
    ('{"game": "marie", "players": 3, "seed": 1, "actions": "0:pile1"}', "action"),
    ('{"game": "marie", "players": 3, "seed": 1, "actions": ["pile1"]}', "seat"),
    ('{"game": "marie", "players": 3, "seed": 1, "actions": ["7:pile1"]}', "seat"),
    ('{"game": "marie", "players": 3, "seed": 1, "options": [1]}', "options"),
    ("{not json", "JSON"),
    ("g=%%%%", "damaged"),
    ("g=" + "A" * 11, "damaged"),
    ("https://example.org/#nothing", "carries no game"),
    ("", "empty"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_records_give_friendly_errors(text: str, words: str) -> None:
    with pytest.raises(RecordError) as err:
        parse_record_text(text)
    assert words.lower() in err.value.text["en"].lower()
    assert err.value.text["ja"]


def test_replay_names_the_first_bad_action() -> None:
    rec = sample()
    rec.actions = ["2:pile1", "2:pick11", "0:up"]
    state = replay(Record(rec.game, 3, rec.seed, {"elder": 2}, rec.seats, rec.actions[:1]))
    assert state.ply == 1
    bad = Record(rec.game, 3, rec.seed, {"elder": 2}, rec.seats, ["2:pile1", "2:pick99"])
    with pytest.raises(ReplayError) as err:
        replay(bad)
    assert err.value.index == 1 and err.value.action == "2:pick99"
    assert "pick99" in err.value.text["en"]


def test_bad_option_is_a_record_error() -> None:
    rec = record_from_json({"game": "marie", "players": 3, "seed": 1, "options": {"elder": 9}})
    with pytest.raises(RecordError):
        replay(rec)
