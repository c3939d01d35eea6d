"""Quiet worlds (the bots' and the searches' copies whose log nobody reads) play exactly like the
worlds they stand for, and the shared-entry scrub of the log reads as :meth:`log_for` does.

``PYGAMES_QUIET_SEEDS`` raises the number of seeded positions per game (default 12).
"""

from __future__ import annotations

import json
import os

import pytest

from pygames.core.bots import Bot, decide
from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import all_games
from pygames.core.rng import Rng
from tests.support import midgame

GAMES = [g.id for g in all_games()]
SEEDS = int(os.environ.get("PYGAMES_QUIET_SEEDS", "12"))
STEPS = 60  # random steps played on both worlds after the split


def players_of(game: str, seed: int) -> int:
    info = next(g for g in all_games() if g.id == game)
    return info.min_players + seed % (info.max_players - info.min_players + 1)


def attributes(state: GameState) -> dict[str, object]:
    """The state's attributes, but ``quiet``: an instance's own ``False`` and the class's
    default are the same (``quiet_world`` leaves the class default)."""
    return {k: v for k, v in vars(state).items() if k != "quiet"}


def without_log(state: GameState) -> JSONDict:
    """The state's JSON without its log and its narration (what a quiet state may skip)."""
    data = state.to_json()
    for key in ("log", *state._NARRATION):
        del data[key]
    return data


@pytest.mark.parametrize("game", GAMES)
def test_a_quiet_world_plays_like_the_determinization(game: str) -> None:
    for seed in range(SEEDS):
        state = midgame(game, players_of(game, seed), seed, 120)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        before = (json.dumps(state.to_json()), attributes(state))
        loud = state.determinize(seat, Rng.from_seed(seed, 3))
        quiet = state.quiet_world(seat, Rng.from_seed(seed, 3))
        assert (json.dumps(state.to_json()), attributes(state)) == before  # untouched
        assert not state.quiet and quiet.quiet and quiet.log == []
        moves = Rng.from_seed(seed, 4)
        for _ in range(STEPS):
            assert without_log(quiet) == without_log(loud), (game, seed)
            assert quiet.log == []
            if loud.is_over():
                break
            mover = loud.to_move()[0]
            legal = loud.legal_actions(mover)
            assert quiet.to_move() == loud.to_move() and quiet.legal_actions(mover) == legal
            action = moves.choice(legal)
            loud.apply(mover, action)
            quiet.apply(mover, action, legal)
        assert quiet.is_over() == loud.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_the_scrubbed_log_reads_as_log_for(game: str) -> None:
    for seed in range(SEEDS):
        state = midgame(game, players_of(game, seed), seed, 200)
        for seat in range(state.players):
            copy = state.clone()
            copy.scrub_log(seat)
            assert json.dumps(copy.log) == json.dumps(state.log_for(seat))
            world = state.determinize(seat, Rng.from_seed(seed, 5))
            assert json.dumps(world.log) == json.dumps(state.log_for(seat))


def test_a_quiet_copy_leaves_the_state_and_its_log_alone() -> None:
    state = midgame("marie", 4, 3, 40)
    log = list(state.log)
    copy = state.quiet_copy()
    assert copy is not state and copy.quiet and copy.log == []
    assert state.log == log and not state.quiet
    assert copy.quiet_copy() is copy
    copy.say("a line nobody reads", "誰も読まない行")
    assert copy.log == []


class Stubborn(Bot):
    """Always the same action, legal or not."""

    def __init__(self, action: str) -> None:
        self.action = action

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        return self.action


@pytest.mark.parametrize("game", GAMES)
def test_decide_with_the_legal_list_refuses_what_decide_refuses(game: str) -> None:
    state = midgame(game, players_of(game, 1), 1, 30)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    for bot in (Stubborn(legal[-1]), Stubborn("no such move")):
        outcomes = []
        for given in (None, legal):
            try:
                outcomes.append(decide(state, seat, bot, Rng.from_seed(2), given))
            except RuntimeError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1]
    assert "illegal" in outcomes[0]
