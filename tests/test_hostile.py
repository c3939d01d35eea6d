"""Hostile input: malformed actions, 1,000 mutated records and links, bad files for the CLI.

Whatever arrives, the engine answers with a typed error (:mod:`pygames.core.errors`) in English
and Japanese and changes nothing; the JSON bridge the page calls never raises and never answers
with anything but ``{ok: true, ...}`` or ``{ok: false, error: {en, ja}, kind}``.

The mutants are built from real records (bots playing every game through the record API) with a
seeded ``random.Random``, so every run sends the same 1,000 inputs; ``e2e/test_hostile.py`` sends
the same links through the worker in the browser and the page.
"""

from __future__ import annotations

import base64
import json
import random
import subprocess
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames import cli
from pygames.core import errors
from pygames.core.errors import GameError, IllegalAction, RecordError, ReplayError
from pygames.core.play import play_bots
from pygames.core.protocol import GameState
from pygames.core.record import (
    Record,
    Seat,
    new_state,
    parse_record_text,
    record_from_json,
    replay,
)
from pygames.core.registry import all_games
from tests.conftest import engine, seeds
from tests.support import run_cli

MUTANT_COUNT = seeds(1000)
MUTANT_SEED = 20240609
#: (game, players) of the real records the mutants start from: every game, two table sizes
TABLES = [
    ("marie", 3),
    ("marie", 5),
    ("hitokai", 3),
    ("hitokai", 5),
    ("pharaoh", 2),
    ("pharaoh", 4),
    ("baggai", 4),
    ("baggai", 5),
    ("yadokashi", 3),
    ("yadokashi", 4),
]
NAMES = ["Aya", "Ben", "ゆき", "Dai", "エミ"]
#: the class names an error answer may carry: the typed errors of pygames.core.errors
TYPED = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, GameError)
}
#: the bridge's answer when an untyped ValueError escaped the engine: never for these inputs
UNREADABLE_REQUEST = "The request is unreadable."


# --------------------------------------------------------------------------- real records


@cache
def base_records() -> list[dict[str, Any]]:
    """Finished games of every game (random bots through the record API), seats renamed and
    some made human so the records look like the page's."""
    out = []
    for i, (game, players) in enumerate(TABLES):
        seats = [Seat(f"bot{s}", "bot", "random") for s in range(players)]
        record = Record(game, players, 1000 + i, {}, seats, [])
        state = new_state(record)
        assert play_bots(record, state), f"{game} did not finish"
        data = record.to_json()
        for s, seat in enumerate(data["seats"]):
            if s % 2 == 0:
                data["seats"][s] = {"name": NAMES[s], "kind": "human"}
            else:
                seat["level"] = ["easy", "normal", "strong", "random"][s % 4]
        out.append(data)
    return out


def fragment_of(text: str) -> str:
    """``g=`` + unpadded base64url of ``text`` (surrogates kept as they are)."""
    raw = text.encode("utf-8", "surrogatepass")
    return "g=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def dumps(data: Any) -> str:
    """JSON as the page writes it (lone surrogates stay ``\\ud800`` escapes: valid text)."""
    return json.dumps(data, separators=(",", ":"))


# --------------------------------------------------------------------------- the mutants


@dataclass(frozen=True)
class Mutant:
    """One hostile input: its kind, the link text, and the record object when there is one."""

    kind: str
    link: str
    record: Any = None
    has_record: bool = False
    ply: int | None = None


ODD_TEXT = [
    "",
    "   ",
    "\u202eevil\u202c",  # right-to-left override
    "a\u200bb",  # zero-width space
    "\u0000",
    "\ud800",  # lone surrogate
    "\udfff\ud800",
    "e\u0301\u0301\u0301",  # combining marks
    "🃏🀄️👨‍👩‍👧",
    "\ufeffAya",
    "ｍａｒｉｅ",  # fullwidth
    "<img src=x onerror=alert(1)>",
    "Ä" * 24,
    "名" * 25,
    "line\nbreak",
    "\x7f\x1b[31m",
]
JUNK_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    "",
    "1",
    [],
    {},
    [1, 2],
    {"a": 1},
    2**53,
    2**64,
    -(2**63),
    10**100,
    1e308,
]
HUGE_NUMBER = "1" + "0" * 5000  # beyond Python's 4300-digit limit for int()
DEEP = "[" * 50_000 + "]" * 50_000


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]


def _as_link(rng: random.Random, data: Any) -> str:
    """A record object in one of the link forms the engine reads."""
    text = dumps(data)
    form = rng.randrange(5)
    if form == 0:
        return "#" + fragment_of(text)
    if form == 1:
        return "https://example.github.io/pygames/index.html#" + fragment_of(text)
    if form == 2:
        return fragment_of(text)
    if form == 3:
        return text
    return "http://127.0.0.1:8000/#x=1&" + fragment_of(text) + "&ply=3"


def _record(kind: str, rng: random.Random, data: Any) -> Mutant:
    return Mutant(kind, _as_link(rng, data), data, True)


def _text(kind: str, link: str) -> Mutant:
    return Mutant(kind, link)


def m_wrong_game(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    games = [g.id for g in all_games() if g.id != rec["game"]]
    wrong = ["chess", "Marie", rec["game"] + " ", "", "__proto__", "constructor", "../marie"]
    return _record("wrong game", rng, rec | {"game": _pick(rng, wrong + games)})


def m_version(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    return _record("unknown version", rng, rec | {"v": _pick(rng, [0, 2, -1, 99, "1", "v1", None])})


def m_seed(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    bad = [-1, 2**53, 2**64, 1.5, "7", None, True, [], {}, 10**300, -(10**300)]
    return _record("bad seed", rng, rec | {"seed": _pick(rng, bad)})


def m_players(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    bad = [0, 1, 6, 7, -3, 10**9, str(rec["players"]), None, float(rec["players"]), True]
    return _record("bad players", rng, rec | {"players": _pick(rng, bad)})


def m_truncated(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    cut = rng.randrange(len(rec["actions"]))
    return _record("truncated actions", rng, rec | {"actions": rec["actions"][:cut]})


def m_reordered(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    actions = list(rec["actions"])
    how = rng.randrange(3)
    if how == 0:
        i = rng.randrange(len(actions) - 1)
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif how == 1:
        i, j = sorted(rng.sample(range(len(actions)), 2))
        actions[i : j + 1] = reversed(actions[i : j + 1])
    else:
        rng.shuffle(actions)
    return _record("reordered actions", rng, rec | {"actions": actions})


def m_dropped(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    actions = list(rec["actions"])
    i = rng.randrange(len(actions))
    if rng.randrange(2):
        del actions[i]
    else:
        actions.insert(i, actions[i])
    return _record("dropped or repeated action", rng, rec | {"actions": actions})


def m_mangled(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    actions = list(rec["actions"])
    i = rng.randrange(len(actions))
    seat, _, move = actions[i].partition(":")
    other = str((int(seat) + 1) % rec["players"])
    choices = [
        other + ":" + move,
        move,
        seat + ":",
        ":" + move,
        seat + "::" + move,
        "²:" + move,
        "٣:" + move,
        "０:" + move,
        "-1:" + move,
        "99999999999999999999:" + move,
        seat + ":" + move.upper(),
        seat + ":" + move + "x",
        seat + ":" + move[:-1],
        seat + ": " + move,
        seat + ":" + move + "\u0000",
        seat + ":" + "x" * 80,
        seat + ":" + _pick(rng, ODD_TEXT),
        seat + ":" + move.replace("1", "１"),
    ]
    actions[i] = _pick(rng, choices)
    return _record("mangled action", rng, rec | {"actions": actions})


def m_huge(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    """Numbers far out of range, some beyond what Python's int() reads from text."""
    key = _pick(rng, ["seed", "players", "v", "options", "seats", "actions"])
    big = _pick(rng, [10**100, 2**64, -(2**63), 1e308, -1e308, 2**1000])
    if key == "options":
        data = rec | {"options": {_pick(rng, ["elder", "start", "x"]): big}}
    elif key == "seats":
        seats = [dict(s) for s in rec["seats"]]
        seats[0]["name"] = big
        data = rec | {"seats": seats}
    elif key == "actions":
        data = rec | {"actions": [f"{big}:{rec['actions'][0].partition(':')[2]}"]}
    else:
        data = rec | {key: big}
    if rng.randrange(3) == 0:  # a number with 5001 digits, written into the JSON text
        text = dumps(rec | {key: 12345}).replace("12345", HUGE_NUMBER, 1)
        return _text("huge numbers", _pick(rng, [text, "#" + fragment_of(text)]))
    return _record("huge numbers", rng, data)


def m_unicode(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    how = rng.randrange(5)
    if how <= 1:  # a seat name
        seats = [dict(s) for s in rec["seats"]]
        seats[rng.randrange(len(seats))]["name"] = _pick(rng, ODD_TEXT)
        return _record("odd Unicode", rng, rec | {"seats": seats})
    if how == 2:  # the game id
        return _record("odd Unicode", rng, rec | {"game": _pick(rng, ODD_TEXT)})
    if how == 3:  # an option key or value
        key = _pick(rng, ODD_TEXT)
        return _record("odd Unicode", rng, rec | {"options": {key or "k": _pick(rng, ODD_TEXT)}})
    # a byte-order mark, or Latin-1 / UTF-16 bytes instead of UTF-8, in the fragment
    text = dumps(rec | {"seats": [{"name": "Zoë"}, *rec["seats"][1:]]})
    raw = _pick(rng, [("\ufeff" + text).encode(), text.encode("latin-1", "replace")])
    raw = raw if rng.randrange(3) else text.encode("utf-16")
    return _text("odd Unicode", "#g=" + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def m_types(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    key = _pick(rng, ["top", "seats", "seat", "name", "actions", "action", "options", "level"])
    if key == "top":
        return _record("wrong types", rng, _pick(rng, [[rec], "record", 42, None, True]))
    data = json.loads(dumps(rec))
    junk = _pick(rng, JUNK_VALUES)
    if key == "seats":
        data["seats"] = _pick(rng, [{"0": rec["seats"][0]}, "Aya,Ben", 3, [None] * rec["players"]])
    elif key == "seat":
        data["seats"][0] = _pick(rng, [["Aya", "human"], "Aya", 0, None])
    elif key == "name":
        data["seats"][0]["name"] = junk
    elif key == "actions":
        data["actions"] = _pick(rng, [{"0": "0:x"}, ",".join(rec["actions"]), 7, True])
    elif key == "action":
        data["actions"][rng.randrange(len(data["actions"]))] = junk
    elif key == "options":
        data["options"] = _pick(rng, [[1], "elder=0", 3, True])
    else:
        data["seats"][1] = {"name": "Bot", "kind": "bot", "level": junk}
    return _record("wrong types", rng, data)


def m_missing(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    keys = list(rec)
    gone = set(rng.sample(keys, rng.randint(1, 3)))
    return _record("missing keys", rng, {k: v for k, v in rec.items() if k not in gone})


def m_seats(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    seats = [dict(s) for s in rec["seats"]]
    how = rng.randrange(6)
    if how == 0:
        seats.append({"name": "Extra", "kind": "human"})
    elif how == 1:
        seats = seats[:-1]
    elif how == 2:
        seats = [{"name": f"P{i}"} for i in range(1000)]
    elif how == 3:
        seats[rng.randrange(len(seats))]["name"] = "x" * rng.choice([25, 100, 10_000])
    elif how == 4:
        return _record("too many seats or names", rng, rec | {"players": 6, "seats": seats * 2})
    else:
        seats[0]["name"] = _pick(rng, ["", " ", "\t\n"])
    return _record("too many seats or names", rng, rec | {"seats": seats})


def m_seat_kind(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    seats = [dict(s) for s in rec["seats"]]
    s = rng.randrange(len(seats))
    seats[s] = _pick(
        rng,
        [
            {"name": "Bot", "kind": "alien"},
            {"name": "Bot", "kind": "bot"},
            {"name": "Bot", "kind": "bot", "level": "god"},
            {"name": "Bot", "kind": "bot", "level": ""},
            {"name": "Bot", "kind": "Bot", "level": "normal"},
            {"name": "Bot", "kind": "bot", "level": "__init__"},
            {"name": "Bot", "kind": "human", "level": "god"},
        ],
    )
    return _record("bad seat kind or level", rng, rec | {"seats": seats})


def m_options(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    key = _pick(rng, ["elder", "start", "open_money", "unknown", "__proto__"])
    value = _pick(rng, [*JUNK_VALUES, rec["players"], 99, "yes"])
    if rng.randrange(4) == 0:  # NaN and Infinity are not JSON, but Python's json reads them
        text = dumps(rec | {"options": {key: 12345}}).replace(
            "12345", _pick(rng, ["NaN", "Infinity", "-Infinity", "1e999"]), 1
        )
        return _text("bad options", _pick(rng, [text, "#" + fragment_of(text)]))
    return _record("bad options", rng, rec | {"options": {key: value}})


def m_extra(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    extra = _pick(rng, [{"__proto__": {"ok": True}}, {"constructor": 1}, {"scores": [1]}])
    return _record("extra keys", rng, rec | extra)


def m_base64(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    frag = fragment_of(dumps(rec))[2:]
    how = rng.randrange(6)
    if how == 0:  # characters outside the alphabet
        i = rng.randrange(len(frag))
        payload = frag[:i] + _pick(rng, ["!", "%", "*", " ", "#", "é", "=", "~"]) + frag[i + 1 :]
    elif how == 1:  # standard base64 instead of base64url, with padding
        payload = base64.b64encode(dumps(rec).encode()).decode()
    elif how == 2:  # one character too many or too few
        payload = frag + "A" if len(frag) % 4 == 0 else frag[:-1]
    elif how == 3:  # a few characters flipped
        chars = list(frag)
        for _ in range(3):
            chars[rng.randrange(len(chars))] = _pick(rng, list("AZaz09-_"))
        payload = "".join(chars)
    elif how == 4:
        payload = _pick(rng, ["", "A", "AA==", "====", "-_-_", "%7B%7D"])
    else:  # percent-encoded, as some apps pass links on
        payload = "".join(f"%{b:02X}" for b in frag[:40].encode())
    return _text("bad base64", "#g=" + payload)


def m_not_json(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    text = dumps(rec)
    bodies = [
        "hello",
        text[: len(text) // 2],
        text + "}",
        text + " trailing",
        "{'v': 1, 'game': 'marie'}",
        "NaN",
        "null",
        "[]",
        '"g="',
        DEEP,
        '{"a":' * 20_000 + "1" + "}" * 20_000,
        "\x00\x01\x02",
    ]
    body = _pick(rng, bodies)
    if rng.randrange(2):
        return _text("not JSON", "#" + fragment_of(body))
    return _text("not JSON", _pick(rng, ["{" + body, "[" + body, body, "", " ", "#", "#g="]))


def m_truncated_link(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    link = "#" + fragment_of(dumps(rec))
    return _text("truncated link", link[: rng.randrange(1, len(link))])


def m_link_form(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    frag = fragment_of(dumps(rec))
    forms = [
        "#G=" + frag[2:],
        "#g:" + frag[2:],
        "#gg=" + frag[2:],
        "https://example.org/?" + frag,
        "#" + frag + "#" + frag,
        "#&&&",
        "#g=" + frag[2:] + "&g=",
        "#/replay&ply=3",
        "javascript:alert(1)//#" + frag[:10],
        "data:text/html,<script>alert(1)</script>",
        "#g=" + "A" * 100_000,
    ]
    return _text("bad link form", _pick(rng, forms))


def m_long(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    how = rng.randrange(3)
    if how == 0:  # more actions than a record may hold
        many = rec["actions"] * (5001 // len(rec["actions"]) + 1)
        return _record("oversized", rng, rec | {"actions": many})
    if how == 1:  # one enormous action
        return _record("oversized", rng, rec | {"actions": ["0:" + "x" * 100_000]})
    return _record("oversized", rng, rec | {"options": {"x": "y" * 200_000}})


def m_nested(rng: random.Random, rec: dict[str, Any]) -> Mutant:
    depth = _pick(rng, [100, 900, 5000])
    text = dumps(rec | {"options": {"deep": 0}}).replace("0}", "[" * depth + "]" * depth + "}", 1)
    return _text("deep nesting", _pick(rng, [text, "#" + fragment_of(text)]))


MUTATIONS: list[Callable[[random.Random, dict[str, Any]], Mutant]] = [
    m_wrong_game,
    m_version,
    m_seed,
    m_players,
    m_truncated,
    m_reordered,
    m_dropped,
    m_mangled,
    m_huge,
    m_unicode,
    m_types,
    m_missing,
    m_seats,
    m_seat_kind,
    m_options,
    m_extra,
    m_base64,
    m_not_json,
    m_truncated_link,
    m_link_form,
    m_long,
    m_nested,
]


@cache
def mutants(count: int = MUTANT_COUNT) -> list[Mutant]:
    """The first ``count`` of the 1,000 mutated records and links (all of them in a soak run,
    tests/conftest.seeds), the same on every run."""
    rng = random.Random(MUTANT_SEED)
    bases = base_records()
    out = []
    for i in range(count):
        mutate = MUTATIONS[i % len(MUTATIONS)]
        rec = bases[(i // len(MUTATIONS) + i) % len(bases)]
        mutant = mutate(rng, json.loads(json.dumps(rec)))
        ply = rng.choice([None, 0, 1, 5, -3, 10**6])
        out.append(Mutant(mutant.kind, mutant.link, mutant.record, mutant.has_record, ply))
    for mutant in out:
        mutant.link.encode("utf-8")  # every link is valid text (the browser must carry it)
    return out


def requests_for(mutant: Mutant) -> Iterator[dict[str, Any]]:
    """The bridge requests a mutant is sent as: start from the link (and from the record object
    when there is one), and the replay viewer."""
    yield {"cmd": "start", "link": mutant.link}
    if mutant.has_record:
        yield {"cmd": "start", "record": mutant.record, "seat": 0}
    replay_request: dict[str, Any] = {"cmd": "replay", "link": mutant.link, "reveal": True}
    if mutant.ply is not None:
        replay_request["ply"] = mutant.ply
    yield replay_request


# --------------------------------------------------------------------------- answer checks


def _no_constants(name: str) -> Any:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


def check_answer(text: str, where: str, well_formed: bool = True) -> dict[str, Any]:
    """A bridge answer the page can use: strict JSON, ok or a typed error with both languages,
    never a traceback; to a ``well_formed`` request (strict JSON), never the bridge's fallback
    for an untyped error."""
    assert isinstance(text, str), where
    answer: dict[str, Any] = json.loads(text, parse_constant=_no_constants)
    assert isinstance(answer, dict) and answer.get("ok") in (True, False), where
    assert "Traceback" not in text, where
    if answer["ok"] is False:
        error = answer.get("error")
        assert isinstance(error, dict), where
        assert isinstance(error.get("en"), str) and error["en"].strip(), where
        assert isinstance(error.get("ja"), str) and error["ja"].strip(), where
        assert answer.get("kind") in TYPED, where
        if well_formed:
            assert error["en"] != UNREADABLE_REQUEST, f"an untyped error escaped: {where}"
    return answer


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """Send a request to the bridge; it must not raise."""
    text = json.dumps(request)
    try:
        json.dumps(request, allow_nan=False)
        well_formed = True
    except ValueError:  # NaN or Infinity: not JSON, "The request is unreadable." is right
        well_formed = False
    return check_answer(engine().handle(text), text[:300], well_formed)


def test_mutants_are_1000_of_every_kind() -> None:
    kinds = Counter(m.kind for m in mutants())
    assert sum(kinds.values()) == MUTANT_COUNT
    # every kind at least 40 times in 1000 (in Pyodide's quarter, 10 in 250)
    assert len(kinds) == len(MUTATIONS) and min(kinds.values()) >= MUTANT_COUNT // 25
    assert len({m.link for m in mutants()}) > MUTANT_COUNT * 9 // 10  # mostly distinct
    assert mutants() == mutants()  # and the same every time


#: kinds of damage a record may survive: extra keys are ignored, a cut record is a position
HARMLESS = {"extra keys", "truncated actions"}


def test_mutated_records_and_links_answer_friendly_errors() -> None:
    """Every mutant, sent as a link, as a record and to the replay viewer, answers ok or a
    friendly typed error; no session is left open by a refused start."""
    open_before = len(engine().sessions)
    outcome: Counter[tuple[str, bool]] = Counter()
    for mutant in mutants():
        for request in requests_for(mutant):
            answer = ask(request)
            outcome[(mutant.kind, answer["ok"])] += 1
            if answer["ok"] and request["cmd"] == "start":
                if mutant.kind not in HARMLESS:
                    # what the engine accepted it gives back as a save that opens again
                    again = ask({"cmd": "start", "link": "#" + answer["save"]})
                    assert again["ok"] and again["seats"] == answer["seats"]
                    ask({"cmd": "close", "session": again["session"]})
                ask({"cmd": "close", "session": answer["session"]})
    assert len(engine().sessions) == open_before
    # every kind of damage is refused at least sometimes (the mutations bite) ...
    for kind in {m.kind for m in mutants()} - HARMLESS:
        assert outcome[(kind, False)] > 0, kind
    # ... and the harmless ones still open
    for kind in HARMLESS:
        assert outcome[(kind, True)] > 0, kind


def test_damaged_records_name_the_problem() -> None:
    """A few mutants whose error is known: the message says what is wrong."""
    rec = base_records()[0]
    cases = [
        (rec | {"game": "chess"}, "Unknown game"),
        (rec | {"v": 2}, "version"),
        (rec | {"seed": -1}, "seed"),
        (rec | {"players": 9}, "number of players"),
        (rec | {"actions": ["²:" + rec["actions"][0][2:]]}, "action 0"),
        (rec | {"actions": [rec["actions"][1], *rec["actions"][1:]]}, "action 0"),
        (rec | {"seats": [*rec["seats"], {"name": "X"}]}, "seats"),
        (rec | {"seats": [{"name": "\ud800"}, *rec["seats"][1:]]}, "cannot be read"),
        (rec | {"options": {"x": "\udfff"}}, "cannot be read"),
    ]
    for data, words in cases:
        for request in ({"cmd": "start", "record": data}, {"cmd": "start", "link": dumps(data)}):
            answer = ask(request)
            assert answer["ok"] is False and words in answer["error"]["en"], (words, answer)
    nan = dumps(rec).replace('"options":{}', '"options":{"x":NaN}', 1)
    assert "not valid JSON" in ask({"cmd": "start", "link": nan})["error"]["en"]
    damaged = ask({"cmd": "start", "link": "#" + fragment_of(nan)})["error"]["en"]
    assert damaged == "The link is damaged."
    text = '{"cmd": "start", "record": ' + nan + "}"
    assert check_answer(engine().handle(text), "NaN", False)["error"]["en"] == UNREADABLE_REQUEST
    # nesting that CPython reads but that overflows the stack of Pyodide's interpreter (a fatal
    # error that stops the engine in the page): refused before it is parsed
    deep = dumps(rec).replace('"options":{}', '"options":{"x":' + "[" * 200 + "]" * 200 + "}", 1)
    assert "not valid JSON" in ask({"cmd": "start", "link": deep})["error"]["en"]
    assert ask({"cmd": "start", "link": "#" + fragment_of(deep)})["error"]["en"] == (
        "The link is damaged."
    )
    text = '{"cmd": "start", "record": ' + deep + "}"
    assert check_answer(engine().handle(text), "deep", False)["error"]["en"] == UNREADABLE_REQUEST
    huge = dumps(rec).replace(str(rec["seed"]), HUGE_NUMBER, 1)
    for link in (huge, "#" + fragment_of(huge)):
        answer = ask({"cmd": "start", "link": link})
        assert answer["ok"] is False and answer["kind"] == "RecordError"


def test_bridge_refuses_malformed_requests() -> None:
    requests = [
        *("", "{", "null", "[]", '"start"', "{}", '{"cmd": 1}', '{"cmd": "__init__"}'),
        *('{"cmd": "start", "link": 5}', '{"cmd": "start", "link": null}'),
        *('{"cmd": "start", "record": "g=abc"}', '{"cmd": "replay", "ply": "3"}'),
        *('{"cmd": "start", "link": "#g=", "seat": "0"}', "[" * 100_000),
        *('{"cmd": "view", "session": ["s1"]}', '{"cmd": "act", "session": "s1"}'),
    ]
    for text in requests:
        answer = check_answer(engine().handle(text), text[:80], well_formed=False)
        assert answer["ok"] is False, text[:80]


# --------------------------------------------------------------------------- apply and replay


def positions(record: dict[str, Any], count: int = 8) -> Iterator[GameState]:
    """States along a record: the start, points in between, and the end (game over)."""
    rec = record_from_json(record)
    total = len(rec.actions)
    for ply in sorted({0, total, *range(1, total, max(1, total // (count - 2)))}):
        yield replay(rec, ply)


def hostile_actions(rng: random.Random, state: GameState, seat: int) -> list[str]:
    """Action strings that must all be refused for ``seat`` now: near misses of the legal ones,
    the legal actions of the other seats, other games' moves, odd Unicode and random junk."""
    legal = state.legal_actions(seat)
    others = [a for s in range(state.players) if s != seat for a in state.legal_actions(s)]
    sample = rng.sample(legal, min(4, len(legal))) + rng.sample(others, min(3, len(others)))
    near = []
    for a in sample:
        near += [
            a + "x",
            a[:-1],
            a + "0",
            a.upper(),
            " " + a,
            a + "\n",
            a + a,
            a + "9" * 5000,
            a.replace("1", "１"),
            a.replace("2", "²"),
            a.replace("3", "٣"),
            f"{seat}:{a}",
        ]
    foreign = ["pile1", "pick35", "up", "down", "take2", "keep", "eat3", "b5", "pay7", "pass"]
    foreign += ["d1+", "horus", "pharaoh", "b3@5", "new", "r9", "p2.12", "lo", "adv"]
    alphabet = "abcdpkrtu0123456789@.+-:_ ²٣\u0000é日\ud800🃏"
    junk = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(12)]
    junk += ["", " ", "9" * 5000, "pick" + "9" * 5000, "b-1@-1", "p..", "d", "b@", "eat", "pile0"]
    junk += ["pile-1", "take-1", "b1e9", "pay1e3", "r" + "1" * 4400, "x" * 100_000]
    return [a for a in near + foreign + junk if a not in legal]


@pytest.mark.parametrize("index", range(len(TABLES)), ids=[f"{g}{p}" for g, p in TABLES])
def test_apply_refuses_malformed_actions_and_changes_nothing(index: int) -> None:
    record = base_records()[index]
    rng = random.Random(index)
    refused = 0
    for state in positions(record):
        before = json.dumps(state.to_json(), sort_keys=True)
        movers = state.to_move()
        seats = sorted({*movers, *range(state.players), -1, state.players, 10**20})
        for seat in seats:
            candidates = hostile_actions(rng, state, seat) if 0 <= seat < state.players else []
            candidates += [a for s in movers for a in state.legal_actions(s)[:3]]
            for action in candidates:
                if 0 <= seat < state.players and action in state.legal_actions(seat):
                    continue
                with pytest.raises(IllegalAction) as err:
                    state.apply(seat, action)
                assert err.value.text["en"].strip() and err.value.text["ja"].strip()
                refused += 1
            assert json.dumps(state.to_json(), sort_keys=True) == before, (seat, state.ply)
    assert refused > 300


@pytest.mark.parametrize("index", range(len(TABLES)), ids=[f"{g}{p}" for g, p in TABLES])
def test_replay_names_the_first_malformed_action(index: int) -> None:
    """A malformed action at index i of a real record: replay raises ReplayError naming i (both
    languages); the record object is left as it was."""
    rng = random.Random(100 + index)
    rec = record_from_json(base_records()[index])
    final = json.dumps(replay(rec).to_json(), sort_keys=True)
    tried = 0
    for _ in range(6):
        i = rng.randrange(len(rec.actions))
        state = replay(rec, i)
        seat, _, move = rec.actions[i].partition(":")
        entries = [f"{seat}:{bad}" for bad in hostile_actions(rng, state, int(seat))[::9]]
        entries += ["", "x", seat, ":" + move, "²:" + move, "０:" + move, "-1:" + move]
        entries += [f"{rec.players}:{move}", f"{seat}:", "9" * 5000 + ":" + move]
        for entry in entries:
            actions = [*rec.actions[:i], entry, *rec.actions[i + 1 :]]
            copy = Record(rec.game, rec.players, rec.seed, rec.options, rec.seats, actions)
            snapshot = list(copy.actions)
            with pytest.raises(ReplayError) as err:
                replay(copy)
            assert err.value.index == i, (entry, err.value.text)
            assert err.value.text["en"].strip() and err.value.text["ja"].strip()
            assert copy.actions == snapshot
            tried += 1
    assert tried > 60
    assert json.dumps(replay(rec).to_json(), sort_keys=True) == final


@pytest.mark.parametrize("index", [0, 2, 4, 6, 8], ids=[g for g, _ in TABLES[::2]])
def test_act_through_the_bridge_leaves_the_game_unchanged(index: int) -> None:
    """Hostile ``act`` requests on an open game: refused, the session's state and record and
    every seat's view exactly as before; a legal action still plays afterwards."""
    rec = base_records()[index]
    ply = len(rec["actions"]) // 2
    start = ask({"cmd": "start", "record": rec | {"actions": rec["actions"][:ply]}, "seat": 0})
    sid = start["session"]
    session = engine().sessions[sid]
    state_before = json.dumps(session.state.to_json(), sort_keys=True)
    record_before = session.record.dumps()
    views_before = [ask({"cmd": "view", "session": sid, "seat": s}) for s in range(rec["players"])]
    rng = random.Random(index)
    mover = start["to_move"][0]
    hostile: list[Any] = hostile_actions(rng, session.state, mover)[::3]
    hostile += [None, 5, ["pile1"], {"a": 1}, True]
    for action in hostile:
        for seat in [mover, (mover + 1) % rec["players"], -1, 99, None, "0", True]:
            if seat == mover and action in session.state.legal_actions(mover):
                continue
            answer = ask({"cmd": "act", "session": sid, "seat": seat, "action": action})
            assert answer["ok"] is False
    assert json.dumps(engine().sessions[sid].state.to_json(), sort_keys=True) == state_before
    assert engine().sessions[sid].record.dumps() == record_before
    for s, before in enumerate(views_before):
        assert ask({"cmd": "view", "session": sid, "seat": s}) == before
    legal = session.state.legal_actions(mover)[0]
    assert ask({"cmd": "act", "session": sid, "seat": mover, "action": legal})["ply"] == ply + 1
    ask({"cmd": "close", "session": sid})


# --------------------------------------------------------------------------- property tests

HYPOTHESIS = settings(
    derandomize=True,
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@cache
def mid_game_states() -> list[GameState]:
    return [replay(record_from_json(r), len(r["actions"]) // 3) for r in base_records()[::2]]


@HYPOTHESIS
@given(action=st.text(max_size=40), which=st.integers(0, 4))
def test_any_text_as_an_action_is_refused_or_legal(action: str, which: int) -> None:
    state = mid_game_states()[which]
    before = json.dumps(state.to_json(), sort_keys=True)
    for seat in range(state.players):
        if action in state.legal_actions(seat):
            continue
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, action)
        assert err.value.text["en"] and err.value.text["ja"]
    assert json.dumps(state.to_json(), sort_keys=True) == before


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=10)
    | st.sampled_from(["marie", "hitokai", "pharaoh", "baggai", "yadokashi", "bot", "human"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children)
    ),
    max_leaves=20,
)


@HYPOTHESIS
@given(
    fields=st.dictionaries(
        st.sampled_from(["v", "game", "players", "seed", "options", "seats", "actions", "x"]),
        JSON_VALUES,
    )
)
def test_any_json_as_a_record_is_a_record_or_a_record_error(fields: dict[str, Any]) -> None:
    data = {"v": 1, "game": "marie", "players": 3, "seed": 1} | fields
    try:
        record = record_from_json(data)
    except RecordError as exc:
        assert exc.text["en"] and exc.text["ja"]
        return
    try:
        replay(record)
    except RecordError as exc:
        assert exc.text["en"] and exc.text["ja"]
    check_answer(engine().handle(json.dumps({"cmd": "start", "record": data})), repr(data)[:200])


@HYPOTHESIS
@given(payload=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_bytes_in_a_link_are_a_record_or_a_record_error(payload: bytes) -> None:
    link = "#g=" + base64.urlsafe_b64encode(payload).decode().rstrip("=")
    for text in (link, payload.decode("utf-8", "replace")):
        try:
            parse_record_text(text)
        except RecordError as exc:
            assert exc.text["en"] and exc.text["ja"]
        check_answer(engine().handle(json.dumps({"cmd": "start", "link": text})), text[:200])


# --------------------------------------------------------------------------- the command line


def cli_replay(path: Path) -> subprocess.CompletedProcess[str]:
    return run_cli("replay", str(path), timeout=60)


BAD_FILES = [
    *("not-json", "empty", "bad-base64", "wrong-game", "illegal-action", "unicode-digit-seat"),
    *("huge-number", "lone-surrogate-name", "nan-option", "deep"),
]


def bad_files() -> dict[str, str]:
    rec = base_records()[0]
    text = dumps(rec)
    return {
        "not-json": "{this is not a record",
        "empty": "",
        "bad-base64": "#g=@@@not*base64",
        "wrong-game": dumps(rec | {"game": "chess"}),
        "illegal-action": dumps(rec | {"actions": ["0:eat77"]}),
        "unicode-digit-seat": dumps(rec | {"actions": ["²:" + rec["actions"][0][2:]]}),
        "huge-number": text.replace(str(rec["seed"]), HUGE_NUMBER, 1),
        "lone-surrogate-name": dumps(rec | {"seats": [{"name": "\ud800"}, *rec["seats"][1:]]}),
        "nan-option": text.replace('"options":{}', '"options":{"x":NaN}', 1),
        "deep": text.replace('"options":{}', '"options":{"x":' + DEEP + "}", 1),
    }


@pytest.mark.parametrize("name", BAD_FILES)
def test_cli_replay_refuses_bad_files_readably(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay FILE``: status 2 and one line on stderr, nothing on stdout (in this process)."""
    path = tmp_path / f"{name}.json"
    path.write_text(bad_files()[name], encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    lines = out.err.splitlines()
    assert out.out == "" and len(lines) == 1, lines
    assert lines[0].startswith("error: ") and len(lines[0]) < 300, lines


@pytest.mark.parametrize("name", ["unicode-digit-seat", "huge-number", "lone-surrogate-name"])
def test_cli_replay_refuses_bad_files_as_a_command(name: str, tmp_path: Path) -> None:
    """The same through ``python -m pygames replay FILE``: no traceback."""
    path = tmp_path / f"{name}.json"
    path.write_text(bad_files()[name], encoding="utf-8")
    out = cli_replay(path)
    assert out.returncode == 2 and out.stdout == "", out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1, out.stderr


def test_cli_replay_refuses_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(dumps(base_records()[0]).replace("Aya", "Zoë").encode("latin-1"))
    out = cli_replay(path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "not UTF-8" in out.stderr and len(out.stderr.strip().splitlines()) == 1
