"""The picks of a coach's move (:mod:`pygames.coach_picks`): every action made through a choice
is marked by picks that ``compose`` agrees lead to it, in every game that has choices; a
discrete move needs none; the hint carries them on its moves."""

from __future__ import annotations

import pytest

from pygames import coach
from pygames.coach_picks import move_picks, pick_text
from pygames.core.protocol import GameState
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import get_game
from pygames.core.rng import Rng

CHOICE_GAMES = [("baggai", 4), ("pharaoh", 3), ("hitokai", 4), ("yadokashi", 3)]
#: actions checked per decision (a Pharaoh hand has many declarations)
SAMPLE = 40


def _decisions(game: str, players: int, seed: int, most: int = 150) -> list[tuple[GameState, int]]:
    """The decisions of a game played at random (each position and its seat to move)."""
    state = get_game(game).state_class.new(players, seed, {})
    rng = Rng.from_seed(seed, 5)
    out: list[tuple[GameState, int]] = []
    while not state.is_over() and len(out) < most:
        seat = state.to_move()[0]
        out.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def _check(state: GameState, seat: int, action: str, discrete: set[str]) -> bool:
    """The picks of ``action``: present whenever no discrete move plays it; when present, a
    selection of an offered choice that ``compose`` completes into it, or whose first pick
    starts it (a move made in several steps). Whether it had picks (``discrete``: the
    notations of the discrete moves)."""
    info = get_game(state.game_id)
    made = move_picks(state, seat, action)
    if action not in discrete:
        assert made, f"{state.game_id}: {action} is a choice's move without picks"
    if not made:
        return False
    assert made["choice"] in {c["id"] for c in info.choices(state, seat)}
    raw = info.action_picks(state, seat, action)
    assert raw is not None and made["picks"] == [pick_text(p) for p in raw.picks]
    composed = info.compose(state, seat, made["choice"], list(raw.picks))
    assert composed.valid
    if composed.complete:
        assert composed.actions[0] == action
    return True


@pytest.mark.parametrize(("game", "players"), CHOICE_GAMES)
def test_every_composed_move_has_its_picks(game: str, players: int) -> None:
    """Over two random games, every sampled legal action of every decision."""
    marked = 0
    for seed in (3, 11):
        rng = Rng.from_seed(seed, 6)
        for state, seat in _decisions(game, players, seed):
            actions = state.legal_actions(seat)
            if len(actions) > SAMPLE:
                actions = [rng.choice(actions) for _ in range(SAMPLE)]
            info = get_game(game)
            discrete = {str(m["a"]) for m in info.discrete_moves(state, seat)}
            marked += sum(_check(state, seat, a, discrete) for a in actions)
    assert marked > 0, f"{game}: no composed move met"


def test_a_range_covers_its_spots() -> None:
    """BAG-GAI: a range's picks are its two ends, and it covers every spot between."""
    state = get_game("baggai").state_class.new(4, 1, {})
    seat = state.to_move()[0]
    assert move_picks(state, seat, "r2-5") == {
        "choice": "range",
        "picks": ["2", "5"],
        "covers": ["2", "3", "4", "5"],
    }
    assert move_picks(state, seat, "rL")["picks"] == ["0"]
    assert move_picks(state, seat, "r7-R")["covers"] == ["7", "8", "9"]  # 8 spots, Bank R 9


def test_discrete_moves_have_no_picks() -> None:
    """A bid of The Egyptian Buyer and a pass of Pharaoh are marked by their notation alone."""
    state = get_game("hitokai").state_class.new(4, 1, {})
    seat = state.to_move()[0]
    assert move_picks(state, seat, state.legal_actions(seat)[0]) == {}
    state = get_game("pharaoh").state_class.new(3, 1, {})
    assert move_picks(state, state.to_move()[0], "pass") == {}


def test_a_declaration_names_its_cards_and_bonus() -> None:
    """Pharaoh: the start player's declaration with the round bonus picks its cards and
    ``bonus``."""
    state = get_game("pharaoh").state_class.new(3, 4, {})
    seat = state.to_move()[0]
    with_bonus = [a for a in state.legal_actions(seat) if a.startswith("d") and a.endswith("+")]
    assert with_bonus
    made = move_picks(state, seat, with_bonus[0])
    assert made["choice"] == "declare" and made["picks"][-1] == "bonus"


def test_the_hint_carries_picks() -> None:
    """A hint in BAG-GAI's range phase: its best moves are ranges, each with its picks."""
    record = Record("baggai", 4, 7, {"hints": True}, [Seat(n) for n in "ABCD"])
    state = new_state(record)
    seat = state.to_move()[0]
    hint = coach.hint_at(None, record, state, seat)
    answer = coach.hint_answer(hint, state, 0.2)
    moves = answer["moves"]
    assert moves
    for move in moves[: coach.HINT_WORDS]:
        assert move["choice"] == "range" and move["picks"]
        assert move_picks(state, seat, move["a"]) == {
            k: move[k] for k in ("choice", "picks", "covers") if k in move
        }
