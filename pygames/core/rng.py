"""A specified random generator: PCG32 (XSH-RR 64/32) seeded through splitmix64.

The standard library's ``random`` module only promises a stable stream for ``random()``; a shared
link must deal the same cards in every Python (CPython, Pyodide) today and after upgrades, so the
engine uses its own generator, pinned by golden vectors in the tests.

>>> r = Rng.from_seed(42)
>>> [r.below(10) for _ in range(5)] == [r2 for r2 in Rng.from_seed(42).draws(10, 5)]
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache, lru_cache
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
PCG_MULT = 6364136223846793005
MAX_SEED = MASK64
SEED_LIMIT = (1 << 53) - 1  # seeds a browser can hold exactly (JavaScript numbers)
_SPAN = 1 << 32  # (2**32 - n) % n == 2**32 % n: the rejection threshold of below(n)
_TWICE = (1 << 32) | 1  # a 32-bit word times this is the word twice, for a rotation


def splitmix64(x: int) -> tuple[int, int]:
    """One splitmix64 step: returns (next state, output)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


@lru_cache(maxsize=64)
def _seed_mix(seed: int) -> tuple[int, int]:
    """``splitmix64(seed)``, kept: every bot decision of a game mixes the game's seed again."""
    return splitmix64(seed)


#: bits per lane of :func:`_clear`'s packed states (a state times a multiplier plus an
#: increment times a factor is below 2**129)
_LANE = 136


@cache
def _jump(count: int) -> tuple[int, int]:
    """``(a, c)`` such that ``count`` steps take a state ``s`` to ``(a * s + c * inc) % 2**64``."""
    times, adds = 1, 0
    for _ in range(count):
        times, adds = (times * PCG_MULT) & MASK64, (adds * PCG_MULT + 1) & MASK64
    return times, adds


@cache
def _lanes(count: int) -> tuple[int, int, int, int, int, int]:
    """For the ``count`` states a stream passes through from a state ``s``: their ``a`` and
    ``c`` of :func:`_jump`, packed one per lane of :data:`_LANE` bits, and the masks of each
    lane's low 64, 32 and 8 bits and the filler (0xFF in the lane's bytes 5 to 16)."""
    times = adds = low64 = low32 = low8 = fill = 0
    for k in range(count):
        a, c = _jump(k)
        at = k * _LANE
        times |= a << at
        adds |= c << at
        low64 |= MASK64 << at
        low32 |= MASK32 << at
        low8 |= 0xFF << at
        fill |= ((1 << 96) - 1) << (at + 40)
    return times, adds, low64, low32, low8, fill


def _rejects(state: int, inc: int, bounds: Sequence[int]) -> bool:
    """Whether one of the draws ``below(n)`` (``n`` of ``bounds``, in turn) from ``state``
    would be rejected, each draw looked at (what :func:`_clear` cannot rule out)."""
    for n in bounds:
        r = (((((state >> 18) ^ state) >> 27) & MASK32) * _TWICE >> (state >> 59)) & MASK32
        if r < _SPAN % n:
            return True
        state = (state * PCG_MULT + inc) & MASK64
    return False


def _clear(state: int, inc: int, bounds: Sequence[int]) -> bool:
    """True if none of the draws ``below(n)`` (``n`` of ``bounds``, in turn) from ``state`` can
    be rejected, worked out for all of them at once on packed integers; False if one may be
    (then each must be looked at). A draw is rejected only if its 32-bit output is below
    ``2**32 % n``, less than ``n``: for every ``n`` up to 256 the output is then below 256,
    so the word before its rotation (``((s >> 18) ^ s) >> 27``) has its ones within 8
    neighbouring bits (cyclically), and two neighbouring bytes of it (cyclically) are 0.
    Here no word has two."""
    count = len(bounds)
    if count == 0:
        return True
    if max(bounds) > 256:
        return False
    times, adds, low64, low32, low8, fill = _lanes(count)
    states = (state * times + inc * adds) & low64
    words = (((states >> 18) ^ states) >> 27) & low32
    # each lane's bytes: the word's 4, its first again, then 0xFF (no pair of 0s across lanes)
    spread = words | ((words & low8) << 32) | fill
    return b"\0\0" not in spread.to_bytes(count * (_LANE // 8), "little")


class Rng:
    """PCG32 generator with an explicit 64-bit state and stream (increment)."""

    __slots__ = ("inc", "state")

    def __init__(self, initstate: int, initseq: int) -> None:
        """Seed like the reference ``pcg32_srandom_r(initstate, initseq)``."""
        # the reference's steps: state 0, one step (state = inc), add initstate, one more step
        inc = ((initseq << 1) | 1) & MASK64
        self.inc = inc
        self.state = (((inc + (initstate & MASK64)) & MASK64) * PCG_MULT + inc) & MASK64

    @classmethod
    def from_seed(cls, seed: int, stream: int = 0) -> Rng:
        """A generator for a game seed and a stream number, both mixed through splitmix64."""
        if not 0 <= seed <= MAX_SEED:
            raise ValueError("seed must be an integer from 0 to 2**64-1")
        sm, initstate = _seed_mix(seed)
        _, initseq = splitmix64(sm ^ (stream & MASK64))
        return cls(initstate, initseq)

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * PCG_MULT + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
        # a right rotation by old >> 59: the word doubled (xorshifted * 0x100000001) shifted
        return ((xorshifted * _TWICE) >> (old >> 59)) & MASK32

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)`` (rejection as in the PCG reference), ``n < 2**32``."""
        if not 0 < n <= MASK32:
            raise ValueError("bound must be in 1..2**32-1")
        threshold = _SPAN % n  # (2**32 - n) % n, as in the reference
        # next_u32 inlined (the hottest call of the engine)
        old, inc = self.state, self.inc
        while True:
            r = (((((old >> 18) ^ old) >> 27) & MASK32) * _TWICE >> (old >> 59)) & MASK32
            old = (old * PCG_MULT + inc) & MASK64
            if r >= threshold:
                self.state = old
                return r % n

    def skip(self, bounds: Sequence[int], words: int = 0) -> bool:
        """Move on past one draw ``below(n)`` for each ``n`` of ``bounds`` in turn, then
        ``words`` draws of :meth:`next_u32`, without working out the values drawn, if none of
        those ``below`` draws would be rejected (:meth:`below` then draws again); if one
        would, return False and leave the stream where it was (the caller then makes the
        draws). So the stream ends where the draws themselves would have left it. A subclass
        (one that scripts or refuses its draws) is never moved on: False."""
        if type(self) is not Rng:
            return False
        old, inc = self.state, self.inc
        if not _clear(old, inc, bounds) and _rejects(old, inc, bounds):
            return False
        times, adds = _jump(len(bounds) + words)
        self.state = (times * old + adds * inc) & MASK64
        return True

    def draws(self, n: int, k: int) -> list[int]:
        """``k`` successive draws of ``below(n)``."""
        return [self.below(n) for _ in range(k)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place, from the last position down: ``j = below(i + 1)``
        for each position ``i``, with :meth:`below` inlined (a subclass that scripts its
        draws through :meth:`below` keeps them)."""
        if type(self) is not Rng:
            below = self.below
            for i in range(len(items) - 1, 0, -1):
                j = below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        old, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = _SPAN % n
            while True:
                r = (((((old >> 18) ^ old) >> 27) & MASK32) * _TWICE >> (old >> 59)) & MASK32
                old = (old * PCG_MULT + inc) & MASK64
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = old

    def choice(self, items: list[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def get_state(self) -> list[int]:
        """The generator's state as two integers (JSON-safe)."""
        return [self.state, self.inc]

    @classmethod
    def from_state(cls, data: list[int]) -> Rng:
        """Restore a generator saved by :meth:`get_state`."""
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(data[0]) & MASK64, int(data[1]) & MASK64 | 1
        return rng

    def copy(self) -> Rng:
        """An independent copy at the same position (a plain generator, whatever the class)."""
        rng = Rng.__new__(Rng)
        rng.state, rng.inc = self.state, self.inc
        return rng


class NoDraws(Rng):
    """A stream that refuses every draw: handed, with a public world, to a bot that says it
    never draws (:attr:`pygames.core.bots.Bot.reads_hidden`), so that a bot that does fails
    loudly instead of playing from a world it was not given."""

    __slots__ = ()

    def __init__(self) -> None:
        self.inc, self.state = 1, 0

    def next_u32(self) -> int:
        """Refused."""
        raise RuntimeError("this bot said it never draws, yet it drew from its stream")

    def below(self, n: int) -> int:
        """Refused."""
        return self.next_u32()

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Refused."""
        self.next_u32()

    def copy(self) -> Rng:
        """Refused."""
        self.next_u32()
        return self


#: the one stream that refuses draws (it has no state to change)
NO_DRAWS = NoDraws()
