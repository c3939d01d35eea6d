"""Scenario tests: one rule of BAG-GAI (and each ruling B10-B15) per test, with the examples of
the original text."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pytest

from pygames.core.errors import IllegalAction, NotYourTurn, RecordError
from pygames.games.baggai.rules import (
    Action,
    BagGaiState,
    deck_for,
    party_points,
    unknown_outcomes,
)

FILLER4 = ["R1", "B1", "G1", "R2", "B2", "G2", "R1", "B1"]


def make(
    players: int,
    window: Sequence[str | None],
    start: int = 0,
    purses: list[int] | None = None,
    banks: tuple[int, int] = (0, 0),
    owned: dict[int, list[str]] | None = None,
    options: dict[str, object] | None = None,
) -> BagGaiState:
    """Round 1 with the given window (None: an empty spot), money and bags already owned; the
    other cards fill the later piles (and the removed pile), so every card stays accounted for."""
    s = BagGaiState.new(players, 1, {"start": start, **(options or {})})
    n = s.spots
    assert len(window) == n
    pool = sorted(c for c in deck_for(players))
    for card in [c for c in window if c] + [c for bags in (owned or {}).values() for c in bags]:
        pool.remove(card.split("=")[0])
    s.bags = [None, *window, None]
    for r in range(1, 5):
        s.piles[r] = pool[:n]
        pool = pool[n:]
    s.removed = pool
    for seat, bags in (owned or {}).items():
        s.owned[seat] = list(bags)
    if purses is not None:
        s.purse = list(purses)
    s.money[0], s.money[-1] = banks
    s.money_total = sum(s.purse) + sum(s.money)
    assert s.invariant_errors() == []
    return s


def play(s: BagGaiState, ranges: dict[int, str], prices: dict[int, int]) -> None:
    """Everyone chooses his range in turn order, then enters his price."""
    for seat in list(s.choosers):
        s.apply(seat, ranges[seat])
    for seat, price in prices.items():
        if seat in s.to_move():
            s.apply(seat, f"p{price}")
    assert s.invariant_errors() == []


def steps_of(s: BagGaiState, seat: int) -> list[tuple[int, str | None, int, int, str]]:
    """The purchase steps of ``seat`` this round (the last round, once it is over)."""
    steps = s.steps if s.phase == "buy" else s.history[-1]["steps"]
    return [
        (st["spot"], st["bag"], st["took"], st["paid"], st["via"])
        for st in steps
        if st["seat"] == seat
    ]


def processing(s: BagGaiState) -> list[int]:
    """The processing order of this round (the last round, once it is over)."""
    return s.processing if s.phase == "buy" else list(s.history[-1]["processing"])


def free_lines(s: BagGaiState) -> list[tuple[str, str, list[int]]]:
    """The log lines of free cards taking something: English, Japanese, seats."""
    return [
        (e["text"]["en"], e["text"]["ja"], list(e["seats"]))
        for e in s.log
        if "Regular customer takes" in e["text"]["en"]
    ]


OWN_EN = "{0}'s Regular customer takes back the ¥2 {0} just paid on %s."
OWN_JA = "{0}のお得意様：{0}は自分が%sに払ったばかりの2万円を取り戻しました。"


# --- setup ------------------------------------------------------------------------------------
def test_decks_per_player_count() -> None:
    four, five = Counter(deck_for(4)), Counter(deck_for(5))
    assert sum(four.values()) == 40 and sum(five.values()) == 45
    for b in "RBG":
        assert (four[f"{b}3"], four[f"{b}2"], four[f"{b}1"], four[f"F{b}"]) == (1, 3, 6, 1)
        assert (five[f"{b}3"], five[f"{b}2"], five[f"{b}1"], five[f"F{b}"]) == (1, 4, 7, 0)
    assert four["S"] == 4 and five["S"] == 3
    assert [four[u] for u in ("URB", "UBG", "UGR")] == [1, 1, 1]
    assert [five[u] for u in ("URB", "UBG", "UGR")] == [2, 2, 2]


@pytest.mark.parametrize("players", [4, 5])
def test_piles_have_a_three_in_each_of_piles_3_to_5(players: int) -> None:
    for seed in range(30):
        s = BagGaiState.new(players, seed)
        n = s.spots
        window = [b for b in s.bags if b is not None]
        piles = [window, *s.piles[1:]]
        assert all(len(p) == n for p in piles)
        threes = [sum(1 for c in p if c in ("R3", "B3", "G3")) for p in piles]
        assert threes == [0, 0, 1, 1, 1]
        assert s.invariant_errors() == []


def test_starting_money_and_start_player() -> None:
    s = BagGaiState.new(4, 3, {"start": 1})
    assert s.start == 1 and s.choosers == [1, 2, 3, 0] and s.to_move() == [1]
    assert s.purse == [20, 20, 20, 21]  # the 3rd in turn order is seat 3
    s5 = BagGaiState.new(5, 3, {"start": 4})
    assert s5.purse == [20, 21, 21, 20, 20]  # 3rd and 4th in turn order: seats 1 and 2
    assert {BagGaiState.new(4, seed).start for seed in range(40)} == {0, 1, 2, 3}
    assert s.money[0] == s.money[-1] == 0
    with pytest.raises(RecordError):
        BagGaiState.new(4, 1, {"start": 4})
    with pytest.raises(RecordError):
        BagGaiState.new(4, 1, {"open_money": "yes"})
    with pytest.raises(ValueError):
        BagGaiState.new(3, 1)


def test_ranges_in_turn_order_any_contiguous_stretch_banks_included() -> None:
    s = make(4, FILLER4, start=2)
    legal = s.legal_actions(2)
    assert len(legal) == 10 * 11 // 2 and legal == sorted(legal)
    assert {"rL", "rR", "rL-R", "r3", "r2-5", "rL-3", "r6-R"} <= set(legal)
    assert s.legal_actions(3) == []
    s.apply(2, "r2-5")
    assert s.to_move() == [3] and s.ranges[2] == [2, 5]
    s.apply(3, "rL-R")
    s.apply(0, "r2-5")  # ranges may overlap, even coincide
    s.apply(1, "rR")
    assert s.phase == "price" and s.to_move() == [0, 1, 2, 3]
    assert s.view(0)["seats"][3]["range_text"] == "rL-R"


# --- prices -----------------------------------------------------------------------------------
def test_price_times_range_size_at_most_money_and_hidden_until_all_are_in() -> None:
    s = make(4, FILLER4, start=0)
    for seat, rng in ((0, "r4-8"), (1, "r1"), (2, "rL-R"), (3, "r2-3")):
        s.apply(seat, rng)
    # 20 money over 5 spots: 0 to 4 (the original's example)
    assert s.legal_actions(0) == ["p0", "p1", "p2", "p3", "p4"]
    assert s.legal_actions(2) == ["p0", "p1", "p2"]  # 21 money over 10 spots
    assert len(s.legal_actions(1)) == 21
    s.apply(0, "p3")
    assert s.to_move() == [1, 2, 3] and s.secret_pending()
    mine, other = s.view(0)["seats"][0], s.view(1)["seats"][0]
    assert mine["price"] == 3 and mine["price_status"] == "entered"
    assert other["price"] is None and other["price_status"] == "entered"
    assert s.view(None)["seats"][0]["price"] is None
    assert s.view(1)["seats"][1]["price_status"] == "waiting"
    assert s.view(1)["log"][-1]["text"]["en"] == "{0} has chosen a price."
    assert s.view(0)["log"][-1]["text"]["en"] == "{0} offers ¥3 per spot."
    for seat, p in ((1, 1), (2, 0), (3, 2)):
        s.apply(seat, f"p{p}")
    assert not s.secret_pending() and s.round == 2
    assert s.view(1)["history"][-1]["prices"] == [3, 1, 0, 2]


def test_a_seat_that_can_only_offer_0_is_not_asked() -> None:
    s = make(4, FILLER4, start=0, purses=[20, 3, 20, 20])
    play(s, {0: "r1", 1: "r2-5", 2: "r6", 3: "r7"}, {})
    assert s.prices[1] == 0 and s.to_move() == [0, 2, 3]
    assert s.view(0)["seats"][1]["price_forced"]
    assert not s.secret_pending()
    # the table says it after the reveal too: this round's view, then the round's history
    assert s.view(0)["forced"] == [1]
    for seat in (0, 2, 3):
        s.apply(seat, "p1")
    assert s.round == 2 and s.view(0)["forced"] == []
    assert s.view(0)["history"][-1]["forced"] == [1]


# --- processing order and buying ----------------------------------------------------------------
def test_processing_order_example_of_the_original() -> None:
    """Green highest, then red; blue and yellow offer the same, yellow's range is narrower."""
    blue, green, yellow, red = 0, 1, 2, 3
    s = make(4, FILLER4, start=0)
    play(
        s,
        {blue: "r1-8", green: "r3-5", yellow: "r1-2", red: "r4-7"},
        {blue: 1, green: 4, yellow: 1, red: 2},
    )
    assert processing(s) == [green, red, yellow, blue]
    # green buys the bags of 3-5 and leaves 4 on each (figure 4)
    assert steps_of(s, green) == [
        (3, "G1", 0, 4, "buy"),
        (4, "R2", 0, 4, "buy"),
        (5, "B2", 0, 4, "buy"),
    ]
    # red buys green's 4 with 2 on spots 4 and 5, then the bags of 6 and 7
    assert steps_of(s, red) == [
        (4, None, 4, 2, "money"),
        (5, None, 4, 2, "money"),
        (6, "G2", 0, 2, "buy"),
        (7, "R1", 0, 2, "buy"),
    ]
    assert [st[1] for st in steps_of(s, yellow)] == ["R1", "B1"]
    assert steps_of(s, blue)[7] == (8, "B1", 0, 1, "buy")
    assert s.purse[green] == 20 - 12 and s.purse[red] == 20 and s.purse[yellow] == 21 - 2
    assert s.purse[blue] == 20 + 6
    assert s.view(None)["history"][0]["processing"] == [green, red, yellow, blue]


def test_equal_price_and_width_the_earlier_chooser_goes_first() -> None:
    s = make(4, FILLER4, start=2)
    play(s, {2: "r1", 3: "r2", 0: "r3", 1: "r4"}, {0: 2, 1: 2, 2: 1, 3: 2})
    assert processing(s) == [3, 0, 1, 2]


def test_price_0_leaves_bags_but_takes_money() -> None:
    s = make(4, FILLER4, start=0)
    play(s, {0: "r1-3", 1: "r2", 2: "r7", 3: "r8"}, {0: 0, 1: 3, 2: 0, 3: 0})
    assert processing(s)[0] == 1
    assert steps_of(s, 0) == [
        (1, None, 0, 0, "leave"),
        (2, None, 3, 0, "money"),
        (3, None, 0, 0, "leave"),
    ]
    assert s.owned[0] == [] and s.purse[0] == 23
    assert sorted(s.removed) == sorted(["R1", "G1", "R2", "B2", "G2", "R1", "B1"])


def test_a_bank_spot_money_is_taken_and_replaced() -> None:
    s = make(4, FILLER4, start=0, banks=(7, 5))
    play(s, {0: "rL", 1: "r7-R", 2: "r1", 3: "r2"}, {0: 2, 1: 1, 2: 0, 3: 0})
    assert steps_of(s, 0) == [(0, None, 7, 2, "money")]
    assert steps_of(s, 1)[-1] == (9, None, 5, 1, "money")
    assert s.purse[0] == 25 and s.purse[1] == 20 - 1 - 1 + 5 - 1
    # clean-up moved the money of spots 7 and 8 (1 each) to Bank R
    assert s.money[0] == 2 and s.money[-1] == 1 + 1 + 1


def test_show_off_points_half_the_price_at_most_4() -> None:
    s = make(4, ["S", "S", "S", "S", "R1", "B1", "G1", "R2"], start=0, purses=[20, 20, 20, 20])
    play(s, {0: "r1", 1: "r2", 2: "r3", 3: "r4"}, {0: 1, 1: 3, 2: 7, 3: 9})
    assert s.vp_showoff == [0, 1, 3, 4]
    assert [s.vp(x)["total"] for x in range(4)] == [0, 1, 3, 4]


def test_show_off_taken_through_a_free_card_scores_0() -> None:
    s = make(4, ["R1", "S", "FR", "B1", "G1", "R2", "B2", "G2"], start=0)
    play(s, {0: "r3", 1: "r8", 2: "rL", 3: "rR"}, {0: 4, 1: 0, 2: 0, 3: 0})
    assert s.to_move() == [0] and s.legal_actions(0) == ["fL", "fR"]
    assert s.view(1)["pending"] == {"kind": "free", "seat": 0, "spot": 3, "sides": [2, 4]}
    assert [x["price"] for x in s.view(1)["seats"]] == [4, 0, 0, 0]  # revealed
    s.apply(0, "fL")
    assert sorted(s.owned[0]) == ["FR", "S"] and s.vp_showoff[0] == 0
    assert steps_of(s, 0) == [(3, "FR", 0, 4, "buy"), (2, "S", 0, 0, "free")]


def test_free_card_takes_from_outside_the_range() -> None:
    s = make(4, ["R1", "G2", "FB", "B1", "G1", "R2", "B2", "G2"], start=0, banks=(0, 0))
    play(s, {0: "r3-4", 1: "r8", 2: "rL", 3: "rR"}, {0: 2, 1: 0, 2: 0, 3: 0})
    s.apply(0, "fL")  # spot 2 is outside 3-4
    assert sorted(s.owned[0]) == ["B1", "FB", "G2"]
    assert s.purse[0] == 20 - 4
    assert s.totals(0) == {"R": 0, "B": 2, "G": 2}  # the free card is a blue 1 (B11)


def test_free_card_chain_and_taking_back_own_payment() -> None:
    s = make(4, ["R1", "G1", "FR", "FB", "B2", "R2", "B1", "G2"], start=0)
    play(s, {0: "r3", 1: "r8", 2: "rL", 3: "rR"}, {0: 2, 1: 0, 2: 0, 3: 0})
    s.apply(0, "fR")  # takes the blue free card of spot 4: its effect follows
    assert s.to_move() == [0] and s.pending_free == 4
    s.apply(0, "fR")
    assert sorted(s.owned[0]) == ["B2", "FB", "FR"] and s.purse[0] == 18
    s2 = make(4, ["R1", "G1", "FR", "FB", "B2", "R2", "B1", "G2"], start=0)
    play(s2, {0: "r3", 1: "r8", 2: "rL", 3: "rR"}, {0: 2, 1: 0, 2: 0, 3: 0})
    s2.apply(0, "fR")
    s2.apply(0, "fL")  # back to spot 3: the 2 he just paid there
    assert sorted(s2.owned[0]) == ["FB", "FR"] and s2.purse[0] == 20
    assert "B2" in s2.removed  # left unsold on spot 5
    assert free_lines(s2)[-1][0] == OWN_EN % "spot 3"  # B16: said plainly


@pytest.mark.parametrize(
    ("window", "rng", "banks", "spot_en", "spot_ja", "purse"),
    [
        # spot 1 bought for 2, then the free card on spot 2 takes that 2 back
        (["R1", "FR", *FILLER4[2:]], "r1-2", (0, 0), "spot 1", "1番", 20 - 2 - 2 + 2),
        # Bank L's 5 taken and 2 paid there, then the free card on spot 1 takes the 2 back
        (["FR", *FILLER4[1:]], "rL-1", (5, 0), "Bank L", "左の銀行", 20 + 5 - 2 - 2 + 2),
    ],
)
def test_b16_free_card_takes_back_own_payment_and_the_log_says_so(
    window: list[str | None],
    rng: str,
    banks: tuple[int, int],
    spot_en: str,
    spot_ja: str,
    purse: int,
) -> None:
    """B16: the free card takes the buyer's own payment like any money, said plainly."""
    s = make(4, window, start=0, banks=banks)
    play(s, {0: rng, 1: "r8", 2: "r7", 3: "r6"}, {0: 2, 1: 0, 2: 0, 3: 0})
    assert s.to_move() == [0] and s.legal_actions(0) == ["fL", "fR"]
    s.apply(0, "fL")
    assert s.purse[0] == purse and s.invariant_errors() == []
    assert free_lines(s) == [(OWN_EN % spot_en, OWN_JA % spot_ja, [0])]


def test_b16_own_payment_after_replacing_another_buyers_money() -> None:
    """B16: seat 1 pays 2 on spot 1 first; seat 0 takes it and pays his own 2 there: the
    free card then gives back seat 0's own payment, not seat 1's."""
    s = make(4, ["R1", "FR", *FILLER4[2:]], start=0)
    play(s, {0: "r1-2", 1: "r1", 2: "r8", 3: "r7"}, {0: 2, 1: 2, 2: 0, 3: 0})
    assert processing(s)[:2] == [1, 0]  # equal price: the narrower range first
    s.apply(0, "fL")
    assert s.purse[0] == 20 + 2 - 2 - 2 + 2
    assert free_lines(s) == [(OWN_EN % "spot 1", OWN_JA % "1番", [0])]


def test_b16_free_card_taking_another_buyers_money_has_the_ordinary_line() -> None:
    """B16: the same amount paid by someone else is not 'taken back'."""
    s = make(4, ["R1", "FR", *FILLER4[2:]], start=1)
    play(s, {1: "r1", 2: "r8", 3: "r7", 0: "r2"}, {0: 2, 1: 2, 2: 0, 3: 0})
    assert processing(s)[:2] == [1, 0]  # equal price and width: the earlier chooser first
    s.apply(0, "fL")
    assert s.purse[0] == 20 - 2 + 2
    assert free_lines(s) == [
        (
            "{0}'s Regular customer takes ¥2 from spot 1.",
            "{0}のお得意様：1番の2万円を無料で取りました。",
            [0],
        )
    ]


def test_spot_emptied_by_a_free_card_later_in_the_range_still_costs_the_price() -> None:
    s = make(4, ["R1", "G1", "FR", "B2", "G2", "R2", "B1", "G2"], start=0)
    play(s, {0: "r3-5", 1: "r8", 2: "rL", 3: "rR"}, {0: 3, 1: 0, 2: 0, 3: 0})
    s.apply(0, "fR")
    assert steps_of(s, 0) == [
        (3, "FR", 0, 3, "buy"),
        (4, "B2", 0, 0, "free"),
        (4, None, 0, 3, "money"),
        (5, "G2", 0, 3, "buy"),
    ]
    assert s.purse[0] == 20 - 9 and s.money[4] == 0  # moved to Bank L at clean-up
    assert s.round == 2 and s.money[0] == 3 + 3


def test_free_card_with_nothing_on_either_side_is_applied_alone() -> None:
    s = make(4, ["FG", None, "R1", "B1", "G1", "R2", "B2", "G2"], start=0)
    play(s, {0: "r1", 1: "r8", 2: "r7", 3: "r6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    assert s.round == 2 and s.owned[0] == ["FG"]


# --- unknown brand ----------------------------------------------------------------------------
def test_unknown_brand_example_of_the_original() -> None:
    """Three green 1s and one blue 2: the blue/green card becomes blue."""
    s = make(4, ["UBG", *FILLER4[1:]], start=0, owned={0: ["G1", "G1", "G1", "B2"]})
    play(s, {0: "r1", 1: "r8", 2: "r7", 3: "r6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    assert "UBG=B" in s.owned[0] and s.totals(0) == {"R": 0, "B": 3, "G": 3}
    assert s.round == 2  # fixed without asking


def test_unknown_brand_counts_this_rounds_bags_and_tie_is_a_choice() -> None:
    s = make(4, ["R2", "URB", *FILLER4[2:]], start=0, owned={0: ["B1", "B1"]})
    play(s, {0: "r1-2", 1: "r8", 2: "r7", 3: "r6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    assert s.to_move() == [0] and s.legal_actions(0) == ["uRB=B", "uRB=R"]
    pending = s.view(2)["pending"]
    assert pending["kind"] == "unknown" and pending["cards"] == ["URB"]
    assert s.totals(0)["R"] == 2  # the unfixed card counts for no brand yet
    with pytest.raises(IllegalAction):
        s.apply(0, "uBG=B")
    s.apply(0, "uRB=B")
    assert "URB=B" in s.owned[0] and s.totals(0) == {"R": 2, "B": 3, "G": 0}


def test_several_unknown_cards_resolved_in_a_chosen_order() -> None:
    # red 1, green 1, blue 0: either card alone goes blue; the order decides the rest
    s = make(4, ["URB", "UBG", *FILLER4[2:]], start=0, owned={0: ["R1", "G1"]})
    play(s, {0: "r1-2", 1: "r8", 2: "r7", 3: "r6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    assert s.legal_actions(0) == ["uBG=B", "uRB=B"]
    assert len(unknown_outcomes(s.owned[0])) == 3
    s.apply(0, "uBG=B")  # blue/green first: blue 1 = red 1, so red/blue is a free choice
    assert s.legal_actions(0) == ["uRB=B", "uRB=R"]
    s.apply(0, "uRB=R")
    assert sorted(s.owned[0]) == ["G1", "R1", "UBG=B", "URB=R"]
    assert s.totals(0) == {"R": 2, "B": 1, "G": 1}


# --- parties ----------------------------------------------------------------------------------
def test_party_shares_rounded_up() -> None:
    final, mid = (6, 3), (2, 1)
    assert party_points([5, 5, 1, 0], final) == [5, 5, 0, 0]  # (6+3)/2, nobody 2nd
    assert party_points([4, 4, 4, 2], final) == [3, 3, 3, 0]  # (6+3+0)/3
    assert party_points([7, 3, 3, 0], final) == [6, 2, 2, 0]  # (3+0)/2 rounded up
    assert party_points([0, 0, 0, 0], final) == [0, 0, 0, 0]
    assert party_points([2, 0, 0, 0, 0], final) == [6, 0, 0, 0, 0]  # a total of 0 never places
    assert party_points([3, 2, 1, 0], mid) == [2, 1, 0, 0]
    assert party_points([2, 2, 1, 0], mid) == [2, 2, 0, 0]
    assert party_points([3, 1, 1, 0], mid) == [2, 1, 1, 0]


def test_round_2_party_uses_2_and_1_and_round_5_party_6_and_3() -> None:
    owned = {0: ["R3", "B1"], 1: ["R2", "B1"], 2: ["G1"], 3: []}
    s = make(4, FILLER4, start=0, owned=owned)
    s.round = 2
    play(s, {0: "rL", 1: "rR", 2: "rL", 3: "rR"}, {0: 0, 1: 0, 2: 0, 3: 0})
    party = s.parties[0]
    assert party["round"] == 2 and party["table"] == [2, 1]
    assert party["brands"]["R"]["points"] == [2, 1, 0, 0]
    assert party["brands"]["B"]["points"] == [2, 2, 0, 0]
    assert party["brands"]["G"]["points"] == [0, 0, 2, 0]
    assert party["points"] == [4, 3, 2, 0]
    assert [s.vp(x)["total"] for x in range(4)] == [4, 3, 2, 0]
    assert s.round == 3
    major = s.view(None)["majority"]
    assert major["B"] == [
        {"seat": 0, "total": 1, "place": 1, "points": 5},
        {"seat": 1, "total": 1, "place": 1, "points": 5},
    ]


def test_final_party_money_points_and_game_end() -> None:
    owned = {0: ["R3", "R1"], 1: ["R2"], 2: ["B2"], 3: []}
    s = make(4, FILLER4, start=0, owned=owned, purses=[17, 8, 7, 40])
    s.round = 5
    play(s, {0: "rL", 1: "rR", 2: "rL", 3: "rR"}, {0: 0, 1: 0, 2: 0, 3: 0})
    assert s.is_over() and s.to_move() == [] and s.money_points == [2, 1, 0, 5]
    r = s.result()
    # red: 4 vs 2 -> 6 and 3; blue: seat 2 alone -> 6
    assert r.scores == [6 + 2, 3 + 1, 6 + 0, 5]
    assert r.winners == [0] and r.tie_break == "none"
    assert r.breakdown[3] == {
        "showoff": 0,
        "parties": [0],
        "money": 40,
        "money_points": 5,
        "brands": {"R": 0, "B": 0, "G": 0},
        "total": 5,
    }
    with pytest.raises(IllegalAction):
        s.apply(0, "rL")


def _over(s: BagGaiState) -> None:
    s.phase = "over"
    s.money_points = [0] * s.players


def test_tie_break_by_brands_led_alone_then_shared() -> None:
    s = make(4, FILLER4, owned={0: ["R3", "R1", "B1"], 1: ["R2", "B2", "G1"], 2: ["G2"]})
    s.vp_showoff = [4, 4, 4, 1]
    _over(s)
    r = s.result()
    # among seats 0-2 (4 points each): red seat 0, blue seat 1, green seat 2 alone best
    assert r.winners == [0, 1, 2] and r.tie_break == "shared"
    s.owned[2] = []
    s.removed.append("G2")
    s.vp_showoff = [4, 4, 1, 1]
    r = s.result()
    assert r.winners == [1] and r.tie_break == "brands"  # red: 0; blue and green: 1
    assert r.tie_break_text["en"] and r.tie_break_text["ja"]


# --- clean-up ---------------------------------------------------------------------------------
def test_clean_up_money_to_the_banks_unsold_bags_out_next_start_player() -> None:
    s = make(4, FILLER4, start=1, banks=(2, 3))
    play(s, {1: "rL", 2: "rR", 3: "r8", 0: "r1-6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    # seat 0 first (1 per spot on 1-6), then the 0s: seat 1 takes Bank L, seat 2 Bank R
    assert processing(s) == [0, 1, 2, 3]
    assert s.round == 2 and s.start == 0 and s.choosers == [0, 1, 2, 3]
    assert s.money[0] == 4 and s.money[-1] == 2  # spots 1-4 left, 5-6 right; banks were taken
    assert sorted(s.removed[-2:]) == ["B1", "R1"]  # spots 7 and 8, unsold
    assert s.purse[1] == 22 and s.purse[2] == 23
    assert all(s.bags[i] is not None for i in range(1, 9))  # pile 2 laid out


def test_clean_up_with_5_players_spots_5_to_9_go_right() -> None:
    s = make(5, ["R1", "B1", "G1", "R2", "B2", "G2", "R1", "B1", "G1"], start=0)
    play(s, {0: "r1-9", 1: "rL", 2: "rL", 3: "rL", 4: "rL"}, {0: 1, 1: 0, 2: 0, 3: 0, 4: 0})
    assert s.money[0] == 4 and s.money[-1] == 5


# --- errors and notation ----------------------------------------------------------------------
def test_illegal_actions_refused_with_a_sentence_and_state_unchanged() -> None:
    s = make(4, ["R1", "G1", "FR", "B2", "G2", "R2", "B1", "G2"], start=0)
    cases = {"range": ("r9", "r5-2", "r3-3", "p1", "fL", "uRB=R", "x", "rL-R ")}
    before = json.dumps(s.to_json())
    for bad in cases["range"]:
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bad)
        assert err.value.text["en"] and err.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    with pytest.raises(NotYourTurn):
        s.apply(1, "r1")
    for seat, rng in ((0, "r3-5"), (1, "r8"), (2, "rL"), (3, "rR")):
        s.apply(seat, rng)
    before = json.dumps(s.to_json())
    for bad in ("p7", "r1", "p01", "fR"):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bad)
        assert err.value.text["en"] and err.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    assert "at most 6" in s.explain_illegal(0, "p7")["en"]
    for seat, p in ((0, 2), (1, 0), (2, 0), (3, 0)):
        s.apply(seat, f"p{p}")
    before = json.dumps(s.to_json())
    for bad in ("uRB=R", "p1", "f"):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bad)
        assert err.value.text["en"] and err.value.text["ja"]
    assert json.dumps(s.to_json()) == before


def test_notation_round_trip() -> None:
    for text in ("r2-5", "rL-3", "r6-R", "rL-R", "r4", "rL", "p0", "p3", "p12", "fL", "fR"):
        assert str(Action.parse(text)) == text
    for text in ("uRB=R", "uRB=B", "uBG=G", "uGR=R"):
        assert str(Action.parse(text)) == text
    for bad in ("r0", "r10", "p-1", "p03", "uBR=B", "fX", "r2-", "R2-5", ""):
        with pytest.raises(IllegalAction):
            Action.parse(bad)
    s = BagGaiState.new(5, 2)
    seat = s.to_move()[0]
    for act in s.legal_actions(seat):
        assert str(Action.parse(act)) == act


def test_open_money_option_shows_everyones_money() -> None:
    s = BagGaiState.new(4, 2, {"start": 0})
    assert [x["money"] for x in s.view(1)["seats"]] == [None, 20, None, None]
    assert all(x["money"] is None for x in s.view(None)["seats"])
    s = BagGaiState.new(4, 2, {"start": 0, "open_money": True})
    assert [x["money"] for x in s.view(1)["seats"]] == [20, 20, 21, 20]
    assert s.view(None)["open_money"] is True
