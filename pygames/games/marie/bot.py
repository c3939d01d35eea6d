"""A heuristic bot for Marie's Table: collects sets, eats singletons, votes by comparing pairs.

The values are sums of quarters (a card's step in points, a 0.75 or 1.5 hope for a new number,
1 per eaten card) and the constant 1.6, all exact in floating point, so the order of the sums
does not matter."""

from __future__ import annotations

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.marie.rules import MAX_EATEN, POINTS, Action, MarieState

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


def settle_values(
    kept: list[int], a: int, b: int, eats_left: int, rounds_left: int
) -> tuple[float, float, float, float]:
    """The values of keeping the pair ``a`` <= ``b``, of eating ``a`` (keeping ``b``), of eating
    ``b`` (keeping ``a``) and of eating both; :data:`NONE` where the allowance forbids."""
    keep_a, keep_b = STEPS[kept[a]][rounds_left], STEPS[kept[b]][rounds_left]
    keep = keep_a + (STEPS[kept[a] + 1][rounds_left] if a == b else keep_b)
    if eats_left < 1:
        return keep, NONE, NONE, NONE
    return keep, 1.0 + keep_b, 1.0 + keep_a, EAT_BOTH if eats_left >= 2 else NONE


def best_settle(kept: list[int], pair: list[int], eats_left: int, rounds_left: int) -> float:
    """The best value of a pair once the keep-or-eat choice is made well."""
    a, b = sorted(pair)
    return max(settle_values(kept, a, b, eats_left, rounds_left))


def best_choice(keyed: list[tuple[float, str]]) -> str:
    """The action of the highest (value, action) pair (the action breaks ties)."""
    return max(keyed)[1]


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
            keyed = []
            for act in legal:
                a, b = Action.parse(act).args
                keyed.append((max(settle_values(kept, a, b, eats_left, rounds_left)), act))
            return best_choice(keyed)
        if phase == "vote":
            return self._vote(state, seat, eats_left, rounds_left)
        if phase == "take":
            keyed = []
            for act in legal:
                pair = state.pairs[Action.parse(act).args[0]] or []
                keyed.append((best_settle(kept, pair, eats_left, rounds_left), act))
            return best_choice(keyed)
        a, b = state.held(seat)  # M4: its own pair; M2: the pair it took
        values = settle_values(kept, a, b, eats_left, rounds_left)
        options = dict(zip(("keep", f"eat{a}", f"eat{b}", f"eat{a}{b}"), values, strict=True))
        return best_choice([(options[act], act) for act in legal])

    def _vote(self, state: MarieState, seat: int, eats_left: int, rounds_left: int) -> str:
        own = state.pairs[seat] or []
        kept = state.kept[seat]
        mine = best_settle(kept, own, eats_left, rounds_left)
        others = sorted(
            (
                best_settle(kept, pair, eats_left, rounds_left)
                for o, pair in enumerate(state.pairs)
                if o != seat and pair is not None
            ),
            reverse=True,
        )
        if not others:
            return "up"
        position = state.take_order().index(seat)
        expected = others[min(position, len(others) - 1)]
        return "down" if expected > mine + 0.25 else "up"
