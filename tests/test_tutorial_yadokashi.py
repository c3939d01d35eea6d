"""Yadokashi's tutorial says what the table shows: each step's words are checked against the
game at that step (the rolls, the moves, who chose a rebirth, the prices, the stars, the tie)."""

from __future__ import annotations

from typing import Any

from pygames.games.yadokashi.rules import YadokashiState
from pygames.tutorials import walk as tutorial_walk
from pygames.tutorials.yadokashi import TUTORIAL

ME, KAI, MIKA = 0, 1, 2


def _states() -> dict[str, tuple[YadokashiState, YadokashiState]]:
    """By step id: the game when the step's words show (after its scripted play) and after the
    learner's move (the same for a read step)."""
    out: dict[str, tuple[YadokashiState, YadokashiState]] = {}
    for step, _, shown, after in tutorial_walk(TUTORIAL):
        assert isinstance(shown, YadokashiState) and isinstance(after, YadokashiState)
        out[step.id] = (shown, after)
    return out


STATES = _states()


def _crabs(state: YadokashiState, seat: int) -> dict[int, int]:
    return {s: state.crabs[s] for s in state.rows[seat] if s in state.crabs}


def _last(state: YadokashiState, key: str = "last_move") -> dict[str, Any]:
    value = getattr(state, key)
    assert isinstance(value, dict)
    return value


def test_the_setup_the_first_steps_describe() -> None:
    shown, _ = STATES["crabs"]
    assert shown.start == ME and shown.stars == [1, 1, 1]
    assert shown.rows[MIKA][0] == 13 and len(shown.rows[MIKA]) == 5
    assert all(shown.crabs[row[1]] == row[1] for row in shown.rows)
    assert shown.rows[ME][1] == 12


def test_your_low_roll_moves_two_crabs_counterclockwise() -> None:
    _, after = STATES["move-dice"]
    move = _last(after)
    assert (move["call"], move["roll"]) == ("lo", 5)
    assert [(g["shell"], g["to"]) for g in move["growth"]] == [(1, 2), (2, 3)]
    assert [(m["from"], m["to"]) for m in move["moves"]] == [(1, 3), (2, 4)]
    assert move["income_before"][ME] == 1 and move["income_after"][ME] == 1


def test_kai_advances_and_your_last_shell_goes_to_mika() -> None:
    before, _ = STATES["move-dice"]
    shown, _ = STATES["kai-advances"]
    assert shown.rows[MIKA][0] == before.rows[ME][-1]
    assert shown.rows[ME][0] == before.rows[KAI][-1] == 5


def test_mika_chooses_where_your_size_12_crab_is_reborn() -> None:
    shown, _ = STATES["mika-rebirth"]
    move = _last(shown)
    assert (move["seat"], move["call"], move["roll"]) == (MIKA, "hi", 10)
    assert move["left"] == [12] and move["rebirth"] == [2]
    assert shown.owner(12)[0] == ME and shown.owner(2)[0] == MIKA


def test_new_tenants_rolls_and_your_picks() -> None:
    shown, _ = STATES["tenants-pick"]
    assert shown.phase == "tenants"
    assert shown.pending is not None and shown.pending["rolls"] == [8, 12, 10]
    _, after = STATES["tenants-pick"]
    assert _crabs(after, ME) == {12: 12, 10: 10}


def test_kai_high_sends_a_crab_back_to_the_centre() -> None:
    shown, _ = STATES["kai-high"]
    move = _last(shown)
    assert (move["seat"], move["call"], move["roll"]) == (KAI, "hi", 2)
    assert {"from": 2, "to": None, "size": 3} in move["moves"]
    assert _crabs(shown, ME) == {}


def test_the_free_shells() -> None:
    shown, after = STATES["buy"]
    assert shown.owner(3) == (MIKA, 5) and 3 not in shown.crabs
    assert after.rows[ME][0] == 3 and after.stars[ME] == shown.stars[ME]
    shown, _ = STATES["free-shells"]
    bought = _last(shown, "last_action")
    assert (bought["seat"], bought["shell"], bought["from"], bought["price"]) == (MIKA, 8, KAI, 0)
    shown, _ = STATES["free-taken"]
    bought = _last(shown, "last_action")
    assert (bought["seat"], bought["shell"], bought["from"], bought["price"]) == (MIKA, 5, ME, 0)


def test_rearrange_swaps_shells_10_and_12() -> None:
    shown, after = STATES["rearrange"]
    assert shown.rows[ME] == [3, 5, 9, 12, 10]
    assert after.rows[ME] == [3, 5, 9, 10, 12]


def test_your_advance_wins_kais_crab() -> None:
    shown, after = STATES["advance"]
    assert shown.rows[MIKA][0] == 12
    assert shown.rows[ME][-1] == 10 and 10 not in shown.crabs
    assert shown.rows[KAI][-1] == 6 and shown.crabs[6] == 6
    assert after.rows[ME][0] == 6 and after.rows[MIKA][0] == 10


def test_you_choose_the_rebirth() -> None:
    shown, _ = STATES["high-twelve"]
    assert _crabs(shown, ME) == {} and shown.crabs[13] == 12 and shown.owner(13)[0] == KAI
    shown, after = STATES["reborn"]
    assert shown.phase == "rebirth" and shown.legal_actions(ME) == ["re1", "re2"]
    assert after.owner(1)[0] == ME and after.crabs[1] == 1
    assert {"from": 4, "to": 6, "size": 5} in _last(after)["moves"]


def test_the_end_is_a_tie_won_by_the_player_whose_turn_it_is() -> None:
    shown, _ = STATES["low"]
    assert set(_crabs(shown, ME)) == {1, 6}
    shown, _ = STATES["last-roll"]
    assert (shown.stars[ME], shown.stars[MIKA]) == (24, 26)
    assert set(_crabs(shown, ME)) == {3, 6, 9}
    end, _ = STATES["the-end"]
    assert end.is_over() and end.stars == [29, 22, 29]
    result = end.result()
    assert result.winners == [ME] and result.tie_break == "turn_order"


def test_the_learner_is_sam() -> None:
    assert TUTORIAL.names[ME] == {"en": "Sam", "ja": "サム"}
    assert "Sam" in TUTORIAL.steps[0].text["en"] and "サム" in TUTORIAL.steps[0].text["ja"]


def test_income_comes_before_and_after_the_roll_in_the_words() -> None:
    step = next(s for s in TUTORIAL.steps if s.id == "move-dice")
    assert "before the roll and again after it" in step.text["en"]
    assert "振る前と後" in step.text["ja"]


def test_the_size_12_crab_that_leaves_is_in_the_growth_record() -> None:
    """The Last turn panel lists every crab that grew, the one that left for the centre too
    (it said "No crab grows" while the log said "The crab on shell 12 grows")."""
    shown, _ = STATES["mika-rebirth"]
    move = _last(shown)
    assert move["growth"] == [{"shell": 12, "from": 12, "to": 13}] and move["left"] == [12]
    log = [e["text"]["en"] for e in shown.log]
    assert "The crab on shell 12 grows." in log


def test_the_turns_since_yours_are_all_in_the_view() -> None:
    """At your New tenants the view's ``recent`` holds Kai's Advance and Mika's Move dice (the
    table lists every turn since yours), and your own Low roll before them."""
    shown, _ = STATES["tenants"]
    recent = shown.view(ME)["recent"]
    kinds = [(e["action"]["seat"], e["action"]["kind"]) for e in recent]
    assert kinds == [(ME, "move"), (KAI, "advance"), (MIKA, "move")]
    assert recent[2]["move"]["roll"] == 10 and recent[2]["move"]["rebirth"] == [2]
    assert recent[1]["move"] is None and recent[1]["tenants"] is None


def test_a_purchase_says_where_the_shell_came_from_and_where_it_goes() -> None:
    shown, _ = STATES["free-shells"]
    bought = _last(shown, "last_action")
    assert (bought["where"], bought["position"]) == (4, 1)
    line = next(e["text"]["en"] for e in reversed(shown.log) if "buys shell 8" in e["text"]["en"])
    assert line == (
        "{0} buys shell 8 from position 4 of {1}'s row for free and puts it at position 1 of "
        "their own row."
    )
