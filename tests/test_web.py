"""The JSON bridge the browser calls: what the page receives, and what it never receives."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pygames import web
from pygames.core.record import record_from_json, replay
from tests.conftest import IN_PYODIDE, NO_SUBPROCESS, engine


def call(**req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(engine().handle(json.dumps(req)))
    return answer


SEATS = [{"name": "Aya", "kind": "human"}, {"name": "Ben", "kind": "human"},
         {"name": "<b>Cy</b>", "kind": "bot", "level": "normal"}]  # fmt: skip


def start() -> dict[str, Any]:
    rec = {"v": 1, "game": "marie", "players": 3, "seed": 77, "options": {"elder": 0},
           "seats": SEATS, "actions": []}  # fmt: skip
    return call(cmd="start", record=rec, seat=0)


def test_catalog_lists_marie() -> None:
    games = call(cmd="catalog")["games"]
    assert games[0]["id"] == "marie"
    assert games[0]["levels"] == ["random", "easy", "normal", "strong"]


def test_start_act_and_illegal_action_unchanged() -> None:
    snap = start()
    assert snap["ok"] and snap["to_move"] == [0] and snap["moves"][0]["a"] == "pile1"
    sid = snap["session"]
    bad = call(cmd="act", session=sid, seat=0, action="pick12")
    assert not bad["ok"] and bad["error"]["en"] and bad["error"]["ja"]
    assert call(cmd="view", session=sid, seat=0)["ply"] == 0
    wrong_seat = call(cmd="act", session=sid, seat=1, action="pile1")
    assert wrong_seat["kind"] == "NotYourTurn"
    snap = call(cmd="act", session=sid, seat=0, action="pile1")
    assert snap["ply"] == 1 and len(snap["view"]["hand"]) == 6


def test_no_seed_no_share_and_no_record_before_the_end() -> None:
    sid = start()["session"]
    call(cmd="act", session=sid, seat=0, action="pile1")
    hand = call(cmd="view", session=sid, seat=0)["view"]["hand"]
    snap = call(cmd="act", session=sid, seat=0, action=f"pick{hand[0]}{hand[1]}")
    from pygames.core.record import parse_record_text

    assert "seed" not in snap and "share" not in snap
    assert snap["record"] is None and snap["result"] is None
    # the save (the engine worker keeps it; the page never sees it) is the whole record
    assert parse_record_text(snap["save"]).actions == engine().sessions[sid].record.actions
    view1 = call(cmd="view", session=sid, seat=1)
    assert view1["view"]["seats"][0]["pair"]["cards"] is None
    assert view1["view"]["hand"] is not None and view1["moves"]
    spectator = call(cmd="view", session=sid, seat=None)
    assert spectator["moves"] == [] and spectator["choices"] == []
    assert spectator["view"]["hand"] is None
    waiting = call(cmd="view", session=sid, seat=2)  # not to move: nothing to draw as a move
    assert waiting["moves"] == [] and waiting["choices"] == []


def test_bot_plays_and_game_finishes_with_record() -> None:
    rec = {
        "v": 1,
        "game": "marie",
        "players": 3,
        "seed": 5,
        "seats": [{"name": f"B{i}", "kind": "bot", "level": "normal"} for i in range(3)],
    }
    snap = call(cmd="start", record=rec)
    sid = snap["session"]
    while not snap["over"]:
        snap = call(cmd="bot", session=sid, seat=snap["to_move"][0], view_seat=None)
        assert snap["ok"] and snap["action"]
    assert snap["record"]["actions"] and snap["result"]["winners"]
    from pygames.core.record import parse_record_text

    assert len(parse_record_text(snap["share"]).actions) == snap["ply"]
    assert parse_record_text(snap["share"]).to_json() == snap["record"]
    assert call(cmd="view", session=sid, seat=0)["share"] == snap["share"]
    assert call(cmd="bot", session=sid, seat=0, view_seat=None)["ok"] is False


def test_bot_refused_for_human_seat_and_unknown_session() -> None:
    sid = start()["session"]
    assert call(cmd="bot", session=sid, seat=0)["ok"] is False
    assert call(cmd="view", session="nope", seat=0)["ok"] is False
    assert call(cmd="view", session=sid, seat=5)["ok"] is False
    assert call(cmd="view", session=sid, seat=True)["ok"] is False


def test_links_and_garbage() -> None:
    assert call(cmd="start", link="#g=@@@")["ok"] is False
    assert call(cmd="start", link=42)["ok"] is False
    assert json.loads(engine().handle("not json"))["ok"] is False
    assert json.loads(engine().handle("[1]"))["ok"] is False
    assert call(cmd="nope")["ok"] is False


def test_strong_bot_thinks_in_slices_and_can_be_abandoned() -> None:
    rec = {
        "v": 1,
        "game": "marie",
        "players": 3,
        "seed": 11,
        "options": {"elder": 0},
        "seats": [
            {"name": "S", "kind": "bot", "level": "strong"},
            {"name": "H", "kind": "human"},
            {"name": "N", "kind": "bot", "level": "normal"},
        ],
    }
    sid = call(cmd="start", record=rec)["session"]
    for ply, kind in ((0, "pile"), (1, "pick")):
        slices = 0
        while True:
            snap = call(cmd="bot", session=sid, seat=0, view_seat=1)
            assert snap["ok"]
            if not snap["thinking"]:
                break
            slices += 1
            assert snap["ply"] == ply and "action" not in snap and snap["actor"] == 0
            # the worker still answers other requests between slices
            assert call(cmd="view", session=sid, seat=1)["ok"]
        assert slices >= 1 and snap["action"].startswith(kind) and snap["ply"] == ply + 1
    assert call(cmd="bot", session=sid, seat=0, view_seat=1)["ok"] is False  # not to move
    assert call(cmd="close", session=sid)["ok"]
    assert call(cmd="bot", session=sid, seat=0)["ok"] is False


def test_undo_only_when_nothing_was_revealed_and_nobody_else_acted() -> None:
    humans = [{"name": n, "kind": "human"} for n in ("A", "B", "C")]
    rec = {
        "v": 1,
        "game": "marie",
        "players": 3,
        "seed": 3,
        "options": {"elder": 0},
        "seats": humans,
    }
    sid = call(cmd="start", record=rec, seat=0)["session"]
    snap = call(cmd="act", session=sid, seat=0, action="pile1")
    assert snap["can_undo"] is False  # the elder has seen the pile
    assert call(cmd="undo", session=sid, seat=0)["ok"] is False
    for seat in (0, 1):
        hand = call(cmd="view", session=sid, seat=seat)["view"]["hand"]
        snap = call(cmd="act", session=sid, seat=seat, action=f"pick{hand[0]}{hand[1]}")
        assert snap["can_undo"] is False  # cards passed on / pairs revealed
    snap = call(cmd="act", session=sid, seat=0, action="down")
    assert snap["can_undo"] is True  # a vote nobody has seen yet
    assert call(cmd="view", session=sid, seat=1)["can_undo"] is False  # not B's action
    # taken back at a cover: the answer is the spectator's view (view_seat null), not A's
    snap = call(cmd="undo", session=sid, seat=0, view_seat=None)
    assert snap["ok"] and snap["ply"] == 3 and snap["view"]["seat"] is None
    assert snap["moves"] == [] and snap["view"] == call(cmd="view", session=sid, seat=None)["view"]
    assert call(cmd="view", session=sid, seat=0)["view"]["seats"][0]["vote"] == "waiting"
    call(cmd="act", session=sid, seat=0, action="down")
    call(cmd="act", session=sid, seat=1, action="up")
    snap = call(cmd="act", session=sid, seat=2, action="down")
    assert snap["can_undo"] is False  # the last vote revealed them all
    taker = snap["to_move"][0]
    choice = call(cmd="view", session=sid, seat=taker)["moves"][0]["a"]
    snap = call(cmd="act", session=sid, seat=taker, action=choice)
    assert snap["can_undo"] is True and snap["ply"] == 7
    snap = call(cmd="undo", session=sid, seat=taker)
    assert snap["ply"] == 6 and snap["moves"] == call(cmd="view", session=sid, seat=taker)["moves"]


def test_replay_viewer_positions_and_reveal_only_after_the_end() -> None:
    rec = {
        "v": 1,
        "game": "marie",
        "players": 3,
        "seed": 8,
        "seats": [{"name": f"B{i}", "kind": "bot", "level": "normal"} for i in range(3)],
    }
    snap = call(cmd="start", record=rec)
    while not snap["over"]:
        snap = call(cmd="bot", session=snap["session"], seat=snap["to_move"][0], view_seat=None)
    full = snap["record"]
    start = call(cmd="replay", record=full, ply=0)
    assert start["ply"] == 0 and start["total"] == len(full["actions"]) and not start["over"]
    mid = call(cmd="replay", link="#" + snap["share"], ply=1, reveal=True)  # a draft
    assert mid["ply"] == 1 and mid["finished"] and len(mid["views"]) == 3
    assert mid["views"][mid["view"]["drafter"]]["hand"] is not None
    assert mid["view"]["hand"] is None  # the spectator view itself stays a spectator's
    end = call(cmd="replay", record=full, ply=10**6)
    assert end["ply"] == end["total"] and end["result"] == snap["result"]
    unfinished = dict(full, actions=full["actions"][:6])
    partial = call(cmd="replay", record=unfinished, ply=5, reveal=True)
    assert partial["ok"] and not partial["finished"] and "views" not in partial
    assert call(cmd="replay", record=full, ply="x")["ok"] is False


def test_save_string_restores_the_exact_position() -> None:
    sid = start()["session"]
    call(cmd="act", session=sid, seat=0, action="pile2")
    snap = call(cmd="view", session=sid, seat=0)
    hand = snap["view"]["hand"]
    snap = call(cmd="act", session=sid, seat=0, action=f"pick{hand[0]}{hand[1]}")
    again = call(cmd="start", link=snap["save"], seat=0)
    assert again["ply"] == 2 and again["view"] == snap["view"]


def _all_bot_record(game: str, players: int, seed: int) -> dict[str, Any]:
    seats = [{"name": f"B{i}", "kind": "bot", "level": "normal"} for i in range(players)]
    return {"v": 1, "game": game, "players": players, "seed": seed, "seats": seats}


def test_log_delta_rebuilds_the_full_log_for_every_game_and_viewer() -> None:
    """A page that keeps its log and asks only for new entries (``log_from``) holds exactly the
    newest entries of the log the engine has, whichever seat it looks from, switching seats on
    the way: each answer carries at most ``LOG_WINDOW`` entries, and a page that lacks more keeps
    only those (its ``base`` moves on), as ``web/ui/play.js`` does."""
    from pygames.core.registry import all_games

    for info in all_games():
        players = info.min_players
        snap = call(cmd="start", record=_all_bot_record(info.id, players, 11))
        sid = snap["session"]
        kept: dict[Any, tuple[int, list[Any]]] = {}
        step = 0
        while not snap["over"] and step < 400:
            viewer = [None, *range(players)][step % (players + 1)]
            base, have = kept.get(viewer, (0, []))
            req = {"cmd": "bot", "session": sid, "seat": snap["to_move"][0], "view_seat": viewer}
            snap = call(**req, log_from=base + len(have))
            assert snap["ok"], snap
            start_at, fresh = snap["log_start"], snap["view"]["log"]
            assert len(fresh) <= web.LOG_WINDOW
            if base <= start_at <= base + len(have):
                have = have[: start_at - base] + fresh
            else:
                base, have = start_at, fresh
            kept[viewer] = (base, have)
            full = engine().sessions[sid].state.view(viewer)["log"]
            assert have == full[base:], (info.id, step, viewer)
            assert len(have) >= min(len(full), web.LOG_WINDOW)
            step += 1
        assert snap["over"], info.id


def test_an_answer_carries_at_most_the_newest_log_window() -> None:
    snap = call(cmd="start", record=_all_bot_record("hitokai", 5, 1))
    sid = snap["session"]
    while not snap["over"]:
        snap = call(cmd="bot", session=sid, seat=snap["to_move"][0], view_seat=None)
    full = engine().sessions[sid].state.view(None)["log"]
    assert len(full) > web.LOG_WINDOW  # a long game
    fresh = call(cmd="view", session=sid, seat=None)
    assert fresh["log_start"] == len(full) - web.LOG_WINDOW
    assert fresh["view"]["log"] == full[-web.LOG_WINDOW :]
    behind = call(cmd="view", session=sid, seat=None, log_from=len(full) - 3)
    assert behind["log_start"] == len(full) - 3 and len(behind["view"]["log"]) == 3
    # the replay viewer reads the whole log in pages
    record = fresh["record"]
    pages: list[Any] = []
    while True:
        page = call(cmd="log", record=record, **{"from": len(pages)})
        assert page["ok"] and page["total"] == len(full) and len(page["log"]) <= web.LOG_PAGE
        pages += page["log"]
        if not page["log"]:
            break
    assert pages == full
    replayed = call(cmd="replay", record=record, ply=len(record["actions"]), reveal=True)
    assert replayed["log_total"] == len(full) and len(replayed["view"]["log"]) == web.LOG_WINDOW
    assert all("log" not in v for v in replayed["views"])
    # each seat's view is sent as what it adds to the spectator's
    state = replay(record_from_json(record))
    for seat, diff in enumerate(replayed["views"]):
        whole = {**replayed["view"], **diff}
        mine = state.view(seat)
        assert {k: v for k, v in whole.items() if k != "log"} == {
            k: v for k, v in mine.items() if k != "log"
        }
    for bad in (-1, True, "3"):
        assert call(cmd="log", record=record, **{"from": bad})["ok"] is False


def test_log_delta_after_undo_starts_where_the_log_now_ends() -> None:
    humans = [{"name": n, "kind": "human"} for n in ("A", "B", "C")]
    rec = {"v": 1, "game": "marie", "players": 3, "seed": 3, "options": {"elder": 0},
           "seats": humans}  # fmt: skip
    sid = call(cmd="start", record=rec, seat=0)["session"]
    call(cmd="act", session=sid, seat=0, action="pile1")
    for seat in (0, 1):
        hand = call(cmd="view", session=sid, seat=seat)["view"]["hand"]
        call(cmd="act", session=sid, seat=seat, action=f"pick{hand[0]}{hand[1]}")
    before = call(cmd="view", session=sid, seat=0)["view"]["log"]
    voted = call(cmd="act", session=sid, seat=0, action="down", log_from=len(before))
    assert voted["can_undo"] and voted["log_start"] == len(before)
    grown = len(before) + len(voted["view"]["log"])
    assert grown > len(before)
    undone = call(cmd="undo", session=sid, seat=0)
    assert undone["ok"] and undone["view"]["log"] == before
    again = call(cmd="view", session=sid, seat=0, log_from=grown)
    assert again["log_start"] == len(before) and again["view"]["log"] == []


def test_log_from_must_be_a_count() -> None:
    sid = start()["session"]
    for bad in (-1, "3", True, 1.5, None):
        answer = call(cmd="view", session=sid, seat=0, log_from=bad)
        assert answer["ok"] is False and answer["error"]["en"], bad
    refused = call(cmd="act", session=sid, seat=0, action="pile1", log_from="x")
    assert refused["ok"] is False
    assert call(cmd="view", session=sid, seat=0)["ply"] == 0  # nothing was played


def test_act_with_an_unknown_viewer_is_refused_before_playing() -> None:
    sid = start()["session"]
    answer = call(cmd="act", session=sid, seat=0, action="pile1", view_seat=9)
    assert answer["ok"] is False
    assert call(cmd="view", session=sid, seat=0)["ply"] == 0


def test_a_composed_move_is_applied_in_order_while_it_stays_legal() -> None:
    sid = start()["session"]
    for bad in ([], ["pile1", 7], "pile1", [f"pile{i}" for i in range(100)]):
        refused = call(cmd="act", session=sid, seat=0, actions=bad)
        assert refused["ok"] is False and refused["error"]["ja"]
    assert call(cmd="view", session=sid, seat=0)["ply"] == 0
    # the first action must be legal, or nothing changes
    refused = call(cmd="act", session=sid, seat=0, actions=["pick12", "pile1"])
    assert refused["ok"] is False and call(cmd="view", session=sid, seat=0)["ply"] == 0
    # the rest is applied while legal: here the second is not
    snap = call(cmd="act", session=sid, seat=0, actions=["pile1", "pile2"])
    assert snap["ok"] and snap["ply"] == 1 and snap["applied"] == 1
    hand = snap["view"]["hand"]
    snap = call(cmd="act", session=sid, seat=0, actions=[f"pick{hand[0]}{hand[1]}"])
    assert snap["applied"] == 1 and snap["ply"] == 2


def test_compose_is_refused_clearly_and_changes_nothing() -> None:
    sid = start()["session"]
    cases: list[dict[str, Any]] = [
        {"seat": 0, "choice": "no-such-choice", "picks": []},  # Marie has no choices
        {"seat": 1, "choice": "x", "picks": []},  # not to move
        {"seat": 0, "choice": 3, "picks": []},
        {"seat": 0, "choice": "x", "picks": "12"},
        {"seat": 0, "choice": "x", "picks": list(range(65))},
        {"seat": None, "choice": "x", "picks": []},
    ]
    for case in cases:
        answer = call(cmd="compose", session=sid, **case)
        assert answer["ok"] is False and answer["error"]["en"] and answer["error"]["ja"], case
    assert call(cmd="view", session=sid, seat=0)["ply"] == 0


#: what the browser's engine worker leaves out of its memory snapshot (web/worker.js IMPORT_ALL):
#: a module the bridge imported from one of these later would be missing after a snapshot boot
CLI_ONLY = (
    "pygames.__main__",
    "pygames.cli",
    "pygames.core.arena",
    "pygames.core.bench",
    "pygames.core.soak",
)

BRIDGE_WORKOUT = """
import json, sys
from pygames import web
from pygames.core.registry import all_games
handle = web.Bridge().handle
ask = lambda **req: json.loads(handle(json.dumps(req)))
assert ask(cmd="catalog")["ok"]
for game in all_games():
    players = game.min_players
    seats = [{"name": f"B{i}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {"v": 1, "game": game.id, "players": players, "seed": 3, "options": {},
              "seats": seats, "actions": []}
    snap = ask(cmd="start", record=record, seat=None)
    for _ in range(12):
        if snap.get("over"):
            break
        snap = ask(cmd="bot", session=snap["session"], seat=snap["to_move"][0], view_seat=None)
    assert snap["ok"], snap
print(json.dumps(sorted(m for m in sys.modules if m.startswith("pygames"))))
"""


@pytest.mark.skipif(IN_PYODIDE, reason=NO_SUBPROCESS)
def test_the_bridge_needs_no_module_the_browser_snapshot_leaves_out() -> None:
    """Starting and playing every game through the bridge imports none of the command line's
    modules, which the engine worker does not import before its memory snapshot."""
    done = subprocess.run(
        [sys.executable, "-c", BRIDGE_WORKOUT], capture_output=True, text=True, check=True
    )
    imported = json.loads(done.stdout.strip().splitlines()[-1])
    assert "pygames.web" in imported and "pygames.games.marie.page" in imported
    assert not set(CLI_ONLY) & set(imported), sorted(set(CLI_ONLY) & set(imported))
    worker = (Path(__file__).resolve().parent.parent / "web" / "worker.js").read_text("utf-8")
    assert all(f'"{name}"' in worker for name in CLI_ONLY)  # the same list as IMPORT_ALL's
