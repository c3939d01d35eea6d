"""Return of the Pharaoh's tutorial says what the engine does: each step's words are checked
against the state the learner sees (the scripted seats' moves played) and the state his move
leads to."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from pygames.games.pharaoh.rules import PharaohState
from pygames.tutorials import Step
from pygames.tutorials import walk as tutorial_walk
from pygames.tutorials.pharaoh import TUTORIAL

YOU, AMIRA, HOWARD = 0, 1, 2


@dataclass
class Moment:
    """A step: the state when its words show, and after the learner's move (the same state for
    a read step)."""

    step: Step
    shown: PharaohState
    after: PharaohState


def walk() -> dict[str, Moment]:
    """Every step of the script's own line, by id."""
    out: dict[str, Moment] = {}
    for step, _, shown, after in tutorial_walk(TUTORIAL):
        assert isinstance(shown, PharaohState) and isinstance(after, PharaohState)
        out[step.id] = Moment(step, shown, after)
    return out


@pytest.fixture(scope="module")
def moments() -> dict[str, Moment]:
    return walk()


def test_only_the_fast_forward_plays_the_learners_moves(moments: dict[str, Moment]) -> None:
    for m in moments.values():
        seats = {int(entry.split(":")[0]) for entry in m.step.play}
        assert m.step.fast or YOU not in seats, m.step.id


def test_the_first_declaration_adds_the_round_bonus(moments: dict[str, Moment]) -> None:
    m = moments["declare"]
    assert m.shown.start == YOU and m.shown.bonus_open(YOU)
    assert m.after.declared[YOU] == 3 and m.after.front[YOU] == [2]
    assert moments["raise"].after.front[YOU] == [2, 3]


def test_one_horus_pass_per_auction(moments: dict[str, Moment]) -> None:
    shown = moments["horus-pass"].shown
    assert shown.horus == HOWARD and shown.passed[HOWARD] == "horus"
    assert not shown.horus_open() and "horus" not in shown.legal_actions(YOU)


def test_the_winners_members_go_to_the_hospital(moments: dict[str, Moment]) -> None:
    shown = moments["hospital"].shown
    assert shown.treasures[YOU] == ["gold4"] and shown.hospital == [2, 3]
    assert shown.hands[AMIRA] == [1, 2, 3, 4, 5]  # she declared, passed and took her 4 back


def test_amiras_pharaoh_pass_takes_the_learners_members(moments: dict[str, Moment]) -> None:
    before = moments["plain-pass"].after
    assert before.hospital == [2, 3] and before.passed[YOU] == "pass"
    shown = moments["pharaoh-pass"].shown
    assert shown.played[AMIRA] == 1 and shown.tents[AMIRA] == [2, 3]
    assert sorted(shown.hands[YOU] + shown.tents[YOU]) == [1, 4, 5]
    # Howard won the throne afterwards: only his own member waits in the hospital
    assert shown.treasures[HOWARD] == ["throne1"] and shown.hospital == [3]
    # at the round's end the tent joins Amira's hand: the learner's 2 and 3 are hers for good
    assert moments["round-end"].shown.hands[AMIRA] == [1, 2, 2, 3, 4, 5]


def test_a_flag_member_rests_in_the_tent(moments: dict[str, Moment]) -> None:
    shown = moments["tent"].shown
    assert shown.tents[YOU] == [4, 14] and shown.hands[YOU] == [1, 5]
    assert moments["round-end"].shown.hands[YOU] == [1, 4, 5, 14]


def test_the_horus_pass_gives_the_learner_round_two(moments: dict[str, Moment]) -> None:
    shown = moments["round-bonus"].shown
    assert shown.round == 2 and shown.start == YOU and shown.bonus_open(YOU)
    assert moments["round-bonus"].after.declared[YOU] == 7


def test_the_kinds_bonus_so_far(moments: dict[str, Moment]) -> None:
    score = moments["kinds-bonus"].shown.treasure_score(YOU)
    assert (score["items"], score["kinds"], score["kinds_bonus"], score["total"]) == (7, 2, 1, 8)


def test_the_learners_pharaoh_pass_empties_the_hospital(moments: dict[str, Moment]) -> None:
    m = moments["your-pharaoh"]
    assert m.shown.hospital == [3, 3, 5]
    assert m.after.hospital == [] and m.after.tents[YOU] == [3, 3, 5]
    assert m.after.pharaohs[YOU] == 1


def test_round_five_as_the_words_tell(moments: dict[str, Moment]) -> None:
    shown = moments["skip-ahead"].shown
    assert shown.round == 5 and shown.turn == YOU
    assert shown.declared[AMIRA] == 6 and shown.current == "sword3"
    assert sorted(shown.treasures[YOU]) == ["ankh3", "gold4", "jar2"]
    assert shown.treasure_score(YOU)["kinds_bonus"] == 3
    assert moments["fourth-kind"].after.treasure_score(YOU)["kinds_bonus"] == 6
    assert moments["flags-bid"].shown.hands[YOU] == [15, 16]


def test_with_no_members_only_passes_are_left(moments: dict[str, Moment]) -> None:
    shown = moments["no-members"].shown
    assert shown.hands[YOU] == [] and {15, 16} <= set(shown.hospital)
    assert shown.legal_actions(YOU) == ["pass", "pharaoh"]


def test_the_end_screens_scores(moments: dict[str, Moment]) -> None:
    end = moments["scoring"].shown
    assert end.is_over()
    result = end.result()
    mine = result.breakdown[YOU]
    assert (mine["items"], mine["kinds_bonus"], mine["flags"], mine["total"]) == (13, 6, 3, 22)
    assert result.scores == [22, 15, 17] and result.winners == [YOU]


def test_the_learner_is_sam_and_nobody_is_he_or_she() -> None:
    assert dict(TUTORIAL.names[YOU]) == {"en": "Sam", "ja": "サム"}
    welcome = TUTORIAL.steps[0].text
    assert "Sam" in welcome["en"] and "サム" in welcome["ja"]
    for step in TUTORIAL.steps:
        words = set(re.findall(r"[a-z]+", step.text["en"].lower()))
        assert not words & {"he", "she", "his", "her", "hers", "him", "himself", "herself"}, step.id
        if step is not TUTORIAL.steps[0]:
            assert "Sam" not in step.text["en"] and "サム" not in step.text["ja"], step.id


def test_the_bonus_switch_is_on_and_counts_in_the_first_declaration_only(
    moments: dict[str, Moment],
) -> None:
    declare = next(s for s in TUTORIAL.steps if s.id == "declare")
    assert "already on" in declare.text["en"] and "オン" in declare.text["ja"]
    raise_ = moments["raise"]
    assert raise_.shown.declared[YOU] == 3 and not raise_.shown.bonus_open(YOU)
    assert raise_.after.declared[YOU] == 5 == sum(raise_.after.front[YOU])
    assert "2 + 3 = 5" in raise_.step.text["en"] and "2+3=5" in raise_.step.text["ja"]


def test_the_words_say_who_won_and_why(moments: dict[str, Moment]) -> None:
    shown = moments["pharaoh-pass"].shown
    assert shown.treasures[HOWARD] == ["throne1"]
    # the learner passed, then Amira's Pharaoh pass left Howard alone in the auction
    assert moments["plain-pass"].after.passed[YOU] == "pass" and shown.played[AMIRA] == 1
    assert "Howard" in moments["pharaoh-pass"].step.text["en"].split(".")[-2]
    end = moments["round-end"]
    before = moments["take-horus"].after
    assert before.declared[HOWARD] == 2 and before.passed[YOU] == "horus"
    assert end.shown.treasures[AMIRA] == ["gold1"]
    assert "3 over Howard's 2" in end.step.text["en"]


def test_the_chip_notation_the_words_explain_is_on_the_table(moments: dict[str, Moment]) -> None:
    """The chip "1·5": Amira's coins, two cards of one kind won (joined with ·)."""
    step = moments["fourth-kind"]
    assert step.shown.grouped_treasures(AMIRA)["gold"] == [1, 5]
    assert '"1·5"' in step.step.text["en"] and "「1·5」" in step.step.text["ja"]


def test_the_words_say_where_bidders_go_and_what_the_hospital_costs() -> None:
    """A won member card sends the bidders to the tent, a won treasure to the hospital; the
    hospital's members are lost to a rival's Pharaoh pass (the second trial missed both)."""
    text = {s.id: s.text for s in TUTORIAL.steps}
    assert "tent" in text["tent"]["en"] and "hospital" in text["tent"]["en"]
    assert "テント" in text["tent"]["ja"] and "病院" in text["tent"]["ja"]
    assert "keep some for later rounds" in text["pharaoh-pass"]["en"]
    assert "残しておきましょう" in text["pharaoh-pass"]["ja"]
