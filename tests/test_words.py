"""Words that are right (issue 24): English plurals agree with their counts in every log line of
seeded bot games, and the Japanese log names things as the board does (no "Bank", no Latin
word at all in a Japanese line but the ones the games print as they are)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from pygames.core.play import play_bots
from pygames.core.protocol import GameState
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games
from pygames.core.text import agree, plural

NOUNS = (
    "card|star|kind|bag|point|crab|die|treasure|chip|coin|spot|shell|member|item|game|jar|sword"
    "|ankh|throne|player|round|bid|daughter"
)
#: the words that may stand between a count and its noun
ADJ = "(?:(?:unsold|gold|member|victory|older|empty|new|saved|flag) )?"
#: a number that names a thing ("daughter 10", "shell 3"): not a count
NAMED = re.compile(
    r"\b(daughters?|shells?|spots?|piles?|rounds?|positions?|sizes?|flag|members?|auction|seats?"
    r"|[Ss]ize-|Daughter|Round|Auction|Seat|Pile)( ?)\d+(?:(?:, | and )\d+)*"
)
#: a count of 1 with a plural noun or verb, or another count with a singular noun (numbers that
#: name things are left out first)
COUNT_SLIPS = [
    re.compile(rf"(?<![\d.,¥+-])\b1 {ADJ}(?:{NOUNS})s\b"),
    re.compile(rf"(?<![\d.,¥+#-])\b(?:0|[2-9]|\d\d+) {ADJ}(?:{NOUNS})\b(?!s|-)"),
    re.compile(rf"\b1 (?:{ADJ}(?:{NOUNS})s? )?(?:are|were|have|go|leave)\b"),
    re.compile(rf"\b(?:[02-9]|\d\d+) (?:{ADJ}(?:{NOUNS})s? )?(?:is|was|has|goes|leaves)\b"),
]
#: slips read on the line as it is
SLIPS = [
    re.compile(r"\bfor 0 stars\b"),
    re.compile(r"\bmembers \d+ go(?:es)?\b(?! )|\bmembers (?:flag )?\d+ go"),
    re.compile(r"\b(?:shells|crabs on shells) \d+\.|\bshells \d+ for\b"),
    re.compile(r"^\{0\} is the first start player; \{1\} start\b"),
]
#: Latin words a Japanese log line may show: none but the games' own names of things
JA_LATIN_ALLOWED = {"VP"}


@cache
def logs(game: str) -> tuple[tuple[str, str], ...]:
    """(English, Japanese) of every log line, as every seat and a spectator read them, of
    seeded bot games of ``game`` at every player count."""
    info = next(g for g in all_games() if g.id == game)
    out: set[tuple[str, str]] = set()
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(4):
            level = ("random", "easy")[seed % 2]
            seats = [Seat(f"Bot{s}", "bot", level) for s in range(players)]
            record = Record(game, players, 7000 + seed, {}, seats, [])
            state: GameState = new_state(record)
            play_bots(record, state)
            for seat in [None, *range(players)]:
                out.update((e["text"]["en"], e["text"]["ja"]) for e in state.log_for(seat))
    return tuple(sorted(out))


GAMES = [g.id for g in all_games()]


def slips(line: str) -> list[str]:
    """The parts of an English line that read like a plural slip."""
    named = NAMED.sub(lambda m: f"{m.group(1)}{m.group(2)}#", line)
    found = [m.group(0) for p in COUNT_SLIPS for m in p.finditer(named)]
    return found + [m.group(0) for p in SLIPS for m in p.finditer(line)]


@pytest.mark.parametrize("game", GAMES)
def test_english_log_counts_agree(game: str) -> None:
    bad = sorted({line for line, _ in logs(game) if slips(line)})
    assert bad == [], "\n".join(bad[:20])


@pytest.mark.parametrize("game", GAMES)
def test_japanese_log_has_no_latin_words(game: str) -> None:
    bad = sorted(
        {
            ja
            for _, ja in logs(game)
            if set(re.findall(r"[A-Za-z]{2,}", ja.replace("{", " ").replace("}", " ")))
            - JA_LATIN_ALLOWED
        }
    )
    assert bad == [], "\n".join(bad[:20])


@pytest.mark.parametrize(
    "line",
    [
        "Round 1: each player is dealt 21 cards; 1 are left out unseen. {0} starts.",
        "{0} is the first start player; {1} start with ¥21, the others with ¥20.",
        "{0} buys shell 3 from {1} for 1 stars and puts it at position 2.",
        "{0} buys shell 3 from {1} for 0 stars and puts it at position 2.",
        "Nobody declared: 2 jars leaves the game.",
        "{0} wins 1 jar; his members 3 go to the hospital.",
        "Crabs grow on shells 4.",
        "{0} places crabs on shells 4.",
        "{0} (1 stars) has 27 stars or more",
    ],
)
def test_the_check_finds_the_slips_of_the_issue(line: str) -> None:
    assert slips(line), line


@pytest.mark.parametrize(
    "line",
    [
        "Round 1: each player is dealt 21 cards; 1 is left out unseen. {0} starts.",
        "{0} is the first start player; {1} starts with ¥21, the others with ¥20.",
        "{0} buys shell 3 from {1} for 1 star and puts it at position 2.",
        "{0} buys shell 3 from {1} for free and puts it at position 2.",
        "Nobody declared: 2 jars leave the game.",
        "{0} wins 1 jar; his member 3 goes to the hospital.",
        "The crab on shell 4 grows.",
        "Round 1 ends: the members in the tents go back to their owners' hands.",
        "Daughter 10 is auctioned; 10s are worth 2 gold. {0} opens.",
    ],
)
def test_the_check_passes_right_lines(line: str) -> None:
    assert not slips(line), slips(line)


def test_the_seeded_games_show_the_lines_of_the_issue() -> None:
    """The games above do print the lines the issue found wrong (so the checks are not empty)."""
    english = [en for g in GAMES for en, _ in logs(g)]
    assert any("each player is dealt" in en and "is left out" in en for en in english)
    assert any(re.search(r"for 1 star\b", en) for en in english)
    assert any(" for free " in en for en in english)
    assert any("; {1} starts with ¥21" in en for en in english)
    assert any("Clean-up:" in en for en in english)
    japanese = [ja for _, ja in logs("baggai")]
    assert any("片付け" in ja and "左の銀行" in ja and "右の銀行" in ja for ja in japanese)


def test_plural_helpers() -> None:
    assert plural(1, "card", "cards") == "1 card"
    assert plural(0, "card", "cards") == "0 cards"
    assert plural(21, "card", "cards") == "21 cards"
    assert agree(1, "is", "are") == "is"
    assert agree(2, "is", "are") == "are"
