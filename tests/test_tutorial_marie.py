"""Marie's Table's tutorial (pygames/tutorials/marie.py) says what its deal does: each step's
words are checked against the game as the learner sees it when they show (after the step's
scripted moves), and the learner is the one to move at every step that expects a move."""

from __future__ import annotations

from pygames.core.record import new_state, split_action
from pygames.games.marie.rules import MarieState
from pygames.tutorials import Step, line, move_actions
from pygames.tutorials.marie import TUTORIAL

YOU, KEN, JIRO = 0, 1, 2


def kept(state: MarieState, seat: int) -> dict[int, int]:
    """The numbers a seat has kept, with how many of each."""
    return {n: c for n, c in enumerate(state.kept[seat]) if c}


def states() -> dict[str, MarieState]:
    """Each step's state when its words show (after its scripted moves), by step id."""
    state = new_state(TUTORIAL.record())
    assert isinstance(state, MarieState)
    seen: dict[str, MarieState] = {}
    played = 0
    for step in TUTORIAL.steps:
        for entry in step.play:
            seat, notation = split_action(entry, played, TUTORIAL.players)
            state.apply(seat, notation)
            played += 1
        seen[step.id] = state.clone()
        for move in step.expect[:1]:
            for notation in move_actions(TUTORIAL.game, state, YOU, move):
                state.apply(YOU, notation)
                played += 1
    return seen


STATES = states()


def by_id(step_id: str) -> Step:
    return next(step for step in TUTORIAL.steps if step.id == step_id)


def test_the_learner_alone_is_to_move_at_every_move_step() -> None:
    for step in TUTORIAL.steps:
        state = STATES[step.id]
        if step.expect:  # (the scripted seats' votes and secret decisions are in first)
            assert state.to_move() == [YOU], step.id


def test_round_one_you_are_the_elder_and_everyone_keeps_his_own_pair() -> None:
    assert STATES["pile"].elder == YOU and STATES["pile"].phase == "pile"
    assert sorted(STATES["keep"].hand) == [1, 3, 3, 5, 5, 7]
    shown = STATES["shown"]
    assert shown.revealed and shown.youngest == JIRO
    assert shown.pairs == [[5, 5], [3, 7], [1, 3]]
    decide = STATES["decide"]
    assert decide.simultaneous and decide.last_votes == [True, True, True]
    eaten = STATES["eaten"]
    assert eaten.eaten[KEN] == [3, 7] and eaten.eaten[JIRO] == [1, 3]
    assert kept(eaten, YOU) == {5: 2}


def test_round_two_jiro_is_the_elder_and_one_dissatisfied_vote_is_not_enough() -> None:
    state = STATES["next-elder"]
    assert state.elder == JIRO and sorted(state.hand) == [1, 2, 3, 5]
    decide = STATES["decide-2"]
    assert decide.last_votes == [True, False, True] and decide.simultaneous
    assert decide.pairs[YOU] == [3, 5]


def test_round_three_you_are_the_youngest_and_the_pairs_change_hands() -> None:
    state = STATES["youngest"]
    assert state.elder == KEN and state.youngest == YOU
    assert state.pairs == [[2, 4], [4, 4], [5, 6]]
    take = STATES["take"]
    assert take.redistribute and take.last_votes == [False, True, False]
    assert sorted(take.legal_actions(YOU)) == ["take1", "take2"]
    assert STATES["eat"].holding == [5, 6]
    after = STATES["others-take"]
    assert kept(after, YOU) == {3: 1, 5: 4} and after.eaten[YOU] == [6]
    before = STATES["eat"]
    assert kept(after, JIRO)[4] == kept(before, JIRO).get(4, 0) + 2
    assert kept(after, KEN)[2] == kept(before, KEN).get(2, 0) + 1


def test_the_skip_reaches_the_last_round_with_two_3s_for_the_youngest() -> None:
    state = STATES["skip"]
    assert state.round == state.rounds - 1 and state.youngest == YOU
    assert state.pairs[YOU] == [3, 3] and state.phase == "vote"
    assert STATES["keep-last"].legal_actions(YOU) == ["eat3", "keep"]


def test_the_end_you_win_with_8_points() -> None:
    end = STATES["end"]
    assert end.is_over()
    assert [end.score(s) for s in range(3)] == [8, 7, 2]
    assert kept(end, YOU) == {3: 4, 5: 5, 6: 2} and end.eaten[YOU] == [6]
    assert end.result().winners == [YOU]
    assert "8 points" in by_id("score").text["en"]


def test_a_dissatisfied_vote_where_one_is_not_enough_changes_nothing_else() -> None:
    main = line(TUTORIAL)
    for step_id in ("vote", "vote-last"):
        other = line(TUTORIAL, {step_id: 1})
        changed = [k for k, (a, b) in enumerate(zip(main, other, strict=True)) if a != b]
        assert len(changed) == 1 and other[changed[0]] == "0:down", step_id


def test_my_draft_says_who_got_each_pair_the_learner_kept() -> None:
    """The learner's draft history (the table's "My draft") tells what became of each pair he
    kept: round 1 kept, round 3's 2 and 4 taken by Ken (not "Kept 2 4" alone, as before)."""
    history = STATES["others-take"].view(YOU)["history"]
    fates = {entry["round"]: entry.get("fate") for entry in history}
    assert fates == {
        1: {"by": YOU, "keep": [5, 5], "eat": []},
        2: {"by": YOU, "keep": [3, 5], "eat": []},
        3: {"by": KEN, "keep": [2, 4], "eat": []},
    }
    eaten = STATES["eaten"].view(KEN)["history"]
    assert eaten[-1]["fate"] == {"by": KEN, "keep": [], "eat": [3, 7]}
