"""Scenario tests: one rule of Return of the Pharaoh (and each ruling P1-P6) per test, the play
example of section 7 and the scoring example of the original text."""

from __future__ import annotations

import json

import pytest

from pygames.core.errors import BadNotation, IllegalAction, NotYourTurn, RecordError
from pygames.core.rng import Rng
from pygames.games.pharaoh.rules import (
    KINDS_BONUS,
    PHARAOHS,
    REMOVED,
    Action,
    PharaohState,
    deck_cards,
    members_text,
)

A, B, C, D = 0, 1, 2, 3


def position(
    players: int,
    hands: list[list[int]],
    offer: list[str],
    *,
    done: int = 0,
    deck: list[str] | None = None,
    round_: int = 1,
    horus: int = 0,
    hospital: list[int] | None = None,
    tents: list[list[int]] | None = None,
    treasures: list[list[str]] | None = None,
    pharaohs: list[int] | None = None,
    removed: list[str] | None = None,
) -> PharaohState:
    """A position built directly: the round's ``offer`` with its first ``done`` cards already
    auctioned (given to ``treasures`` / ``removed`` by the caller), the auction of card ``done``
    about to start with the Horus holder to move."""
    s = PharaohState.new(players, 1, {"start": horus})
    s.round = round_
    s.hands = [sorted(h) for h in hands]
    s.treasures = [list(t) for t in treasures] if treasures else [[] for _ in range(players)]
    s.removed = list(removed or [])
    s.hospital = sorted(hospital or [])
    s.tents = [sorted(t) for t in tents] if tents else [[] for _ in range(players)]
    s.offer = list(offer)
    s.deck = list(deck or [])
    spare = spare_deck(s.offer, s.deck, s.removed, *s.treasures, _flags(s))
    while len(s.offer) < 4:
        s.offer.append(spare.pop(0))
    if deck is None:
        s.deck, spare = spare[: (5 - round_) * 4], spare[(5 - round_) * 4 :]
    s.removed += spare  # whatever the position does not place has left the game
    s.results = [REMOVED] * done
    s.horus = horus
    if pharaohs is not None:
        s.pharaohs = list(pharaohs)
        s.played = [PHARAOHS[players] - p for p in pharaohs]
    s.log = []
    s._start_auction()
    return s


def _flags(s: PharaohState) -> list[str]:
    zones = [*s.hands, *s.tents, s.hospital]
    return [f"flag{c - 10}" for z in zones for c in z if c > 10]


def spare_deck(*used: list[str]) -> list[str]:
    """The deck cards not named in ``used``."""
    rest = deck_cards()
    for group in used:
        for card in group:
            if card in rest:
                rest.remove(card)
    return rest


def play(s: PharaohState, *moves: tuple[int, str]) -> None:
    for seat, action in moves:
        assert s.to_move() == [seat], (seat, action, s.to_move())
        s.apply(seat, action)


def texts(s: PharaohState) -> list[str]:
    return [e["text"]["en"] for e in s.log]


# --- the play example of section 7 ------------------------------------------------------------
def example_start() -> PharaohState:
    """Round 3, before the second auction (2 jars): A holds the Horus chip. Earlier cards: A won
    3 ankhs and 3 gold coins and the flag 4, B 4 ankhs and 3 swords and the flag 5, C 4 gold coins
    and (first auction of round 3) 1 ankh; the flag 7 left the game. B has spent a Pharaoh card."""
    offer = ["ankh1", "jar2", "flag3", "gold5"]
    deck = ["sword1", "throne1", "flag6", "ankh2", "gold1", "gold2", "jar1", "sword2"]
    s = position(
        3,
        [[1, 2, 3, 4, 5, 14], [2, 3, 4, 5, 15], [1, 2, 3]],
        offer,
        done=1,
        deck=deck,
        round_=3,
        horus=A,
        hospital=[1, 4, 5],
        treasures=[["ankh3", "gold3"], ["ankh4", "sword3"], ["gold4", "ankh1"]],
        pharaohs=[2, 1, 2],
        removed=["flag7"],
    )
    s.results = [C]
    assert s.removed == ["flag7"]
    assert s.invariant_errors() == []
    return s


def test_play_example_of_section_7() -> None:
    s = example_start()
    assert s.current == "jar2" and s.start == A and s.view(A)["bonus"] == 3
    # A puts his 4 in front and declares 7 (+3, round 3)
    play(s, (A, "d4+"))
    assert s.front[A] == [4] and s.declared[A] == 7 and s.highest == 7 and s.leader == A
    # B says "Horus" and takes the chip from A; C passes; A wins the jars, his 4 to the hospital
    play(s, (B, "horus"))
    assert s.horus == B and "horus" not in s.legal_actions(C)
    play(s, (C, "pass"))
    assert s.treasures[A] == ["ankh3", "gold3", "jar2"]
    assert s.hospital == [1, 4, 4, 5] and s.front[A] == [] and 4 not in s.hands[A]
    # third card, the flag member 3: B (holding the chip) starts with a Pharaoh pass
    assert s.current == "flag3" and s.to_move() == [B] and s.start == B
    play(s, (B, "pharaoh"))
    assert s.tents[B] == [1, 4, 4, 5] and s.hospital == [] and s.pharaohs[B] == 0
    assert s.played[B] == 2
    play(s, (C, "horus"), (A, "pass"))
    # nobody declared: the flag member 3 leaves the game
    assert s.removed == ["flag7", "flag3"] and s.horus == C
    assert all(13 not in z for z in s.hands + s.tents)
    # fourth card, 5 gold coins: C starts and keeps the chip with Horus again
    assert s.current == "gold5" and s.to_move() == [C]
    play(s, (C, "horus"))
    assert s.horus == C
    play(s, (A, "d35"))
    assert s.highest == 8 and s.legal_actions(B) and "horus" not in s.legal_actions(B)
    play(s, (B, "d45"), (A, "pass"))
    # B wins, his 9 members go to the hospital; A takes his 8 back
    assert s.treasures[B] == ["ankh4", "sword3", "gold5"] and s.hospital == [4, 5]
    assert s.hands[A] == [1, 2, 3, 5, 14]
    # end of round 3: the tents go back to the hands; round 4 opens with 1 sword
    assert s.round == 4 and s.offer == ["sword1", "throne1", "flag6", "ankh2"]
    assert s.tents == [[], [], []] and s.hands[B] == [1, 2, 3, 4, 4, 5, 15]
    assert s.current == "sword1" and s.start == C and s.to_move() == [C]
    # C, as planned, says "Pharaoh": B's 9 members move to C's tent
    play(s, (C, "pharaoh"))
    assert s.tents[C] == [4, 5] and s.hospital == [] and s.pharaohs[C] == 1
    assert s.invariant_errors() == []
    assert any("2 jars" in line for line in texts(s))


# --- scoring ------------------------------------------------------------------------------------
def finished(s: PharaohState) -> PharaohState:
    s.over = True
    return s


def test_scoring_example_is_22() -> None:
    s = PharaohState.new(3, 1)
    s.treasures[A] = ["throne1", "jar2", "sword1", "gold4", "gold5"]
    s.hands[A] = [1, 2, 13]
    s.tents[A] = [15, 17]
    b = s.breakdown(A)
    assert (b["items"], b["kinds"], b["kinds_bonus"], b["flags"]) == (13, 4, 6, 3)
    assert b["total"] == s.score(A) == 1 + 2 + 1 + 4 + 5 + 6 + 3 == 22
    assert b["treasures"]["gold"] == [4, 5] and b["treasures"]["ankh"] == []
    assert list(KINDS_BONUS) == [0, 0, 1, 3, 6, 10]


def test_tie_break_by_member_sum_then_shared() -> None:
    s = PharaohState.new(3, 1)
    s.treasures = [["gold5"], ["ankh4", "throne1"], ["gold3", "jar1"]]  # 5, 6, 5
    s.hands = [[1, 2], [], [1, 3, 5]]
    s.tents = [[13], [], []]
    finished(s)
    r = s.result()
    assert r.scores == [6, 6, 5]  # seat 0: 5 + a flag
    assert r.winners == [0] and r.tie_break == "members"  # member sums 6 against 0
    assert r.tie_break_text["en"] and r.tie_break_text["ja"]
    s.hands[B] = [2, 4]
    r = s.result()
    assert r.winners == [0, 1] and r.tie_break == "shared"


# --- declarations and the start bonus -----------------------------------------------------------
def test_start_bonus_on_the_opening_declaration_only() -> None:
    # the example of section 3 (2 players, round 2); the original gives B two 2s, which no
    # 2-player deal holds: here B adds a 4 instead
    s = position(2, [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], ["jar1", "gold1"], round_=2, horus=A)
    legal = s.legal_actions(A)
    assert "d1" in legal and "d1+" in legal  # P5: the bonus is optional
    play(s, (A, "d1+"))
    assert s.highest == 3 and s.view(A)["seats"][A]["declared"] == 3
    assert s.view(B)["bonus"] is None and not any(a.endswith("+") for a in s.legal_actions(B))
    assert "d2" not in s.legal_actions(B) and "d3" not in s.legal_actions(B)
    play(s, (B, "d4"))
    assert s.highest == 4
    assert not any(a.endswith("+") for a in s.legal_actions(A))
    play(s, (A, "d23"))
    assert s.highest == 6 and s.declared[A] == 6  # a plain total now: 1 + 2 + 3
    play(s, (B, "d3"))
    assert s.highest == 7


def test_start_bonus_is_optional_and_only_for_the_start_player() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold5"], round_=4, horus=B)
    play(s, (B, "d2"))
    assert s.highest == 2  # declined the bonus
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold5"], round_=4, horus=B)
    play(s, (B, "horus"))
    assert not any(a.endswith("+") for a in s.legal_actions(C))  # the opener passed: no bonus
    with pytest.raises(IllegalAction) as err:
        s.apply(C, "d1+")
    assert "start player" in err.value.text["en"]


def test_declarations_list_distinct_multisets_only() -> None:
    s = position(4, [[3, 3, 13], [1], [1], [1]], ["gold1"], horus=A)
    declare = [a for a in s.legal_actions(A) if a.startswith("d") and not a.endswith("+")]
    assert declare == sorted(["d3", "d33", "df3", "d3f3", "d33f3"])
    assert len(s.legal_actions(A)) == 2 * 5 + 3


def test_declarations_must_beat_the_highest_with_the_whole_front() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold3"], horus=A)
    play(s, (A, "d3"), (B, "d4"), (C, "d5"), (A, "pass"))
    # B: 4 in front, must go above 5 in total (adding 1 gives 5: not enough)
    legal = s.legal_actions(B)
    assert "d1" not in legal and "d2" in legal and "d12" in legal


# --- passes -------------------------------------------------------------------------------------
def test_horus_pass_once_per_auction_and_keeping_the_chip() -> None:
    s = position(4, [[1, 2, 3, 4, 5]] * 4, ["jar1", "jar2"], horus=A)
    assert "horus" in s.legal_actions(A)
    play(s, (A, "horus"))  # the holder may keep the chip
    assert s.horus == A and s.passed[A] == "horus"
    assert s.view(B)["horus_pass_available"] is False
    assert s.legal_actions(B) and "horus" not in s.legal_actions(B)
    play(s, (B, "d1"), (C, "d2"), (D, "pass"), (B, "pass"))
    # C won; the next auction starts with the chip's holder, A, and Horus is open again
    assert s.current == "jar2" and s.start == A and s.to_move() == [A]
    assert "horus" in s.legal_actions(A)
    play(s, (A, "d1"), (B, "horus"))
    assert s.horus == B
    play(s, (C, "pass"), (D, "pass"))
    # B took the chip, but the order of this auction did not change: A won it
    assert s.treasures[A] == ["jar2"] and s.start == B


def test_next_start_player_is_the_horus_holder() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["jar1", "jar2"], horus=B)
    play(s, (B, "d1"), (C, "horus"), (A, "pass"))
    assert s.treasures[B] == ["jar1"] and s.start == C and s.to_move() == [C]
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["jar1", "jar2"], horus=B)
    play(s, (B, "d1"), (C, "pass"), (A, "pass"))
    assert s.start == B  # nobody said Horus: the chip stays


def test_pharaoh_pass_takes_only_the_cards_already_at_the_hospital() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold2", "gold3"], horus=A, hospital=[2, 4])
    play(s, (A, "d5"), (B, "pharaoh"))
    assert s.tents[B] == [2, 4] and s.hospital == [] and s.pharaohs[B] == 1
    assert s.view(C)["seats"][B]["pharaoh_played"] == 1
    play(s, (C, "pass"))
    # A's 5 reaches the hospital after B's Pharaoh pass: it stays there
    assert s.hospital == [5] and s.tents[B] == [2, 4]
    assert s.hands[B] == [1, 2, 3, 4, 5]  # the tent is not the hand


def test_p4_pharaoh_pass_with_an_empty_hospital_spends_the_card() -> None:
    s = position(2, [[1, 2, 3, 4, 5]] * 2, ["gold2"], horus=A)
    assert s.pharaohs == [3, 3]
    play(s, (A, "pharaoh"))
    assert s.pharaohs[A] == 2 and s.played[A] == 1 and s.tents[A] == []
    assert "the hospital is empty" in texts(s)[-1]


def test_pharaoh_pass_needs_a_pharaoh_card() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold2"], horus=A, pharaohs=[0, 2, 2])
    assert "pharaoh" not in s.legal_actions(A)
    with pytest.raises(IllegalAction) as err:
        s.apply(A, "pharaoh")
    assert err.value.text["ja"] == "ファラオカードが手札にありません。"


def test_every_pass_without_a_declaration_removes_the_card() -> None:
    for kinds in (("pass", "horus", "pharaoh"), ("horus", "pharaoh", "pass")):
        s = position(3, [[1, 2, 3, 4, 5]] * 3, ["gold5", "jar1"], horus=A)
        play(s, (A, kinds[0]), (B, kinds[1]), (C, kinds[2]))
        assert s.removed == ["gold5"] and s.results == [REMOVED]
        assert s.current == "jar1" and all(not t for t in s.treasures)
        assert s.view(A)["offer"][0] == {"card": "gold5", "state": "removed", "winner": None}


def test_last_players_declare_or_pass() -> None:
    s = position(4, [[1, 2, 3, 4, 5]] * 4, ["gold4", "jar1"], horus=A)
    play(s, (A, "pass"), (B, "horus"), (C, "pass"))
    # everyone else passed without a declaration: D declares any total and wins at once
    assert s.to_move() == [D] and "d1" in s.legal_actions(D)
    play(s, (D, "d1"))
    assert s.treasures[D] == ["gold4"] and s.hospital == [1] and s.current == "jar1"
    s = position(4, [[1, 2, 3, 4, 5]] * 4, ["gold4", "jar1"], horus=A)
    play(s, (A, "pass"), (B, "horus"), (C, "pass"), (D, "pharaoh"))
    assert s.removed == ["gold4"] and s.pharaohs[D] == 1


def test_losers_front_cards_return_to_hand_p2_included() -> None:
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["sword3"], horus=A)
    play(s, (A, "d2+"), (B, "d4"), (C, "d5"), (A, "d4"), (B, "pass"), (C, "pass"))
    assert s.treasures[A] == ["sword3"] and s.hospital == [2, 4]
    assert s.hands[B] == [1, 2, 3, 4, 5] and s.hands[C] == [1, 2, 3, 4, 5]
    assert s.front == [[], [], []]
    assert "{0} takes 4 back into their hand." in texts(s)


def test_won_flag_member_and_front_go_to_the_tent_and_to_hand_next_round() -> None:
    deck = spare_deck(["flag6", "gold1", "gold2", "gold3"])
    s = position(3, [[1, 2, 3, 4, 5]] * 3, ["flag6", "gold1", "gold2", "gold3"], deck=deck)
    play(s, (A, "d23"), (B, "pass"), (C, "pass"))
    assert s.tents[A] == [2, 3, 16] and s.hands[A] == [1, 4, 5] and s.hospital == []
    # not usable in this round
    assert s.to_move() == [A]
    declare = [a for a in s.legal_actions(A) if a.startswith("d")]
    assert declare and all(set(Action.parse(a).cards) <= {1, 4, 5} for a in declare)
    while s.round == 1:
        play(s, (s.to_move()[0], "pass"))
    assert s.round == 2 and s.tents[A] == [] and s.hands[A] == [1, 2, 3, 4, 5, 16]
    assert s.score(A) == 1  # the flag bonus


def test_p1_p6_without_member_cards_only_passes_and_a_forced_pass_is_automatic() -> None:
    s = position(3, [[], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], ["gold1"], horus=A, pharaohs=[1, 2, 2])
    assert s.legal_actions(A) == ["horus", "pass", "pharaoh"]
    play(s, (A, "pharaoh"), (B, "horus"), (C, "d1"))
    assert s.treasures[C] == ["gold1"]
    s = position(3, [[1, 2, 3, 4, 5], [], [1, 2, 3, 4, 5]], ["gold1"], horus=C, pharaohs=[2, 0, 2])
    play(s, (C, "horus"), (A, "d1"))
    # B holds no member and no Pharaoh card, and Horus is taken: the engine passes for him
    assert s.passed == [None, None, None] and s.treasures[A] == ["gold1"]
    assert "{0} can only pass." in texts(s) and s.ply == 2


def test_forced_pass_when_no_declaration_can_top_the_highest() -> None:
    s = position(2, [[1, 2, 3, 4, 5], [1, 2]], ["gold1", "gold2"], horus=A, pharaohs=[3, 0])
    play(s, (A, "d4+"))
    # B would need more than 5; he holds 3: only passes, and Horus is still open
    assert s.legal_actions(B) == ["horus", "pass"]
    play(s, (B, "horus"))
    assert s.treasures[A] == ["gold1"] and s.to_move() == [B]


# --- setup and the course of the game -----------------------------------------------------------
def test_setup_hands_pharaohs_deck_and_offer() -> None:
    for players, pharaohs in ((2, 3), (3, 2), (4, 2)):
        s = PharaohState.new(players, 7)
        assert s.pharaohs == [pharaohs] * players and s.played == [0] * players
        assert s.hands == [[1, 2, 3, 4, 5]] * players
        assert len(s.offer) == 4 and len(s.deck) == 16 and s.round == 1
        assert sorted(s.offer + s.deck) == deck_cards() and len(deck_cards()) == 20
        assert s.start == s.horus and s.to_move() == [s.horus]
        assert s.invariant_errors() == []
    assert {PharaohState.new(4, seed).horus for seed in range(40)} == {0, 1, 2, 3}
    assert PharaohState.new(3, 5, {"start": 2}).to_move() == [2]
    with pytest.raises(RecordError):
        PharaohState.new(3, 5, {"start": 3})
    with pytest.raises(ValueError):
        PharaohState.new(5, 5)


def test_horus_chip_stays_across_rounds_and_the_game_ends_after_20_auctions() -> None:
    s = PharaohState.new(3, 11, {"start": 1})
    starts = []
    while not s.is_over():
        if s.passed == [None] * 3 and s.leader is None:
            starts.append((s.round, s.start))
        s.apply(s.to_move()[0], "pass")  # nobody ever says Horus: the chip never moves
    assert len(s.removed) == 20 and s.deck == [] and s.to_move() == []
    assert starts == [(r, 1) for r in range(1, 6) for _ in range(4)]
    assert s.result().tie_break == "shared" and s.result().winners == [0, 1, 2]
    with pytest.raises(IllegalAction):
        s.apply(1, "pass")


def test_round_end_returns_tents_to_hands_and_deals_four() -> None:
    s = position(
        2,
        [[1, 2, 3], [1, 2, 3, 4, 5]],
        ["gold2", "gold3", "gold1", "jar1"],
        done=2,
        deck=["sword1", "sword2", "sword3", "throne1"],
        horus=B,
        tents=[[4, 5], []],
        round_=4,
    )
    play(s, (B, "pass"), (A, "pass"), (B, "pass"), (A, "pass"))
    assert s.round == 5 and s.hands[A] == [1, 2, 3, 4, 5] and s.deck == []
    assert s.offer == ["sword1", "sword2", "sword3", "throne1"] and s.start == B


# --- information, refusals and notation ---------------------------------------------------------
def test_view_shows_own_hand_counts_of_others_and_the_table() -> None:
    s = example_start()
    play(s, (A, "d4+"))
    v = s.view(B)
    assert v["seats"][B]["hand"] == [2, 3, 4, 5, 15] and v["seats"][A]["hand"] is None
    assert v["seats"][A]["hand_count"] == 5 and s.view(None)["seats"][B]["hand"] is None
    assert v["seats"][A]["front"] == [4] and v["seats"][A]["front_total"] == 4
    assert v["seats"][A]["declared"] == 7 and v["highest"] == 7 and v["leader"] == A
    assert v["deck_count"] == 8 and v["round"] == 3 and v["auction"] == 2
    assert [o["state"] for o in v["offer"]] == ["won", "current", "waiting", "waiting"]
    assert v["offer"][0]["winner"] == C and v["current"] == "jar2"
    assert v["hospital"] == [1, 4, 5] and v["horus"] == A and v["turn"] == B
    assert v["seats"][B]["pharaoh_left"] == 1 and v["seats"][B]["pharaoh_played"] == 1
    assert v["seats"][C]["treasures"]["gold"] == [4]
    assert v["seats"][C]["treasure_score"] == {"items": 5, "kinds": 2, "kinds_bonus": 1, "total": 6}
    assert v["horus_pass_available"] and v["removed"] == ["flag7"]
    play(s, (B, "horus"))
    assert s.view(A)["seats"][B]["passed"] == "horus"
    assert s.secret_pending() is False


def test_determinize_resamples_only_the_deck() -> None:
    s = example_start()
    worlds = {tuple(s.determinize(A, _rng(k)).deck) for k in range(20)}
    assert len(worlds) > 1 and all(sorted(w) == sorted(s.deck) for w in worlds)
    w = s.determinize(B, _rng(3))
    assert w.hands == s.hands and w.offer == s.offer and w.view(B) == s.view(B)


def _rng(k: int) -> Rng:
    return Rng.from_seed(k)


def test_illegal_actions_refused_with_sentences_and_state_unchanged() -> None:
    s = example_start()
    play(s, (A, "d4+"), (B, "horus"))
    before = json.dumps(s.to_json())
    cases = {
        "horus": "Horus pass",
        "d9": "not an action",
        "d6": "not an action",
        "d45": "do not hold",
        "d1": "must be higher",
        "d1+": "start player",
        "d3+": "start player",
        "d": "not an action",
        "pas": "not an action",
        "d3f3": "must be higher",
    }
    s.hands[C] = [1, 2, 3, 5, 13]
    before = json.dumps(s.to_json())
    for bad, why in cases.items():
        with pytest.raises(IllegalAction) as err:
            s.apply(C, bad)
        assert why in err.value.text["en"], (bad, err.value.text)
        assert err.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    with pytest.raises(IllegalAction) as err:
        s.apply(C, "df35")  # legal cards, written out of order
    assert "d5f3" in err.value.text["en"] and "d5f3" in s.legal_actions(C)
    with pytest.raises(NotYourTurn):
        s.apply(A, "pass")
    assert json.dumps(s.to_json()) == before


def test_notation_round_trip() -> None:
    for text in ("d1", "d35", "d35+", "d3f5", "df7", "d1122334455f3f4f5f6f7+"):
        assert str(Action.parse(text)) == text
    assert Action.parse("d3f5") == Action("declare", (3, 15))
    assert Action.parse("d35+").bonus and not Action.parse("d35").bonus
    for text in ("horus", "pharaoh", "pass"):
        assert str(Action.parse(text)) == text and Action.parse(text).kind == text
    assert str(Action.parse("df53")) == "d3f5"
    for bad in ("d", "d0", "d6", "f5", "df2", "d3++", "+d3", "Horus", "d 3"):
        with pytest.raises(BadNotation):
            Action.parse(bad)
    s = PharaohState.new(4, 3)
    for a in s.legal_actions(s.to_move()[0]):
        assert str(Action.parse(a)) == a


def test_members_text_in_both_languages() -> None:
    assert members_text([15, 3, 5]) == ("3, 5 and flag 5", "3・5・旗5")
    assert members_text([]) == ("nothing", "なし")
