"""The heuristic bot of Return of the Pharaoh: fair, legal, sensible, and stronger than chance."""

from __future__ import annotations

import pytest

from pygames.core.bots import RandomBot, decide
from pygames.core.registry import get_game
from pygames.core.rng import Rng
from pygames.games.pharaoh.bot import PharaohHeuristicBot, cheapest_by_total
from pygames.games.pharaoh.rules import PharaohState, deck_cards
from tests.support import midgame, win_share


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_beats_random_bots(players: int) -> None:
    assert win_share("pharaoh", players, 24, seed=700) >= 1.5 / players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_are_legal_and_ignore_hidden_information(players: int) -> None:
    bot = PharaohHeuristicBot()
    for seed in range(60):
        state = midgame("pharaoh", players, seed, 80)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng.from_seed(seed, 5))
        a = decide(state, seat, bot, Rng.from_seed(seed, 6))
        assert a in state.legal_actions(seat)
        assert a == decide(other, seat, bot, Rng.from_seed(seed, 6))


def test_levels_registered() -> None:
    info = get_game("pharaoh")
    assert {"random", "easy", "normal"} <= set(info.bots)
    assert isinstance(info.make_bot("random"), RandomBot)
    assert info.make_bot("easy").name == "easy"
    assert isinstance(info.make_bot("normal"), PharaohHeuristicBot)


def test_cheapest_ways_keep_flags_and_use_few_cards() -> None:
    ways = {total: body for body, total, _ in cheapest_by_total((1, 2, 3, 13))}
    assert ways[3] == "3" and ways[4] == "13" and ways[6] == "123"
    assert ways[5] == "23"  # not 2 with the flag 3


def _opening(players: int, offer: str, round_: int = 1) -> PharaohState:
    state = PharaohState.new(players, 4, {"start": 0})
    rest = [c for c in deck_cards() if c != offer]
    state.offer = [offer, *rest[:3]]
    state.deck = rest[3 : 3 + (5 - round_) * 4]
    state.round = round_
    state.log = []
    state._start_auction()
    return state


def test_opens_with_the_bonus_and_wins_when_everyone_else_passed() -> None:
    bot = PharaohHeuristicBot()
    state = _opening(3, "gold5")
    action = bot.choose(state, 0, Rng.from_seed(1))
    assert action.startswith("d") and action.endswith("+")
    state = _opening(3, "gold5")
    state.apply(0, "pass")
    state.apply(1, "horus")
    assert bot.choose(state, 2, Rng.from_seed(1)) == "d1"


def test_takes_a_full_hospital_with_a_pharaoh_card_and_prefers_horus_to_a_plain_pass() -> None:
    bot = PharaohHeuristicBot()
    state = _opening(3, "jar1")
    state.apply(0, "d12345+")  # nobody can top 16
    state.hospital = [3, 4, 4, 5, 5, 16]
    state.hands[2] = [1, 2, 3]
    assert bot.choose(state, 1, Rng.from_seed(1)) == "pharaoh"
    state.hospital = []
    assert bot.choose(state, 1, Rng.from_seed(1)) == "horus"
