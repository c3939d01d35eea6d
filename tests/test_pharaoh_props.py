"""Property tests: many seeded random games of Return of the Pharaoh per player count."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.core.record import Record, Seat, replay
from pygames.core.rng import Rng
from pygames.games.pharaoh.rules import PHARAOHS, PharaohState, deck_cards, is_flag
from tests.conftest import seeds
from tests.support import play_random

GAMES = seeds(100)  # per player count: conservation / termination / replay / JSON
DEEP_GAMES = seeds(12)  # per player count: also hidden information at every step
STEP_CAP = 600  # every declaration spends a card and every pass ends a seat's auction


def members_everywhere(state: PharaohState) -> Counter[int]:
    """Every member card in hand, front area, tent and hospital."""
    count: Counter[int] = Counter(state.hospital)
    for zone in (state.hands, state.front, state.tents):
        for cards in zone:
            count.update(cards)
    return count


def check_conservation(state: PharaohState) -> None:
    assert state.invariant_errors() == []
    count = members_everywhere(state)
    plain = {c: k for c, k in count.items() if not is_flag(c)}
    assert plain == dict.fromkeys(range(1, 6), state.players)
    flags = [f"flag{c - 10}" for c in count.elements() if is_flag(c)]
    others = state.deck + state.pending_offer() + state.removed
    others += [c for ts in state.treasures for c in ts]
    assert sorted(flags + others) == deck_cards()
    assert [h + p for h, p in zip(state.pharaohs, state.played, strict=True)] == [
        PHARAOHS[state.players]
    ] * state.players


def check_step(before: PharaohState, state: PharaohState, seat: int, action: str) -> None:
    """One seat to move at a time, and every card where it belongs."""
    assert len(state.to_move()) == (0 if state.is_over() else 1)
    check_conservation(state)


def check_hidden_information(state: PharaohState, rng: Rng) -> None:
    """A world a seat cannot tell apart shows it the same; no view shows another hand."""
    for seat in range(state.players):
        world = state.determinize(seat, rng.copy())
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        assert sorted(world.deck) == sorted(state.deck)
        probe = Rng.from_seed(state.ply, stream=seat)
        assert (
            state.determinize(seat, probe.copy()).to_json()
            == world.determinize(seat, probe.copy()).to_json()
        )
        view = state.view(seat)
        for other, info in enumerate(view["seats"]):
            if other == seat or state.is_over():
                assert info["hand"] == sorted(state.hands[other])
            else:
                assert info["hand"] is None
            assert info["hand_count"] == len(state.hands[other])
        assert "deck" not in view and view["deck_count"] == len(state.deck)
    spectator = state.view(None)
    if not state.is_over():
        assert all(info["hand"] is None for info in spectator["seats"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_terminate_conserve_and_replay(players: int) -> None:
    for seed in range(GAMES):
        state, actions = play_random(
            PharaohState.new(players, seed), seed, check_step, cap=STEP_CAP
        )
        record = Record(
            "pharaoh", players, seed, {}, [Seat(f"P{i}") for i in range(players)], actions
        )
        again = replay(record)
        assert again.is_over()
        assert again.to_json() == state.to_json()
        assert again.result().to_json() == state.result().to_json()
        result = state.result()
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert state.deck == [] and all(f == [] for f in state.front)
        assert len(state.removed) + sum(len(t) for t in state.treasures) <= 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_never_show_another_hand(players: int) -> None:
    for seed in range(DEEP_GAMES):
        game = PharaohState.new(players, 10_000 + seed)
        play_random(game, 10_000 + seed, check_step, deep=check_hidden_information, cap=STEP_CAP)


def test_determinize_really_resamples_the_deck_and_nothing_else() -> None:
    state = PharaohState.new(3, 21)
    worlds = [state.determinize(1, Rng.from_seed(k)) for k in range(20)]
    assert len({tuple(w.deck) for w in worlds}) > 1
    for w in worlds:
        assert w.hands == state.hands and w.offer == state.offer
        assert w.pharaohs == state.pharaohs and w.horus == state.horus
