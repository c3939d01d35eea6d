"""Property tests: many seeded random games of Yadokashi per player count (its command line:
tests/test_cli.py)."""

from __future__ import annotations

import json

import pytest

from pygames.core.play import summary
from pygames.core.record import Record, Seat, replay
from pygames.core.rng import Rng
from pygames.core.soak import soak_game
from pygames.games.yadokashi import rules
from pygames.games.yadokashi.rules import DICE, YadokashiState
from tests.conftest import seeds
from tests.support import play_random

GAMES = seeds(150)  # per player count: conservation, termination, replay, JSON
DEEP_GAMES = seeds(20)  # per player count: also JSON round trip and determinize at every step


def check_step(before: YadokashiState, state: YadokashiState, seat: int, action: str) -> None:
    """Conservation after one action: shells, dice, and stars that only fall by a payment."""
    assert state.invariant_errors() == []
    assert len(state.to_move()) == (0 if state.is_over() else 1)
    shells = sorted(s for row in state.rows for s in row)
    assert shells == list(range(1, 14 if state.players == 3 else 17))
    assert len(state.crabs) + state.centre == DICE and state.centre >= 0
    paid = 0
    if action.startswith("b"):
        assert state.last_action is not None and state.last_action["kind"] == "buy"
        paid = state.last_action["price"]
    for p in range(state.players):
        if p == seat:
            assert state.stars[p] >= before.stars[p] - paid
        else:
            assert state.stars[p] >= before.stars[p]
    assert sum(state.stars) >= sum(before.stars)


def check_deep(state: YadokashiState, rng: Rng) -> None:
    """Determinize: same views, and independent of the future (the JSON round trip and the
    clone: :func:`tests.support.play_random`)."""
    for seat in range(state.players):
        world = state.determinize(seat, rng.copy())
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        probe = Rng.from_seed(state.ply, stream=seat)
        assert (
            state.determinize(seat, probe.copy()).to_json()
            == world.determinize(seat, probe.copy()).to_json()
        )
    json.dumps(state.view(None))


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_conserve_terminate_and_replay(players: int) -> None:
    capped = 0
    for seed in range(GAMES):
        state, actions = play_random(YadokashiState.new(players, seed), seed, check_step)
        seats = [Seat(f"P{i}") for i in range(players)]
        again = replay(Record("yadokashi", players, seed, {}, seats, actions))
        assert again.to_json() == state.to_json()
        result = state.result()
        assert result.to_json() == again.result().to_json()
        if state.phase == "capped":
            capped += 1
            assert result.winners == []
        else:
            assert len(result.winners) == 1 and max(state.stars) >= rules.GOAL
            assert result.scores[result.winners[0]] == max(result.scores)
    assert capped == 0  # random games finish (measured: at most ~340 turns in 1000 games)


@pytest.mark.parametrize("players", [3, 4])
def test_deep_checks_every_step(players: int) -> None:
    for seed in range(DEEP_GAMES):
        game = YadokashiState.new(players, 5000 + seed)
        play_random(game, 5000 + seed, check_step, deep=check_deep)


def test_capped_games_are_reported_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "TURN_CAP", 12)
    for players in (3, 4):
        state, actions = play_random(YadokashiState.new(players, 42), 42, check_step)
        assert state.phase == "capped" and state.turn == 12 and state.is_over()
        result = state.result()
        assert result.winners == [] and result.tie_break == "capped"
        assert "unfinished" in result.tie_break_text["en"] and result.tie_break_text["ja"]
        view = state.view(0)
        assert view["capped"] and view["winners"] == [] and view["current"] is None
        record = Record(
            "yadokashi",
            players,
            42,
            {},
            [Seat("a"), Seat("b"), Seat("c"), Seat("d")][:players],
            actions,
        )
        assert replay(record).to_json() == state.to_json()
        # the CLI's line and the soak both count it as unfinished, with no winner
        assert not result.finished and result.to_json()["finished"] is False
        line = summary(record, state)
        assert line["finished"] is False and line["winners"] == []
        assert line["scores"] == result.scores and line["tie_break"] == "capped"


def test_soak_counts_a_capped_game_as_unfinished_not_as_a_violation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules, "TURN_CAP", 12)
    out = soak_game("yadokashi", 3, 42, "random", deep_every=0)
    assert out.violations == [] and not out.finished and out.actions > 12
