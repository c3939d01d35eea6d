"""A tutorial never asks the learner for a move the engine marks as wasteful (the table would ask
"Play it anyway?" in the middle of a lesson, and the lesson would teach a loss)."""

from __future__ import annotations

import pytest

from pygames.core.record import new_state, split_action
from pygames.core.registry import all_games, get_game
from pygames.tutorials import Tutorial, get_tutorial, move_actions

TUTORIALS = [tut for info in all_games() if (tut := get_tutorial(info.id)) is not None]


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=[tut.game for tut in TUTORIALS])
def test_no_expected_move_is_marked_wasteful(tutorial: Tutorial) -> None:
    info = get_game(tutorial.game)
    state = new_state(tutorial.record())
    checked = 0
    for step in tutorial.steps:
        for entry in step.play:
            seat, notation = split_action(entry, 0, tutorial.players)
            state.apply(seat, notation)
        for move in step.expect:
            for notation in move_actions(tutorial.game, state.clone(), tutorial.learner, move)[:1]:
                assert info.waste(state, tutorial.learner, notation) is None, (step.id, move)
                checked += 1
        if step.expect:
            for notation in move_actions(tutorial.game, state, tutorial.learner, step.expect[0]):
                state.apply(tutorial.learner, notation)
    assert checked >= 5
