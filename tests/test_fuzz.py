"""The bridge never raises (issue 33): 20,000 random and mutated requests, seeded, each answered
with JSON (``{ok: true, ...}`` or ``{ok: false, error: {en, ja}, kind}``), none by the
bridge's last resort (an error of the engine's own), and none refused after changing something.

The requests are any JSON value at all, and mutations of real requests (every command, on real
games of every game and on real records): fields dropped, retyped, huge, nested, Unicode,
negative, fractional, another session or seat, and request texts cut or spoiled. Before each
request the bridge's state is fingerprinted (each open game's record and state, its random
stream, the sessions open, the analysis); a refused request must leave it as it was.

The run stops after :data:`COUNT` requests or at :data:`DEADLINE` seconds, whichever comes
first, and must have sent :data:`COUNT`. The bots are random, and hints, bots and analyses think
for a millisecond a slice, so the run measures the bridge, not the search.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from pygames import web
from pygames.core import errors
from pygames.core.errors import BadRequest, GameError
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games
from pygames.core.text import t
from pygames.request import Request
from tests.conftest import IN_PYODIDE, seeds
from tests.support import processor_clock

#: requests sent: the same in Pyodide (about 3 times slower there, still within the deadline)
COUNT = seeds(20_000)
FUZZ_SEED = 33
# processor seconds (the engine's work, whatever else the machine runs): a safety net, never
# reached on a sound run
DEADLINE = 240.0 if IN_PYODIDE else 90.0
#: the kinds of error an answer may name: the engine's typed errors
TYPED = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, GameError)
}
#: the commands, and how often a real request is one (those that replay a whole record, less)
WEIGHTS: dict[str, float] = {
    "catalog": 1,
    "deal": 4,
    "start": 4,
    "view": 8,
    "act": 10,
    "compose": 6,
    "bot": 8,
    "hint": 3,
    "analyse": 0.5,
    "undo": 6,
    "replay": 2,
    "log": 2,
    "close": 3,
}
COMMANDS = list(WEIGHTS)
NAMES = ["Aya", "Ben", "ゆき", "Dai", "エミ"]


# --------------------------------------------------------------------------- values


ODD_TEXT = [
    "",
    " ",
    "s1",
    "s999",
    "0:pile1",
    "\u202eevil",
    "a\u200bb",
    "\u0000",
    "\ud800",
    "e\u0301",
    "👨‍👩‍👧",
    "\ufeff",
    "<script>",
    "名" * 30,
    "__proto__",
    "constructor",
    "NaN",
    "#g=",
    "g=AAAA",
]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value (and a few that only Python's json writes: NaN, infinities)."""
    kind = rng.randrange(14 if depth < 3 else 9)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, -1, 2, 3, 5, 63, 64, 65, 2**31, 2**53, -(2**53), 2**64, 10**30])
    if kind == 3:
        return rng.randint(-10, 10**6)
    if kind == 4:
        return rng.choice([0.5, -0.0, 1.0, 2.0, 1e308, -1e-308, 3.14, float("nan"), float("inf")])
    if kind == 5:
        return rng.choice(ODD_TEXT)
    if kind == 6:  # random code points, surrogates and controls included
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(8)))
    if kind == 7:  # long text (now and then: reading it is most of a request's time)
        if rng.random() < 0.2:
            return rng.choice(["x" * 70_000, "[" * 5_000, "\\" * 10_000, '\\"' * 5_000])
        return rng.choice(["x" * 700, "[" * 50, "\\" * 100, '\\"' * 50])
    if kind == 8:
        return rng.choice(COMMANDS)
    if kind <= 10:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 11:
        return [0] * rng.choice([65, 1_000, 5_001])
    if kind == 12:
        nested: Any = 0
        for _ in range(rng.choice([10, 40, 200])):
            nested = [nested] if rng.random() < 0.5 else {"a": nested}
        return nested
    return {str(junk(rng, 3))[:20]: junk(rng, depth + 1) for _ in range(rng.randrange(4))}


# --------------------------------------------------------------------------- the tables


def finished_record(game: str, players: int, seed: int) -> dict[str, Any]:
    """A finished game of random bots, some seats made human."""
    seats = [Seat(NAMES[s], "bot", "random") for s in range(players)]
    record = Record(game, players, seed, {}, seats, [])
    assert play_bots(record, new_state(record))
    data = record.to_json()
    for s in range(0, players, 2):
        data["seats"][s] = {"name": NAMES[s], "kind": "human"}
    return data


def new_table(game: str, players: int, seed: int) -> dict[str, Any]:
    """A new game: seats 0 and 1 people, the rest random bots, hints on."""
    seats = [
        {"name": NAMES[s], "kind": "human"}
        if s < 2
        else {"name": NAMES[s], "kind": "bot", "level": "random"}
        for s in range(players)
    ]
    return {"v": 1, "game": game, "players": players, "seed": seed, "options": {"hints": True},
            "seats": seats}  # fmt: skip


class Fuzz:
    """A bridge with a game of each kind open, the requests sent to it and their outcome."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.bridge = web.Bridge()
        games = [(g.id, g.min_players) for g in all_games()]
        self.tables = [new_table(game, players, 100 + i) for i, (game, players) in enumerate(games)]
        finished = [finished_record(game, players, 200 + i) for i, (game, players) in
                    enumerate(games)]  # fmt: skip
        # the three shortest: a request that reads one replays it whole
        self.finished = sorted(finished, key=lambda r: len(r["actions"]))[:3]
        self.pool: list[str] = []  # the sessions the requests aim at
        self.sent = 0
        self.refused = 0
        self.kinds: dict[str, int] = {}

    def call(self, text: str) -> dict[str, Any]:
        """Send a request's text; check the answer (the bridge must not raise)."""
        answer_text = self.bridge.handle(text)
        answer: dict[str, Any] = json.loads(answer_text, parse_constant=_not_json)
        assert isinstance(answer, dict) and answer.get("ok") in (True, False), text[:200]
        assert "Traceback" not in answer_text
        if answer["ok"] is False:
            error = answer.get("error")
            assert isinstance(error, dict) and set(error) == {"en", "ja"}, answer
            assert error["en"].strip() and error["ja"].strip(), answer
            assert answer.get("kind") in TYPED, (text[:300], answer)
        return answer

    def refill(self) -> None:
        """Keep a game of each kind open and in progress (a mutation may close or end one)."""
        for sid in list(self.pool):
            session = self.bridge.sessions.get(sid)
            if session is None or session.state.is_over():
                self.pool.remove(sid)
                self.call(json.dumps({"cmd": "close", "session": sid}))
        while len(self.pool) < len(self.tables):
            table = self.tables[self.rng.randrange(len(self.tables))]
            answer = self.call(json.dumps({"cmd": "start", "record": table, "seat": 0}))
            self.pool.append(answer["session"])

    def fingerprint(self, aimed: Any = None) -> Any:
        """What a refused request must not change: every open game's record, state object,
        random stream and undo right, the whole state of the game ``aimed`` at (the request's
        session), the sessions' ids and the analysis."""
        bridge = self.bridge
        games = {
            sid: (
                len(s.record.actions),
                tuple(s.record.hints_used),
                s.state.rng.get_state(),
                s.undoable,
                id(s.state),
                s.hint,
            )
            for sid, s in bridge.sessions.items()
        }
        target = bridge.sessions.get(aimed) if isinstance(aimed, str) else None
        state = None
        if target is not None:
            state = (target.record.dumps(), json.dumps(target.state.to_json(), sort_keys=True))
        analysis = bridge.analysis.key if bridge.analysis else None
        return games, state, bridge.opened, analysis

    # ------------------------------------------------------------------ real requests

    def real(self) -> dict[str, Any]:
        """A request the page could send now, right or wrong only as the page might be."""
        rng = self.rng
        cmd = rng.choices(COMMANDS, weights=list(WEIGHTS.values()))[0]
        sid = rng.choice(self.pool)
        session = self.bridge.sessions[sid]
        state = session.state
        mover = state.to_move()[0] if state.to_move() else 0
        if cmd in ("catalog",):
            return {"cmd": cmd}
        if cmd in ("deal", "start"):
            table = rng.choice(self.tables)
            if rng.random() < 0.3:
                table = {k: v for k, v in table.items() if k != "seed"}
            if rng.random() < 0.3:
                return {"cmd": cmd, "link": "#" + session.record.to_fragment(), "seat": 0}
            return {"cmd": cmd, "record": table, "seat": rng.choice([0, 1, None])}
        if cmd in ("replay", "log", "analyse"):
            record = rng.choice(self.finished)
            req: dict[str, Any] = {"cmd": cmd}
            if rng.random() < 0.5:
                req["record"] = record
            else:
                req["link"] = Record.to_fragment(_record(record))
            if cmd == "replay":
                req.update(ply=rng.randrange(len(record["actions"]) + 2), reveal=True)
            elif cmd == "log":
                req.update(ply=rng.randrange(len(record["actions"]) + 1), **{"from": 0})
            else:
                req["seats"] = [0]
            return req
        if cmd == "view":
            return {"cmd": cmd, "session": sid, "seat": rng.choice([mover, None, 0]),
                    "log_from": rng.randrange(3)}  # fmt: skip
        if cmd == "act":
            legal = state.legal_actions(mover) if not state.is_over() else ["x"]
            return {"cmd": cmd, "session": sid, "seat": mover, "action": rng.choice(legal),
                    "view_seat": 0, "log_from": 0}  # fmt: skip
        if cmd == "compose":
            info = session.record.info()
            choices = info.choices(state, mover) if not state.is_over() else []
            choice = choices[0]["id"] if choices else "none"
            return {"cmd": cmd, "session": sid, "seat": mover, "choice": choice, "picks": []}
        if cmd == "bot":
            return {"cmd": cmd, "session": sid, "seat": mover, "view_seat": 0}
        if cmd in ("hint", "undo"):
            return {"cmd": cmd, "session": sid, "seat": mover}
        return {"cmd": "close", "session": sid}

    # ------------------------------------------------------------------ mutations

    def mutate(self, req: dict[str, Any]) -> dict[str, Any] | Any:
        rng = self.rng
        req = dict(req)
        how = rng.randrange(10)
        keys = list(req)
        if how == 0 and keys:  # a field dropped
            del req[rng.choice(keys)]
        elif how <= 2 and keys:  # a field retyped: any value
            req[rng.choice(keys)] = junk(rng)
        elif how == 3:  # another session or seat
            req["session"] = rng.choice([*self.pool, "s0", "s999999", "", " s1", "S1"])
            req["seat"] = rng.choice([-1, 0, 1, 2, 5, 9, 1.0, 0.5, "0", True, None, 2**63])
        elif how == 4:  # a field of another command, with any value
            field = rng.choice(["link", "record", "action", "actions", "picks", "choice", "ply",
                                "from", "seats", "view_seat", "log_from", "reveal"])  # fmt: skip
            req[field] = junk(rng)
        elif how == 5 and "record" in req:  # the record spoiled inside
            record = dict(req["record"])
            record[rng.choice([*record, "x"])] = junk(rng)
            req["record"] = record
        elif how == 6:  # another command with these fields
            req["cmd"] = rng.choice([*COMMANDS, "Start", " view", "__init__", ""])
        elif how == 7:  # an unknown field
            req[str(junk(rng))[:30]] = junk(rng)
        elif how == 8:  # a seat name or an option of any kind
            table = dict(rng.choice(self.tables))
            seats = [dict(s) for s in table["seats"]]
            seats[0]["name"] = rng.choice([*ODD_TEXT, junk(rng)])
            table["seats"] = seats
            table["options"] = {rng.choice(["hints", "start", "elder", "x"]): junk(rng)}
            req = {"cmd": rng.choice(["start", "deal"]), "record": table}
        else:  # not an object at all
            return rng.choice([junk(rng), [req], req.get("cmd"), list(req.items())])
        return req

    def text_of(self, request: Any) -> str:
        """The request's text, now and then cut short or spoiled."""
        text = json.dumps(request, ensure_ascii=self.rng.random() < 0.5)
        roll = self.rng.random()
        if roll < 0.04:
            return text[: self.rng.randrange(len(text) + 1)]
        if roll < 0.07:
            i = self.rng.randrange(len(text) + 1)
            return (
                text[:i] + self.rng.choice(["\x00", "}", "]", '"', "\\", "\ud800", ","]) + text[i:]
            )
        return text

    def one(self) -> None:
        """Send one request: a real one now and then, else a mutant or any JSON at all."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.05:
            request: Any = junk(rng)
        elif roll < 0.15:
            request = self.real()
        else:
            request = self.mutate(self.real())
        text = self.text_of(request)
        aimed = request.get("session") if isinstance(request, dict) else None
        before = self.fingerprint(aimed)
        answer = self.call(text)
        self.sent += 1
        if answer["ok"]:
            opened = answer.get("session")
            if isinstance(opened, str) and opened not in self.pool:
                self.call(json.dumps({"cmd": "close", "session": opened}))
            self.refill()
        else:
            self.refused += 1
            self.kinds[answer["kind"]] = self.kinds.get(answer["kind"], 0) + 1
            after = self.fingerprint(aimed)
            assert after == before, ("a refused request changed something", text[:300])


def _not_json(name: str) -> Any:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


def _record(data: dict[str, Any]) -> Record:
    from pygames.core.record import record_from_json

    return record_from_json(data)


def run_fuzz(count: int, deadline: float, seed: int = FUZZ_SEED) -> tuple[Fuzz, float, float]:
    """Send up to ``count`` requests within ``deadline`` seconds of processor time: the fuzz,
    the wall time and the processor time."""
    fuzz = Fuzz(seed)
    fuzz.refill()
    clock = processor_clock()
    start, cpu = time.perf_counter(), clock()
    while fuzz.sent < count and clock() - cpu < deadline:
        fuzz.one()
    return fuzz, time.perf_counter() - start, clock() - cpu


@pytest.fixture
def quick_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints, bots and analyses think a millisecond a slice (the bridge, not the search)."""
    monkeypatch.setattr(web, "THINK_SLICE", 0.001)


def test_fuzz_20000_requests_never_raise_and_refusals_change_nothing(
    quick_thinking: None, capsys: pytest.CaptureFixture[str]
) -> None:
    fuzz, wall, cpu = run_fuzz(COUNT, DEADLINE)
    where = "Pyodide" if IN_PYODIDE else "CPython"
    with capsys.disabled():
        print(
            f"\nfuzz ({where}): {fuzz.sent} requests, {fuzz.refused} refused {fuzz.kinds}, "
            f"{wall:.1f} s wall, {cpu:.1f} s processor"
        )
    assert fuzz.sent == COUNT, f"only {fuzz.sent} requests in {DEADLINE} s"
    # the mutations bite, and enough of the real requests still go through
    assert fuzz.refused > COUNT // 2 and fuzz.sent - fuzz.refused > COUNT // 20
    assert {"BadRequest", "RecordError"} <= set(fuzz.kinds)


def test_the_fuzz_is_the_same_every_run(quick_thinking: None) -> None:
    one, _, _ = run_fuzz(300, DEADLINE)
    two, _, _ = run_fuzz(300, DEADLINE)
    assert (one.refused, one.kinds) == (two.refused, two.kinds)
    assert one.fingerprint()[0].keys() == two.fingerprint()[0].keys()


def test_the_last_resort_answers_an_error_of_the_engine_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Should the engine fail (here made to), the page still gets a bilingual answer."""
    bridge = web.Bridge()

    def broken(req: object) -> dict[str, Any]:
        raise ZeroDivisionError("a bug")

    monkeypatch.setitem(bridge.commands, "catalog", broken)
    answer = json.loads(bridge.handle('{"cmd": "catalog"}'))
    assert answer["ok"] is False and answer["kind"] == "InternalError"
    assert answer["error"]["en"] and answer["error"]["ja"]
    assert "Traceback" not in json.dumps(answer) and "a bug" not in json.dumps(answer)


@pytest.mark.parametrize(
    "text",
    [
        '{"cmd": []}',
        '{"cmd": {}}',
        '{"cmd": null}',
        "[]",
        "null",
        "0",
        '"start"',
        "1e999",
        '{"cmd": "view", "session": {"a": 1}, "seat": []}',
        '{"cmd": "act", "session": "s1", "seat": 0, "actions": [[]]}',
        '{"cmd": "compose", "session": "s1", "seat": 0, "choice": [], "picks": {}}',
        '{"cmd": "start", "record": [], "seat": {}}',
        '{"cmd": "deal", "record": {"game": ["marie"]}}',
    ],
)
def test_requests_of_any_shape_get_an_answer(text: str) -> None:
    bridge = web.Bridge()
    call: Callable[[str], dict[str, Any]] = Fuzz(0).call
    assert call(text)["ok"] is False
    assert json.loads(bridge.handle(text))["ok"] is False
    assert json.loads(web.Bridge().handle(None))["ok"] is False  # type: ignore[arg-type]


def test_the_fuzz_would_catch_a_refusal_that_changed_a_game(
    quick_thinking: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check bites: a ``view`` that records an action, then refuses, fails the fuzz."""

    def careless_view(self: web.Bridge, req: Request) -> dict[str, Any]:
        _, session = self.session(req)
        session.record.actions.append("0:x")
        raise BadRequest(t("No.", "いいえ。"))

    monkeypatch.setattr(web.Bridge, "cmd_view", careless_view)
    with pytest.raises(AssertionError, match="a refused request changed something"):
        run_fuzz(2_000, DEADLINE)
