"""The bridge as an object: each :class:`~pygames.web.Bridge` owns its games and its analysis,
the bridge's modules keep no state of their own, and a request that cannot be answered is
refused with a :class:`~pygames.core.errors.BadRequest` in both languages (a
:class:`~pygames.core.errors.RecordError` only for a record that does not read)."""

from __future__ import annotations

import ast
import inspect
import json
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest

from pygames import coach, request, web
from pygames.core.errors import BadRequest, RecordError
from pygames.core.record import parse_record_text
from pygames.request import Request

BRIDGE_MODULES = [web, coach, request]
#: what a module's name may stand for without being state: a frozen value of these types
FROZEN = (int, float, complex, str, bytes, bool, type(None), range, frozenset)
ROOT = Path(__file__).resolve().parent.parent


# --- no module-level mutable state ------------------------------------------------------------


def frozen(value: object) -> bool:
    """Whether ``value`` can never change: a number, a string, ``None``..., or a tuple or
    read-only mapping of such values."""
    if isinstance(value, FROZEN):
        return True
    if isinstance(value, tuple):
        return all(frozen(item) for item in value)
    if isinstance(value, types.MappingProxyType):
        return all(frozen(k) and frozen(v) for k, v in value.items())
    return False


def _function_state(name: str, function: types.FunctionType) -> list[str]:
    """A function's mutable default arguments (they live as long as the module)."""
    defaults = list(function.__defaults__ or ()) + list((function.__kwdefaults__ or {}).values())
    return [f"{name} (a default argument)" for value in defaults if not frozen(value)]


def _class_state(cls: type) -> list[str]:
    """A class's attributes that hold mutable values (shared by every instance)."""
    found = []
    for name, value in vars(cls).items():
        if name.startswith("__") and name.endswith("__"):
            continue
        if isinstance(value, types.FunctionType):
            found += _function_state(f"{cls.__name__}.{name}", value)
        elif isinstance(value, (staticmethod, classmethod, property)):
            continue
        elif not frozen(value):
            found.append(f"{cls.__name__}.{name}")
    return found


def _value_state(module: types.ModuleType, name: str, value: object) -> list[str]:
    """What the module's name ``name`` adds to its state."""
    if isinstance(value, types.ModuleType) or value is annotations_feature():
        return []
    here = getattr(value, "__module__", None) == module.__name__
    if isinstance(value, type):
        return _class_state(value) if here else []
    if isinstance(value, types.FunctionType):
        return _function_state(name, value) if here else []
    if callable(value) and not here:
        return []  # a function, a class or another callable of another module: its own business
    return [] if frozen(value) else [name]  # a value, or a callable with a state (a cache)


def annotations_feature() -> object:
    """``from __future__ import annotations`` binds this object in the module."""
    import __future__

    return __future__.annotations


def global_statements(source: str) -> list[str]:
    """The names a ``global`` statement rebinds (state kept in immutable values)."""
    return [
        f"global {name}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Global)
        for name in node.names
    ]


def module_state(module: types.ModuleType, source: str) -> list[str]:
    """The module-level mutable state of ``module`` (of source ``source``): names bound to
    mutable values (a dict, a list, an object, a cache...), mutable class attributes and
    default arguments, and ``global`` statements. Empty when it keeps none."""
    found = global_statements(source)
    for name, value in vars(module).items():
        if not (name.startswith("__") and name.endswith("__")):
            found += _value_state(module, name, value)
    return found


def module_from(source: str, name: str = "stateful") -> types.ModuleType:
    """A module made from ``source``, as an import would make it."""
    module = types.ModuleType(name)
    exec(compile(textwrap.dedent(source), name, "exec"), module.__dict__)
    return module


@pytest.mark.parametrize("module", BRIDGE_MODULES, ids=lambda m: m.__name__)
def test_the_bridge_modules_keep_no_module_level_mutable_state(module: types.ModuleType) -> None:
    assert module_state(module, inspect.getsource(module)) == []


STATEFUL = {
    "_SESSIONS = {}": ["_SESSIONS"],
    "_COUNTER = [0]": ["_COUNTER"],
    "_ANALYSIS: list[object] = []": ["_ANALYSIS"],
    "KEEP = ({'a': 1},)": ["KEEP"],
    "class Bridge:\n    sessions: dict[str, int] = {}": ["Bridge.sessions"],
    "def start(opened=[]):\n    return opened": ["start (a default argument)"],
    "import functools\n@functools.cache\ndef games():\n    return 1": ["games"],
    "N = 0\ndef bump():\n    global N\n    N += 1": ["global N"],
}


@pytest.mark.parametrize("source", list(STATEFUL), ids=list(range(len(STATEFUL))))
def test_the_state_check_finds_state_where_there_is_some(source: str) -> None:
    """The check above is not blind: a module keeping its sessions in a global fails it."""
    assert module_state(module_from(source), source) == STATEFUL[source]


def test_the_state_check_passes_constants_functions_and_classes() -> None:
    source = textwrap.dedent(
        """
    from __future__ import annotations
    import json
    from types import MappingProxyType
    from pygames.core.registry import all_games
    LIMIT = 64
    NAMES = ("a", ("b", 2))
    TABLE = MappingProxyType({"marie": 600})
    class Bridge:
        SLICE = 0.15
        def __init__(self) -> None:
            self.sessions: dict[str, int] = {}
    def answer(text: str, limit: int = LIMIT) -> str:
        return json.dumps(text)
    """
    )
    assert module_state(module_from(source), source) == []


# --- each bridge owns its games ---------------------------------------------------------------

SEATS = [{"name": "Aya", "kind": "human"}, {"name": "Ben", "kind": "human"},
         {"name": "Cy", "kind": "bot", "level": "random"}]  # fmt: skip
RECORD = {"v": 1, "game": "marie", "players": 3, "seed": 7, "options": {}, "seats": SEATS}


def call(bridge: web.Bridge, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(req)))
    return answer


def test_two_bridges_keep_their_games_apart() -> None:
    one, two = web.Bridge(), web.Bridge()
    first = call(one, cmd="start", record=RECORD, seat=0)
    assert first["session"] == "s1" and call(two, cmd="start", record=RECORD)["session"] == "s1"
    seat = first["to_move"][0]
    action = call(one, cmd="view", session="s1", seat=seat)["moves"][0]["a"]
    assert call(one, cmd="act", session="s1", seat=seat, action=action)["ply"] == 1
    assert call(two, cmd="view", session="s1", seat=None)["ply"] == 0  # the other's game
    call(one, cmd="close", session="s1")
    assert call(one, cmd="view", session="s1", seat=0)["kind"] == "BadRequest"
    assert call(two, cmd="view", session="s1", seat=0)["ok"] is True
    assert list(one.sessions) == [] and list(two.sessions) == ["s1"]


def test_a_refused_start_opens_no_game() -> None:
    bridge = web.Bridge()
    assert call(bridge, cmd="start", record=RECORD, seat=5)["kind"] == "BadRequest"
    assert bridge.sessions == {}
    assert call(bridge, cmd="start", record=RECORD, seat=0)["session"] == "s1"


# --- refusals: BadRequest for requests, RecordError for records -------------------------------


def refusal(answer: dict[str, Any]) -> str:
    """The kind of a refusal, checked to say why in both languages."""
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert error["en"].strip() and error["ja"].strip() and error["en"] != error["ja"], answer
    assert set(answer) == {"ok", "error", "kind"}, answer
    kind: str = answer["kind"]
    return kind


def test_requests_that_cannot_be_answered_are_bad_requests_in_both_languages() -> None:
    bridge = web.Bridge()
    snap = call(bridge, cmd="start", record=RECORD, seat=0)
    sid, mover = snap["session"], snap["to_move"][0]
    other = next(s for s in (0, 1) if s != mover)
    requests: list[tuple[dict[str, Any], str]] = [
        ({"cmd": "bot", "session": sid, "seat": 0}, "That seat is not a bot."),
        ({"cmd": "bot", "session": sid, "seat": 2, "view_seat": 0}, "That bot is not to move."),
        ({"cmd": "view", "session": "s99", "seat": 0}, "That game is no longer open."),
        ({"cmd": "view", "session": ["s1"], "seat": 0}, "That game is no longer open."),
        ({"cmd": "view", "session": sid, "seat": 3}, "No such seat."),
        ({"cmd": "view", "session": sid, "seat": True}, "No such seat."),
        ({"cmd": "view", "session": sid, "seat": 0, "log_from": -1}, "The request is unreadable."),
        ({"cmd": "act", "session": sid, "seat": mover}, "An action needs a seat and a move."),
        ({"cmd": "act", "session": sid, "action": "pile1"}, "An action needs a seat and a move."),
        ({"cmd": "undo", "session": sid, "seat": mover}, "That move can no longer be taken back."),
        ({"cmd": "compose", "session": sid, "seat": mover}, "The request is unreadable."),
        ({"cmd": "hint", "session": sid, "seat": 2}, "Hints are off at this table"),
        ({"cmd": "replay", "record": RECORD, "ply": "3"}, "Unknown position."),
        ({"cmd": "log", "record": RECORD, "from": -2}, "The request is unreadable."),
        ({"cmd": "start", "link": 5}, "The link is unreadable."),
        ({"cmd": "analyse", "record": RECORD, "seats": "0"}, "No such seat."),
        ({"cmd": "analyse", "record": RECORD, "seats": [3]}, "No seat 3: this game has seats"),
        ({"cmd": "__init__"}, "Unknown request."),
        ({}, "Unknown request."),
    ]
    for req, words in requests:
        answer = call(bridge, **req)
        assert refusal(answer) == "BadRequest", (req, answer)
        assert answer["error"]["en"].startswith(words), (req, answer)
    for text in ("not json", "[1]", '"start"', "[" * 1000, '{"cmd": "view", "x": NaN}'):
        assert refusal(json.loads(bridge.handle(text))) == "BadRequest", text
    assert call(bridge, cmd="view", session=sid, seat=0)["ply"] == 0  # nothing changed
    # a hint out of turn at a table with hints: the game's refusal, as before
    hinted = call(bridge, cmd="start", record={**RECORD, "options": {"hints": True}})
    hint = call(bridge, cmd="hint", session=hinted["session"], seat=other)
    assert refusal(hint) == "NotYourTurn"


def test_records_that_do_not_read_are_still_record_errors() -> None:
    bridge = web.Bridge()
    for req in (
        {"cmd": "start", "link": "g=not-a-record"},
        {"cmd": "start", "record": {**RECORD, "game": "chess"}},
        {"cmd": "replay", "record": {**RECORD, "actions": ["9:pile1"]}},
        {"cmd": "log", "link": "#g="},
        {"cmd": "analyse", "record": RECORD},  # not over
    ):
        assert refusal(call(bridge, **req)) in {"RecordError", "ReplayError"}, req
    assert not issubclass(BadRequest, RecordError) and not issubclass(RecordError, BadRequest)


def test_the_request_reader_reads_each_field_or_refuses_it() -> None:
    req = Request({"seat": 1, "view_seat": None, "log_from": 3, "ply": 99, "actions": ["a", "b"]})
    assert req.seat(3) == 1 and req.seat(3, "view_seat") is None and req.seat(3, "other") is None
    assert req.count("log_from") == 3 and req.count("from") == 0 and req.ply(10) == 10
    assert req.actions(64) == ["a", "b"] and req.cmd() == ""
    for read in (
        lambda: req.seat(1),
        lambda: req.actions(1),
        lambda: Request({"ply": 1.5}).ply(3),
        lambda: Request({"picks": [0] * 65}).picks(64),
        lambda: Request({"seats": [0, 1, 2, 3]}).seats(3),
        lambda: Request({"session": 1}).session(),
        lambda: Request.parse("{"),
    ):
        with pytest.raises(BadRequest) as refused:
            read()
        assert refused.value.text["en"] and refused.value.text["ja"]


def test_one_place_reads_a_record_from_a_request() -> None:
    """Only :meth:`pygames.request.Request.record` turns a link or a record object into a
    :class:`~pygames.core.record.Record` for the bridge."""
    readers = {"parse_record_text", "record_from_json"}
    calls = [
        (module.__name__, function.name, node.func.id)
        for module in BRIDGE_MODULES
        for function in ast.walk(ast.parse(inspect.getsource(module)))
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in readers
    ]
    assert sorted(calls) == [
        ("pygames.request", "record", "parse_record_text"),
        ("pygames.request", "record", "record_from_json"),
    ]


# --- a seat handed to a bot (issue 34: its person's device left) ------------------------------


def test_a_seat_handed_to_a_bot_plays_as_one_and_the_save_says_so() -> None:
    bridge = web.Bridge()
    humans = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}, SEATS[2]]
    snap = call(bridge, cmd="start", record={**RECORD, "seats": humans}, seat=None)
    sid, seat = snap["session"], snap["to_move"][0]
    assert call(bridge, cmd="bot", session=sid, seat=seat)["kind"] == "BadRequest"  # a person's
    handed = call(bridge, cmd="seat", session=sid, seat=seat, level="normal", view_seat=None)
    assert handed["ok"] is True and handed["ply"] == 0 and handed["view"]["seat"] is None
    assert handed["seats"][seat] == {"name": humans[seat]["name"], "kind": "bot", "level": "normal"}
    saved = parse_record_text(handed["save"])
    assert saved.seats[seat].kind == "bot" and saved.seats[seat].level == "normal"
    played = call(bridge, cmd="bot", session=sid, seat=seat, view_seat=None)
    while played.get("thinking"):
        played = call(bridge, cmd="bot", session=sid, seat=seat, view_seat=None)
    assert played["ok"] is True and played["ply"] == 1


def test_a_seat_is_not_handed_to_an_unknown_bot_or_after_the_end() -> None:
    bridge = web.Bridge()
    sid = call(bridge, cmd="start", record=RECORD, seat=0)["session"]
    assert refusal(call(bridge, cmd="seat", session=sid, seat=0, level="godlike")) == "RecordError"
    assert refusal(call(bridge, cmd="seat", session=sid, seat=9, level="normal")) == "BadRequest"
    assert refusal(call(bridge, cmd="seat", session=sid, seat=0)) == "BadRequest"
    assert call(bridge, cmd="view", session=sid, seat=0)["seats"][0]["kind"] == "human"
