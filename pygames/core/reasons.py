"""Why one move is better than another, in words, from what the search saw (the coach's reasons).

The coach's search (:class:`pygames.core.review.Appraisal`) keeps, for each root action, the
:class:`Stats` of the rollouts that began with it: the seat's mean win, mean place (1 = first,
seats tied on the score and the tie-break share the place), mean points and the mean of each of
the game's score categories (:class:`pygames.core.parts.ScoreParts`, the registry's ``parts``)
where the rollout stopped. :func:`why` turns two moves' stats into one or two sentences in both
languages: the categories in which they differ on average (beyond the noise of the rollouts),
else the points or the place, and the chance to win of each ("On average you end with ¥4 more
and 1.5 more VP from parties; your chance to win is 47% instead of 21%.").

Only averages over the worlds the search drew from the seat's information are told: never a
hidden card, never a roll or a draw that has not happened. Two true states the seat cannot tell
apart give the same stats (the search never reads the true state), so the same words.

Where every move's chance to win is below :data:`NO_CHANCE` the basis is ``place``: the moves
are ranked and explained by their expected place, then their points ("You can't win from here;
this keeps 2nd place ...").

For the review of a mistake, :func:`mistake_why` says why the better move is better than the one
played.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pygames.core.parts import Part
from pygames.core.protocol import GameState
from pygames.core.text import Text, t

#: below this chance to win with every move, the coach ranks and explains by place, then points
NO_CHANCE = 0.03
#: a difference is told only when it exceeds this many standard errors of it
TOLD = 1.0
#: the most score categories a reason names
MOST_PARTS = 2
#: the words of the points, for a game that gives no categories or where none differs
POINTS = Part(t("{n} more points", "得点が{n}多く"), t("{n} fewer points", "得点が{n}少なく"))
#: how a reason names the move it is weighed against
AGAINST: Mapping[str, Text] = {
    "next": t("Compared with the next best move", "次によい手と比べると"),
    "best": t("Compared with the best move", "最もよい手と比べると"),
    "played": t("Compared with the move played", "実際に指した手と比べると"),
}


@dataclass(slots=True)
class Stats:
    """The rollouts of one root action, from the seat's side: how many, and the sums (and sums
    of squares) of its win (a share, or a chance where a rollout is cut short), its place, its
    points and its figure in each score category."""

    visits: int = 0
    win: float = 0.0
    win2: float = 0.0
    place: float = 0.0
    place2: float = 0.0
    points: float = 0.0
    points2: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)
    parts2: dict[str, float] = field(default_factory=dict)

    def add(self, win: float, place: float, points: float, parts: Mapping[str, float]) -> None:
        """Count one rollout."""
        self.visits += 1
        self.win += win
        self.win2 += win * win
        self.place += place
        self.place2 += place * place
        self.points += points
        self.points2 += points * points
        for key, x in parts.items():
            self.parts[key] = self.parts.get(key, 0.0) + x
            self.parts2[key] = self.parts2.get(key, 0.0) + x * x

    @staticmethod
    def pooled(stats: Iterable[Stats]) -> Stats:
        """Every rollout of ``stats`` counted together (the root's own figures)."""
        out = Stats()
        for s in stats:
            out.visits += s.visits
            for name in ("win", "win2", "place", "place2", "points", "points2"):
                setattr(out, name, getattr(out, name) + getattr(s, name))
            for key, x in s.parts.items():
                out.parts[key] = out.parts.get(key, 0.0) + x
                out.parts2[key] = out.parts2.get(key, 0.0) + s.parts2.get(key, 0.0)
        return out

    def toward(self, prior: Stats, weight: int) -> Stats:
        """These figures with ``weight`` more rollouts that each have ``prior``'s means (and
        mean squares): a move seen in a few rollouts is shown near the root's figures, not at
        0% or 100% after three of them, and the more it was searched, the more its own."""
        if not prior.visits or weight <= 0:
            return self
        k = weight / prior.visits
        out = Stats(self.visits + weight)
        for name in ("win", "win2", "place", "place2", "points", "points2"):
            setattr(out, name, getattr(self, name) + k * getattr(prior, name))
        for key in {*self.parts, *prior.parts}:
            out.parts[key] = self.parts.get(key, 0.0) + k * prior.parts.get(key, 0.0)
            out.parts2[key] = self.parts2.get(key, 0.0) + k * prior.parts2.get(key, 0.0)
        return out

    def mean(self, what: str) -> float:
        """The mean of ``win``, ``place``, ``points`` or a score category (0.0 before any
        rollout, or for a category never read)."""
        if not self.visits:
            return 0.0
        return self._sums(what)[0] / self.visits

    def error(self, what: str) -> float:
        """The standard error of :meth:`mean` (infinite with fewer than two rollouts)."""
        n = self.visits
        if n < 2:
            return math.inf
        total, squares = self._sums(what)
        variance = max(0.0, (squares - total * total / n) / (n - 1))
        return math.sqrt(variance / n)

    def _sums(self, what: str) -> tuple[float, float]:
        if what in ("win", "place", "points"):
            return float(getattr(self, what)), float(getattr(self, what + "2"))
        return self.parts.get(what, 0.0), self.parts2.get(what, 0.0)


def apart(a: Stats, b: Stats, what: str, sigmas: float = TOLD) -> bool:
    """Whether ``a`` and ``b`` differ in ``what`` by more than ``sigmas`` standard errors of the
    difference of their means."""
    error = math.hypot(a.error(what), b.error(what))
    diff = abs(a.mean(what) - b.mean(what))
    return diff > 0.0 and (math.isfinite(error) and diff > sigmas * error)


def basis(stats: Iterable[Stats]) -> str:
    """``place`` when no move's mean chance to win reaches :data:`NO_CHANCE`, else ``win``."""
    means = [s.mean("win") for s in stats if s.visits]
    return "place" if means and max(means) < NO_CHANCE else "win"


def whole_percent(x: float) -> int:
    """A fraction as a whole percentage, rounded as the page rounds the figure beside it (the
    fraction to 4 decimals, as the hint and the analysis send it, then halves up, as JavaScript's
    ``Math.round``): Python's ``round`` takes halves to even, and a hint once read "37% chance to
    win" above a reason that said 36%."""
    return math.floor(round(100 * round(x, 4), 6) + 0.5)


def percent(x: float) -> str:
    """A chance as a whole percentage."""
    return f"{whole_percent(x)}%"


def amount(x: float) -> str:
    """An amount to one decimal, without a trailing ``.0``."""
    text = f"{round(abs(x), 1):.1f}"
    return text[:-2] if text.endswith(".0") else text


#: an average place this near a whole place is said as that place ("1st"); farther, as the two
#: places it lies between (1.5 read as "2nd" puzzled a beginner)
PLACE_BAND = 0.25


def ordinal(place: float) -> Text:
    """A whole place in words: ``1st``/``1位``."""
    n = max(1, round(place))
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return t(f"{n}{suffix}", f"{n}位")


def place_band(place: float) -> Text:
    """An average place in words: the whole place it is near (within :data:`PLACE_BAND`), else
    the two places it lies between (``between 1st and 2nd``/``1位と2位の間``)."""
    if abs(place - round(place)) <= PLACE_BAND:
        return ordinal(place)
    low, high = ordinal(math.floor(place)), ordinal(math.ceil(place))
    return t(f"between {low['en']} and {high['en']}", f"{low['ja']}と{high['ja']}の間")


def part_words(state: GameState) -> Mapping[str, Part]:
    """The words of the score categories of ``state``'s game (none when it gives none)."""
    from pygames.core.registry import get_game  # the registry imports the games

    parts = get_game(state.game_id).parts
    return parts.words if parts is not None else {}


def differences(mine: Stats, other: Stats, words: Mapping[str, Part]) -> list[tuple[Text, bool]]:
    """The phrases of the score categories in which ``mine`` differs from ``other`` beyond the
    noise (at most :data:`MOST_PARTS`, the clearest first), else of the points; empty when
    neither differs. Each with whether ``mine`` has more of it."""
    found: list[tuple[float, int, Text, bool]] = []
    for order, (key, part) in enumerate(words.items()):
        phrase = _phrase(mine, other, key, part)
        if phrase is not None:
            error = math.hypot(mine.error(key), other.error(key))
            diff = mine.mean(key) - other.mean(key)
            found.append((-abs(diff) / error if error else -math.inf, order, phrase, diff > 0))
    if found:
        return [(phrase, more) for _, _, phrase, more in sorted(found)[:MOST_PARTS]]
    points = _phrase(mine, other, "points", POINTS)
    more = mine.mean("points") > other.mean("points")
    return [(points, more)] if points is not None else []


def _phrase(mine: Stats, other: Stats, key: str, part: Part) -> Text | None:
    """``part``'s words for the difference of the means in ``key`` (``None`` when it is within
    the noise, or rounds to nothing)."""
    if key == "points":  # the points are shown to one decimal beside the reason: their
        # difference as shown ("0.4 more points" beside 2.2 and 1.7 read as a wrong sum)
        diff = round(mine.mean(key), 1) - round(other.mean(key), 1)
    else:
        diff = mine.mean(key) - other.mean(key)
    if amount(diff) == "0" or not apart(mine, other, key):
        return None
    words = part.more if diff > 0 else part.less
    n = amount(diff)
    en = singular(words["en"]) if n == "1" else words["en"]
    return t(en.replace("{n}", n), words["ja"].replace("{n}", n))


def singular(en: str) -> str:
    """An English phrase of a category for an amount of exactly 1: the noun after ``{n} more``
    or ``{n} fewer`` without its plural ``s`` (a beginner read "1 more cards kept in hand")."""
    return re.sub(r"^(\{n\} (?:more|fewer) )(\w+?[^su])s\b", r"\1\2", en)


def _sides(
    mine: Stats, other: Stats, found: list[tuple[Text, bool]], ahead: bool = True
) -> tuple[list[Text], list[Text]]:
    """The phrases ``found`` (of :func:`differences`) parted into those that agree with the
    chances to win (more of a category for the move with the better chance, less for the worse
    one) and those that go the other way: a trade-off the reason names as one, not as a reason
    for the move (a beginner read "you end with 1.7 fewer cards kept" as an argument against
    the coach's own first move). With chances level (as shown), by the ranking: ``ahead``, the
    move is ranked above the other (another beginner read "you end with 5 fewer cards and 1.1
    fewer points of daughters" as the reasons for the coach's first move)."""
    if percent(mine.mean("win")) == percent(other.mean("win")):
        better = ahead
    else:
        better = mine.mean("win") > other.mean("win")
    agree = [phrase for phrase, more in found if more == better]
    return agree, [phrase for phrase, more in found if more != better]


def _weighed(lead: Text, sides: tuple[list[Text], list[Text]], win: Text) -> Text:
    """The reason on the ``win`` basis: what the move ends with, a trade-off said with "but"
    or "yet", then the chances."""
    agree, against = sides
    if not against:
        end = _end_with(agree)
        return t(
            f"{lead['en']}, {end['en']}; {win['en']}.", f"{lead['ja']}、{end['ja']}。{win['ja']}。"
        )
    other = _joined(against)
    if not agree:
        return t(
            f"{lead['en']}, on average you end with {other['en']}, yet {win['en']}.",
            f"{lead['ja']}、平均して{other['ja']}終わりますが、{win['ja']}。",
        )
    mine = _joined(agree)
    return t(
        f"{lead['en']}, on average you end with {mine['en']} but {other['en']}; {win['en']}.",
        f"{lead['ja']}、平均して{mine['ja']}、一方で{other['ja']}終わります。{win['ja']}。",
    )


def _joined(phrases: list[Text]) -> Text:
    """Phrases joined: "A and B" / "A、B"."""
    return t(" and ".join(p["en"] for p in phrases), "、".join(p["ja"] for p in phrases))


def _end_with(phrases: list[Text]) -> Text:
    """ "on average you end with A and B" / "平均してA、B終わります"."""
    en = " and ".join(p["en"] for p in phrases)
    ja = "、".join(p["ja"] for p in phrases)
    return t(f"on average you end with {en}", f"平均して{ja}終わります")


def _place_words(mine: Stats, other: Stats | None) -> Text:
    """Where the move finishes on average, against the other's."""
    p = mine.mean("place")
    o = place_band(p)
    if other is None:
        return t(f"you finish {o['en']} ({p:.1f} on average)", f"平均{p:.1f}位（{o['ja']}）です")
    q = other.mean("place")
    # two places that round alike to one decimal are told to two ("2.0 against 2.0" read as no
    # difference at all)
    digits = 2 if f"{p:.1f}" == f"{q:.1f}" else 1
    a, b = f"{p:.{digits}f}", f"{q:.{digits}f}"
    if a == b:  # alike even to two decimals: said once ("2.00, against 2.00" read as an error)
        return t(
            f"you finish {o['en']} ({a} on average, as with the other move)",
            f"平均{a}位（{o['ja']}）で、比べる手と同じです",
        )
    if not apart(mine, other, "place"):  # "2.73 against 2.74" read as the reason for the move
        return t(
            f"you finish {o['en']} ({a} on average, against {b} with the other move: within the "
            "search's noise)",
            f"平均{a}位（{o['ja']}）で、比べる手では平均{b}位です（差は探索の誤差の範囲内です）",
        )
    return t(
        f"you finish {o['en']} ({a} on average, against {b} with the other move)",
        f"平均{a}位（{o['ja']}）で、比べる手では平均{b}位です",
    )


def _win_words(mine: Stats, other: Stats | None) -> Text:
    """The chance to win of the move (and the other's)."""
    p = percent(mine.mean("win"))
    if other is None:
        return t(f"your chance to win is {p}", f"勝つ確率は{p}です")
    q = percent(other.mean("win"))
    if p == q:
        return t(f"your chance to win is {p} with either", f"勝つ確率はどちらも{p}です")
    if not apart(mine, other, "win"):  # "39% instead of 38%" read as a sure difference, and
        # "about the same (79% against 67%)" as a gap played down: the figures, and what they are
        return t(
            f"your chance to win is {p} against {q}, a difference within the search's noise",
            f"勝つ確率は{p}と{q}で、差は探索の誤差の範囲内です",
        )
    return t(f"your chance to win is {p} instead of {q}", f"勝つ確率は{q}ではなく{p}です")


def why(
    mine: Stats,
    other: Stats | None,
    state: GameState,
    seat: int,
    action: str,
    *,
    basis: str = "win",
    against: str = "next",
    only: bool = False,
    alike: bool = False,
) -> Text:
    """Why ``action`` (of ``seat`` in ``state``, searched as ``mine``) against the move searched
    as ``other`` (``None``: the only move weighed): one or two sentences in both languages.

    ``against`` names the other move (``next``: the next best, ``best``: the best, ``played``:
    the move played). ``basis`` is ``win`` (the chance to win is told last) or ``place`` (no
    move can really win: the place is told first). ``state`` gives the game's words only: the
    reason is made of averages over the rollouts, never of the state's hidden cards. ``only``:
    the move is the only one to be had, though several legal actions make it (a payment of the
    same cards begun with any of them); ``alike``: that move is any of several actions the seat
    cannot tell apart (Marie's face-down piles)."""
    words = part_words(state)
    lead = AGAINST.get(against, AGAINST["next"])
    found = differences(mine, other, words) if other is not None else []
    phrases = [phrase for phrase, _ in found]
    if basis == "place":
        return _place_reason(mine, other, lead, phrases)
    win = _win_words(mine, other)
    if other is None:
        return _alike_reason(win) if alike else _only_reason(state, seat, win, only)
    if found:
        ahead = against != "best"
        sides = _sides(mine, other, found, ahead)
        if not sides[0] and percent(mine.mean("win")) == percent(other.mean("win")):
            return _level_reason(mine, other, lead, sides[1], win, ahead)
        return _weighed(lead, sides, win)
    return _no_score_difference(mine, other, lead, win)


def _level_reason(
    mine: Stats, other: Stats, lead: Text, against: list[Text], win: Text, ahead: bool
) -> Text:
    """Why, where the chances to win are level as shown and every category that differs goes
    against the ranking (``ahead``: the move is ranked above the other): what the ranking goes
    by, the place and then the points, where either differs beyond the noise; else that the two
    are about level. A beginner read "you end with 0.1 fewer points from treasure items, yet
    your chance to win is 100% with either" as the reason for the coach's first move, and
    another's first move kept the better place unsaid beside 0.5 fewer shells."""
    trade = _end_with(against)
    better_place = mine.mean("place") < other.mean("place")
    if apart(mine, other, "place") and better_place == ahead:
        place = _place_words(mine, other)
        return t(
            f"{lead['en']}, {place['en']}, though {trade['en']}; {win['en']}.",
            f"{lead['ja']}、{place['ja']}。ただし{trade['ja']}。{win['ja']}。",
        )
    points = _phrase(mine, other, "points", POINTS)
    if points is not None and (mine.mean("points") > other.mean("points")) == ahead:
        return _weighed(lead, ([points], against), win)
    # points apart against the ranking: the move is first by a hair of its chance to win
    alike = (
        ("place", "順位には")
        if apart(mine, other, "points")
        else ("place or points", "順位にも得点にも")
    )
    return t(
        f"{lead['en']}, the two are about level: {win['en']}, and the search sees no clear "
        f"difference in {alike[0]}; {trade['en']}.",
        f"{lead['ja']}、ほぼ互角です。{win['ja']}。{alike[1]}はっきりした差は見えません。"
        f"{trade['ja']}。",
    )


def _no_score_difference(mine: Stats, other: Stats, lead: Text, win: Text) -> Text:
    """Why, where no score category ends apart: the place if it does, else how sure the
    difference in the chance to win is."""
    if apart(mine, other, "place"):
        place = _place_words(mine, other)
        return t(
            f"{lead['en']}, {place['en']}; {win['en']}.",
            f"{lead['ja']}、{place['ja']}。{win['ja']}。",
        )
    if percent(mine.mean("win")) == percent(other.mean("win")):
        return t(
            f"{lead['en']}, the search sees no clear difference in score, place or chance to "
            f"win: {win['en']}.",
            f"{lead['ja']}、得点にも順位にも勝つ確率にもはっきりした差は見えません。{win['ja']}。",
        )
    if apart(mine, other, "win"):
        return t(
            f"{lead['en']}, the search sees no clear difference in score or place, only in the "
            f"chance to win: {win['en']}.",
            f"{lead['ja']}、得点にも順位にもはっきりした差は見えず、差は勝つ確率だけです。{win['ja']}。",
        )
    return t(
        f"{lead['en']}, the search sees no clear difference in score or place, and it is not "
        f"sure of the difference in the chance to win: {win['en']}.",
        f"{lead['ja']}、得点にも順位にもはっきりした差は見えず、勝つ確率の差も確かではありません。"
        f"{win['ja']}。",
    )


def _alike_reason(win: Text) -> Text:
    """The reason of a move made by any of several actions the seat cannot tell apart (a pile of
    face-down piles): which one is chosen changes nothing the seat can know."""
    return t(
        f"The choices here look alike to you (what tells them apart is hidden), so whichever you "
        f"choose is the same move: {win['en']}.",
        f"ここで選べる手は、あなたにはどれも同じに見えます（違いは伏せられています）。"
        f"どれを選んでも同じ手です。{win['ja']}。",
    )


def _only_reason(state: GameState, seat: int, win: Text, only: bool = False) -> Text:
    """The reason of the one move weighed: the only legal move (or the only move, ``only``, that
    several legal actions make: a beginner's forced payment was said to be "the only move the
    coach weighs ... such as a bid your hand cannot pay"), or the only one of several that the
    search weighs (the game's shortlist sets the rest aside, as The Egyptian Buyer does bids the
    hand cannot pay): then it says so, not that no other move exists."""
    if only or len(state.legal_actions(seat)) <= 1:
        return t(f"It is the only move: {win['en']}.", f"選べる手はこれだけです。{win['ja']}。")
    return t(
        f"It is the only move the coach weighs here (it sets the others aside as never worth "
        f"making, such as a bid your hand cannot pay); {win['en']}.",
        f"コーチが考える手はこれだけです（ほかの手は、手札で払えない入札のように、選ぶ価値がないとして"
        f"除いています）。{win['ja']}。",
    )


def _place_reason(mine: Stats, other: Stats | None, lead: Text, phrases: list[Text]) -> Text:
    """A reason on the ``place`` basis: no move can really win; where this one finishes, and
    what it ends with."""
    place = _place_words(mine, other)
    first = t(
        f"You can't win from here (every move is under {percent(NO_CHANCE)}); {place['en']}.",
        f"ここからはどの手でも勝つ確率が{percent(NO_CHANCE)}未満です。この手なら{place['ja']}。",
    )
    if not phrases:
        return first
    end = _end_with(phrases)
    return t(
        f"{first['en']} {lead['en']}, {end['en']}.", f"{first['ja']}{lead['ja']}、{end['ja']}。"
    )


def mistake_why(
    view: GameState,
    seat: int,
    played: str,
    best: str,
    played_stats: Stats,
    best_stats: Stats,
    *,
    basis: str = "win",
) -> Text:
    """Why ``best`` is better than ``played`` (a mistake of ``seat`` in ``view``, the world its
    appraisal searched from): :func:`why` of the better move against the move played."""
    del played  # named for the caller's clarity; the words need only the better move
    return why(best_stats, played_stats, view, seat, best, basis=basis, against="played")


#: the English of the reasons as said to the person reviewed, and as said of "this player" (an
#: analysis of several seats shows each seat's mistakes under its name: a bot's mistake said
#: "on average you end with..."); longest first, so that a phrase is replaced before its parts
_THIRD_PERSON: tuple[tuple[str, str], ...] = (
    ("on average you end with", "on average this player ends with"),
    ("Searched from what you knew", "Searched from what this player knew"),
    ("look alike to you", "look alike to this player"),
    ("whichever you choose", "whichever this player chooses"),
    ("You can't win from here", "This player can't win from here"),
    ("you finish", "this player finishes"),
    ("the cards you keep", "the cards this player keeps"),
    ("your chance to win", "this player's chance to win"),
    ("your hand", "this player's hand"),
    ("your row", "this player's row"),
)
_SECOND_PERSON = re.compile(r"\b(you|your|You|Your)\b")


def of_this_player(reason: Text) -> Text:
    """``reason`` said of "this player" instead of to "you" (the English; the Japanese names no
    one). Every phrase of the reasons that speaks to the person is rewritten; a test checks that
    no "you" is left in the reasons of every game."""
    en = reason["en"]
    for mine, theirs in _THIRD_PERSON:
        en = en.replace(mine, theirs)
    return t(en, reason["ja"].replace("あなたが", "このプレイヤーが"))


def speaks_to_you(text: str) -> bool:
    """Whether the English ``text`` still speaks to the person ("you", "your")."""
    return _SECOND_PERSON.search(text) is not None
