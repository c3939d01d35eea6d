"""Ruling M4 of Marie's Table: without a redistribution every seat decides keep or eat for its
own pair at the same time, in secret until all are in, then all are revealed together; with a
redistribution M2 still holds (one taker at a time, each decision seen by the next)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from pygames.core.bots import RandomBot, decide
from pygames.core.errors import IllegalAction, NotYourTurn
from pygames.core.record import Record, Seat, replay
from pygames.core.rng import Rng
from pygames.games.marie import page
from pygames.games.marie.bot import MarieHeuristicBot
from pygames.games.marie.rules import MarieState
from tests.conftest import ask, bridge
from tests.test_marie_rules import draft, make

#: the decisions of the four seats in :func:`deciding`: each about its own pair
CHOICES = {0: "eat1", 1: "keep", 2: "eat45", 3: "eat7"}


def deciding(players: int = 4) -> MarieState:
    """All satisfied, so no redistribution: 4 players, elder 0, pairs 1 1 | 2 3 | 4 5 | 6 7
    (3 players: 1 2 | 3 4 | 5 6)."""
    if players == 4:
        s = make(4, [[1, 1, 2, 3, 4, 5, 6, 7]], elder=0)
        draft(s, 1, ["pick11", "pick23", "pick45"])
    else:
        s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
        draft(s, 1, ["pick12", "pick34"])
    for seat in range(players):
        s.apply(seat, "up")
    return s


def table_of(state: MarieState) -> dict[str, Any]:
    """The whole state but its log (whose "has decided" lines follow the order of play)."""
    return {k: v for k, v in state.to_json().items() if k != "log"}


def revealed_lines(state: MarieState) -> list[Any]:
    """The log from the reveal on, as a spectator reads it."""
    log = state.log_for(None)
    first = next(i for i, e in enumerate(log) if e["text"]["en"] == "All decisions are in:")
    return [(e["text"], e["seats"]) for e in log[first:]]


def test_m4_every_seat_decides_at_once_about_its_own_pair() -> None:
    s = deciding()
    assert s.phase == "decide" and s.simultaneous and s.to_move() == [0, 1, 2, 3]
    view = s.view(2)
    assert view["simultaneous"] is True and view["taker"] is None and view["holding"] is None
    for seat, pair in enumerate(([1, 1], [2, 3], [4, 5], [6, 7])):
        moves = {m["a"]: m for m in page.discrete_moves(s, seat)}
        assert moves["keep"] == {"a": "keep", "kind": "keep", "cards": pair}
        assert all(sorted(m["cards"] + m.get("keep", [])) == pair for m in moves.values())
        assert view["seats"][seat]["pair"] == {"cards": pair, "face_up": True}
        assert view["seats"][seat]["decision"] == {
            "status": "waiting",
            "eat": None,
            "keep": None,
            "round": 1,
        }
    assert not s.secret_pending()


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_m4_decisions_in_any_order_give_the_same_result(order: tuple[int, ...]) -> None:
    reference = deciding()
    for seat in range(4):
        reference.apply(seat, CHOICES[seat])
    s = deciding()
    for seat in order:
        s.apply(seat, CHOICES[seat])
    assert table_of(s) == table_of(reference)
    assert revealed_lines(s) == revealed_lines(reference)
    assert s.eaten == [[1], [], [4, 5], [7]] and s.kept[0][1] == 1 and s.kept[3][6] == 1
    assert s.phase == "pile" and s.round == 1


def test_m4_a_seats_view_shows_nothing_of_another_seats_pending_decision() -> None:
    worlds = {}
    for choice in deciding().legal_actions(1):  # keep, eat2, eat3, eat23
        s = deciding()
        s.apply(1, choice)
        worlds[choice] = s
    assert len(worlds) == 4
    keep = worlds["keep"]
    for choice, s in worlds.items():
        for seat in (0, 2, 3, None):
            assert s.view(seat) == keep.view(seat), (choice, seat)
        assert s.to_move() == [0, 2, 3] and s.secret_pending()
        mine = s.view(1)
        if choice != "keep":
            assert mine != keep.view(1)  # the seat itself sees what it chose
        assert mine["seats"][1]["decision"]["status"] == "decided"
    other = worlds["eat23"].view(0)
    assert other["seats"][1]["decision"] == {
        "status": "decided",
        "eat": None,
        "keep": None,
        "round": 1,
    }
    assert other["seats"][1]["eaten"] == [] and other["seats"][1]["kept"]["2"] == 0
    assert "eat" not in json.dumps(other["log"][-1]["text"])
    mine = worlds["eat23"].view(1)
    assert mine["seats"][1]["decision"] == {
        "status": "decided",
        "eat": [2, 3],
        "keep": [],
        "round": 1,
    }
    assert mine["log"][-1]["text"]["en"] == "{0}'s secret decision: eat 2 and 3."


def test_m4_bots_cannot_see_pending_decisions() -> None:
    a, b = deciding(), deciding()
    a.apply(1, "eat23")
    b.apply(1, "keep")
    for seat in (0, 2, 3):
        for k in range(10):
            wa = a.determinize(seat, Rng.from_seed(k)).to_json()
            assert wa == b.determinize(seat, Rng.from_seed(k)).to_json(), (seat, k)
        for bot in (MarieHeuristicBot(), RandomBot()):
            for k in range(5):
                chosen = decide(a, seat, bot, Rng.from_seed(k, stream=seat))
                assert chosen == decide(b, seat, bot, Rng.from_seed(k, stream=seat))
    # seat 1's pending decision is resampled among its legal ones in the worlds of the others,
    # and kept in its own
    imagined = {tuple(a.determinize(0, Rng.from_seed(k)).decisions[1] or []) for k in range(40)}
    assert len(imagined) > 1 and imagined <= {(), (2,), (3,), (2, 3)}
    assert all(a.determinize(1, Rng.from_seed(k)).decisions[1] == [2, 3] for k in range(10))


def test_m4_all_revealed_together_one_line_each_youngest_first() -> None:
    s = deciding()
    for seat in (2, 0, 3):
        s.apply(seat, CHOICES[seat])
    assert s.eaten == [[], [], [], []] and sum(map(sum, s.kept)) == 0  # nothing counts yet
    before = len(s.log)
    s.apply(1, "keep")
    lines = [(e["text"]["en"], e["seats"]) for e in s.log[before:]]
    assert lines[:5] == [
        ("{0} has decided.", [1]),
        ("All decisions are in:", []),
        ("{0} eats 7 and keeps 6.", [3]),  # the youngest first, as in the take order
        ("{0} eats 4 and 5.", [2]),
        ("{0} keeps 2 and 3.", [1]),
    ]
    assert lines[5] == ("{0} eats 1 and keeps 1.", [0])
    assert not any(e.get("private") for e in s.log[before + 1 :])
    assert not s.secret_pending()
    # Information: the number of eaten cards and which they were are public (the pairs were
    # face up); the decisions stay on show through the next draft, until its pairs are shown
    spectator = s.view(None)
    assert [seat["eaten"] for seat in spectator["seats"]] == [[1], [], [4, 5], [7]]
    assert spectator["seats"][2]["decision"] == {
        "status": "revealed",
        "eat": [4, 5],
        "keep": [],
        "round": 1,
    }
    assert spectator["seats"][3]["decision"] == {
        "status": "revealed",
        "eat": [7],
        "keep": [6],
        "round": 1,
    }
    draft(s, 2, ["pick11", "pick11"])  # the next elder is seat 3: it and 0, 1 pick, 2 gets two
    last = s.view(0)["seats"][3]["decision"]
    assert s.phase == "draft" and last["status"] == "revealed" and last["round"] == 1
    assert s.view(0)["round"] == 2
    s.apply(1, s.legal_actions(1)[0])
    assert s.phase == "vote"
    assert all(seat["decision"] is None for seat in s.view(None)["seats"])


def test_m4_a_seat_with_no_eats_left_keeps_without_deciding() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    for seat in (0, 1, 2):  # cards eaten earlier, taken from those out of the game
        s.eaten[seat] = [s.unused.pop(), s.unused.pop()] if seat != 1 else []
    draft(s, 1, ["pick12", "pick34"])
    for seat in range(3):
        s.apply(seat, "up")
    assert s.to_move() == [1] and s.legal_actions(0) == [] and s.legal_actions(2) == []
    forced = s.view(1)["seats"][2]["decision"]
    assert forced == {"status": "forced", "eat": [], "keep": [5, 6], "round": 1}
    s.apply(1, "eat3")
    assert s.round == 1 and s.kept[0][1] == s.kept[2][6] == 1 and s.eaten[1] == [3]
    assert sum(s.deck_count().values()) == 56
    # nobody may eat: the round ends at once, each keeping his pair
    s2 = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    for seat in range(3):
        s2.eaten[seat] = [s2.unused.pop(), s2.unused.pop()]
    draft(s2, 1, ["pick12", "pick34"])
    for seat in range(3):
        s2.apply(seat, "up")
    assert s2.phase == "pile" and s2.round == 1 and s2.kept[1][3] == s2.kept[1][4] == 1
    said = [e["text"]["en"] for e in s2.log_for(None)]
    assert not any("in secret" in line for line in said), said  # no decision was asked for
    assert any("no one may eat any more" in line for line in said), said
    assert any("in secret" in e["text"]["en"] for e in s.log_for(None))  # seat 1 was asked


def test_m4_a_seat_decides_once_and_only_about_its_own_pair() -> None:
    s = deciding()
    s.apply(2, "eat4")
    before = json.dumps(s.to_json())
    with pytest.raises(NotYourTurn):
        s.apply(2, "keep")
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "eat7")  # seat 3's card, not seat 0's
    assert err.value.text["en"] and err.value.text["ja"]
    assert json.dumps(s.to_json()) == before


def test_m2_with_a_redistribution_decisions_stay_sequential_and_seen() -> None:
    s = make(4, [[1, 1, 2, 2, 3, 3, 4, 4]], elder=0)
    draft(s, 1, ["pick11", "pick22", "pick33"])
    for seat, vote in ((0, "down"), (1, "down"), (2, "up"), (3, "up")):
        s.apply(seat, vote)
    assert s.redistribute and not s.simultaneous
    s.apply(3, "take0")
    assert s.phase == "decide" and s.to_move() == [3] and not s.simultaneous
    assert s.view(0)["taker"] == 3 and s.view(0)["simultaneous"] is False
    assert s.undo_allowed(3, "eat1")
    s.apply(3, "eat1")
    # the next taker sees it at once: nothing is pending in secret
    assert not s.secret_pending() and s.to_move() == [2]
    seen = s.view(2)["seats"][3]
    assert seen["eaten"] == [1] and seen["decision"] == {
        "status": "revealed",
        "eat": [1],
        "keep": [1],
        "round": 1,
    }
    assert s.log[-1]["text"]["en"] == "{0} eats 1 and keeps 1." and "private" not in s.log[-1]


def test_m4_undo_a_secret_decision_unless_it_is_the_last() -> None:
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    rec = {"v": 1, "game": "marie", "players": 3, "seed": 1, "options": {"elder": 0},
           "seats": seats, "actions": []}  # fmt: skip
    snap = ask(cmd="start", record=rec, seat=0)
    sid = snap["session"]
    try:
        while snap["view"]["phase"] != "decide":  # everyone satisfied: no redistribution
            seat = snap["to_move"][0]
            moves = ask(cmd="view", session=sid, seat=seat)["moves"]
            action = "up" if snap["view"]["phase"] == "vote" else moves[0]["a"]
            snap = ask(cmd="act", session=sid, seat=seat, action=action)
        assert snap["to_move"] == [0, 1, 2]
        first = ask(cmd="act", session=sid, seat=0, action="keep", view_seat=0)
        assert first["can_undo"] and first["secret_pending"]
        assert "share" not in first and "seed" not in first  # no link while the game runs
        back = ask(cmd="undo", session=sid, seat=0)
        assert back["to_move"] == [0, 1, 2] and back["view"]["seats"][0]["decision"]["status"] == (
            "waiting"
        )
        ask(cmd="act", session=sid, seat=0, action="keep")
        second = ask(cmd="act", session=sid, seat=1, action="keep", view_seat=1)
        assert second["can_undo"]
        assert not ask(cmd="view", session=sid, seat=0)["can_undo"]  # seat 1 acted since
        last = ask(cmd="act", session=sid, seat=2, action="keep", view_seat=2)
        assert not last["can_undo"]  # it revealed every decision
        assert not bridge(cmd="undo", session=sid, seat=2)["ok"]
        assert last["view"]["phase"] == "pile" and not last["secret_pending"]
    finally:
        bridge(cmd="close", session=sid)


#: a record written before M4 (4 players, seed 77, bots normal, easy, random, normal): in the
#: rounds without redistribution the decisions come one at a time, youngest first
OLD_RECORD = [
    "2:pile1", "2:pick24", "3:pick35", "0:pick12", "0:up", "1:up", "2:up", "3:up", "1:eat1",
    "0:eat12", "3:eat35", "2:keep", "1:pile2", "1:pick11", "2:pick24", "3:pick22", "0:down",
    "1:up", "2:up", "3:up", "2:eat4", "1:keep", "0:pile4", "0:pick55", "1:pick27", "2:pick46",
    "0:up", "1:up", "2:up", "3:down", "2:keep", "1:keep", "3:pile3", "3:pick77", "0:pick35",
    "1:pick17", "0:up", "1:up", "2:up", "3:up", "2:eat3", "1:keep", "2:pile5", "2:pick35",
    "3:pick44", "0:pick55", "0:up", "1:down", "2:down", "3:up", "1:take0", "1:keep", "0:take2",
]  # fmt: skip


def test_m4_a_record_from_before_m4_still_replays_to_the_same_end() -> None:
    seats = [Seat(f"{level}-{s}", "bot", level) for s, level in
             enumerate(("normal", "easy", "random", "normal"))]  # fmt: skip
    state = replay(Record("marie", 4, 77, {}, seats, list(OLD_RECORD)))
    assert state.is_over()
    assert isinstance(state, MarieState)
    # the end the engine of the time reached
    assert state.eaten == [[1, 2], [1], [4, 3], [3, 5]]
    assert state.kept == [
        [0, 0, 0, 3, 0, 5, 0, 0],
        [0, 4, 1, 0, 0, 2, 0, 2],
        [0, 0, 2, 0, 4, 0, 2, 0],
        [0, 0, 2, 0, 2, 0, 1, 3],
    ]
    result = state.result()
    assert result.scores == [8, -1, 3, -2] and result.winners == [0]
