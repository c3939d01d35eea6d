"""The coach's reasons and honest numbers: a hint searches a fixed number of iterations from a
stream seeded by what the seat knows, so it is the same asked twice (in a fresh bridge too) and
the same for true states the seat cannot tell apart; it ranks by the figure shown, marks the
moves within noise, and falls back on the place where nothing can win; each of the best moves
carries a reason in both languages that names a score category or a consequence."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from pygames import coach, web
from pygames.coach_picks import same_move
from pygames.core.parts import Part
from pygames.core.protocol import GameState
from pygames.core.reasons import (
    Stats,
    apart,
    basis,
    mistake_why,
    of_this_player,
    percent,
    place_band,
    singular,
    speaks_to_you,
    whole_percent,
    why,
)
from pygames.core.registry import all_games, get_game
from pygames.core.rng import Rng
from pygames.core.text import t
from tests.conftest import ask
from tests.support import midgame, shown_keys

GAMES = [g.id for g in all_games()]
ITERATIONS = 40  # a short hint (the page's are coach.HINT_ITERATIONS)


@pytest.fixture(autouse=True)
def short_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints of :data:`ITERATIONS` in every game, in slices of 5 ms."""
    monkeypatch.setattr(coach, "HINT_ITERATIONS", {g: ITERATIONS for g in GAMES})
    monkeypatch.setattr(web, "THINK_SLICE", 0.005)


def positions(game: str, samples: int) -> list[tuple[int, GameState, int]]:
    """Positions of random play at the game's most players where the seat to move has a
    choice: ``(seed, state, seat)``."""
    info = get_game(game)
    out = []
    for seed in range(samples):
        state = midgame(game, info.max_players, seed, most=60)
        if not state.is_over():
            seat = state.to_move()[0]
            if len(state.legal_actions(seat)) >= 2:
                out.append((seed, state, seat))
    return out


def answer_of(state: GameState, seat: int) -> dict[str, Any]:
    """The whole hint of ``seat`` in ``state`` (no actions of its own so far)."""
    hint = coach.new_hint(get_game(state.game_id), state, seat, [])
    return coach.hint_answer(hint, state, 1000.0)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_the_same_for_true_states_the_seat_cannot_tell_apart(game: str) -> None:
    """The state and a world determinized from it for the seat to move (every hidden card,
    secret choice and future chance drawn again) look the same to that seat: the same hint,
    numbers, words and reasons, in both languages."""
    checked = 0
    for seed, state, seat in positions(game, 8):
        other = state.determinize(seat, Rng.from_seed(seed, 5))
        assert other.view(seat) == state.view(seat)
        first, second = answer_of(state, seat), answer_of(other, seat)
        assert first == second, (game, seed)
        for move in first["moves"][: coach.HINT_WORDS]:
            assert move["why"]["en"].strip() and move["why"]["ja"].strip()
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_ranked_by_the_figure_shown(game: str) -> None:
    """Never a lower chance to win above a higher one as shown, nor with the chances alike as
    shown a worse place above a better one, then fewer points above more (on the ``place``
    basis: the place first, then the points); ``about`` only below another move."""
    for _, state, seat in positions(game, 6):
        answer = answer_of(state, seat)
        moves = answer["moves"]
        if answer["basis"] == "place":
            assert all(m["win"] < 0.03 for m in moves)
        shown = shown_keys(moves, answer["basis"])
        assert shown == sorted(shown), shown
        assert "about" not in moves[0]
        assert all(m.get("about", True) is True for m in moves)


def hint_in(bridge: web.Bridge, record: dict[str, Any], seat: int) -> dict[str, Any]:
    """The finished hint of ``seat`` in a game started in ``bridge`` from ``record``."""
    sid = json.loads(bridge.handle(json.dumps({"cmd": "start", "record": record})))["session"]
    for _ in range(1000):
        answer: dict[str, Any] = json.loads(
            bridge.handle(json.dumps({"cmd": "hint", "session": sid, "seat": seat}))
        )
        assert answer["ok"], answer
        if not answer["thinking"]:
            bridge.handle(json.dumps({"cmd": "close", "session": sid}))
            return {k: answer[k] for k in ("moves", "basis", "iterations")}
    raise AssertionError("the hint never finished")


def test_a_hint_asked_again_in_the_same_or_a_fresh_bridge_is_the_same() -> None:
    """A position asked twice in one bridge, and once in a fresh one (a new worker), gets the
    same ranking, numbers and reasons: the game's seed does not enter it."""
    seats = [{"name": f"H{s}", "kind": "human"} for s in range(3)]
    base = {"v": 1, "game": "marie", "players": 3, "options": {"hints": True}, "seats": seats}
    record = {**base, "seed": 17, "actions": []}
    state = ask(cmd="start", record=record)
    seat = state["to_move"][0]
    one = web.Bridge()
    first, again = hint_in(one, record, seat), hint_in(one, record, seat)
    fresh = hint_in(web.Bridge(), record, seat)
    assert first == again == fresh
    assert first["iterations"] == ITERATIONS
    ask(cmd="close", session=state["session"])


# --- the words of a reason -----------------------------------------------------------------


def stats(win: list[float], place: list[float], points: list[float], **parts: list[float]) -> Stats:
    """Stats of rollouts given figure by figure."""
    s = Stats()
    for i in range(len(win)):
        s.add(win[i], place[i], points[i], {k: v[i] for k, v in parts.items()})
    return s


def baggai_state() -> GameState:
    return midgame("baggai", 4, 1, most=10)


def test_a_reason_names_the_score_categories_and_the_chances() -> None:
    """BAG-GAI: more money and more party VP on average, told in BAG-GAI's words, with both
    chances to win; the other move's reason says the same from its side."""
    good = stats([1, 0, 1, 1], [1, 2, 1, 1], [20, 14, 21, 22], parties=[8, 6, 9, 9],
                 showoff=[2, 2, 2, 2], money=[20, 18, 22, 20])  # fmt: skip
    poor = stats([0, 0, 1, 0], [2, 3, 1, 3], [15, 12, 17, 14], parties=[5, 4, 6, 5],
                 showoff=[2, 2, 2, 2], money=[16, 15, 17, 16])  # fmt: skip
    state = baggai_state()
    text = why(good, poor, state, 0, "p0")
    assert text["en"] == (
        "Compared with the next best move, on average you end with ¥4 more and 3 more VP from "
        "parties; your chance to win is 75% instead of 25%."
    )
    assert "4万円多く" in text["ja"] and "パーティーの勝利点が3多く" in text["ja"]
    assert "25%ではなく75%" in text["ja"]
    worse = why(poor, good, state, 0, "p2", against="best")
    assert worse["en"].startswith("Compared with the best move, on average you end with ¥4 less")
    assert "show-off" not in text["en"]  # the same in both: not told


def test_a_reason_on_the_place_basis_says_no_move_can_win() -> None:
    """No move reaches 3% to win: the basis is the place, and the reason says so and which place
    the move keeps."""
    keep = stats([0, 0, 0, 0], [2, 2, 2, 3], [14, 15, 15, 12], parties=[6, 7, 7, 5],
                 showoff=[0, 0, 0, 0], money=[10, 10, 11, 9])  # fmt: skip
    drop = stats([0, 0, 0, 0], [3, 4, 3, 4], [10, 9, 11, 9], parties=[3, 3, 4, 3],
                 showoff=[0, 0, 0, 0], money=[10, 9, 11, 9])  # fmt: skip
    assert basis([keep, drop]) == "place" and basis([keep, stats([1], [1], [20])]) == "win"
    text = why(keep, drop, baggai_state(), 0, "p0", basis="place")
    assert text["en"].startswith("You can't win from here")
    assert "you finish 2nd (2.2 on average, against 3.5 with the other move)" in text["en"]
    assert "ここからは" in text["ja"] and "2位" in text["ja"]
    # places within the noise of each other are said to be so ("2.73 against 2.74" was read as
    # the reason for the first move)
    near = stats([0, 0, 0, 0], [3, 2, 3, 2], [10, 9, 11, 9], parties=[3, 3, 4, 3],
                 showoff=[0, 0, 0, 0], money=[10, 9, 11, 9])  # fmt: skip
    text = why(near, keep, baggai_state(), 0, "p0", basis="place")
    assert (
        "(2.5 on average, against 2.2 with the other move: within the search's noise)" in text["en"]
    ), text["en"]
    assert "（差は探索の誤差の範囲内です）" in text["ja"], text["ja"]


def test_a_reason_without_a_difference_does_not_invent_one() -> None:
    """Two moves that end alike say so, rather than a number the rollouts do not support."""
    same = stats([1, 0, 1, 0], [1, 2, 1, 2], [10, 8, 10, 8], kept=[5, 3, 5, 3], eaten=[1, 1, 1, 1])
    state = midgame("marie", 3, 1, most=5)
    text = why(same, same, state, 0, "take1")
    assert "no clear difference" in text["en"] and "はっきりした差は見えません" in text["ja"]


def test_a_mistake_says_why_the_better_move_is_better() -> None:
    """The review's words of a mistake: the better move against the move played."""
    best = stats([1, 1, 0, 1], [1, 1, 2, 1], [20, 21, 15, 22], items=[15, 16, 12, 17],
                 kinds=[3, 3, 1, 3], flags=[2, 2, 2, 2])  # fmt: skip
    played = stats([0, 0, 0, 1], [2, 2, 2, 1], [12, 13, 12, 18], items=[10, 10, 9, 14],
                   kinds=[1, 1, 1, 3], flags=[2, 2, 2, 2])  # fmt: skip
    state = midgame("pharaoh", 2, 1, most=5)
    text = mistake_why(state, 0, "pass", "horus", played, best)
    assert text["en"].startswith("Compared with the move played, on average you end with")
    assert "points from treasure items" in text["en"] and "75% instead of 25%" in text["en"]
    assert "財宝の点" in text["ja"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_its_categories_in_both_languages(game: str) -> None:
    """Each game's categories read a finished game and have words with the amount in both
    languages (and Yadokashi speaks of no hidden cards: it has none)."""
    parts = get_game(game).parts
    assert parts is not None and parts.words
    for part in parts.words.values():
        assert isinstance(part, Part)
        for words in (part.more, part.less):
            assert "{n}" in words["en"] and "{n}" in words["ja"]
            assert "hidden" not in words["en"]


def egyptian_position(
    phase: str, most: int, seeds: int, wanted: Callable[[GameState, int, list[str]], bool]
) -> tuple[GameState, int]:
    """The first 3-player Egyptian Buyer position of random play (seeds from 0, at most ``most``
    actions in) in ``phase`` whose seat to move and its legal actions are ``wanted``."""
    for seed in range(seeds):
        state = midgame("hitokai", 3, seed, most=most)
        if state.is_over() or getattr(state, "phase", "") != phase:
            continue
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) >= 2 and wanted(state, seat, legal):
            return state, seat
    raise AssertionError(f"no such {phase} position in {seeds} seeds")


def over_the_hand() -> tuple[GameState, int]:
    """An Egyptian Buyer auction where the seat to bid cannot pay even the lowest raise (the
    strong bot's shortlist keeps one move of its many legal bids): found in random play."""
    shortlist = get_game("hitokai").shortlist
    assert shortlist is not None
    return egyptian_position(
        "bid", 40, 200, lambda s, seat, legal: len(shortlist(s, seat, legal)) == 1
    )


def test_the_one_move_weighed_among_several_says_the_others_are_set_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint that weighs one move while other bids are legal (over the hand: they only
    eliminate) does not call it "the only move" (a beginner saw more bids allowed): it says the
    coach sets the others aside; a move with no other legal one is the only move."""
    state, seat = over_the_hand()
    hint = answer_of(state, seat)
    assert len(hint["moves"]) == 1
    text = hint["moves"][0]["why"]
    assert text["en"].startswith("It is the only move the coach weighs here")
    assert "a bid your hand cannot pay" in text["en"]
    assert text["ja"].startswith("コーチが考える手はこれだけです（")
    # the engines play forced moves themselves, so a seat with one legal move is made here
    single = midgame("marie", 3, 1, most=5)
    seat = single.to_move()[0]
    only = single.legal_actions(seat)[:1]
    monkeypatch.setattr(single, "legal_actions", lambda s: only)
    alone = why(stats([1, 0], [1, 2], [10, 8]), None, single, seat, only[0])
    assert alone["en"].startswith("It is the only move: ")
    assert "only move the coach" not in alone["en"]
    assert alone["ja"].startswith("選べる手はこれだけです。")


def test_a_trade_off_is_named_as_one_not_as_a_reason_for_the_move() -> None:
    """A category that goes against the chances (the better move ends with less of it) is said
    with "but" beside the ones that agree, and with "yet" when it is the only one: never as if
    it were why the move is better (a beginner read "1.7 fewer cards kept" as an argument
    against the coach's first move). The worse move's reason reads the same from its side."""
    state = midgame("hitokai", 3, 1, most=5)
    better = stats([1, 1, 0, 1], [1, 1, 2, 1], [20, 21, 15, 22],
                   daughters=[30, 32, 28, 31], cards=[2, 2, 3, 2])  # fmt: skip
    worse = stats([0, 0, 1, 0], [2, 2, 1, 2], [15, 14, 16, 15],
                  daughters=[18, 17, 19, 18], cards=[6, 5, 6, 7])  # fmt: skip
    text = why(better, worse, state, 0, "b5")
    assert " but " in text["en"] and ", yet " not in text["en"], text["en"]
    assert text["en"].index("more") < text["en"].index(" but ") < text["en"].index("fewer")
    assert "一方で" in text["ja"] and text["ja"].endswith("勝つ確率は25%ではなく75%です。")
    back = why(worse, better, state, 0, "b1", against="best")
    assert back["en"].index("fewer") < back["en"].index(" but ") < back["en"].index("more")
    # only a category against the chances: "yet"
    alone = stats([1, 1, 0, 1], [1, 1, 2, 1], [20, 21, 15, 22],
                  daughters=[24, 24, 23, 25], cards=[2, 2, 3, 2])  # fmt: skip
    other = stats([0, 0, 1, 0], [2, 2, 1, 2], [15, 14, 16, 15],
                  daughters=[24, 25, 23, 24], cards=[6, 5, 6, 7])  # fmt: skip
    yet = why(alone, other, state, 0, "b5")
    assert ", yet your chance to win is 75% instead of 25%." in yet["en"], yet["en"]
    assert " but " not in yet["en"] and "終わりますが、勝つ確率は" in yet["ja"]


def test_level_chances_say_what_the_ranking_goes_by_not_only_what_goes_against_it() -> None:
    """Chances to win level as shown, and the one category that differs goes against the
    ranking (a beginner read "0.1 fewer points from treasure items, yet 100% with either" as
    the coach's reason for its first move): the reason says the better place where it differs
    (with the category as a "though"), else the more points (with a "but"), else that the two
    are about level; the other move's reason says the same from its side."""
    state = midgame("hitokai", 3, 1, most=5)
    kept: dict[str, list[float]] = {"daughters": [20, 20, 20, 20], "cards": [2, 2, 3, 2]}
    more: dict[str, list[float]] = {"daughters": [20, 20, 20, 20], "cards": [6, 5, 6, 7]}
    higher = stats([1, 0, 1, 0], [1, 1, 1, 1], [10, 10, 10, 10], **kept)
    lower = stats([1, 0, 1, 0], [2, 2, 2, 2], [10, 10, 10, 10], **more)
    text = why(higher, lower, state, 0, "b5")
    assert text["en"] == (
        "Compared with the next best move, you finish 1st (1.0 on average, against 2.0 with the "
        "other move), though on average you end with 3.8 fewer cards kept in hand; your chance to "
        "win is 50% with either."
    ), text["en"]
    assert "で、比べる手では平均2.0位です。ただし平均して" in text["ja"], text["ja"]
    back = why(lower, higher, state, 0, "b1", against="best")
    assert back["en"].startswith("Compared with the best move, you finish 2nd (2.0 on average")
    assert "though on average you end with 3.8 more cards" in back["en"], back["en"]
    # the place alike: the points, with the category as the trade-off
    richer = stats([1, 0, 1, 0], [1, 1, 1, 1], [12, 12, 13, 12], **kept)
    poorer = stats([1, 0, 1, 0], [1, 1, 1, 1], [10, 10, 10, 11], **more)
    text = why(richer, poorer, state, 0, "b5")
    assert text["en"].startswith(
        "Compared with the next best move, on average you end with 2 more points but 3.8 fewer "
        "cards kept in hand; your chance to win is 50% with either."
    ), text["en"]
    # nothing the ranking goes by differs: about level, and the difference said as such
    same = stats([1, 0, 1, 0], [1, 1, 1, 1], [10, 10, 10, 10], **more)
    text = why(stats([1, 0, 1, 0], [1, 1, 1, 1], [10, 10, 10, 10], **kept), same, state, 0, "b5")
    assert text["en"] == (
        "Compared with the next best move, the two are about level: your chance to win is 50% "
        "with either, and the search sees no clear difference in place or points; on average you "
        "end with 3.8 fewer cards kept in hand."
    ), text["en"]
    assert "ほぼ互角です。勝つ確率はどちらも50%です。順位にも得点にも" in text["ja"], text["ja"]


def test_places_that_round_alike_are_told_to_two_decimals_and_close_chances_say_so() -> None:
    """ "2.0 on average, against 2.0" read as no difference: two places that round alike are
    told to two decimals. With no difference in score or place, the reason says whether the
    chances to win differ clearly or within the search's noise, not "no clear difference" beside
    two different chances."""
    state = midgame("marie", 3, 1, most=5)
    near = stats([1, 0, 1, 0], [2.04] * 4, [10, 10, 10, 10])
    far = stats([0, 1, 0, 1], [1.96] * 4, [10, 10, 10, 10])
    text = why(near, far, state, 0, "take1")
    assert "(2.04 on average, against 1.96 with the other move)" in text["en"], text["en"]
    assert "平均2.04位（2位）で、比べる手では平均1.96位です" in text["ja"], text["ja"]
    level = stats([1, 0, 1, 0], [2, 2, 2, 2], [10, 10, 10, 10])
    close = stats([1, 0, 0, 1, 1, 1], [2] * 6, [10] * 6)
    text = why(level, close, state, 0, "take1")
    assert "and it is not sure of the difference in the chance to win:" in text["en"], text["en"]
    clear = stats([1] * 8, [2] * 8, [10] * 8)
    text = why(clear, level, state, 0, "take1")
    assert "only in the chance to win: your chance to win is 100% instead of 50%." in text["en"]
    assert "差は勝つ確率だけです" in text["ja"]


def test_a_reason_rounds_a_chance_as_the_page_rounds_the_figure_beside_it() -> None:
    """A hint read "37% chance to win" (the page: 0.365 by Math.round) above a reason saying 36%
    (Python's round takes halves to even): the reasons round halves up, from the 4 decimals the
    page receives."""
    assert [whole_percent(x) for x in (0.365, 0.125, 0.36499, 0.0049, 1.0)] == [37, 13, 37, 0, 100]
    assert percent(0.365) == "37%"


def test_an_average_place_between_two_places_is_said_as_between_them() -> None:
    """A beginner read "you finish 2nd (1.5 on average)": an average place is said as the whole
    place it is near (within a quarter), else as the two places it lies between."""
    assert place_band(1.2) == t("1st", "1位")
    assert place_band(1.5) == t("between 1st and 2nd", "1位と2位の間")
    assert place_band(2.7) == t("between 2nd and 3rd", "2位と3位の間")
    assert place_band(2.75) == t("3rd", "3位")
    half = stats([0, 0, 0, 0], [1, 2, 1, 2], [14, 15, 15, 12], parties=[6, 7, 7, 5],
                 showoff=[0, 0, 0, 0], money=[10, 10, 11, 9])  # fmt: skip
    drop = stats([0, 0, 0, 0], [3, 4, 3, 4], [10, 9, 11, 9], parties=[3, 3, 4, 3],
                 showoff=[0, 0, 0, 0], money=[10, 9, 11, 9])  # fmt: skip
    text = why(half, drop, baggai_state(), 0, "p0", basis="place")
    assert "you finish between 1st and 2nd (1.5 on average, against 3.5" in text["en"], text
    assert "平均1.5位（1位と2位の間）" in text["ja"], text["ja"]


@pytest.mark.parametrize("game", GAMES)
def test_a_reason_said_of_this_player_never_speaks_to_you(game: str) -> None:
    """An analysis of several seats shows each seat's mistakes under its name: their reasons
    speak of "this player" (a bot's mistake said "on average you end with ..."). Every reason of
    the hints of a few positions, and every category's words, rewritten, keep no "you"."""
    parts = get_game(game).parts
    assert parts is not None
    texts = [
        t(f"on average you end with {words['en'].format(n=2)}", words["ja"].format(n=2))
        for part in parts.words.values()
        for words in (part.more, part.less)
    ]
    for _, state, seat in positions(game, 4):
        texts += [m["why"] for m in answer_of(state, seat)["moves"] if "why" in m]
    assert len(texts) > len(parts.words) * 2  # some reasons of hints besides the categories
    for text in texts:
        said = of_this_player(text)
        assert not speaks_to_you(said["en"]), (text["en"], said["en"])
        assert "this player" in said["en"] or not speaks_to_you(text["en"])
        assert "あなた" not in said["ja"]


def test_the_fixed_reasons_said_of_this_player() -> None:
    """The reasons that are no average: the place basis, the one move weighed, and a mistake
    whose moves have no rollouts to compare."""
    keep = stats([0, 0], [2, 2], [14, 15], parties=[6, 7], showoff=[0, 0], money=[10, 10])
    drop = stats([0, 0], [3, 4], [10, 9], parties=[3, 3], showoff=[0, 0], money=[10, 9])
    place = why(keep, drop, baggai_state(), 0, "p0", basis="place")
    state, seat = over_the_hand()
    only = answer_of(state, seat)["moves"][0]["why"]
    fallback = t(
        "Searched from what you knew, the better move wins 40% of the games played on, this "
        "move 10%.",
        "あなたが知っていたことから探索すると、良い手の勝率は40%、この手は10%でした。",
    )
    for text in (place, only, fallback):
        assert speaks_to_you(text["en"])
        said = of_this_player(text)
        assert not speaks_to_you(said["en"]) and "あなた" not in said["ja"], said
    assert of_this_player(place)["en"].startswith("This player can't win from here")


def test_places_alike_to_two_decimals_are_said_once() -> None:
    """Two moves that finish at the same place to two decimals: "as with the other move", not
    "2.00 on average, against 2.00" (a beginner read it as an error)."""
    one = stats([0, 0, 0, 0], [2, 2, 2, 2], [14, 15, 15, 12], parties=[6, 7, 7, 5],
                showoff=[0, 0, 0, 0], money=[10, 10, 11, 9])  # fmt: skip
    two = stats([0, 0, 0, 0], [2, 2, 2, 2], [10, 9, 11, 9], parties=[3, 3, 4, 3],
                showoff=[0, 0, 0, 0], money=[10, 9, 11, 9])  # fmt: skip
    text = why(one, two, baggai_state(), 0, "p0", basis="place")
    assert "you finish 2nd (2.00 on average, as with the other move)" in text["en"], text
    assert "against 2.00" not in text["en"] and "比べる手と同じです" in text["ja"]


def only_payment() -> tuple[GameState, int]:
    """An Egyptian Buyer payment of several legal first cards that all make the same payment
    (found in random play)."""
    from pygames.coach_picks import same_move

    def alike(state: GameState, seat: int, legal: list[str]) -> bool:
        key = same_move(state, seat)
        return len({key(a) for a in legal}) == 1

    return egyptian_position("pay", 80, 300, alike)


def test_the_only_payment_is_the_only_move() -> None:
    """Every card of the payment makes the same payment: the hint shows one move and says it is
    the only move (a beginner's forced payment was said to be "the only move the coach weighs
    ... such as a bid your hand cannot pay")."""
    state, seat = only_payment()
    hint = answer_of(state, seat)
    assert len(hint["moves"]) == 1
    text = hint["moves"][0]["why"]
    assert text["en"].startswith("It is the only move: "), text
    assert "bid" not in text["en"] and text["ja"].startswith("選べる手はこれだけです。")


def test_with_level_chances_a_first_move_s_downsides_are_a_trade_off() -> None:
    """The chances to win are level as shown: what the coach's first move ends with less of is
    said as a difference of two moves about level, not as if it were why the move is first (a
    beginner read "you end with 5 fewer cards kept and 1.1 fewer points" as the reasons for the
    coach's bid); the points, apart here, are not said to be alike."""
    first = stats([1, 0, 0, 0], [2, 2, 2, 3], [10, 9, 11, 9], parties=[3, 3, 4, 3],
                  showoff=[0, 0, 0, 0], money=[10, 9, 11, 9])  # fmt: skip
    second = stats([1, 0, 0, 0], [2, 2, 2, 3], [14, 15, 15, 12], parties=[6, 7, 7, 5],
                   showoff=[0, 0, 0, 0], money=[10, 10, 11, 9])  # fmt: skip
    text = why(first, second, baggai_state(), 0, "p0")
    assert text["en"] == (
        "Compared with the next best move, the two are about level: your chance to win is 25% "
        "with either, and the search sees no clear difference in place; on average you end with "
        "3 fewer VP from parties."
    ), text
    assert (
        "順位にははっきりした差は見えません。平均してパーティーの勝利点が3少なく終わります。"
        in text["ja"]
    )
    # the same figures said of the second move against the best: what it ends with more of
    other = why(second, first, baggai_state(), 0, "p2", against="best")
    assert "on average you end with 3 more VP from parties." in other["en"], other
    assert "about level" in other["en"], other


def test_chances_within_the_noise_are_said_to_be_so() -> None:
    """A beginner read "0.3 fewer shells ... yet your chance to win is 39% instead of 38%" as a
    contradiction, and "about the same (79% against 67%)" as a gap played down: two chances to
    win within a standard error of each other are given with what they are, within the search's
    noise, never one "instead of" the other."""
    first = stats([1, 0, 0, 1, 0], [2, 2, 2, 1, 3], [10, 9, 11, 12, 9], parties=[3, 3, 4, 3, 3],
                  showoff=[0] * 5, money=[10, 9, 11, 9, 10])  # fmt: skip
    third = stats([1, 0, 1, 0, 1], [1, 2, 1, 3, 1], [14, 15, 15, 12, 14], parties=[6, 7, 7, 5, 6],
                  showoff=[0] * 5, money=[10, 10, 11, 9, 10])  # fmt: skip
    assert not apart(first, third, "win")
    text = why(third, first, baggai_state(), 0, "p2")
    said = "your chance to win is 60% against 40%, a difference within the search's noise."
    assert said in text["en"], text
    assert "instead of" not in text["en"]
    assert text["ja"].endswith("勝つ確率は60%と40%で、差は探索の誤差の範囲内です。"), text["ja"]
    # apart, the move's chance is said instead of the other's, as before
    sure = stats([1] * 5, [1] * 5, [14] * 5, parties=[6] * 5, showoff=[0] * 5, money=[10] * 5)
    none = stats([0] * 5, [2] * 5, [9] * 5, parties=[3] * 5, showoff=[0] * 5, money=[10] * 5)
    assert (
        "your chance to win is 100% instead of 0%" in why(sure, none, baggai_state(), 0, "p2")["en"]
    )


def test_an_amount_of_one_is_said_in_the_singular() -> None:
    """A beginner read "1 more cards kept in hand": at exactly 1 every game's category says its
    noun in the singular; other words (VP, yen) stay as they are."""
    assert singular("{n} more cards kept in hand") == "{n} more card kept in hand"
    assert singular("{n} fewer points of kinds bonus") == "{n} fewer point of kinds bonus"
    assert singular("{n} more VP from parties") == "{n} more VP from parties"
    assert singular("¥{n} more") == "¥{n} more"
    assert singular("{n} more bonus points") == "{n} more bonus points"  # not "bonu"
    assert singular("{n} fewer crabs in your row") == "{n} fewer crab in your row"
    assert singular("{n} more stars") == "{n} more star"
    for info in all_games():
        parts = info.parts.words if info.parts is not None else {}
        for part in parts.values():
            for words in (part.more, part.less):
                one = singular(words["en"]).replace("{n}", "1")
                assert not re.match(r"1 (more|fewer) \w+s\b", one), (info.id, one)


def test_face_down_piles_are_one_move_to_the_coach() -> None:
    """Marie's piles are face down and alike (ruling M1): a beginner's hint gave one pile 77% and
    another 57%, and the analysis called the other pile a mistake. The coach counts every pile
    as one move, says why, and the analysis never prefers one pile to another."""
    info = get_game("marie")
    state = info.state_class.new(4, 7, {})
    seat = state.to_move()[0]
    assert len(state.legal_actions(seat)) == 5 and state.legal_actions(seat)[0] == "pile1"
    hint = answer_of(state, seat)
    assert [m["a"][:4] for m in hint["moves"]] == ["pile"]
    text = hint["moves"][0]["why"]
    assert text["en"].startswith("The choices here look alike to you (what tells them apart is")
    assert "どれを選んでも同じ手です。" in text["ja"]
    assert not speaks_to_you(of_this_player(text)["en"])
    same = same_move(state, seat)
    assert len({same(a) for a in state.legal_actions(seat)}) == 1
    # the cards of a draft are seen: each pick stays a move of its own
    state.apply(seat, "pile1")
    picks = state.legal_actions(seat)
    assert len({same_move(state, seat)(a) for a in picks}) == len(picks) > 1


def test_a_difference_of_points_is_the_difference_of_the_points_shown() -> None:
    """The hint shows each move's points to one decimal; its reason's difference of points is
    the difference of those figures (a beginner read "0.4 more points" beside 2.2 and 1.7 as a
    wrong sum)."""
    state = midgame("marie", 3, 1, most=5)
    # Marie's categories alike: the reason falls back on the points
    mine = stats([1, 0, 1, 0], [1, 2, 1, 2], [2.24] * 4, kept=[5] * 4, eaten=[1] * 4)
    other = stats([1, 0, 1, 0], [1, 2, 1, 2], [1.66] * 4, kept=[5] * 4, eaten=[1] * 4)
    text = why(mine, other, state, 0, "take1")
    assert "0.5 more points" in text["en"], text["en"]  # 2.2 - 1.7, not 2.24 - 1.66 = 0.6
    assert "得点が0.5多く" in text["ja"], text["ja"]
