"""Limits while choosing and previews before a choice (issue 31), all from the engine:

- BAG-GAI: the highest price per spot a range allows, given while the range is chosen (the
  compose answer's ``info``) and at the price step (every price move's ``max``);
- The Egyptian Buyer: what a payment reaches (``value``, ``missing``, ``over``, ``reach``) and the
  number that counts double;
- Yadokashi: Move dice's ``preview``, what every roll does, checked against the roll that came;
- the end screen's places (1st, tied 2nd...) and the tie-breaks that settled them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygames.core.places import places
from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import all_games
from pygames.core.rng import Rng
from pygames.games.baggai import page as bg_page
from pygames.games.baggai.rules import BagGaiState
from pygames.games.hitokai import page as hk_page
from pygames.games.hitokai.rules import cards_value
from pygames.games.yadokashi import page as yd_page
from pygames.games.yadokashi.rules import FACES, YadokashiState
from tests.test_baggai_rules import FILLER4, make
from tests.test_hitokai_page import paying


# --- BAG-GAI: the highest price a range allows --------------------------------------------------
def test_six_spots_with_3_yen_say_at_most_0_before_the_choice() -> None:
    """The beginner's case: six spots with ¥3 can only be priced 0, and the range step says so."""
    s = make(4, FILLER4, start=0, purses=[3, 20, 20, 20])
    six = bg_page.compose(s, 0, "range", [1, 6])
    assert six.complete and six.info["size"] == 6
    assert six.info["money"] == 3 and six.info["max_price"] == 0
    three = bg_page.compose(s, 0, "range", [1, 3])
    assert three.info["max_price"] == 1
    # what the preview said is what happens: the price is set to 0 without asking
    s.apply(0, six.actions[0])
    for seat, rng in [(1, "r7"), (2, "rL"), (3, "rR")]:
        s.apply(seat, rng)
    assert s.phase in ("price", "buy") and s.prices[0] == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_range_says_the_price_limit_that_playing_it_gives(seed: int) -> None:
    s = BagGaiState.new(4, seed, {"start": 0})
    s.purse[0] = 7
    last = s.spots + 1
    for lo in range(last + 1):
        for hi in range(lo, last + 1):
            ans = bg_page.compose(s, 0, "range", [lo, hi] if hi > lo else [lo])
            world = s.clone()
            world.apply(0, ans.actions[0])
            assert ans.info["max_price"] == world.max_price(0) == 7 // (hi - lo + 1)


def test_price_moves_carry_the_limit_of_the_range() -> None:
    s = make(4, FILLER4, start=0, purses=[20, 7, 20, 3])
    for seat, rng in [(0, "r2-5"), (1, "r1-3"), (2, "rL"), (3, "r4-7")]:
        s.apply(seat, rng)
    for seat, top in [(0, 5), (1, 2), (2, 20)]:
        moves = bg_page.discrete_moves(s, seat)
        assert {m["max"] for m in moves} == {top} == {max(m["price"] for m in moves)}


# --- The Egyptian Buyer: what a payment reaches ---------------------------------------------------
def test_a_payment_says_what_it_reaches_and_what_counts_double() -> None:
    s = paying([[5, 7, 7, 9, 9], [8, 8], [10]], k=7, bid=4)
    (choice,) = hk_page.choices(s, 0)
    assert choice["double"] == 2 and choice["daughter"] == 7
    assert choice["missing"] == 4 and choice["reach"] == 7  # 5, 9, 9: 1 each; 7, 7: 2 each
    for picks in ([5], [7], [5, 9], [7, 9], [7, 7], [5, 9, 7], [9, 9, 7]):
        info = hk_page.compose(s, 0, "pay", picks).info
        value = cards_value(picks, 7)
        assert info["value"] == value and info["bid"] == 4
        assert info["missing"] == max(0, 4 - value) and info["over"] == max(0, value - 4)
        assert info["reach"] == 7 and info["double"] == 2
    # 9, 9 and a 7 make 4; 5, 9 and a 7 make 4; a 7 on 5 + 9 + 9 would be one over
    assert hk_page.compose(s, 0, "pay", [9, 9, 7]).complete


# --- Yadokashi: Move dice previewed for every roll ----------------------------------------------
def _entry(preview: list[JSONDict], roll: int) -> JSONDict:
    (entry,) = [e for e in preview if e["rolls"][0] <= roll <= e["rolls"][1]]
    return entry


def _check_roll(before: YadokashiState, seat: int, action: str) -> int:
    """Play ``action`` as the game does (its own roll) and check it against the preview made
    before; the state previewed is unchanged by the preview. The roll that came."""
    snapshot = json.dumps(before.to_json(), sort_keys=True)
    preview = yd_page.move_preview(before, seat, action)
    assert json.dumps(before.to_json(), sort_keys=True) == snapshot
    rolls = [r for e in preview for r in range(e["rolls"][0], e["rolls"][1] + 1)]
    assert rolls == list(range(1, FACES + 1))  # every roll, each once, in order
    stars = list(before.stars)
    before.apply(seat, action)
    move = before.last_move
    assert move is not None
    entry = _entry(preview, move["roll"])
    choose = entry["choose"]
    if before.phase == "rebirth":  # the player chooses: the preview shows the first shell
        assert choose == [s for s in (1, 2) if s not in before.crabs]
        before.apply(seat, f"re{choose[0]}")
        move = before.last_move
        assert move is not None
    else:
        assert choose == []
    assert entry["grow"] == move["growth"] and entry["leave"] == move["left"]
    assert entry["reborn"] == move["rebirth"] and entry["moves"] == move["moves"]
    assert entry["stars"] == [after - b for after, b in zip(before.stars, stars, strict=True)]
    assert entry["over"] == before.is_over()
    assert entry["winner"] == (before.result().winners[0] if before.is_over() else None)
    return int(move["roll"])


@pytest.mark.parametrize("players", [3, 4])
def test_the_preview_of_each_call_is_what_the_roll_does(players: int) -> None:
    """Along seeded games, every Move dice is checked against its preview: the roll that came
    does what the preview said for it, rebirths and game ends included."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        s = YadokashiState.new(players, seed)
        pick = Rng.from_seed(seed, 9)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            calls = [a for a in legal if a in ("hi", "lo")]
            if calls and pick.below(3):
                action = calls[pick.below(len(calls))]
                seen[action] += 1
                seen[f"roll{_check_roll(s, seat, action)}"] += 1
                seen["reborn"] += bool(s.last_move and s.last_move["rebirth"])
                seen["over"] += s.is_over()
            else:
                s.apply(seat, legal[pick.below(len(legal))])
    assert seen["hi"] > 50 and seen["lo"] > 50
    assert seen["reborn"] >= 1 and seen["over"] >= 1
    assert all(seen[f"roll{face}"] for face in range(1, FACES + 1))


def test_a_size_12_crab_leaves_and_is_reborn_in_the_preview() -> None:
    s = YadokashiState.new(3, 1, {"start": 0})
    s.rows = [[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 6, 7, 8]]
    s.crabs = {12: 12, 6: 6}
    s.centre = 4
    high = yd_page.move_preview(s, 0, "hi")
    top = _entry(high, 12)
    assert top["leave"] == [12] and top["reborn"] == [1] and top["choose"] == [1, 2]
    assert _entry(high, 7)["grow"] == [{"shell": 12, "from": 12, "to": 13}]
    low = _entry(yd_page.move_preview(s, 0, "lo"), 6)
    assert low["grow"] == [{"shell": 6, "from": 6, "to": 7}]
    assert low["moves"] == [{"from": 6, "to": 7, "size": 7}] and low["leave"] == []


# --- the end screen's places ------------------------------------------------------------------
def _finish(game: str, players: int, seed: int) -> GameState:
    info = next(i for i in all_games() if i.id == game)
    s = info.state_class.new(players, seed)
    rng = Rng.from_seed(seed, 3)
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])
    return s


GAMES = [(i.id, p) for i in all_games() for p in range(i.min_players, i.max_players + 1)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_places_rank_every_seat_and_first_place_is_the_winners(game: str, players: int) -> None:
    for seed in range(8):
        s = _finish(game, players, seed)
        result = s.result()
        ranked = places(s)
        if not result.finished:
            assert ranked is None
            continue
        assert ranked is not None
        rows = ranked["places"]
        assert sorted(r["seat"] for r in rows) == list(range(players))
        assert sorted(r["seat"] for r in rows if r["place"] == 1) == sorted(result.winners)
        for i, row in enumerate(rows):  # best first; a shared place skips as many after it
            assert row["score"] == result.scores[row["seat"]]
            assert row["place"] == 1 + sum(1 for r in rows[:i] if r["place"] < row["place"])
            same = [r for r in rows if r["place"] == row["place"]]
            assert row["shared"] == (len(same) > 1)
        for tie in ranked["ties"]:
            assert len(tie["seats"]) > 1 and set(tie["first"]) <= set(tie["seats"])
            assert {result.scores[x] for x in tie["seats"]} == {tie["score"]}
            assert {r["place"] for r in rows if r["seat"] in tie["first"]} == {tie["place"]}
            if tie["key"] != "shared":
                assert len(tie["first"]) == 1 and tie["text"]["en"] and tie["text"]["ja"]


def test_a_tie_below_first_is_settled_by_the_games_tie_break() -> None:
    """BAG-GAI's brands settle a tie for 2nd as they settle one for the win."""
    s = _finish("baggai", 4, 0)
    assert isinstance(s, BagGaiState)
    # make seats 1 and 3 tie for 2nd below seat 2, with seat 1 alone best in one brand
    s.vp_showoff = [0, 0, 0, 0]
    s.parties = []
    s.money_points = [1, 5, 9, 5]
    s.owned = [[], ["R3"], ["G2"], []]
    ranked = places(s)
    assert ranked is not None
    assert [(r["seat"], r["place"]) for r in ranked["places"]] == [(2, 1), (1, 2), (3, 3), (0, 4)]
    (tie,) = ranked["ties"]
    assert tie["place"] == 2 and tie["seats"] == [1, 3] and tie["first"] == [1]
    assert tie["key"] == "brands" and "brands" in tie["text"]["en"]
