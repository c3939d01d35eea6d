"""Scenario tests: one rule of Marie's Table (and each ruling M1-M3) per test; M4 in
test_marie_m4.py."""

from __future__ import annotations

import json

import pytest

from pygames.core.errors import IllegalAction, NotYourTurn
from pygames.games.marie.rules import POINTS, Action, MarieState


def make(players: int, piles: list[list[int]], elder: int = 0) -> MarieState:
    """A game whose first piles are the given ones; the other cards fill the rest of the deal."""
    state = MarieState.new(players, 1, {"elder": elder})
    deck = sorted(c for p in state.piles for c in p) + sorted(state.unused)
    deck.sort()
    for pile in piles:
        for c in pile:
            deck.remove(c)
    size = len(state.piles[0])
    assert all(len(p) == size for p in piles)
    new_piles = [list(p) for p in piles]
    while len(new_piles) < len(state.piles):
        new_piles.append(deck[:size])
        deck = deck[size:]
    state.piles = new_piles
    state.unused = deck
    assert sum(state.deck_count().values()) == 56
    return state


def draft(state: MarieState, pile: int, picks: list[str]) -> None:
    """The elder chooses ``pile``; the drafters pick in order."""
    state.apply(state.elder, f"pile{pile}")
    for pick in picks:
        state.apply(state.to_move()[0], pick)


def test_setup_pile_sizes_and_unused_cards() -> None:
    for players, (count, size, unused) in {3: (6, 6, 20), 4: (5, 8, 16), 5: (5, 10, 6)}.items():
        s = MarieState.new(players, 3)
        assert len(s.piles) == count == s.rounds
        assert all(len(p) == size for p in s.piles)
        assert len(s.unused) == unused
        assert sum(s.deck_count().values()) == 56
        assert all(s.deck_count()[n] == 8 for n in range(1, 8))


def test_first_elder_random_or_named() -> None:
    elders = {MarieState.new(4, seed).elder for seed in range(40)}
    assert elders == {0, 1, 2, 3}
    assert MarieState.new(4, 5, {"elder": 2}).elder == 2
    assert MarieState.new(4, 5, {"elder": 2}).to_move() == [2]


def test_draft_keeps_two_and_passes_left_youngest_gets_two() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=1)
    assert s.order == [1, 2, 0] and s.youngest == 0
    s.apply(1, "pile1")
    assert s.to_move() == [1] and sorted(s.hand) == [1, 2, 3, 4, 5, 6]
    s.apply(1, "pick36")
    assert s.to_move() == [2] and sorted(s.hand) == [1, 2, 4, 5]
    s.apply(2, "pick15")
    # the youngest receives exactly two cards and keeps them: no action
    assert s.pairs[0] == [2, 4] and s.phase == "vote"
    assert s.pairs[1] == [3, 6] and s.pairs[2] == [1, 5]
    assert s.history[2][-1] == {"round": 1, "saw": [1, 2, 4, 5], "kept": [1, 5], "passed": [2, 4]}


def test_m1_choosing_a_pile_is_the_elders_action() -> None:
    s = make(4, [[1] * 8], elder=3)
    assert s.legal_actions(3) == ["pile1", "pile2", "pile3", "pile4", "pile5"]
    assert s.legal_actions(0) == []
    with pytest.raises(NotYourTurn):
        s.apply(0, "pile1")
    s.apply(3, "pile4")
    assert s.legal_actions(3) and all(a.startswith("pick") for a in s.legal_actions(3))
    s2 = make(4, [[1] * 8], elder=3)
    s2.apply(3, "pile4")
    with pytest.raises(IllegalAction):
        s2.apply(3, "pile4")  # not the elder's turn any more: already chosen


def test_pairs_hidden_until_reveal() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12"])
    assert s.view(0)["seats"][0]["pair"] == {"cards": [1, 2], "face_up": False}
    assert s.view(1)["seats"][0]["pair"] == {"cards": None, "face_up": False}
    assert s.view(1)["hand"] == [3, 4, 5, 6] and s.view(2)["hand"] is None
    assert s.view(None)["seats"][0]["pair"]["cards"] is None
    s.apply(1, "pick34")
    assert s.view(2)["seats"][0]["pair"] == {"cards": [1, 2], "face_up": True}


def test_m3_votes_hidden_until_all_are_in() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    assert s.to_move() == [0, 1, 2]
    s.apply(1, "down")
    assert s.to_move() == [0, 2]
    assert s.view(1)["seats"][1]["vote"] == "down"
    assert s.view(0)["seats"][1]["vote"] == "voted"
    assert s.view(None)["seats"][1]["vote"] == "voted"
    assert s.view(0)["seats"][2]["vote"] == "waiting"
    assert "down" not in json.dumps(s.view(0)["log"])
    assert s.secret_pending()
    s.apply(0, "up")
    s.apply(2, "up")
    assert not s.secret_pending()
    assert [seat["vote"] for seat in s.view(0)["seats"]] == ["up", "down", "up"]


def test_one_dissatisfied_everyone_takes_own_pair_and_decides_at_once() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    for seat, vote in ((0, "up"), (1, "down"), (2, "up")):
        s.apply(seat, vote)
    # M4: no redistribution, so every seat decides about its own pair at the same time
    assert s.phase == "decide" and s.to_move() == [0, 1, 2] and not s.redistribute
    assert [s.held(seat) for seat in range(3)] == [[1, 2], [3, 4], [5, 6]]
    s.apply(2, "keep")
    assert s.to_move() == [0, 1]
    s.apply(1, "keep")
    s.apply(0, "keep")
    assert s.kept[0][1] == s.kept[0][2] == 1
    assert s.kept[1][3] == s.kept[1][4] == 1 and s.kept[2][5] == s.kept[2][6] == 1


def test_two_dissatisfied_redistribute_youngest_first_never_own_pair() -> None:
    s = make(4, [[1, 1, 2, 2, 3, 3, 4, 4]], elder=0)
    draft(s, 1, ["pick11", "pick22", "pick33"])  # the youngest (3) gets 4,4
    for seat, vote in ((0, "down"), (1, "down"), (2, "up"), (3, "up")):
        s.apply(seat, vote)
    assert s.phase == "take" and s.to_move() == [3] and s.redistribute
    assert s.legal_actions(3) == ["take0", "take1", "take2"]
    s.apply(3, "take0")
    # M2: the taker keeps or eats before the next player takes, and everyone sees it
    assert s.phase == "decide" and s.to_move() == [3] and s.holding == [1, 1]
    s.apply(3, "eat1")
    assert s.view(2)["seats"][3]["eaten"] == [1]
    assert s.to_move() == [2] and s.legal_actions(2) == ["take1", "take3"]
    s.apply(2, "take3")
    s.apply(2, "keep")
    # seat 1 may not take his own pair: seat 2's is the only choice, so it is taken for him
    assert s.phase == "decide" and s.to_move() == [1] and s.holding_from == 2
    s.apply(1, "keep")
    # the elder last: seat 1's pair is all that is left
    assert s.to_move() == [0] and s.holding == [2, 2] and s.holding_from == 1
    s.apply(0, "keep")
    assert s.kept[0][2] == 2 and s.kept[1][3] == 2 and s.kept[2][4] == 2 and s.kept[3][1] == 1


def test_the_draft_history_says_what_became_of_each_kept_pair_once_all_see_it() -> None:
    """A pair kept in the draft may be eaten or taken by another: the history's entry gets the
    pair's ``fate`` (who got it, what he kept and ate) when everyone sees it, never before."""
    s = make(4, [[1, 1, 2, 2, 3, 3, 4, 4], [1, 2, 3, 4, 5, 6, 7, 7]], elder=0)
    draft(s, 1, ["pick11", "pick22", "pick33"])
    for seat, vote in ((0, "down"), (1, "down"), (2, "up"), (3, "up")):
        s.apply(seat, vote)
    s.apply(3, "take0")
    s.apply(3, "eat1")
    assert s.view(0)["history"][-1]["fate"] == {"by": 3, "keep": [1], "eat": [1]}
    assert "fate" not in s.view(1)["history"][-1]  # (seat 1's pair is still on the table)
    for seat, take in ((2, "take3"), (1, None), (0, None)):
        if take:
            s.apply(seat, take)
        s.apply(seat, "keep")
    fates = [s.view(seat)["history"][-1]["fate"] for seat in range(4)]
    assert fates[1:] == [
        {"by": 0, "keep": [2, 2], "eat": []},
        {"by": 1, "keep": [3, 3], "eat": []},
        {"by": 2, "keep": [4, 4], "eat": []},
    ]
    # round 2 (M4, seat 3 the elder): a secret decision shows in no history until all are in
    draft(s, 2, ["pick77", "pick12", "pick34"])
    for seat in range(4):
        s.apply(seat, "up")
    s.apply(0, "eat12")
    assert all("fate" not in s.view(seat)["history"][-1] for seat in range(4))
    for seat in (1, 2, 3):
        s.apply(seat, "keep")
    assert s.view(0)["history"][-1]["fate"] == {"by": 0, "keep": [], "eat": [1, 2]}
    assert s.view(0)["history"][-1]["kept"] == [1, 2]  # (what was kept in the draft stays)
    assert s.view(3)["history"][-1]["fate"] == {"by": 3, "keep": [7, 7], "eat": []}


def _all_down(s: MarieState) -> None:
    draft(s, 1, ["pick11", "pick22"])  # the youngest (2) gets 3,3
    for seat in range(3):
        s.apply(seat, "down")


def test_elder_exception_takes_own_pair_when_only_his_is_left() -> None:
    s = make(3, [[1, 1, 2, 2, 3, 3]], elder=0)
    _all_down(s)
    s.apply(2, "take1")
    s.apply(2, "keep")
    assert s.legal_actions(1) == ["take0", "take2"]
    s.apply(1, "take2")
    s.apply(1, "keep")
    assert s.to_move() == [0] and s.holding == [1, 1] and s.holding_from == 0
    s.apply(0, "keep")
    assert s.kept[0][1] == 2 and s.phase == "pile"


def test_elder_takes_the_last_pair_when_his_own_is_gone() -> None:
    s = make(3, [[1, 1, 2, 2, 3, 3]], elder=0)
    _all_down(s)
    s.apply(2, "take0")
    s.apply(2, "keep")
    assert s.to_move() == [1] and s.holding_from == 2  # forced: his own is not allowed
    s.apply(1, "keep")
    assert s.to_move() == [0] and s.holding == [2, 2] and s.holding_from == 1


def test_eat_limit_two_per_game_and_forced_keep() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    for seat in range(3):
        s.apply(seat, "up")
    assert s.legal_actions(2) == ["eat5", "eat56", "eat6", "keep"]
    s.apply(2, "eat56")
    s.apply(1, "keep")
    s.apply(0, "keep")
    assert s.eaten[2] == [5, 6]
    assert s.elder == 2  # the youngest becomes the next elder
    draft(s, 2, ["pick12", "pick34"])  # order 2, 0, 1: seat 1 gets 5,6
    for seat in range(3):
        s.apply(seat, "up")
    # seat 2's two eats are used: it keeps without a decision, the others decide (M4)
    assert s.to_move() == [0, 1] and s.legal_actions(2) == []
    s.apply(1, "keep")
    assert s.to_move() == [0]
    s.apply(0, "keep")
    assert s.round == 2 and s.kept[2][1] == 1 and s.kept[2][2] == 1


def test_eat_one_keeps_the_other() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    for seat in range(3):
        s.apply(seat, "up")
    s.apply(2, "eat6")
    s.apply(1, "keep")
    s.apply(0, "keep")  # M4: the decisions count once all are in
    assert s.eaten[2] == [6] and s.kept[2][5] == 1 and s.kept[2][6] == 0
    assert s.view(0)["seats"][2]["eats_left"] == 1


def test_elder_rotates_to_the_youngest() -> None:
    s = MarieState.new(4, 8, {"elder": 0})
    elders = []
    while not s.is_over():
        if s.phase == "pile":
            elders.append(s.elder)
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert elders == [0, 3, 2, 1, 0]


def test_score_table_and_worked_example() -> None:
    assert [POINTS[c] for c in range(1, 9)] == [-3, -1, 1, 3, 5, 6, 7, 8]
    s = MarieState.new(3, 1)
    s.kept[0][1], s.kept[0][2], s.kept[0][6] = 4, 1, 5
    s.eaten[0] = [3, 7]
    assert s.score(0) == 3 - 3 + 5 + 2 == 7
    b = s.breakdown(0)
    assert b["numbers"]["1"] == {"count": 4, "points": 3}
    assert b["numbers"]["2"] == {"count": 1, "points": -3}
    assert b["eaten"] == 2 and b["total"] == 7


def _finish(s: MarieState) -> None:
    s.phase = "over"
    s.order = []


def test_tie_break_on_sevens_then_sixes_eaten_never_count() -> None:
    s = MarieState.new(3, 1)
    s.kept[0][7], s.kept[0][1] = 3, 3  # 1 + 1 = 2
    s.kept[1][6], s.kept[1][5] = 3, 3  # 2
    s.kept[2][2] = 3  # 1
    s.eaten[2] = [1]  # 2, but no kept 7s
    _finish(s)
    r = s.result()
    assert r.scores == [2, 2, 2] and r.winners == [0] and r.tie_break == "7s"
    s.kept[1][7], s.kept[1][6], s.kept[1][5] = 3, 3, 0  # 2 again, as many 7s as seat 0
    r = s.result()
    assert r.scores[1] == 2 and r.winners == [1] and r.tie_break == "6s"


def test_shared_win_when_every_count_is_equal() -> None:
    s = MarieState.new(3, 1)
    for seat in (0, 1):
        s.kept[seat][4] = 3
    s.eaten[0] = [1]
    s.eaten[1] = [2]
    _finish(s)
    r = s.result()
    assert r.winners == [0, 1] and r.tie_break == "shared"


def test_unique_winner_uses_no_tie_break() -> None:
    s = MarieState.new(3, 1)
    s.kept[2][5] = 4
    _finish(s)
    r = s.result()
    assert r.winners == [2] and r.tie_break == "none"


def test_illegal_action_refused_with_sentence_and_state_unchanged() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    s.apply(0, "pile1")
    before = json.dumps(s.to_json())
    for bad in ("pick77", "pick12x", "take1", "", "pile1", "eat12"):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bad)
        assert err.value.text["en"] and err.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    with pytest.raises(NotYourTurn):
        s.apply(1, "pick12")
    assert json.dumps(s.to_json()) == before


def test_notation_round_trip() -> None:
    for text in ("pile3", "pick35", "up", "down", "take2", "keep", "eat3", "eat35"):
        assert str(Action.parse(text)) == text
    assert str(Action.parse("pick53")) == "pick35"
    with pytest.raises(IllegalAction):
        Action.parse("pick8")


def test_game_ends_after_the_last_pile() -> None:
    s = MarieState.new(5, 4)
    while not s.is_over():
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[-1])
    assert s.round == 5 and s.to_move() == [] and all(p == [] for p in s.piles)
    assert sum(len(s.eaten[p]) + sum(s.kept[p]) for p in range(5)) == 50
    with pytest.raises(IllegalAction):
        s.apply(0, "up")
