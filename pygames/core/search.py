"""A search bot for every game: single-observer information-set MCTS (SO-ISMCTS).

Each iteration samples a world with ``determinize(seat)`` (so hidden cards, other seats' secret
choices and future chance are drawn afresh), walks one shared tree of action sequences choosing by
UCB among the actions legal in that world (counting how often each was available), expands one
node, finishes the game with a rollout policy (the game's heuristic bot), and credits every node
with the result for the seat that moved into it. Where a whole rollout is too dear (Yadokashi),
the game gives its evaluation (``GameInfo.values``) and rollouts stop after ``cut`` plies, scored
by it; a game played in independent stages (The Egyptian Buyer's rounds) also gives its stage
(``GameInfo.horizon``), and rollouts then stop where the stage of the decision ends; such a game
may give as well each seat's chance to win the game from there (``GameInfo.chances``), which then
stands for the leaders as the win part of the score. The most
visited root action is played, unless it is not the heuristic's own choice and does not beat
that choice's mean reward by a standard error (``anchor``): the heuristic's choice is searched
first at the root, and the search leaves it only on evidence, not on the noise of a few visits
spread over many actions.

Where a node has many legal actions (a BAG-GAI range: 55-66 of them), the tree widens
progressively: it opens at most ``widening * sqrt(visits + 1)`` children, and the first one it
opens is the heuristic's own choice in that world. With few iterations the search so weighs the
heuristic's move against a handful of others instead of sampling the whole list at random.

The bot only ever sees the state :func:`pygames.core.bots.decide` gives it, itself a
determinization, and re-determinizes it for its own seat: what it knows is what the seat knows.

Every node also sums the win part of its results (:attr:`Node.wins`), which the bot never
selects by; the coach (:mod:`pygames.core.review`) reports it as a win chance, and may tell an
iteration which root action to take (``iterate``'s ``first``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng

ROLLOUT_CAP = 3000


@dataclass(slots=True)
class Node:
    """A node of the shared tree: statistics of the action that led here."""

    player: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    squares: float = 0.0
    #: the sum of the mover's win part of the results (a win share, or a chance where a cut
    #: rollout is scored by the game): what the review and the hint report, never what the
    #: search selects by
    wins: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        """Upper confidence bound, with availability counts in place of parent visits (an
        opened node not yet visited comes first)."""
        if not self.visits:
            return math.inf
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)

    def mean(self) -> float:
        """The mean reward of the visits."""
        return self.reward / self.visits

    def spread(self) -> float:
        """The standard error of :meth:`mean` (the sample variance floored at 0.01, so a
        handful of equal rewards is not taken for certainty)."""
        variance = max(0.01, self.squares / self.visits - self.mean() * self.mean())
        return math.sqrt(variance / self.visits)


#: the weight of the place (1 for first, 0 for last) beside the win in the search's reward: small
#: enough that no gain in place outweighs a difference in the chance to win that the search can
#: resolve (its standard errors are a few percent), so the place only settles moves that win
#: equally often (a seat that cannot win keeps the best place it can)
PLACE_WEIGHT = 0.02
#: the weight of the points (0 for the lowest score, 1 for the highest), below the place's
POINTS_WEIGHT = 0.002


def rewards(state: GameState) -> list[float]:
    """Each seat's reward at a game's end, in [0, 1]: its chance to win first, then its place,
    then its points (:func:`mix`)."""
    return scored(state)[0]


def shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win: 1/k for each of the k winners the result names (a shared
    win split, a game without winners 0 for all)."""
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def scored(state: GameState) -> tuple[list[float], list[float]]:
    """The rewards of a game's end (:func:`rewards`) and each seat's win share in it; a game
    not over scores 0.5 and 0.5 for every seat."""
    n = state.players
    if not state.is_over():
        return [0.5] * n, [0.5] * n
    result = state.result()
    return blend(result.scores, result.winners), shares(result.winners, n)


def blend(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """The rewards of a game's end from its scores and winners (:func:`mix` of the win
    shares)."""
    return mix(shares(winners, len(scores)), scores)


def mix(wins: Sequence[float], scores: Sequence[float]) -> list[float]:
    """The lexicographic objective the strong bot and the coach share: each seat's win (a share
    or a chance), then its place by ``scores`` (seats tied share the better place), then its
    score between the lowest and the highest, weighed by 1, :data:`PLACE_WEIGHT` and
    :data:`POINTS_WEIGHT` and scaled into [0, 1]."""
    n = len(scores)
    lo, hi = min(scores), max(scores)
    span = hi - lo
    scale = 1.0 + PLACE_WEIGHT + POINTS_WEIGHT
    out = []
    for w, x in zip(wins, scores, strict=True):
        above = sum(1 for y in scores if y > x)
        place = 1.0 - above / (n - 1) if n > 1 else 1.0
        points = (x - lo) / span if span else 0.5
        out.append((w + PLACE_WEIGHT * place + POINTS_WEIGHT * points) / scale)
    return out


def valued(values: Sequence[float], chances: Sequence[float] | None = None) -> list[float]:
    """Rewards of a cut rollout: the win part is each seat's chance to win the game where the
    game gives it, else a share of the leaders by the game's evaluation (``values``); the place
    is by ``values``."""
    return mix(valued_wins(values, chances), values)


def valued_wins(values: Sequence[float], chances: Sequence[float] | None = None) -> list[float]:
    """The win part of :func:`valued`: the game's chances where it gives them, else a share of
    the leaders by ``values``."""
    if chances is not None:
        return list(chances)
    best = max(values)
    return shares([s for s, v in enumerate(values) if v == best], len(values))


def _count_available(children: dict[str, Node], legal: list[str]) -> None:
    """Count one more availability for each opened child among the ``legal`` actions."""
    for a in legal:
        child = children.get(a)
        if child is not None:
            child.available += 1


class Search:
    """One decision's search, resumable in slices (so the browser can think in short steps and
    drop a search when the game is left)."""

    def __init__(self, bot: SearchBot, state: GameState, seat: int, rng: Rng) -> None:
        self.bot = bot
        self.state = state
        self.seat = seat
        self.rng = rng
        #: the state the iterations determinize: ``state``, or a quiet copy (no log to copy)
        self.worlds = state.quiet_copy()
        self.legal = bot.candidates(state, seat)
        self.root = Node()
        self.stage = bot.horizon(state) if bot.horizon is not None else None
        self.iterations = 0
        self.elapsed = 0.0
        hint = bot.rollout.choose(state, seat, rng) if bot.anchor and len(self.legal) > 1 else None
        self.hint = hint if hint in self.legal else None
        if self.hint is not None:
            self.root.children[self.hint] = Node(player=seat)  # searched first

    @property
    def done(self) -> bool:
        """Whether the search has used its iterations or its time: its budget once it has its
        minimum number of iterations, and its hard limit in any case (a slow machine or a busy
        one gets fewer iterations, never a longer wait)."""
        if len(self.legal) == 1 or self.iterations >= self.bot.iterations:
            return True
        # the hard limit, less one iteration's mean time so the last one does not overrun it
        per_iteration = self.elapsed / self.iterations if self.iterations else 0.0
        if self.elapsed + per_iteration >= self.bot.max_seconds:
            return True
        if self.bot.settle and self._settled(per_iteration):
            return True
        return self.iterations >= self.bot.min_iterations and self.elapsed >= self.bot.seconds

    def _settled(self, per_iteration: float) -> bool:
        """Whether the most visited root action leads by more visits than the iterations left
        (under the iteration cap and the hard time limit), and is the heuristic's choice, so
        that no margin test applies: more search could not change the choice, so it would only
        cost the player a wait."""
        left = float(self.bot.iterations - self.iterations)
        if per_iteration > 0.0:
            left = min(left, (self.bot.max_seconds - self.elapsed) / per_iteration)
        first = second = 0
        for child in self.root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        # the heuristic's choice leads for good: the leader's margin over it cannot matter
        return first - second > left and self.hint in (None, self._leader())

    def run(self, seconds: float) -> bool:
        """Search for about ``seconds`` more (at least one iteration, within the bot's budget);
        returns :attr:`done`. The minimum number of iterations applies to the whole decision,
        not to a slice, so a slice never overruns on a slow machine."""
        start = time.perf_counter()
        stop = start + min(seconds, max(0.0, self.bot.seconds - self.elapsed))
        while not self.done:
            world = self.worlds.determinize(self.seat, self.rng)
            self.bot.iterate(self.root, world, self.seat, self.rng, self.stage)
            self.iterations += 1
            now = time.perf_counter()
            self.elapsed += now - start
            start = now
            if now >= stop:
                break
        return self.done

    def _leader(self) -> str:
        """The most visited root action."""
        children = self.root.children
        return max(self.legal, key=lambda a: (children[a].visits if a in children else -1, a))

    def best(self) -> str:
        """The action to play: the most visited root action, unless the heuristic's own choice
        (the hint) is also open and the leader's mean reward does not beat the hint's by
        ``anchor`` standard errors: the search leaves the heuristic only on evidence, not on the
        noise of a few visits."""
        leader = self._leader()
        hint = self.root.children.get(self.hint) if self.hint is not None else None
        if hint is None or not hint.visits or self.hint == leader:
            return leader
        top = self.root.children[leader]
        margin = self.bot.anchor * math.hypot(top.spread(), hint.spread())
        return leader if top.mean() - hint.mean() > margin else str(self.hint)


class SearchBot(Bot):
    """ISMCTS with a time budget and an iteration cap. It searches ``seconds``, longer if it
    has not yet made ``min_iterations`` iterations, but never more than ``max_seconds``
    (by default 1.2 times ``seconds``: 0.96 s for the strong level, so that a decision with its
    overhead stays under 1 s). With ``settle`` it stops as soon as the most visited action can
    no longer be overtaken in the iterations left, which plays the same action sooner. With
    ``values`` (the game's evaluation of each seat) its rollouts stop after ``cut`` plies and are
    scored by it: for games whose whole rollouts are too dear for enough iterations. With
    ``horizon`` as well (the game's stage, such as the round) they stop instead as soon as the
    stage of the decision is over, however many plies that takes; ``chances`` (with or without a
    ``horizon``: each seat's chance to win the game from the state reached) then gives the win
    part of their score, in place of the leaders by ``values``. With ``shortlist`` (the game's
    choice, among the legal actions, of those worth weighing, which must hold the heuristic's own
    choice) the tree weighs only those, for every seat: a long list of bids shrinks to the few
    that differ in kind."""

    name = "strong"

    def __init__(
        self,
        rollout: Bot,
        iterations: int = 2000,
        seconds: float = 0.8,
        exploration: float = 0.7,
        min_iterations: int = 32,
        widen_above: int = 12,
        widening: float = 2.0,
        max_seconds: float | None = None,
        settle: bool = True,
        values: Callable[[GameState], list[float]] | None = None,
        cut: int = 16,
        anchor: float = 1.0,
        horizon: Callable[[GameState], int] | None = None,
        chances: Callable[[GameState], list[float]] | None = None,
        shortlist: Callable[[GameState, int, list[str]], list[str]] | None = None,
    ) -> None:
        self.rollout = rollout
        self.iterations = iterations
        self.seconds = seconds
        self.max_seconds = 1.2 * seconds if max_seconds is None else max_seconds
        self.exploration = exploration
        self.min_iterations = min_iterations
        self.widen_above = widen_above
        self.widening = widening
        self.settle = settle
        self.values = values
        self.cut = cut
        self.anchor = anchor
        self.horizon = horizon if values is not None else None
        self.chances = chances if values is not None else None
        self.shortlist = shortlist
        self.last_iterations = 0

    def candidates(self, state: GameState, seat: int) -> list[str]:
        """The actions the search weighs for ``seat``: the legal ones, or those of them the game
        names as worth weighing (``shortlist``)."""
        legal = state.legal_actions(seat)
        return self.shortlist(state, seat, legal) if self.shortlist is not None and legal else legal

    def start(self, state: GameState, seat: int, rng: Rng) -> Search:
        """A search for this decision, to be run in slices."""
        return Search(self, state, seat, rng)

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """The most visited root action after the search."""
        search = self.start(state, seat, rng)
        while not search.run(self.seconds):
            pass  # below the minimum number of iterations: go on
        self.last_iterations = search.iterations
        return search.best()

    def iterate(
        self,
        root: Node,
        world: GameState,
        seat: int,
        rng: Rng,
        stage: int | None = None,
        first: str | None = None,
    ) -> str | None:
        """One iteration: select, expand, roll out (to the end of ``stage`` with a ``horizon``),
        back up; returns the root action taken (``None``: the world was over), ``world`` left
        where its rollout stopped. ``first``: the root action it must take (legal for ``seat``,
        weighed or not), for the coach's root (:mod:`pygames.core.review`), never the bot's."""
        node, path = root, []
        taken: str | None = None
        at_root = True
        while not world.is_over():
            movers = world.to_move()
            mover = seat if at_root and seat in movers else movers[0]
            legal = self.candidates(world, mover)
            forced = None
            if at_root and first is not None and mover == seat:
                forced = self._forced(world, mover, legal, first)
            at_root = False
            if forced is not None and forced not in legal:
                legal = [*legal, forced]
            children = node.children
            _count_available(children, legal)
            if forced is not None and forced in children:
                action = forced
            else:
                untried = [a for a in legal if a not in children]
                if forced is not None or (untried and self._may_open(node, legal, untried)):
                    action = forced or self._to_open(world, mover, len(legal), untried, rng)
                    child = Node(player=mover, available=1)
                    children[action] = child
                    world.apply_unchecked(mover, action)
                    taken = action if taken is None else taken
                    path.append(child)
                    break
                opened = [a for a in legal if a in children]
                c = self.exploration
                action = max(opened, key=lambda a: children[a].ucb(c))
            node = children[action]
            world.apply_unchecked(mover, action)
            taken = action if taken is None else taken
            path.append(node)
        self._rollout(world, rng, stage)
        self._back_up(world, path)
        return taken

    def _back_up(self, world: GameState, path: list[Node]) -> None:
        """Credit every node of ``path`` with the result of the rolled-out ``world`` for the
        seat that moved into it."""
        if self.values is not None and not world.is_over():
            # a cut rollout, scored by the game
            values = self.values(world)
            chances = self.chances(world) if self.chances else None
            result, wins = valued(values, chances), valued_wins(values, chances)
        else:
            result, wins = scored(world)
        for n in path:
            r = result[n.player]
            n.visits += 1
            n.reward += r
            n.squares += r * r
            n.wins += wins[n.player]

    def _forced(self, world: GameState, mover: int, legal: list[str], first: str) -> str | None:
        """``first`` where the searching seat (``mover``, at the root) may take it, else ``None``
        (the iteration then selects as usual)."""
        if first in legal or first in world.legal_actions(mover):
            return first
        return None

    def _may_open(self, node: Node, legal: list[str], untried: list[str]) -> bool:
        """Open another child here? Always while the legal list is short or nothing legal is
        open yet; else only up to ``widening * sqrt(visits + 1)`` children."""
        opened = len(legal) - len(untried)
        if len(legal) <= self.widen_above or opened == 0:
            return True
        visits = sum(child.visits for child in node.children.values())
        return opened < self.widening * math.sqrt(visits + 1)

    def _to_open(
        self, world: GameState, mover: int, legal: int, untried: list[str], rng: Rng
    ) -> str:
        """The child to open: any untried one in a short list (of ``legal`` actions); in a long
        one the heuristic's choice first (when it is still untried), then a random untried one."""
        if len(untried) > 1 and legal > self.widen_above:
            hint = self.rollout.choose(world, mover, rng)
            if hint in untried:
                return hint
        return rng.choice(untried)

    def _rollout(self, world: GameState, rng: Rng, stage: int | None = None) -> None:
        """Play on with the rollout policy: to the end; or, where the game has an evaluation
        (``values``), ``cut`` plies, or to the end of ``stage`` where it has a ``horizon``."""
        cap = self.cut if self.values and stage is None else ROLLOUT_CAP
        horizon = self.horizon if stage is not None else None
        choose, is_over, to_move = self.rollout.choose, world.is_over, world.to_move
        play = world.apply_unchecked
        steps = 0
        while not is_over() and steps < cap:
            if horizon is not None and horizon(world) != stage:
                break
            mover = to_move()[0]
            play(mover, choose(world, mover, rng))
            steps += 1
