"""Return of the Pharaoh's moves as data (docs/table-layer.md): the passes as discrete moves,
the declaration as a choice composed card by card (the start bonus as a pick), refusals of
unreadable picks, the figures of the view the page draws from, and old records that replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.errors import IllegalAction
from pygames.core.record import Record, Seat, new_state, replay
from pygames.games.pharaoh import page
from pygames.games.pharaoh.rules import KINDS_BONUS, PharaohState
from tests.conftest import ask, engine
from tests.page_walk import offered_actions, walk
from tests.test_pharaoh_rules import A, B, C, play, position


def declare(s: PharaohState, seat: int) -> dict[str, Any]:
    """The seat's declaration choice (checked to be its only one)."""
    choices = page.choices(s, seat)
    assert [c["id"] for c in choices] == ["declare"]
    assert choices[0]["kind"] == "declare" and choices[0]["order"] == "set"
    return choices[0]


def compose(s: PharaohState, seat: int, *picks: Any) -> dict[str, Any]:
    """The engine's judgement of ``picks`` as JSON."""
    return page.compose(s, seat, "declare", list(picks)).to_json()


def test_the_passes_are_moves_with_kinds_and_fields() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["jar1"], horus=A, hospital=[2, 15])
    moves = {m["a"]: m for m in page.discrete_moves(s, A)}
    assert moves == {
        "horus": {"a": "horus", "kind": "horus", "holder": A},
        "pharaoh": {
            "a": "pharaoh",
            "kind": "pharaoh",
            "hospital": [2, 15],
            "members": 7,
            "left": 2,
        },
        "pass": {"a": "pass", "kind": "pass"},
    }
    assert (
        page.discrete_moves(s, B) == [] and page.choices(s, B) == []
    )  # not to move: nothing offered
    play(s, (A, "horus"))
    assert [m["kind"] for m in page.discrete_moves(s, B)] == ["pharaoh", "pass"]  # Horus is gone
    assert offered_actions(s, B) == set(s.legal_actions(B))


def test_the_declaration_lists_the_hand_the_front_and_the_bonus() -> None:
    s = position(3, [[3, 3, 13], [1, 2, 3, 4, 5], [1, 2]], ["gold1"], round_=2, horus=A)
    choice = declare(s, A)
    assert choice["cards"] == [
        {"card": 3, "count": 2, "value": 3, "flag": False},
        {"card": 13, "count": 1, "value": 3, "flag": True},
    ]
    assert choice["front"] == 0 and choice["highest"] == 0
    assert choice["bonus"] == {"pick": "bonus", "amount": 2}
    # every distinct multiset once, with and without the bonus: exactly the legal actions
    assert offered_actions(s, A) == set(s.legal_actions(A))
    selections = list(walk(s, A, choice))
    assert sum(1 for _, c in selections if c.complete) == 2 * 5


def test_compose_adds_cards_and_the_bonus_and_plays_one_notation_string() -> None:
    s = position(3, [[1, 2, 3, 4, 5, 15]] * 3, ["gold1"], round_=3, horus=A)
    empty = compose(s, A)
    assert empty["valid"] and not empty["complete"] and empty["actions"] == []
    assert empty["next"] == [1, 2, 3, 4, 5, 15, "bonus"]
    assert empty["info"]["total"] == 0
    one = compose(s, A, 15, 3)
    assert one["complete"] and one["actions"] == ["d3f5"]
    assert one["info"] == {
        "picked": [3, 15],
        "front": 0,
        "adding": 8,
        "bonus": 0,
        "total": 8,
        "highest": 0,
        "beats": True,
        "missing": 0,
    }
    assert one["next"] == [1, 2, 4, 5, "bonus"]
    plus = compose(s, A, "bonus", 15, 3)
    assert plus["actions"] == ["d3f5+"] and plus["info"]["total"] == 11
    assert "bonus" not in plus["next"]
    only_bonus = compose(s, A, "bonus")
    assert only_bonus["valid"] and not only_bonus["complete"]  # a declaration needs a card
    play(s, (A, plus["actions"][0]))
    assert s.highest == 11 and s.declared[A] == 11


def test_compose_must_beat_the_highest_with_the_whole_front() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold3"], horus=A)
    play(s, (A, "d3"), (B, "d4"), (C, "d5"), (A, "pass"))
    choice = declare(s, B)
    assert choice["front"] == 4 and choice["highest"] == 5 and choice["bonus"] is None
    short = compose(s, B, 1)
    assert short["valid"] and not short["complete"]
    assert short["info"]["total"] == 5 and short["info"]["missing"] == 1
    assert not short["info"]["beats"]
    enough = compose(s, B, 2)
    assert enough["complete"] and enough["actions"] == ["d2"] and enough["info"]["total"] == 6
    refused = compose(s, B, 2, "bonus")  # not the start player's opening declaration
    assert not refused["valid"] and refused["next"] == [] and "start player" in refused["why"]["en"]
    assert offered_actions(s, B) == set(s.legal_actions(B))


def test_cards_not_in_hand_are_judged_not_valid() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold3"], horus=A)
    twice = compose(s, A, 3, 3)
    assert not twice["valid"] and not twice["complete"] and twice["next"] == []
    assert twice["why"]["en"] == "You do not hold 3 in your hand."
    assert twice["why"]["ja"]
    flag = compose(s, A, 17)
    assert not flag["valid"] and "flag 7" in flag["why"]["en"]
    doubled = compose(s, A, 1, "bonus", "bonus")
    assert not doubled["valid"] and doubled["why"]["ja"]


@pytest.mark.parametrize(
    "picks",
    [[True], [3.0], ["3"], [None], [[3]], [{"card": 3}], [6], [0], [-3], [11], ["Bonus"]],
)
def test_unreadable_picks_are_refused(picks: list[Any]) -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold3"], horus=A)
    with pytest.raises(IllegalAction):
        page.compose(s, A, "declare", picks)


def test_foreign_choices_and_seats_are_refused() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold3"], horus=A)
    with pytest.raises(IllegalAction):
        page.compose(s, A, "pick", [])
    with pytest.raises(IllegalAction):
        page.compose(s, B, "declare", [1])  # not to move
    with pytest.raises(IllegalAction):
        page.compose(s, A, "declare", "13")  # type: ignore[arg-type]  # not a list: refused


def test_no_declaration_choice_when_no_declaration_is_legal() -> None:
    # C holds 1 and 2 and has 0 in front; 5 to beat: only the passes are left
    s = position(3, [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2]], ["gold3"], horus=A)
    play(s, (A, "d5"), (B, "horus"))
    assert s.to_move() == [C]
    assert page.choices(s, C) == [] and [m["kind"] for m in page.discrete_moves(s, C)] == [
        "pharaoh",
        "pass",
    ]
    assert offered_actions(s, C) == set(s.legal_actions(C))
    with pytest.raises(IllegalAction):
        page.compose(s, C, "declare", [])


def test_a_large_hand_is_one_compact_choice() -> None:
    hand = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 13, 14, 15, 16, 17]
    s = position(3, [hand, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], ["gold1"], horus=A)
    legal = s.legal_actions(A)
    assert len(legal) > 5000
    assert len(json.dumps(page.choices(s, A))) < 1000
    assert len(page.discrete_moves(s, A)) == 3
    assert offered_actions(s, A) == set(legal)


def test_the_view_carries_the_figures_the_page_shows() -> None:
    s = PharaohState.new(3, 4)
    v = s.view(0)
    assert v["auctions"] == 4
    assert v["scoring"]["item"] == 1 and v["scoring"]["flag"] == 1
    assert [k["bonus"] for k in v["scoring"]["kinds_bonus"]] == list(KINDS_BONUS[1:])
    assert v["member_cards"]["15"] == {"value": 5, "flag": True}
    assert v["member_cards"]["4"] == {"value": 4, "flag": False}
    assert v["deck_cards"]["jar2"] == {"kind": "jar", "number": 2}
    assert v["deck_cards"]["flag6"] == {"kind": "flag", "number": 6, "member": 16}
    assert set(v["deck_cards"]) >= {o["card"] for o in v["offer"]}


def test_records_keep_their_notation_and_replay() -> None:
    seats = [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(3)]
    record = Record("pharaoh", 3, 8, {"start": 0}, seats, [])
    state = new_state(record)
    actions = []
    while not state.is_over():
        seat = state.to_move()[0]
        if state.ply % 3 and page.choices(state, seat):
            choice = page.choices(state, seat)[0]
            # everything in hand, the bonus too when it is offered
            picks: list[Any] = [c["card"] for c in choice["cards"] for _ in range(c["count"])]
            if choice["bonus"]:
                picks.append(choice["bonus"]["pick"])
            composed = page.compose(state, seat, "declare", picks)
            assert composed.complete
            a = composed.actions[0]
        else:
            moves = page.discrete_moves(state, seat)
            a = moves[state.ply % len(moves)]["a"]
        state.apply(seat, a)
        actions.append(f"{seat}:{a}")
    assert any(":d" in a for a in actions) and any(a.endswith("+") for a in actions)
    replayed = replay(Record("pharaoh", 3, 8, {"start": 0}, seats, actions))
    assert replayed.to_json() == state.to_json()


def test_the_bridge_composes_and_plays_a_declaration() -> None:
    seats = [{"name": "Aya", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": "normal"} for i in (2, 3)
    ]
    record = {"v": 1, "game": "pharaoh", "players": 3, "seed": 5, "options": {"start": 0},
              "seats": seats, "actions": []}  # fmt: skip

    snap = ask(cmd="start", record=record, seat=0)
    sid = snap["session"]
    try:
        assert [m["kind"] for m in snap["moves"]] == ["horus", "pharaoh", "pass"]
        assert [c["id"] for c in snap["choices"]] == ["declare"]
        ans = ask(cmd="compose", session=sid, seat=0, choice="declare", picks=[5, "bonus"])
        assert ans["complete"] and ans["actions"] == ["d5+"] and ans["info"]["total"] == 6
        snap = ask(cmd="act", session=sid, seat=0, actions=ans["actions"], view_seat=0)
        assert snap["applied"] == 1 and snap["view"]["seats"][0]["declared"] == 6
        refused = json.loads(
            engine().handle(json.dumps({"cmd": "compose", "session": sid, "seat": 0,
                                   "choice": "declare", "picks": [True]}))
        )  # fmt: skip
        assert not refused["ok"]
    finally:
        engine().handle(json.dumps({"cmd": "close", "session": sid}))
