"""The moves the table warns about (issue 31, "The table warns before it wastes"): each game's
``waste`` marks a legal move only when it can only lose something (docs/rules/<id>.md, "Moves
the table warns about"), the bridge passes the mark on as ``warn`` ({en, ja}) on the
snapshot's moves and on a complete ``compose`` answer, and a greyed-out control or a seat that
sits out is told why.

Per game, over seeded random games, every mark is checked against what the move does: the
position after it is compared with the one after the better move the mark names, and a move
that is not marked is never one of those losses (no false marks, none missed)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from pygames.core.protocol import GameState
from pygames.core.registry import get_game
from pygames.core.text import t
from pygames.games.baggai.rules import BagGaiState
from pygames.games.hitokai.rules import HitokaiState
from pygames.games.marie.rules import POINTS, Action, MarieState, without
from pygames.games.pharaoh.rules import PharaohState
from tests.conftest import bridge as engine


def positions(game: str, players: int, seed: int, cap: int = 4000) -> Iterator[GameState]:
    """Every position of a game played at random (seeded), before each action."""
    state = get_game(game).state_class.new(players, seed)
    rng = random.Random(seed)
    while not state.is_over() and state.ply < cap:
        yield state
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def marks(state: GameState, seat: int) -> dict[str, dict[str, str]]:
    """The legal actions of ``seat`` the game marks, with the reason."""
    waste = get_game(state.game_id).waste
    out = {}
    for action in state.legal_actions(seat):
        why = waste(state, seat, action)
        if why is not None:
            assert why["en"] and why["ja"], (state.game_id, action)
            out[action] = {"en": why["en"], "ja": why["ja"]}
    return out


def checked_marks(
    game: str, players: int, seeds: range, check: Callable[[GameState, int, str, bool], None]
) -> int:
    """Run ``check(state, seat, action, marked)`` on every legal action of every seat to move
    in seeded games; the number of marked actions met."""
    found = 0
    for seed in seeds:
        for state in positions(game, players, seed):
            for seat in state.to_move():
                marked = marks(state, seat)
                legal = state.legal_actions(seat)
                assert not marked or len(marked) < len(legal), "a marked move is the only one"
                for action in legal:
                    check(state, seat, action, action in marked)
                found += len(marked)
    return found


S = TypeVar("S", bound=GameState)


def after(state: S, seat: int, action: str) -> S:
    """A copy of ``state`` with ``action`` of ``seat`` applied."""
    copy = state.clone()
    assert isinstance(copy, type(state))
    copy.apply(seat, action)
    return copy


# ------------------------------------------------------------------ Return of the Pharaoh


def pharaoh_check(state: GameState, seat: int, action: str, marked: bool) -> None:
    """Marked exactly when a Pharaoh pass would leave the position of the plain pass, less the
    Pharaoh card (and the pass's name in this auction's record of passes)."""
    assert isinstance(state, PharaohState)
    if action != "pharaoh":
        assert not marked
        return
    spent, plain = after(state, seat, "pharaoh"), after(state, seat, "pass")
    a, b = spent.to_json(), plain.to_json()
    for data in (a, b):
        data.pop("log")
    assert a.pop("pharaohs")[seat] == b["pharaohs"][seat] - 1
    assert a.pop("played")[seat] == b["played"][seat] + 1
    b.pop("pharaohs"), b.pop("played")
    a["passed"][seat] = b["passed"][seat] = "passed"
    same = a == b
    assert same == marked == (not state.hospital), (state.ply, state.hospital)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pharaoh_marks_the_pharaoh_pass_with_an_empty_hospital(players: int) -> None:
    found = checked_marks("pharaoh", players, range(3), pharaoh_check)
    assert found > 0


def test_pharaoh_mark_reason_in_both_languages() -> None:
    state = PharaohState.new(3, 1)
    seat = state.to_move()[0]
    assert not state.hospital
    why = marks(state, seat)
    assert set(why) == {"pharaoh"}
    assert "hospital is empty" in why["pharaoh"]["en"] and "病院" in why["pharaoh"]["ja"]


# ------------------------------------------------------------------ The Egyptian Buyer


def hitokai_check(state: GameState, seat: int, action: str, marked: bool) -> None:
    """Marked exactly when the bid is above the hand's worth; then, however the auction goes
    on, the bidder is eliminated when it is paid."""
    assert isinstance(state, HitokaiState)
    over = state.phase == "bid" and action.startswith("b") and int(action[1:]) > state.value(seat)
    assert marked == over, (state.ply, action)
    if not marked or random.Random(state.ply).random() > 0.2:
        return
    rng = random.Random(state.ply)
    for _ in range(3):
        copy = after(state, seat, action)
        while not copy.is_over() and copy.daughter == state.daughter and copy.round == state.round:
            mover = copy.to_move()[0]
            copy.apply(mover, rng.choice(copy.legal_actions(mover)))
        assert copy.eliminated[seat] or (copy.round != state.round and _eliminated_in(copy, seat))


def _eliminated_in(later: HitokaiState, seat: int) -> bool:
    """``seat`` was eliminated in the round that just ended."""
    return bool(later.summaries[-1]["seats"][seat]["eliminated"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hitokai_marks_bids_above_the_hand(players: int) -> None:
    assert checked_marks("hitokai", players, range(2), hitokai_check) > 0


def test_hitokai_withdraw_says_why_the_opener_cannot() -> None:
    info = get_game("hitokai")
    state = HitokaiState.new(3, 5)
    (seat,) = state.to_move()
    assert state.bid == 0
    why = info.unavailable(state, seat)
    assert set(why) == {"withdraw"} and "start player" in why["withdraw"]["en"]
    assert not [m for m in info.page_moves(state, seat) if m["kind"] == "withdraw"]
    state.apply(seat, "b1")
    assert info.unavailable(state, state.to_move()[0]) == {}


def test_hitokai_a_seat_without_cards_is_told_it_sits_out() -> None:
    state = HitokaiState.new(3, 5)
    (seat,) = state.to_move()
    other = (seat + 1) % 3
    assert state.view(other)["sits_out"] is None
    state.aside += state.hands[other]
    state.hands[other] = []
    said = state.view(other)["sits_out"]
    assert "no cards left" in said["en"] and "参加しません" in said["ja"]
    assert state.view(seat)["sits_out"] is None and state.view(None)["sits_out"] is None
    state.eliminated[other] = True
    assert "eliminated" in state.view(other)["sits_out"]["en"]


# ------------------------------------------------------------------ Marie's Table


def marie_check(state: GameState, seat: int, action: str, marked: bool) -> None:
    """An eat is marked exactly when one of the eaten cards would join cards of its number kept
    already; keeping that card instead is then worth at least as much at the end whatever comes
    (the points table rises by 1 or more from one card on), saves an eat and helps the
    tie-break."""
    assert isinstance(state, MarieState)
    act = Action.parse(action)
    if act.kind != "eat":
        assert not marked
        return
    kept = without(state.held(seat), list(act.args))
    counts = [state.kept[seat][c] + kept.count(c) for c in act.args]
    assert marked == any(counts), (action, counts)
    for count in counts:
        if count:
            assert all(POINTS[n + 1] - POINTS[n] >= 1 for n in range(count, 8))
    if marked:
        (card,) = [c for c, n in zip(act.args, counts, strict=True) if n][:1]
        better = [a for a in state.legal_actions(seat) if _keeps_more(a, action, card)]
        assert better, (action, state.legal_actions(seat))


def _keeps_more(other: str, action: str, card: int) -> bool:
    """``other`` eats what ``action`` eats, less the one ``card``."""
    eaten = list(Action.parse(action).args)
    eaten.remove(card)
    parsed = Action.parse(other)
    return (parsed.kind, sorted(parsed.args)) in (("eat", sorted(eaten)), ("keep", []))[
        : 1 if eaten else 2
    ] or (not eaten and parsed.kind == "keep")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_marie_marks_eating_a_card_of_a_kept_number(players: int) -> None:
    assert checked_marks("marie", players, range(3), marie_check) > 0


def test_marie_mark_with_a_replayed_future() -> None:
    """A marked eat against keeping the card, with the same moves played after it: the seat
    ends with at least as many points and never behind in the tie-break."""
    met = 0
    for seed in range(4):
        for state in positions("marie", 4, seed):
            for seat in state.to_move():
                for action in marks(state, seat):
                    met += _replay_both(state, seat, action, seed)
            if met >= 12:
                return
    assert met > 0


def _replay_both(state: GameState, seat: int, action: str, seed: int) -> int:
    assert isinstance(state, MarieState)
    (card,) = [
        c
        for c in Action.parse(action).args
        if state.kept[seat][c] + without(state.held(seat), list(Action.parse(action).args)).count(c)
    ][:1]
    better = next(a for a in state.legal_actions(seat) if _keeps_more(a, action, card))
    a, b = after(state, seat, action), after(state, seat, better)
    rng = random.Random(seed)
    while not a.is_over():
        mover = a.to_move()[0]
        move = rng.choice(a.legal_actions(mover))
        for extra in [s for s in b.to_move() if s not in a.to_move()]:
            b.apply(extra, "keep")  # the seat with an eat left decides where a cannot
        b.apply(mover, move if move in b.legal_actions(mover) else "keep")
        a.apply(mover, move)
    for extra in list(b.to_move()):
        b.apply(extra, "keep")
    assert b.is_over()
    assert b.score(seat) >= a.score(seat)
    assert all(x >= y for x, y in zip(b.kept[seat], a.kept[seat], strict=True))
    return 1


# ------------------------------------------------------------------ BAG-GAI


def baggai_check(state: GameState, seat: int, action: str, marked: bool) -> None:
    """A marked side of a Regular customer leaves the buyer, once his shopping is over, with no
    more money, bags or VP than the other side, and less of one of them."""
    assert isinstance(state, BagGaiState)
    if action not in ("fL", "fR"):
        assert not marked
        return
    if not marked:
        return
    other = "fR" if action == "fL" else "fL"
    a, b = _shop_on(after(state, seat, action), seat), _shop_on(after(state, seat, other), seat)
    worse = (a.purse[seat], len(a.owned[seat]), a.vp_showoff[seat])
    better = (b.purse[seat], len(b.owned[seat]), b.vp_showoff[seat])
    assert all(x <= y for x, y in zip(worse, better, strict=True)) and worse != better, (
        worse,
        better,
    )


def _shop_on(state: BagGaiState, seat: int) -> BagGaiState:
    """Play the buyer's own remaining steps (first legal choice) until his shopping ends."""
    while state.buyer() == seat and seat in state.to_move():
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_baggai_marks_a_free_take_of_a_spot_ahead_in_the_range() -> None:
    assert checked_marks("baggai", 4, range(12), baggai_check) > 0


def test_baggai_five_players_have_no_regular_customer_to_mark() -> None:
    assert checked_marks("baggai", 5, range(1), baggai_check) == 0


# ------------------------------------------------------------------ Yadokashi


@pytest.mark.parametrize("players", [3, 4])
def test_yadokashi_marks_nothing(players: int) -> None:
    def never(state: GameState, seat: int, action: str, marked: bool) -> None:
        assert not marked

    assert checked_marks("yadokashi", players, range(1), never) == 0


# ------------------------------------------------------------------ across the bridge


def test_the_snapshot_carries_the_mark_and_the_reasons() -> None:
    seats = [{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cal")]
    record: dict[str, Any] = {
        "v": 1,
        "game": "pharaoh",
        "players": 3,
        "seed": 1,
        "options": {},
        "seats": seats,
        "actions": [],
    }
    snap = engine(cmd="start", record=record)
    seat = snap["to_move"][0]
    snap = engine(cmd="view", session=snap["session"], seat=seat)
    (pharaoh,) = [m for m in snap["moves"] if m["kind"] == "pharaoh"]
    assert pharaoh["warn"]["en"].startswith("The hospital is empty")
    assert all("warn" not in m for m in snap["moves"] if m["kind"] != "pharaoh")
    assert snap["unavailable"] == {}
    other = engine(cmd="view", session=snap["session"], seat=(seat + 1) % 3)
    assert other["moves"] == [] and other["unavailable"] == {}
    answer = engine(cmd="compose", session=snap["session"], seat=seat, choice="declare", picks=[1])
    assert answer["complete"] and answer["warn"] is None


def test_a_complete_selection_carries_the_games_mark() -> None:
    """``page_compose`` marks a complete selection whose move the game's ``waste`` marks."""
    info = get_game("pharaoh")
    marking = dataclasses.replace(
        info, waste=lambda s, seat, a: t("x", "x") if a.startswith("d") else None
    )
    state = PharaohState.new(3, 1)
    seat = state.to_move()[0]
    assert marking.page_compose(state, seat, "declare", []).warn is None
    assert marking.page_compose(state, seat, "declare", [2]).to_json()["warn"] == {
        "en": "x",
        "ja": "x",
    }


def test_hitokai_snapshot_marks_only_the_bids_above_the_hand() -> None:
    seats = [{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cal")]
    record = {
        "v": 1,
        "game": "hitokai",
        "players": 3,
        "seed": 5,
        "options": {},
        "seats": seats,
        "actions": [],
    }
    snap = engine(cmd="start", record=record)
    seat = snap["to_move"][0]
    snap = engine(cmd="view", session=snap["session"], seat=seat)
    worth = snap["view"]["hand_value"]
    for move in snap["moves"]:
        assert ("warn" in move) == (move["amount"] > worth)
    assert "withdraw" in snap["unavailable"]
