"""A tutorial never asks the learner for a move the engine marks as wasteful (the table would ask
"Play it anyway?" in the middle of a lesson, and the lesson would teach a loss)."""

from __future__ import annotations

import pytest

from pygames.core.registry import all_games, get_game
from pygames.tutorials import Tutorial, get_tutorial, move_actions, walk

TUTORIALS = [tut for info in all_games() if (tut := get_tutorial(info.id)) is not None]


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=[tut.game for tut in TUTORIALS])
def test_no_expected_move_is_marked_wasteful(tutorial: Tutorial) -> None:
    info = get_game(tutorial.game)
    checked = 0
    for step, _, shown, _ in walk(tutorial):
        for move in step.expect:
            for notation in move_actions(tutorial.game, shown.clone(), tutorial.learner, move)[:1]:
                assert info.waste(shown, tutorial.learner, notation) is None, (step.id, move)
                checked += 1
    assert checked >= 5
