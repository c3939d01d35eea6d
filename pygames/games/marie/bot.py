"""A heuristic bot for Marie's Table: collects sets, eats singletons, votes by comparing pairs.

The values are sums of quarters (a card's step in points, a 0.75 or 1.5 hope for a new number,
1 per eaten card) and the constant 1.6, all exact in floating point, so the order of the sums
does not matter."""

from __future__ import annotations

from functools import cache

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.marie.rules import (
    MAX_EATEN,
    POINTS,
    TAKE_TEXT,
    MarieState,
    decide_options,
    pick_pairs,
)

#: what eating both cards of a pair is worth: it uses the whole allowance, so a little less
#: than its face value
EAT_BOTH = 1.6
#: a value below every option, for the options the allowance rules out
NONE = float("-inf")


def step(before: int, rounds_left: int) -> float:
    """What one more kept card of a number held ``before`` times is worth, counting some hope
    for a new number while rounds remain (it may still grow into a set)."""
    value = float(POINTS[before + 1] - POINTS[before])
    if before == 0 and rounds_left > 0:
        value += min(1.5, 0.75 * rounds_left)
    return value


#: :func:`step` by the count held before and the rounds left (at most 5 after the first)
STEPS = tuple(tuple(step(before, left) for left in range(6)) for before in range(8))


@cache
def settle_values(
    held_a: int, held_b: int, same: bool, eats_left: int, rounds_left: int
) -> tuple[float, float, float, float]:
    """The values of keeping a pair ``a``, ``b`` (held ``held_a`` and ``held_b`` times, ``same``
    number or not), of eating ``a`` (keeping ``b``), of eating ``b`` (keeping ``a``) and of
    eating both; :data:`NONE` where the allowance forbids."""
    keep_a, keep_b = STEPS[held_a][rounds_left], STEPS[held_b][rounds_left]
    keep = keep_a + (STEPS[held_a + 1][rounds_left] if same else keep_b)
    if eats_left < 1:
        return keep, NONE, NONE, NONE
    return keep, 1.0 + keep_b, 1.0 + keep_a, EAT_BOTH if eats_left >= 2 else NONE


@cache
def best_value(held_a: int, held_b: int, same: bool, eats_left: int, rounds_left: int) -> float:
    """The best of :func:`settle_values`: the pair's value once the choice is made well."""
    return max(settle_values(held_a, held_b, same, eats_left, rounds_left))


#: a table of :func:`best_value` for one allowance and one number of rounds left
Table = tuple[tuple[tuple[float, ...], ...], ...]


@cache
def value_table(eats_left: int, rounds_left: int) -> Table:
    """:func:`best_value` for every count held, as ``table[same][held_a][held_b]`` (a pair of
    one number is held as often twice, at most 6 times; :data:`NONE` for what cannot be)."""
    return tuple(
        tuple(
            tuple(
                best_value(a, b, same, eats_left, rounds_left)
                if not same or (a == b and a <= 6)
                else NONE
                for b in range(8)
            )
            for a in range(8)
        )
        for same in (False, True)
    )


def best_settle(kept: list[int], pair: list[int], table: Table) -> float:
    """The best value of a pair on top of ``kept`` (counts by number), in either order, from
    the :func:`value_table` of the seat's allowance and the rounds left."""
    a, b = pair
    return table[a == b][kept[a]][kept[b]]


class MarieHeuristicBot(Bot):
    """Plays from what its seat knows: its kept cards, the revealed pairs, its own hand."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat`` (one to move); ties go to the last action in notation
        order."""
        assert isinstance(state, MarieState)
        phase = state.phase
        if phase == "pile":
            return rng.choice(state.legal_actions(seat))
        kept = state.kept[seat]
        eats_left = MAX_EATEN - len(state.eaten[seat])
        rounds_left = state.rounds - state.round - 1
        table = value_table(eats_left, rounds_left)
        if phase == "draft":
            return max(
                (table[a == b][kept[a]][kept[b]], act)
                for a, b, act in pick_pairs(tuple(sorted(state.hand)))
            )[1]
        if phase == "vote":
            return self._vote(state, seat, table)
        if phase == "take":
            return max(
                (best_settle(kept, state.pairs[o] or [], table), TAKE_TEXT[o])
                for o in state.available_pairs(seat)
            )[1]
        a, b = state.held(seat)  # M4: its own pair; M2: the pair it took
        values = settle_values(kept[a], kept[b], a == b, eats_left, rounds_left)
        return max((values[does], act) for act, does in decide_options(a, b, eats_left))[1]

    def _vote(self, state: MarieState, seat: int, table: Table) -> str:
        kept = state.kept[seat]
        mine = best_settle(kept, state.pairs[seat] or [], table)
        others = sorted(
            (
                best_settle(kept, pair, table)
                for o, pair in enumerate(state.pairs)
                if o != seat and pair is not None
            ),
            reverse=True,
        )
        if not others:
            return "up"
        position = len(state.order) - 1 - state.order.index(seat)  # in the take order
        expected = others[min(position, len(others) - 1)]
        return "down" if expected > mine + 0.25 else "up"
