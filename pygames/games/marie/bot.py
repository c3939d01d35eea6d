"""A heuristic bot for Marie's Table: collects sets, eats singletons, votes by comparing pairs."""

from __future__ import annotations

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.marie.rules import MAX_EATEN, POINTS, Action, MarieState


def gain(kept: list[int], cards: list[int], rounds_left: int) -> float:
    """How much keeping ``cards`` is worth on top of ``kept`` (counts by number), counting some
    hope for a new number while rounds remain."""
    counts = list(kept)
    total = 0.0
    for c in cards:
        before, after = counts[c], counts[c] + 1
        step = float(POINTS[after] - POINTS[before])
        if before == 0 and rounds_left > 0:
            step += min(1.5, 0.75 * rounds_left)  # a new number may still grow into a set
        total += step
        counts[c] = after
    return total


def best_settle(kept: list[int], pair: list[int], eats_left: int, rounds_left: int) -> float:
    """The best value of a pair once the keep-or-eat choice is made well."""
    return max(_settle_options(kept, pair, eats_left, rounds_left).values())


def _settle_options(
    kept: list[int], pair: list[int], eats_left: int, rounds_left: int
) -> dict[str, float]:
    a, b = sorted(pair)
    options = {"keep": gain(kept, [a, b], rounds_left)}
    if eats_left >= 1:
        options[f"eat{a}"] = 1.0 + gain(kept, [b], rounds_left)
        options[f"eat{b}"] = 1.0 + gain(kept, [a], rounds_left)
    if eats_left >= 2:
        # eating both uses the whole allowance: worth a little less than its face value
        options[f"eat{a}{b}"] = 1.6
    return options


class MarieHeuristicBot(Bot):
    """Plays from what its seat knows: its kept cards, the revealed pairs, its own hand."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, MarieState)
        legal = state.legal_actions(seat)
        phase = state.phase
        if phase == "pile":
            return rng.choice(legal)
        kept = state.kept[seat]
        eats_left = MAX_EATEN - len(state.eaten[seat])
        rounds_left = state.rounds - state.round - 1
        if phase == "draft":
            return max(
                legal,
                key=lambda a: (
                    best_settle(kept, list(Action.parse(a).args), eats_left, rounds_left),
                    a,
                ),
            )
        if phase == "vote":
            return self._vote(state, seat, eats_left, rounds_left)
        if phase == "take":

            def pair_value(a: str) -> tuple[float, str]:
                pair = state.pairs[Action.parse(a).args[0]] or []
                return best_settle(kept, pair, eats_left, rounds_left), a

            return max(legal, key=pair_value)
        holding = state.held(seat)  # M4: its own pair; M2: the pair it took
        options = _settle_options(kept, holding, eats_left, rounds_left)
        return max((a for a in legal if a in options), key=lambda a: (options[a], a))

    def _vote(self, state: MarieState, seat: int, eats_left: int, rounds_left: int) -> str:
        own = state.pairs[seat] or []
        kept = state.kept[seat]
        mine = best_settle(kept, own, eats_left, rounds_left)
        others = sorted(
            (
                best_settle(kept, state.pairs[o] or [], eats_left, rounds_left)
                for o in range(state.players)
                if o != seat and state.pairs[o] is not None
            ),
            reverse=True,
        )
        if not others:
            return "up"
        position = state.take_order().index(seat)
        expected = others[min(position, len(others) - 1)]
        return "down" if expected > mine + 0.25 else "up"
