"""A heuristic bot for Yadokashi: one-ply lookahead over a star-and-crab evaluation.

Move dice is scored by its expectation over the faces (grouped by which crabs they make move or
leave), New tenants over a few sampled rolls; Buy and Advance are simulated exactly; Rearrange is
not considered. The evaluation counts stars, crabs housed (a crab
pays about two stars per Move dice), empty shells likely to receive a crab, and the threat of a
player who can reach 27 stars with his next Move dice.
"""

from __future__ import annotations

from functools import lru_cache
from math import exp, fsum
from operator import add

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.yadokashi.rules import (
    FACES,
    GOAL,
    REBIRTH_SHELLS,
    Action,
    YadokashiState,
    rebirth_chosen,
)

WIN = 1000.0
CRAB = 4.5  # a crab in one's row, in stars
LAST_CRAB = 2.7  # a crab on the last card of the row (lost at the next Advance)
EMPTY = 2.4  # an empty shell that a crab may move into
VACANT = 0.8  # another empty shell up to 12 while dice wait in the centre
THREAT = 12.0  # a player who reaches 27 with his next Move dice
TENANT_SAMPLES = 3


_UNSEEDED = Rng(0, 0)
# the stars from which a row of n shells may threaten: n crabs (two stars each) reach the goal
_THREAT_FROM = tuple(GOAL - 2 * n for n in range(17))


class ScriptedRng(Rng):
    """A generator whose next draws are given (die faces 1..12), then a fallback stream; used
    for lookahead (and tests) to apply an action with chosen rolls."""

    def __init__(self, faces: list[int], fallback: Rng) -> None:
        self.state, self.inc = _UNSEEDED.state, _UNSEEDED.inc  # as ``Rng(0, 0)``, never drawn
        self.faces = list(faces)
        self.fallback = fallback

    def below(self, n: int) -> int:
        """The next scripted face (as ``face - 1``), else the fallback's draw."""
        if self.faces:
            return self.faces.pop(0) - 1
        return self.fallback.below(n)


# a shell's worth by its number, before the crabs: up to 12 while dice wait in the centre
_VACANT_TABLE = (0.0, *[VACANT] * FACES, *[0.0] * 6)
_BARE_TABLE = (0.0,) * len(_VACANT_TABLE)


def shell_worths(state: YadokashiState) -> list[float]:
    """The shells' worths by shell number: a crab, else an empty shell one or two above a crab
    that fills its shell, else a vacant one up to 12 while dice wait in the centre, else 0.0
    (which changes no sum). They depend on the crabs and the centre alone (:func:`worths`)."""
    return worths(state.crabs, state.centre)


def worths(crabs: dict[int, int], centre: int) -> list[float]:
    """:func:`shell_worths` of a table with these crabs and dice in the centre."""
    worth = list(_VACANT_TABLE if centre else _BARE_TABLE)
    for shell, size in crabs.items():
        if size == shell:
            worth[size + 1] = worth[size + 2] = EMPTY
    for shell in crabs:
        worth[shell] = CRAB
    return worth


def seat_values(state: YadokashiState, worth: list[float] | None = None) -> list[float]:
    """Each seat's stars plus what its row is worth: crabs (less on the last card, lost at the
    next Advance), empty shells a crab may move into, and a bonus when the seat's next Move dice
    reaches the goal. The :func:`shell_worths` (``worth``, when known: those of a table with the
    same crabs and centre) are added in row order, one by one from the stars (the float sums of
    the plain loop, to the bit)."""
    if worth is None:
        worth = shell_worths(state)
    return row_values(state.rows, state.stars, state.crabs, worth)


def row_values(
    rows: list[list[int]], stars: list[int], crabs: dict[int, int], worth: list[float]
) -> list[float]:
    """:func:`seat_values` of a table with these rows, stars and crabs."""
    values: list[float] = []
    append = values.append
    # one row and one star a seat (zip's keyword would cost a slower call in CPython 3.11)
    for row, star in zip(rows, stars):  # noqa: B905
        n = len(row)
        if n == 4:
            a, b, c, d = row
            value = star + worth[a] + worth[b] + worth[c]
            value += LAST_CRAB if d in crabs else worth[d]
        elif n == 3:
            a, b, c = row
            value = star + worth[a] + worth[b]
            value += LAST_CRAB if c in crabs else worth[c]
        elif n == 5:
            a, b, c, d, e = row
            value = star + worth[a] + worth[b] + worth[c] + worth[d]
            value += LAST_CRAB if e in crabs else worth[e]
        else:
            value = _row_value(float(star), row, crabs, worth)
        if star >= _THREAT_FROM[n] and star + 2 * len(crabs.keys() & row) >= GOAL:
            value += THREAT
        append(value)
    return values


def _row_value(value: float, row: list[int], crabs: dict[int, int], worth: list[float]) -> float:
    """``value`` plus the worths of ``row``'s shells in order, a crab on the last card of a row
    of two or more worth :data:`LAST_CRAB`."""
    if len(row) > 1 and row[-1] in crabs:
        for shell in row[:-1]:
            value += worth[shell]
        return value + LAST_CRAB
    for shell in row:
        value += worth[shell]
    return value


def state_values(state: GameState) -> list[float]:
    """:func:`seat_values` of any game state (the registry's evaluation for the search)."""
    assert isinstance(state, YadokashiState)
    return seat_values(state)


#: the progress (the most stars anyone holds) at which the weights of :func:`state_chances` are
#: given; between two of them they are interpolated, beyond the last the last hold
CHANCE_KNOTS = (0.0, 9.0, 18.0, 27.0)
#: per number of players, the weight of a star and of a star's worth of the row (the rest of the
#: :func:`seat_values`) at each knot, and the offset of each seat by its turns after the one to
#: act: a softmax fitted to the winners of ``normal`` bot games (3000 of 3 players, 1500 of 4;
#: by maximum likelihood, on every other ply; held-out calibration error 0.008 and 0.014, where
#: the leaders by value, the search's old score of a cut rollout, were 0.35 and 0.30 off)
CHANCE_WEIGHTS: dict[int, tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]] = {
    3: (
        (0.0555, 0.1346, 0.2275, 0.4277),
        (0.0522, 0.0659, 0.1106, 0.1008),
        (0.0, -0.1035, -0.2303),
    ),
    4: (
        (0.2, 0.1361, 0.2015, 0.4422),
        (0.0371, 0.0579, 0.098, 0.0989),
        (0.0, -0.0657, -0.114, -0.2085),
    ),
}


def state_chances(state: GameState) -> list[float]:
    """Each seat's chance to win a game not yet over, from its stars and the rest of its
    :func:`seat_values` (weighed more as the game nears its end) and the turns before it acts:
    the strong bot's score of a rollout cut short (the registry's ``chances``), in place of the
    leaders by value, a 0 or 1 whose noise hid a choice's cost of a few points in a review's few
    hundred rollouts (issue 32)."""
    assert isinstance(state, YadokashiState)
    stars = state.stars
    values = seat_values(state)
    n = len(stars)
    star_w, row_w, turn_w = CHANCE_WEIGHTS[n]  # the game seats 3 or 4
    progress = min(CHANCE_KNOTS[-1], max(CHANCE_KNOTS[0], float(max(stars))))
    i = 0
    while i < len(CHANCE_KNOTS) - 2 and progress > CHANCE_KNOTS[i + 1]:
        i += 1
    t = (progress - CHANCE_KNOTS[i]) / (CHANCE_KNOTS[i + 1] - CHANCE_KNOTS[i])
    k_star = star_w[i] + t * (star_w[i + 1] - star_w[i])
    k_row = row_w[i] + t * (row_w[i + 1] - row_w[i])
    logits = [
        k_star * stars[s] + k_row * (values[s] - stars[s]) + turn_w[(s - state.current) % n]
        for s in range(n)
    ]
    top = max(logits)
    weights = [exp(x - top) for x in logits]
    total = fsum(weights)
    return [w / total for w in weights]


def evaluate(state: YadokashiState, me: int, worth: list[float] | None = None) -> float:
    """The seat's standing: a win or a loss at the end, else its value minus its best rival's
    (``worth``: the :func:`shell_worths`, when known)."""
    if state.is_over():
        winners = state.winners()
        if not winners:
            return 0.0
        return WIN if me in winners else -WIN
    if worth is None:
        worth = shell_worths(state)
    return standing(row_values(state.rows, state.stars, state.crabs, worth), me)


def standing(values: list[float], me: int) -> float:
    """The seat's value minus its best rival's (and a little of the others'), from the
    :func:`seat_values` of a running game (the list is used up)."""
    rivals = values
    mine = rivals.pop(me)
    # math.fsum: sum() of floats rounds differently since Python 3.12 (compensated), and a near
    # tie between two actions must go the same way in CPython and in Pyodide
    return mine - 0.7 * max(rivals) - 0.3 * fsum(rivals) / len(rivals)


_FIRST_UP_TO_12 = frozenset(f"b{shell}@1" for shell in range(1, FACES + 1))
_FIRST_ANY = frozenset(f"b{shell}@1" for shell in range(1, 17))  # every shell of any game


def considered(state: YadokashiState, legal: list[str]) -> list[str]:
    """The turn actions worth a lookahead, of the ``legal`` ones: Rearrange is left out; a shell
    is bought only if a crab can live in it (up to 12, or any while a tight 11 may grow into 12
    and on) and goes to position 1 (the dearest for others to buy back and the last to be lost
    by Advance)."""
    buys = _FIRST_ANY if state.crabs.get(FACES - 1) == FACES - 1 else _FIRST_UP_TO_12
    out = []
    for action in legal:
        if action in buys or action[0] not in "br":
            out.append(action)
    return out


def quick_steps(state: YadokashiState, seat: int) -> list[str]:
    """The step choices a lookahead tries: every rebirth shell; for New tenants one's own shells
    together (else each single shell), and all of them when that empties the centre."""
    if state.phase != "tenants" or state.pending is None:
        return state.legal_actions(seat)
    return sorted(tenant_steps(list(state.pending["placeable"]), state.centre, state.rows[seat]))


def tenant_steps(placeable: list[int], centre: int, row: list[int]) -> dict[str, list[int]]:
    """:func:`quick_steps` of New tenants by notation, with their shells: for the empty shells
    ``placeable`` rolled, ``centre`` dice rolled and the seat's ``row``."""
    mine = []
    for shell in placeable:
        if shell in row:
            mine.append(shell)
    groups = [mine] if mine else [[shell] for shell in placeable]
    if len(placeable) == centre:
        groups.append(placeable)
    steps = {}
    for group in groups:
        steps["p" + ".".join(map(str, group))] = group
    return steps


def roll_classes(state: YadokashiState, high: bool) -> list[tuple[list[int], float]]:
    """One face for each set of crabs a roll can make move or leave (a crab filling its shell,
    or a 12), with its probability; other growth is left to the representative face. (The
    lists are shared: do not change them.)"""
    sizes = []
    for shell, size in state.crabs.items():
        if size in (shell, FACES):
            sizes.append(size)
    return _roll_classes(tuple(sizes), high)


@lru_cache(maxsize=4096)
def _roll_classes(sizes: tuple[int, ...], high: bool) -> list[tuple[list[int], float]]:
    """:func:`roll_classes` for the sizes of the crabs that fill their shell or are 12 (a pure
    function of them: remembered)."""
    # the set changes where a face passes such a crab's size: above it for High, at it for Low
    starts = {1, *[size + 1 if high else size for size in sizes]}
    starts.discard(FACES + 1)
    firsts = sorted(starts)
    ends = [*firsts[1:], FACES + 1]
    return [([first], (end - first) / FACES) for first, end in zip(firsts, ends, strict=True)]


class PaidDice:
    """The Move dice lookahead of one decision: the first income (the same for every roll, so
    counted once) and the evaluations made, by the crabs a roll grows."""

    def __init__(self, base: YadokashiState) -> None:
        self.base = base
        self.before = base.crab_counts()  # the first income
        self.stars = list(map(add, base.stars, self.before))  # the stars it leaves
        sizes = base.crabs.values()
        # (no crab: none grows, as if the smallest were above every face and the largest below)
        self.smallest, self.largest = (min(sizes), max(sizes)) if sizes else (FACES + 1, 0)
        self.seen: dict[tuple[int, int], float] = {}

    def grown(self, face: int, high: bool) -> tuple[int, int]:
        """Which crabs a roll of ``face`` makes grow (those at least ``face`` for High, at most
        for Low), as a key: ``(2, 0)`` all of them, ``(3, 0)`` none, else the call and the face.
        (Two such sets with High and Low are equal only when all or none: the one holds the
        largest crab and the other the smallest.)"""
        if face <= self.smallest if high else face >= self.largest:
            return 2, 0
        if face > self.largest if high else face < self.smallest:
            return 3, 0
        return int(high), face

    def value(self, seat: int, high: bool, face: int) -> float | None:
        """The evaluation after ``seat``'s Move dice with the roll ``face``, the rebirth shell
        chosen as :meth:`YadokashiHeuristicBot._best_step` chooses it, worked out on the crabs
        alone by the rules (:meth:`YadokashiState.grown`, :func:`rebirth_chosen`,
        :meth:`YadokashiState.settle`); None when the turn may end the game (then the
        :meth:`world` is played)."""
        crabs, _, _, _, ask = self.base.grown(face, high)
        if not ask:
            return self.settled(seat, crabs)
        steps = []
        for shell in REBIRTH_SHELLS:  # both are empty when the player is asked
            chosen = crabs.copy()
            if rebirth_chosen(chosen, shell, ask)[1]:
                return None
            value = self.settled(seat, chosen)
            if value is None:
                return None
            steps.append((value, f"re{shell}"))
        return max(steps)[0]

    def settled(self, seat: int, crabs: dict[int, int]) -> float | None:
        """The evaluation after the moves and the second income of Move dice once its crabs
        grew and were reborn (``crabs``, changed); None when the turn may end the game."""
        base = self.base  # the income changes no crab: its crabs and rows are the paid table's
        stars = list(map(add, self.stars, base.settle(seat, crabs)[1]))
        if base.ends_game(stars):
            return None
        worth = worths(crabs, base.centre + len(base.crabs) - len(crabs))
        return standing(row_values(base.rows, stars, crabs, worth), seat)

    def world(self, seat: int, high: bool, faces: list[int], rng: Rng) -> YadokashiState:
        """The table after ``seat``'s Move dice with the rolls ``faces`` (then ``rng``), as
        ``apply_unchecked`` of ``hi`` or ``lo`` leaves it."""
        world = self.base.sandbox(rng)  # the roll is given: nothing more is drawn
        world.pay_income(self.before)
        world.move_dice_paid(seat, high, self.before, faces[0])
        world.ply += 1
        return world


class YadokashiHeuristicBot(Bot):
    """Plays from the public table: one-ply lookahead with chance averaged."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, YadokashiState)
        # a quiet state (a bot's world, a search's) is never changed here: every lookahead plays
        # on a sandbox of it, drawing nothing from its stream
        base = state if state.quiet else state.sandbox()
        if base.phase == "turn":  # the considered actions are among the buys to position 1
            shortlist = considered(base, base.turn_actions(seat, first_only=True))
            dice = PaidDice(base) if base.centre else None  # Move dice is legal
            # Buy and Advance leave the crabs and the centre, so the shells' worths, as they are
            worth = shell_worths(base)
            scores = []
            for action in shortlist:
                scores.append((self._score(base, seat, action, rng, dice, worth), action))
            return max(scores)[1]
        legal = base.legal_actions(seat)
        if base.phase == "rearrange":
            return legal[0]
        return self._best_step(base, seat, legal)[1]

    def _score(
        self,
        base: YadokashiState,
        seat: int,
        action: str,
        rng: Rng,
        dice: PaidDice | None,
        worth: list[float],
    ) -> float:
        if action in ("hi", "lo"):
            assert dice is not None
            return self._dice(base, seat, action == "hi", rng, dice)
        if action == "new":
            samples = []  # TENANT_SAMPLES rolls of the dice in the centre, one by one
            for _ in range(TENANT_SAMPLES):
                faces = []
                for _ in range(base.centre):
                    faces.append(rng.below(FACES) + 1)
                samples.append((faces, 1 / TENANT_SAMPLES))
            return self._tenants(base, seat, samples, rng)
        # Buy and Advance worked out by the rules without a copy of the table (they leave the
        # crabs and the centre); a turn that may end the game is played in a copy
        if action == "adv":
            rows, stars = base.advanced(), base.stars
        else:
            act = Action.parse(action)
            _, _, _, rows, stars = base.bought(seat, act.args[0], act.args[1])
        if base.ends_game(stars):
            world = base.sandbox(base.rng)  # Buy and Advance draw nothing
            world.apply_unchecked(seat, action)
            return evaluate(world, seat, worth)
        return standing(row_values(rows, stars, base.crabs, worth), seat)

    def _tenants(
        self, base: YadokashiState, seat: int, rolls: list[tuple[list[int], float]], rng: Rng
    ) -> float:
        """The expected evaluation of New tenants over weighted rolls, steps chosen greedily;
        rolls naming the same empty shells (:meth:`YadokashiState.placeable`) lead to the same
        table, so each is evaluated once."""
        total = 0.0
        seen: dict[tuple[int, ...], float] = {}
        for faces, weight in rolls:
            key = tuple(base.placeable(faces))
            if key not in seen:
                seen[key] = self._tenants_rolled(base, seat, faces, list(key), rng)
            total += weight * seen[key]
        return total

    def _tenants_rolled(
        self, base: YadokashiState, seat: int, faces: list[int], placeable: list[int], rng: Rng
    ) -> float:
        """The evaluation after New tenants' rolls ``faces`` (naming the empty shells
        ``placeable``), the dice placed as the lookahead places them: worked out on the crabs
        alone (:meth:`_placements`), unless the turn may end the game (then in a world)."""
        if base.ends_game(base.stars):  # New tenants changes no star
            world = base.sandbox(rng)  # the rolls are given: nothing more is drawn
            world.tenants_rolled(seat, faces)
            world.ply += 1
            return self._settled(world, seat)
        if len(placeable) < 2:  # placed without a choice
            return self._placements(base, seat, {"": placeable})[0]
        steps = tenant_steps(placeable, base.centre, base.rows[seat])
        return self._placements(base, seat, steps)[0]

    def _placements(
        self, base: YadokashiState, seat: int, steps: dict[str, list[int]]
    ) -> tuple[float, str]:
        """The New tenants step of ``steps`` (notations and their shells) whose table evaluates
        best, with its evaluation, worked out on ``base``'s crabs alone by the rules
        (:meth:`YadokashiState.placed`): a turn that cannot end the game."""
        rows, stars, crabs, centre = base.rows, base.stars, base.crabs, base.centre

        def value(action: str) -> tuple[float, str]:
            after = base.placed(steps[action])[0]
            worth = worths(after, centre + len(crabs) - len(after))
            return standing(row_values(rows, stars, after, worth), seat), action

        return max(map(value, steps))

    def _dice(self, base: YadokashiState, seat: int, high: bool, rng: Rng, dice: PaidDice) -> float:
        """The expected evaluation of Move dice over :func:`roll_classes`; a roll that grows the
        same crabs as one already tried (High and Low each have one growing them all) leads to
        the same table, so its evaluation is taken from ``dice.seen``."""
        total = 0.0
        for faces, weight in roll_classes(base, high):
            key = dice.grown(faces[0], high)
            if key not in dice.seen:
                value = dice.value(seat, high, faces[0])
                if value is None:
                    value = self._settled(dice.world(seat, high, faces, rng), seat)
                dice.seen[key] = value
            total += weight * dice.seen[key]
        return total

    def _outcome(
        self, base: YadokashiState, seat: int, action: str, faces: list[int], rng: Rng
    ) -> float:
        """The evaluation after ``action`` with the rolls ``faces``, its step chosen greedily."""
        world = base.sandbox(ScriptedRng(faces, rng))
        world.apply_unchecked(seat, action)
        return self._settled(world, seat)

    def _settled(self, world: YadokashiState, seat: int) -> float:
        """The evaluation of ``world``, after the best step when one is pending."""
        if world.phase in ("rebirth", "tenants"):
            # the world after the best step, as evaluated in choosing it
            return self._best_step(world, seat, quick_steps(world, seat))[0]
        return evaluate(world, seat)

    def _best_step(self, base: YadokashiState, seat: int, legal: list[str]) -> tuple[float, str]:
        """The rebirth shell or the dice to place that evaluate best, with its evaluation."""
        if base.phase == "tenants" and not base.ends_game(base.stars):
            return self._placements(base, seat, {a: list(Action.parse(a).args) for a in legal})

        def value(action: str) -> tuple[float, str]:
            world = base.sandbox(base.rng)  # a rebirth or a placement draws nothing
            world.apply_unchecked(seat, action)
            return evaluate(world, seat), action

        return max(map(value, legal))
