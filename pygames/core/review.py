"""The coach and the reviewer: the search bot's estimates of a seat's moves, from that seat's view.

An :class:`Appraisal` is one decision searched as the ``strong`` bot searches it (SO-ISMCTS over
the game's ``normal`` bot, :mod:`pygames.core.search`), from ``state.determinize(seat, rng)``
and a fresh determinization every iteration: what it knows is what the seat knows, never the
true hidden state. Its root differs from the bot's in two ways, so that each action it reports
has a real estimate:

- **a floor of visits**: in a root of at most :data:`SPREAD_LIMIT` actions, each action the
  search weighs (and the played one) is searched :data:`FLOOR` times before UCB takes over; a
  longer root widens as the bot's does (the heuristic's choice first), with the played move
  opened at once;
- **a check of the played move** (a review only): the last :data:`CHECK_SHARE` of the budget
  goes to the played move and its rival (the most visited other action), each iteration to the
  one with fewer visits, so that both are compared on about as many visits, however little the
  search itself visited the played move.

Each node counts the mover's **win** part of the results (:attr:`pygames.core.search.Node.wins`):
a seat's share of the win at a game's end (1 for a sole winner, 1/k for each of k winners the
result names after its tie-break, 0 for a loser or a game without winners), or, where a rollout
is cut short and scored by the game, the game's own chance to win (The Egyptian Buyer) or the
share of the leaders by its evaluation (Yadokashi). An action's **win chance** is its mean: in
[0, 1]. The search itself selects by its reward: the win first, then the place, then the points
(:func:`pygames.core.search.mix`).

A **verdict** (:func:`verdict_of`) is the decision as the hint sees it at the same budget: the
played move's estimate against the first move of the hint's order; their difference, when it
is more than :data:`NOISE` standard errors, is the **gap** (what the choice cost; within the
noise, nothing), and a gap of :data:`MISTAKE` or more is a mistake, which says why the better
move is better. Its **luck** is measured, not left over (:func:`with_luck`): the seat's
estimate at its next decision (or its share of the win at the end) less the played move's
estimate. Over a seat's decisions the opening estimate less the gaps plus the lucks is its
result: the choices and the luck (the game's chance and the other players) part it exactly.

A budget is either time (``seconds`` a decision) or a fixed number of ``iterations``: with
iterations the clock is never read, so a review is the same in every run and in every Python
(CPython and Pyodide give bit-identical figures).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from pygames.core import reasons
from pygames.core.errors import RecordError
from pygames.core.parts import ScoreParts
from pygames.core.protocol import GameState, JSONDict, Result
from pygames.core.reasons import NO_CHANCE, Stats, apart, basis
from pygames.core.record import Record, new_state, replay, split_action
from pygames.core.registry import GameInfo, get_game
from pygames.core.rng import Rng
from pygames.core.search import Node, SearchBot, shares, valued_wins
from pygames.core.text import Text, t

#: visits each root action gets before UCB takes over, in a root of at most SPREAD_LIMIT actions
FLOOR = 4
#: the longest root list spread with a floor of visits; a longer one widens as the bot's does
SPREAD_LIMIT = 24
#: the share of a review's budget spent on the played move and its rival
CHECK_SHARE = 0.5
#: the rival is named the better move only if it wins more by this many standard errors
EVIDENCE = 1.0
#: the standard errors of the difference within which a hint's move is "about" the one above
ABOUT = 2.0
#: a verdict's better move must estimate more than the played move by this many standard errors
#: of the difference, else the choice cost nothing: the noise of many decisions is no loss (at one
#: standard error a beginner who followed the hint through 127 decisions read "your choices
#: lowered it by 19 points"); the hint's own "about" (ABOUT), so a verdict sees a gap exactly where
#: the hint would show one
NOISE = 2.0
#: the root's rollouts a hint's move is shown with, besides its own (Stats.toward): at a small
#: budget (BAG-GAI's 50 iterations) a move won in its three rollouts is not shown at 100%
PRIOR_ROLLOUTS = 4
#: a loss of at least this much win chance is a mistake
MISTAKE = 0.10
#: the fewest iterations a timed appraisal makes, unless it reaches its hard limit
MIN_ITERATIONS = 16
#: the most iterations a timed appraisal makes
MAX_ITERATIONS = 20_000
#: a timed appraisal never runs longer than this many times its budget
HARD_LIMIT = 3.0
#: the random streams of reviews and hints (a bot's are 1 + ply * 16 + seat)
REVIEW_STREAM = 1 << 56
HINT_STREAM = 1 << 57


@dataclass(frozen=True)
class Budget:
    """The search of one decision: ``seconds`` of it, or exactly ``iterations`` (never reading
    the clock, so deterministic) when given."""

    seconds: float = 0.5
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise RecordError(
                t(
                    f"Give from 1 to {MAX_ITERATIONS} iterations.",
                    f"反復回数は1〜{MAX_ITERATIONS}にしてください。",
                )
            )
        if self.iterations is None and not 0.0 < self.seconds <= 600.0:
            raise RecordError(
                t(
                    "Give a search time from above 0 to 600 seconds.",
                    "探索時間は0秒より長く600秒以下にしてください。",
                )
            )


@dataclass(frozen=True)
class Estimate:
    """One root action's estimate: its mean win chance over its visits."""

    action: str
    win: float
    visits: int


@dataclass(frozen=True)
class Ranked:
    """One move of a hint, as shown: its mean win chance, place and points over its rollouts,
    and whether its estimate is within noise of the move ranked above it (``about``)."""

    action: str
    win: float
    visits: int
    place: float
    points: float
    about: bool
    stats: Stats


@dataclass(frozen=True)
class Verdict:
    """A reviewed decision as the hint sees it at the same budget: the move played and the
    hint's first move (``best``; the played move when it is first or no better), with their
    estimated chances to win; its ``luck`` once the seat's next decision (or the end) is known,
    and, for a mistake, ``why`` the better move is better (``{en, ja}``)."""

    ply: int
    seat: int
    played: str
    best: str
    win_played: float
    win_best: float
    luck: float | None = None
    why: Mapping[str, str] | None = None

    @property
    def gap(self) -> float:
        """The best estimate less the played move's (never below 0): what the choice cost."""
        return round(max(0.0, self.win_best - self.win_played), 4)

    @property
    def loss(self) -> float:
        """How much win chance the played move gave away: :attr:`gap` (the name of old)."""
        return self.gap

    @property
    def mistake(self) -> bool:
        """Whether the hint at the same budget would have shown a gap of :data:`MISTAKE` or
        more."""
        return self.gap >= MISTAKE

    def to_json(self) -> JSONDict:
        """The review's line for this decision (``luck`` once known, ``why`` on a mistake)."""
        line: JSONDict = {
            "ply": self.ply,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "win_played": self.win_played,
            "win_best": self.win_best,
            "loss": self.loss,
            "gap": self.gap,
        }
        if self.luck is not None:
            line["luck"] = self.luck
        if self.why is not None:
            line["why"] = dict(self.why)
        return line


def evaluator(info: GameInfo) -> SearchBot:
    """The search a game's coach uses: its ``strong`` bot's (the game's ``normal`` bot in the
    rollouts, its evaluation, stage, chances and shortlist)."""
    bot = info.make_bot("strong")
    if isinstance(bot, SearchBot):
        return bot
    return SearchBot(
        info.make_bot("normal"),
        values=info.values,
        cut=info.cut,
        horizon=info.horizon,
        chances=info.chances,
        shortlist=info.shortlist,
    )


def place_in(world: GameState, result: Result, seat: int) -> int:
    """The seat's place at the end of a game (1 = first): seats tied on the score are settled
    by the game's tie-break, and those it cannot settle share the place (as
    :mod:`pygames.core.places` ranks them)."""
    scores = result.scores
    mine = scores[seat]
    place = 1 + sum(1 for x in scores if x > mine)
    group = [s for s, x in enumerate(scores) if x == mine]
    while len(group) > 1 and result.finished:
        tie = world.tie_break(group)
        first = [s for s in group if s in tie.first] or group
        if seat in first:
            break
        place += len(first)
        group = [s for s in group if s not in first]
    return place


def outcome(
    bot: SearchBot, world: GameState, seat: int, parts: ScoreParts | None
) -> tuple[float, float, float, dict[str, float]]:
    """The seat's win, place, points and score categories where a rollout stopped: at the end
    of the game (its share of the win, its place by the result), or, in a rollout cut short, as
    the search scores it (the game's chance to win or the leaders by its evaluation, the place by
    that evaluation, ties shared) with the points of the result as it stands. A rollout stopped
    by the engine's cap alone counts as the search counts it: half a win, the middle place."""
    over = world.is_over()
    if not over and bot.values is None:
        return 0.5, (world.players + 1) / 2, 0.0, {}
    result = world.result()
    if not over and bot.values is not None:
        values = bot.values(world)
        win = valued_wins(values, bot.chances(world) if bot.chances else None)[seat]
        place = 1 + sum(1 for x in values if x > values[seat])
    else:
        win = shares(result.winners, world.players)[seat]
        place = place_in(world, result, seat)
    read = parts.read(world, seat, result) if parts is not None else {}
    return win, float(place), float(result.scores[seat]), read


def shown_order(s: Stats, on: str) -> tuple[float, ...]:
    """The sort key of a hint's move by the figures shown, rounded as the page shows them (a
    whole percent, the place and the points to one decimal): on the ``win`` basis the chance to
    win, then the place, the points and the visits; on the ``place`` basis the place, then the
    points, the chance to win and the visits. (By the chance to four decimals, "36%, place 2.1"
    stood above "36%, place 2.0", under a panel that says the better place comes first.)"""
    win = reasons.whole_percent(s.mean("win"))
    place = round(round(s.mean("place"), 2), 1)
    points = round(s.mean("points"), 1)
    if on == "place":
        return (place, -points, -win, -s.visits)
    return (-win, place, -points, -s.visits)


def merged(stats: Mapping[str, Stats], same: Callable[[str], Hashable]) -> dict[str, Stats]:
    """``stats`` with the actions of equal keys (``same``) pooled under one of them: the most
    visited, then the first by notation."""
    groups: dict[Hashable, list[str]] = {}
    for action in sorted(stats):
        groups.setdefault(same(action), []).append(action)
    out: dict[str, Stats] = {}
    for members in groups.values():
        lead = max(members, key=lambda a: stats[a].visits)  # the first of the most visited
        out[lead] = stats[lead] if len(members) == 1 else Stats.pooled(stats[a] for a in members)
    return out


def spread_of(legal: list[str], played: str | None, hint: bool = False) -> list[str]:
    """The root actions an appraisal gives a floor of visits: every one of a short ``legal``
    list (none of a long one), with the ``played`` move counted in; with ``hint`` the hint's
    own (the played move left as the hint left it, so that the search is the hint's)."""
    if hint or played is None:
        return list(legal) if len(legal) <= SPREAD_LIMIT else []
    listed = legal if played in legal else [*legal, played]
    spread = list(listed) if len(listed) <= SPREAD_LIMIT else []
    return spread if played in spread else [*spread, played]


def win_of(node: Node) -> float:
    """A node's mean win chance, in [0, 1] (0.0 before any visit)."""
    if not node.visits:
        return 0.0
    return min(1.0, max(0.0, node.wins / node.visits))


class Appraisal:
    """One decision of ``seat`` searched from its information, resumable in slices: every root
    action it weighs gets a floor of visits and, with ``played`` (a review), the played move is
    checked against its rival at the end (see the module's docstring)."""

    def __init__(
        self,
        bot: SearchBot,
        state: GameState,
        seat: int,
        rng: Rng,
        budget: Budget,
        played: str | None = None,
        after: Callable[[str], Hashable] | None = None,
    ) -> None:
        self.bot = bot
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.played = played
        #: with ``after`` (the key of equal moves, :func:`pygames.coach_picks.same_move`), the
        #: budget is the hint's own search, move for move (no check within it), and the played
        #: move is checked after it, against the first move of the hint's order, only when that
        #: is another move (:meth:`_check_after`); else the check is the budget's last part
        self.after = after
        #: the iterations of that check after the budget (set when the budget is spent)
        self.extra = 0
        self.view = state.determinize(seat, rng)  # the only look at the state given
        self.worlds = self.view.quiet_copy()  # what iterations determinize (no log to copy)
        self.legal = list(bot.candidates(self.view, seat))
        self.spread = spread_of(self.legal, played, hint=after is not None)
        if played is not None and played not in self.legal:
            self.legal.append(played)
        self.floor = self._floor(budget, len(self.spread))
        self.stage = bot.horizon(self.view) if bot.horizon is not None else None
        self.root = Node()
        self.parts = get_game(state.game_id).parts
        #: per root action, its rollouts' win, place, points and score categories
        self.stats: dict[str, Stats] = {}
        self.rival: str | None = None  # "" when there is none
        #: the check's samples: the played move's and the rival's win in the same world
        self.paired: list[tuple[float, float]] = []
        self.iterations = 0
        self.elapsed = 0.0

    @staticmethod
    def _floor(budget: Budget, spread: int) -> int:
        """:data:`FLOOR` visits each, or fewer when a fixed budget is too small for them to
        take more than a third of it (at least one each)."""
        if budget.iterations is None or not spread:
            return FLOOR
        return max(1, min(FLOOR, budget.iterations // (3 * spread)))

    @property
    def progress(self) -> float:
        """How much of the budget is spent, from 0 to 1 (or beyond, on time, or in a check
        after the budget)."""
        if self.budget.iterations is not None:
            return self.iterations / self.budget.iterations
        return self.elapsed / self.budget.seconds

    @property
    def done(self) -> bool:
        """Whether the budget is spent: the iterations; or the time, once
        :data:`MIN_ITERATIONS` are made and every spread action searched once, and
        :data:`HARD_LIMIT` times it in any case."""
        if self.budget.iterations is not None:
            if self.iterations < self.budget.iterations:
                return False
            if self.after is not None and self.rival is None:
                self._check_after()
            return self.iterations >= self.budget.iterations + self.extra
        if self.iterations >= MAX_ITERATIONS:
            return True
        if self.elapsed >= HARD_LIMIT * self.budget.seconds:
            return True
        least = max(MIN_ITERATIONS, len(self.spread))  # every spread action searched once
        return self.elapsed >= self.budget.seconds and self.iterations >= least

    def _visits(self, action: str) -> int:
        child = self.root.children.get(action)
        return child.visits if child is not None else 0

    def _check_after(self) -> None:
        """The budget spent as the hint's own search: the played move is checked against the
        first of the hint's order (:data:`CHECK_SHARE` of the budget more, in pairs) when that is
        another move; when it is the same, nothing more (the hint's first is never a mistake)."""
        assert self.after is not None and self.played is not None
        _, order = self.hinted(self.after)
        first = order[0].action if order else None
        if first is None or self.after(first) == self.after(self.played):
            self.rival = ""
            return
        self.rival = first
        self.extra = 2 * max(1, round(CHECK_SHARE * (self.budget.iterations or 0) / 2))

    def _checking(self) -> bool:
        """Whether the check of the played move has begun (it then chooses the rival once)."""
        if self.after is not None:
            return bool(self.rival) and self.iterations >= (self.budget.iterations or 0)
        if self.played is None or self.progress < 1.0 - CHECK_SHARE:
            return False
        if self.rival is None:
            others = [a for a in self.root.children if a != self.played and self._visits(a)]
            self.rival = max(others, key=lambda a: (self._visits(a), a)) if others else ""
        return True

    def _first(self) -> str | None:
        """The root action the next iteration must take: the least visited action below the
        floor, else none (UCB)."""
        below = [a for a in self.spread if self._visits(a) < self.floor]
        return min(below, key=self._visits) if below else None

    def world(self) -> GameState:
        """A world for one iteration: the seat's view determinized afresh."""
        return self.worlds.determinize(self.seat, self.rng)

    def step(self) -> None:
        """One iteration from a fresh determinization of the seat's view; in the check, two:
        the played move and its rival in the same world with the same random stream."""
        world = self.world()
        played, checking = self.played, self._checking()
        if played is None or not checking or not self.rival:
            first = played if checking else self._first()
            taken = self.bot.iterate(self.root, world, self.seat, self.rng, self.stage, first)
            self._count(taken, world)
            self.iterations += 1
            return
        stream = Rng(self.rng.next_u32(), self.rng.next_u32())
        pair = []
        for action in (played, self.rival):
            child = self.root.children.get(action)
            visits, before = (child.visits, child.wins) if child is not None else (0, 0.0)
            rolled = world.clone()
            taken = self.bot.iterate(
                self.root, rolled, self.seat, stream.copy(), self.stage, action
            )
            self._count(taken, rolled)
            child = self.root.children.get(action)
            if child is not None and child.visits == visits + 1:  # it was taken in this world
                pair.append(child.wins - before)
        if len(pair) == 2:
            self.paired.append((pair[0], pair[1]))
        self.iterations += 2

    def _count(self, taken: str | None, world: GameState) -> None:
        """Add the rollout of ``world`` (where it stopped) to the stats of the root action
        ``taken``."""
        if taken is None:
            return
        stats = self.stats.get(taken)
        if stats is None:
            stats = self.stats[taken] = Stats()
        stats.add(*outcome(self.bot, world, self.seat, self.parts))

    def run(self, seconds: float | None = None) -> bool:
        """Search until the budget is spent, or for about ``seconds`` more (at least one
        iteration); returns :attr:`done`. A fixed budget never reads the clock unless a slice
        is asked."""
        if seconds is None and self.budget.iterations is not None:
            while not self.done:
                self.step()
            return True
        start = time.perf_counter()
        stop = start + (seconds if seconds is not None else self.budget.seconds * HARD_LIMIT)
        while not self.done:
            self.step()
            now = time.perf_counter()
            self.elapsed += now - start
            start = now
            if now >= stop:
                break
        return self.done

    def ranking(self) -> list[Estimate]:
        """The root actions searched, best first: by visits (the search's confidence, as the
        bot plays the most visited), then by win chance, then by notation."""
        estimates = [
            Estimate(a, round(win_of(c), 4), c.visits)
            for a, c in self.root.children.items()
            if c.visits
        ]
        return sorted(estimates, key=lambda e: (-e.visits, -e.win, e.action))

    def hinted(self, same: Callable[[str], Hashable] | None = None) -> tuple[str, list[Ranked]]:
        """The hint's ranking and its basis: by the number shown, never a lower one above a
        higher one. On the ``win`` basis by the chance to win, then the place and the points; on
        the ``place`` basis (no move reaches :data:`pygames.core.reasons.NO_CHANCE`) by the
        expected place, then the points. Each move's figures count :data:`PRIOR_ROLLOUTS` of the
        root's besides its own. A move is ``about`` the one above when their shown figures
        differ by no more than :data:`ABOUT` standard errors of the difference.

        ``same``: actions with equal keys are one move (The Egyptian Buyer's payment of the same
        cards begun with another card), shown once with their rollouts pooled, under the most
        visited of them (then the first by notation)."""
        searched = {a: s for a, s in self.stats.items() if s.visits}
        if same is not None:
            searched = merged(searched, same)
        prior = Stats.pooled(searched.values())
        stats = {a: s.toward(prior, PRIOR_ROLLOUTS) for a, s in searched.items()}
        on = basis(stats.values())

        order = sorted(sorted(stats.items()), key=lambda item: shown_order(item[1], on))
        out: list[Ranked] = []
        for action, s in order:
            what = "place" if on == "place" else "win"
            about = bool(out) and not apart(out[-1].stats, s, what, ABOUT)
            win, place = round(s.mean("win"), 4), round(s.mean("place"), 2)
            points = round(s.mean("points"), 1)
            out.append(Ranked(action, win, searched[action].visits, place, points, about, s))
        return on, out

    def _evidence(self) -> bool:
        """Whether the rival beats the played move in the paired samples by more than
        :data:`EVIDENCE` standard errors of their mean difference."""
        n = len(self.paired)
        diffs = [r - p for p, r in self.paired]
        mean = math.fsum(diffs) / n
        if n < 2:
            return mean > 0.0
        variance = math.fsum((d - mean) * (d - mean) for d in diffs) / (n - 1)
        return mean > EVIDENCE * math.sqrt(variance / n)

    def verdict(self, ply: int) -> Verdict:
        """The review of the played move. With a check, its win chance and its rival's are the
        means of their paired samples (the same worlds and random streams: their difference is
        not the noise of different deals), and the best is the better of the two (the played
        move on a tie); without one (a budget too small for it, or nothing else searched), the
        root means of the played move and of the most visited other action."""
        if self.played is None:
            raise ValueError("a verdict needs the played move")
        if self.paired and self.rival:
            n = len(self.paired)
            win_played = round(math.fsum(p for p, _ in self.paired) / n, 4)
            win_rival = round(math.fsum(r for _, r in self.paired) / n, 4)
            if not self._evidence():
                win_rival = win_played
            rival: str | None = self.rival
        else:
            played = self.root.children.get(self.played)
            win_played = round(win_of(played), 4) if played is not None else 0.0
            others = [a for a in self.root.children if a != self.played and self._visits(a)]
            rival = max(others, key=lambda a: (self._visits(a), a)) if others else None
            win_rival = round(win_of(self.root.children[rival]), 4) if rival else 0.0
        if rival and win_rival > win_played:
            return Verdict(ply, self.seat, self.played, rival, win_played, win_rival)
        return Verdict(ply, self.seat, self.played, self.played, win_played, win_played)


#: a key under which the coach counts actions as one move, for a decision's state and seat
#: (:func:`pygames.coach_picks.same_move`)
SameMove = Callable[[GameState, int], Callable[[str], Hashable]]


def verdict_of(
    appraisal: Appraisal, ply: int, same: Callable[[str], Hashable] | None = None
) -> Verdict:
    """The review of the played move as the hint sees the decision at the same budget: the
    played move's figure as shown and the first move of the hint's order
    (:meth:`Appraisal.hinted`: by the number shown, the check's rollouts counted in). The first
    is the better move only when it estimates more by more than :data:`NOISE` standard errors of
    the difference: within the noise the choice cost nothing (a sum of the noise of a hundred
    decisions once read as a loss of 42 points). A mistake (a gap
    of :data:`MISTAKE` or more) carries :func:`mistake_why`.

    ``same``: the actions the hint counts as one move (a payment of the same cards begun with
    another card) are one move here too, their rollouts pooled: the played move is the one its
    action begins, and a move never stands as better than itself."""
    played = appraisal.played
    if played is None:
        raise ValueError("a verdict needs the played move")
    on, order = appraisal.hinted(same)
    key = same if same is not None else _itself
    mine = next((r for r in order if key(r.action) == key(played)), None)
    win_played = mine.win if mine is not None else 0.0
    top = order[0] if order else None
    if (
        top is None
        or mine is None
        or top is mine
        or top.win <= win_played
        or not apart(top.stats, mine.stats, "win", NOISE)
    ):
        return Verdict(ply, appraisal.seat, played, played, win_played, win_played)
    verdict = Verdict(ply, appraisal.seat, played, top.action, win_played, top.win)
    if verdict.mistake:
        verdict = replace(verdict, why=mistake_why(appraisal, verdict, mine.stats, top.stats, on))
    return verdict


def _itself(action: str) -> Hashable:
    """Every action a move of its own."""
    return action


def mistake_why(
    appraisal: Appraisal, verdict: Verdict, mine: Stats, better: Stats, on: str = "win"
) -> dict[str, str]:
    """Why the better move of a mistake is better, in both languages, from what the search saw
    (:func:`pygames.core.reasons.mistake_why`: averages over the worlds searched, no hidden
    card, no chance outcome to come), from the figures the verdict shows (``mine`` and
    ``better``: the hint's, :meth:`Appraisal.hinted`, on its basis ``on``), so that the chances
    in the reason are the verdict's own."""
    words = reasons.mistake_why(
        appraisal.view, appraisal.seat, verdict.played, verdict.best, mine, better, basis=on
    )
    return {"en": words["en"], "ja": words["ja"]}


def pct(x: float) -> int:
    """A fraction as a whole percentage, as the page rounds it (:func:`reasons.whole_percent`)."""
    return reasons.whole_percent(x)


def review_rng(record_seed: int, seed: int, ply: int, seat: int) -> Rng:
    """The random stream of one reviewed decision: fixed by the record's seed, the review's
    ``seed``, the ply and the seat."""
    return Rng.from_seed(record_seed, stream=REVIEW_STREAM + (seed * 65_536 + ply) * 16 + seat)


def as_the_hint(
    bot: SearchBot,
    record: Record,
    ply: int,
    state: GameState,
    seat: int,
    played: str,
    budget: Budget,
    same: Callable[[str], Hashable] | None = None,
) -> Appraisal:
    """The appraisal of ``seat``'s decision before action ``ply`` of ``record`` (``state``,
    where it played ``played``) as the hint searched it, the analysis's way: the hint's stream,
    seeded by what the seat knew (its view and its own actions so far), and its budget with no
    check within it; the played move is checked after it against the hint's first move only
    where that is another move (``same``: the actions counted as one move), so the hint's first
    is never a mistake (:class:`Review`'s ``as_hint``)."""
    rng = hint_rng(knowledge_seed(state, seat, own_actions(record, seat, ply)))
    return Appraisal(bot, state, seat, rng, budget, played, after=same or _itself)


def own_actions(record: Record, seat: int, upto: int | None = None) -> list[str]:
    """The actions ``seat`` played in ``record`` (among its first ``upto``, all by default)."""
    return [
        action
        for i, entry in enumerate(record.actions[:upto])
        for who, action in [split_action(entry, i, record.players)]
        if who == seat
    ]


def knowledge_seed(state: GameState, seat: int, own: Sequence[str]) -> int:
    """A seed drawn from what ``seat`` knows in ``state``: its view and its own actions so far
    (``own``), hashed with SHA-256 (the same in every Python; never the game's seed, so two
    true states the seat cannot tell apart give the same seed)."""
    known = json.dumps(
        [state.view(seat), list(own)], sort_keys=True, ensure_ascii=True, separators=(",", ":")
    )
    return int.from_bytes(hashlib.sha256(known.encode("ascii")).digest()[:8], "big")


def hint_rng(seed: int) -> Rng:
    """The random stream of a hint's search, from :func:`knowledge_seed` (none of the game's or
    its bots' streams)."""
    return Rng.from_seed(seed, stream=HINT_STREAM)


def appraise(
    bot: SearchBot,
    state: GameState,
    seat: int,
    played: str,
    rng: Rng,
    budget: Budget,
    ply: int | None = None,
) -> Verdict:
    """The review of one decision: ``seat`` played ``played`` in ``state`` (searched from the
    seat's information only; :func:`verdict_of`, its luck unknown)."""
    appraisal = Appraisal(bot, state, seat, rng, budget, played)
    appraisal.run()
    return verdict_of(appraisal, state.ply if ply is None else ply)


def chosen_seats(record: Record, seats: Sequence[int] | None) -> list[int]:
    """The seats to review, in order: ``seats`` (each checked), or every seat when none."""
    if not seats:
        return list(range(record.players))
    for seat in seats:
        if not 0 <= seat < record.players:
            raise RecordError(
                t(
                    f"No seat {seat}: this game has seats 0 to {record.players - 1}.",
                    f"席{seat}はありません。この記録の席は0〜{record.players - 1}です。",
                )
            )
    return sorted(set(seats))


def check_finished(record: Record) -> None:
    """Refuse a record whose game is not over (only a finished game is reviewed), or whose
    actions do not apply (a :class:`~pygames.core.errors.ReplayError` names the first)."""
    if not replay(record).is_over():
        raise RecordError(
            t(
                "This game is not over: only a finished game can be reviewed.",
                "このゲームはまだ終わっていません。振り返りは終わったゲームだけです。",
            )
        )


def decisions(
    record: Record, seats: Sequence[int] | None = None, upto: int | None = None
) -> Iterator[tuple[int, int, str, GameState]]:
    """``(ply, seat, action, state before it)`` of each decision of the chosen seats (all by
    default) in a finished record, among its first ``upto`` actions (all by default), forced
    moves (one legal action) left out; the state is the replayed one (valid until the next
    item), handed on to :class:`Appraisal` only. A record whose game is not over, or whose
    actions do not apply, is refused."""
    chosen = chosen_seats(record, seats)
    check_finished(record)
    state = new_state(record)
    for i, entry in enumerate(record.actions[:upto]):
        seat, action = split_action(entry, i, record.players)
        if seat in chosen and len(state.legal_actions(seat)) > 1:
            yield i, seat, action, state
        state.apply_unchecked(seat, action)


def review(
    record: Record,
    seats: Sequence[int] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
    each: Callable[[Verdict], None] | None = None,
    upto: int | None = None,
) -> list[Verdict]:
    """Review the decisions of the chosen seats of a finished record, in the order played, among
    its first ``upto`` actions (all by default), each with its :attr:`Verdict.luck` (see
    :func:`with_luck`); ``each`` is called with every verdict as it is made (before its luck is
    known)."""
    budget = budget or Budget()
    bot = evaluator(record.info())
    out = []
    for ply, seat, action, state in decisions(record, seats, upto):
        rng = review_rng(record.seed, seed, ply, seat)
        appraisal = Appraisal(bot, state, seat, rng, budget, action)
        appraisal.run()
        verdict = verdict_of(appraisal, ply)
        out.append(verdict)
        if each is not None:
            each(verdict)
    return with_luck(out, record, complete=upto is None or upto >= len(record.actions))


def final_shares(record: Record) -> list[float]:
    """Each seat's share of the win at the end of a finished record: 1 for a sole winner, 1/k
    for each of k winners, 0 for a loser or a game without winners (as the search counts it)."""
    return shares(replay(record).result().winners, record.players)


def with_luck(verdicts: Sequence[Verdict], record: Record, complete: bool = True) -> list[Verdict]:
    """The verdicts with their luck, measured: the seat's estimate at its next decision (the
    best estimate there) less the played move's estimate here; after a seat's last decision,
    its share of the win at the end (:func:`final_shares`) less it. With ``complete`` false
    (the review stopped short of the end) a seat's last decision has no luck."""
    end = final_shares(record) if complete else None
    out = list(verdicts)
    following: dict[int, float | None] = {}  # per seat: the estimate at its next decision
    for i in range(len(out) - 1, -1, -1):
        v = out[i]
        then = following.get(v.seat, end[v.seat] if end is not None else None)
        luck = None if then is None else round(then - v.win_played, 4)
        out[i] = replace(v, luck=luck)
        following[v.seat] = v.win_best
    return out


#: the chance of each game, as the summary names it, beside the other players
CHANCE: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "marie": ("the cakes dealt", "配られたケーキ"),
        "hitokai": ("the cards dealt", "配られた札"),
        "pharaoh": ("the cards turned up", "めくられたカード"),
        "baggai": ("the bags turned up", "出てきたバッグ"),
        "yadokashi": ("the dice", "サイコロ"),
    }
)
CHANCE_DEFAULT = ("chance", "運")


def chance_noun(game: str) -> Text:
    """The chance of ``game`` in its own words (:data:`CHANCE`: no dice in a game of cards), as
    the summary and the page's "afterwards" line name it beside the other players' moves."""
    en, ja = CHANCE.get(game, CHANCE_DEFAULT)
    return t(en, ja)


def won(chance: str) -> str:
    """``chance`` ("your chance", "the chance", or "it" when named before) with "to win"."""
    return chance if chance == "it" else f"{chance} to win"


def points(n: int) -> str:
    """``n`` percentage points in English: "1 point", "12 points"."""
    return f"{n} point" + ("" if n == 1 else "s")


def luck_words(
    game: str,
    choice: float,
    luck: float,
    decisions: int,
    you: bool = True,
    opening: float | None = None,
) -> dict[str, str]:
    """The summary of a seat in words: how much its ``decisions`` choices lowered its chance to
    win, added up, how much the game's chance and the other players moved it, then which of the
    two weighed more, in plain words (a beginner could not tell from "Choices cost 23 points
    ...; the cards dealt cost 12 points" which one decided the game). Whole percentages of the
    chance to win, said in points: a sum of many decisions' losses can pass 100, and beside the
    mean loss a decision a first reader took "82%" for another measure of the same thing.

    ``you``: the English speaks to the one person whose play is reviewed; else (several seats,
    each summary under its seat's name) of "this player" (the Japanese names no one either way).

    With the ``opening`` chance (at the seat's first decision) the words start from it and the
    end (``opening - choice + luck``: the seat's share of the win), so that the sums can be
    checked: a beginner could not see how "lowered by 226 points" and "raised by 304" made a
    result. The luck's points are then the end less the opening plus the choices' points, all
    rounded first, so that the three figures add up exactly as written."""
    noun = chance_noun(game)
    en_noun, ja_noun = noun["en"], noun["ja"]
    whose, chance = ("your", "your chance") if you else ("this player's", "the chance")
    c, lk = pct(choice), pct(abs(luck))
    en_start = ja_start = ""
    if opening is not None and decisions:
        start, end = pct(opening), pct(opening - choice + luck)
        luck = (end - start + c) / 100
        lk = abs(end - start + c)
        en_start = (
            f"{whose.capitalize()} chance to win went from {start}% at the first decision to "
            f"{end}% at the end. "
        )
        ja_start = f"勝つ確率は最初の判断で{start}%、終局で{end}%でした。"
        chance = "it"  # the chance to win, named in the sentence before
    en_luck, ja_luck = _luck_moved(lk, luck)
    verdict = _weighed_more(c, lk if luck < 0 else -lk, you)
    en_first, ja_first = _choices_cost(c, decisions, whose, chance)
    en = f"{en_start}{en_first}; {en_noun} and the other players {en_luck}. {verdict['en']}"
    ja = f"{ja_start}{ja_first}{ja_noun}と他のプレイヤーの手は勝つ確率を{ja_luck}。{verdict['ja']}"
    return {
        "en": en.rstrip(),
        "ja": ja,
    }


def _luck_moved(lk: int, luck: float) -> tuple[str, str]:
    """How the luck (``lk`` whole points, ``luck``'s sign) moved the chance, in words."""
    if lk == 0:
        return "changed it little", "ほとんど変えませんでした"
    if luck < 0:
        return f"lowered it by {points(lk)}", f"{lk}ポイント下げました"
    return f"raised it by {points(lk)}", f"{lk}ポイント上げました"


def _choices_cost(c: int, decisions: int, whose: str, chance: str) -> tuple[str, str]:
    """What the seat's ``decisions`` choices cost (``c`` whole points), in words."""
    en_decisions = f"{decisions} decision" + ("" if decisions == 1 else "s")
    if decisions == 0:
        return "There was no decision to review", "振り返る判断はありませんでした。"
    if c == 0:
        en = (
            f"{whose.capitalize()} one decision did not lower {won(chance)}"
            if decisions == 1
            else f"None of {whose} {en_decisions} lowered {won(chance)}"
        )
        return en, f"選んだ手で勝つ確率は下がりませんでした（{decisions}回の判断）。"
    en = (
        f"{whose.capitalize()} choices lowered {won(chance)} by {points(c)} in all, "
        f"over {en_decisions}"
    )
    return en, f"選んだ手で勝つ確率が合計{c}ポイント下がりました（{decisions}回の判断）。"


def _weighed_more(choice: int, against: int, you: bool = True) -> dict[str, str]:
    """Which weighed more on the result, said plainly: the choices' cost (``choice`` points) or
    what chance and the others took (``against`` points; below 0 when they gave); to the person
    reviewed (``you``) or of "this player"."""
    who, whose = ("you", "your") if you else ("this player", "this player's")
    if choice == 0:
        if against <= 0:
            return {"en": "", "ja": ""}
        return {"en": "What was lost, luck took.", "ja": "下がった分は運によるものです。"}
    if against <= 0:
        return {
            "en": f"Luck did not hold {who} back: {whose} choices are where to gain.",
            "ja": "運に足を引っ張られてはいません。伸ばせるのは選ぶ手です。",
        }
    if against > choice:
        return {
            "en": f"Here luck weighed more than {whose} choices.",
            "ja": "この対局では、選んだ手より運の影響が大きかったです。",
        }
    return {
        "en": f"Here {whose} choices weighed more than luck.",
        "ja": "この対局では、運より選んだ手の影響が大きかったです。",
    }


def could_win(verdict: Verdict) -> bool:
    """Whether the seat could still win at this decision: its best move's chance reaches
    :data:`~pygames.core.reasons.NO_CHANCE` (below it, the hint ranks by place, and no move gives
    a chance to win away)."""
    return verdict.win_best >= NO_CHANCE


def summary(verdicts: Sequence[Verdict], seats: Sequence[int], game: str = "") -> list[JSONDict]:
    """Per seat: the decisions reviewed, those where it ``could_win`` (``open``) and the mean
    loss (:attr:`Verdict.gap`) over them (a decision where no move had a chance to win can give
    none away: counted, it would make a seat that fell behind early look careful, whatever it
    played after), the mistakes (a gap of at least :data:`MISTAKE`), the chance to win its
    ``choice`` cost (the gaps' sum) and its ``luck`` moved it by (the lucks' sum), the
    ``opening`` chance (at its first decision; null without decisions or before every luck is
    known), with ``words`` about them."""
    rows = []
    for seat in seats:
        mine = sorted((v for v in verdicts if v.seat == seat), key=lambda v: v.ply)
        gaps = [v.gap for v in mine]
        open_gaps = [v.gap for v in mine if could_win(v)]
        mean = round(math.fsum(open_gaps) / len(open_gaps), 4) if open_gaps else 0.0
        choice = round(math.fsum(gaps), 4)
        luck = round(math.fsum(v.luck for v in mine if v.luck is not None), 4)
        known = bool(mine) and all(v.luck is not None for v in mine)
        opening = round(mine[0].win_best, 4) if known else None
        rows.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "open": len(open_gaps),
                "mean_loss": mean,
                "mistakes": sum(1 for v in mine if v.mistake),
                "choice": choice,
                "luck": luck,
                "opening": opening,
                "words": luck_words(
                    game, choice, luck, len(mine), you=len(seats) == 1, opening=opening
                ),
            }
        )
    return rows


class Review:
    """:func:`review` in slices, for a page that must stay responsive: the decisions of the
    chosen seats of a finished record, appraised one after another, each from its own stream
    (:func:`review_rng`), so the verdicts are exactly :func:`review`'s with the same budget and
    seed however the work is sliced (their luck is filled in once the last is made:
    :func:`with_luck`). ``each(verdict, view)`` is called with every verdict as it is made
    (before its luck is known) and the world its appraisal searched from (the seat's view,
    determinized: never the true state). A record whose game is not over is refused when the
    review is made.

    ``as_hint``: each decision is searched as the hint searched it (the analysis's way,
    :func:`as_the_hint`): from the hint's stream, seeded by what the seat knew
    (:func:`knowledge_seed` of its view and its own actions so far), with no check within the
    budget; with the hint's budget a move the hint put first is never called a mistake (a
    beginner found every "mistake" of his analysis to be the hint's own advice), and any other
    played move is then checked against the hint's first in paired worlds."""

    def __init__(
        self,
        record: Record,
        seats: Sequence[int] | None = None,
        budget: Budget | None = None,
        seed: int = 0,
        each: Callable[[Verdict, GameState], None] | None = None,
        same: SameMove | None = None,
        as_hint: bool = False,
    ) -> None:
        self.record = record
        self.same = same
        self.as_hint = as_hint
        self.seats = chosen_seats(record, seats)
        self.budget = budget or Budget()
        self.seed = seed
        self.each = each
        self.bot = evaluator(record.info())
        self.total = sum(1 for _ in decisions(record, self.seats))  # refuses an unfinished game
        self._walk = decisions(record, self.seats)
        self.current: Appraisal | None = None
        self._ply = 0
        self.verdicts: list[Verdict] = []

    @property
    def done(self) -> bool:
        """Whether every decision has its verdict."""
        return len(self.verdicts) >= self.total

    @property
    def progress(self) -> float:
        """The share of the work done, from 0 to 1: the decisions appraised, and the part of
        the one under way."""
        if not self.total:
            return 1.0
        part = min(1.0, self.current.progress) if self.current is not None else 0.0
        return min(1.0, (len(self.verdicts) + part) / self.total)

    def _next(self) -> Appraisal | None:
        """The appraisal of the next decision (``None`` when none is left)."""
        item = next(self._walk, None)
        if item is None:
            return None
        ply, seat, action, state = item
        self._ply = ply
        if self.as_hint:  # the very search the hint made at this decision, with its budget
            same = self.same(state, seat) if self.same else None
            budget = self.budget
            return as_the_hint(self.bot, self.record, ply, state, seat, action, budget, same)
        rng = review_rng(self.record.seed, self.seed, ply, seat)
        return Appraisal(self.bot, state, seat, rng, self.budget, action)

    def run(self, seconds: float | None = None) -> bool:
        """Appraise for about ``seconds`` (at least one iteration while work is left), or to
        the end when none is given; returns :attr:`done`."""
        stop = None if seconds is None else time.perf_counter() + seconds
        while not self.done:
            if self.current is None:
                self.current = self._next()
                if self.current is None:  # fewer decisions than counted: cannot happen
                    self.total = len(self.verdicts)
                    break
            left = None if stop is None else max(0.0, stop - time.perf_counter())
            if not self.current.run(left):
                break
            appraisal, self.current = self.current, None
            same = appraisal.after  # the key the appraisal searched with, when it has one
            if same is None and self.same is not None:
                same = self.same(appraisal.view, appraisal.seat)
            verdict = verdict_of(appraisal, self._ply, same)
            self.verdicts.append(verdict)
            if self.each is not None:
                self.each(verdict, appraisal.view)
            if stop is not None and time.perf_counter() >= stop:
                break
        if self.done and any(v.luck is None for v in self.verdicts):
            self.verdicts = with_luck(self.verdicts, self.record)
        return self.done
