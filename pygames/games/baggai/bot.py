"""A heuristic bot for BAG-GAI.

It values a bag by how much it raises the bot's expected party points (a soft ranking of the
brand totals, looser while much of a brand is still to come, so a brand it can no longer win or
has already won is worth little), money at a rate that falls to 1/8 point by the end, and a
show-off card by its points. For a range or a price it samples a few guesses of the others'
unknown ranges and prices, works out the processing order in each guess, plays the buyers ahead
of it on a copy of the window and sums what it would take and pay itself. Cheap ranges over
money (the banks, spots the others will have paid on) come out of the same sums: that is the
money-buying trick. It is fast (prefix sums over the window), since the search bot uses it for
its rollouts.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import accumulate, compress, count
from math import isfinite
from operator import add, itemgetter, sub

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.baggai.rules import (
    BRANDS,
    CARD_INFO,
    PARTIES,
    ROUNDS,
    SHOWOFF_MAX,
    BagGaiState,
    brand_totals,
    deck_for,
    fix_unknown,
    unknown_options,
    unknown_outcomes,
)

RANGE_GUESSES = 3
PRICE_GUESSES = 6
PRICE_CANDIDATES = (0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17, 22)
FREE_BONUS = 0.5
Key = tuple[int, int, int]


def soft_points(mine: int, others: Sequence[int], sigma: float, table: tuple[int, ...]) -> float:
    """Expected party points for a total of ``mine`` against ``others``, each comparison blurred
    by ``sigma`` (what may still change before the party): a sigmoid of the difference."""
    if mine <= 0:
        return 0.0
    qs = []
    exp = math.exp
    for o in others:
        qs.append(1.0 / (1.0 + exp(-((mine - o) / sigma))))
    if len(qs) == 3:  # four players: the sums below, written out (the same products)
        a, b, c = qs
        first = a * b * c
        second = (1.0 - a) * (b * c) + (1.0 - b) * (a * c) + (1.0 - c) * (a * b)
        return table[0] * first + table[1] * second
    first = math.prod(qs)
    second = 0.0
    for j, q in enumerate(qs):
        second += (1.0 - q) * math.prod(qs[:j] + qs[j + 1 :])
    return table[0] * first + table[1] * second


#: per party still to come: its points per place and how blurred a brand's comparison is
Outlook = tuple[tuple[tuple[int, ...], float], ...]


@lru_cache(maxsize=1 << 15)
def brand_points(total: int, others: tuple[int, ...], outlook: Outlook) -> float:
    """Expected points of a brand total of ``total`` against ``others`` over the parties still
    to come. A pure function of its inputs, so kept from world to world: every decision of a
    game gets a fresh world, but the totals and blurs come back again and again."""
    points = []
    for table, sigma in outlook:
        points.append(soft_points(total, others, sigma, table))
    return math.fsum(points)


def _supply(total: dict[str, float], cards: list[str]) -> None:
    """Add to ``total`` per brand the values of ``cards`` as printed (an unknown card half to
    each side, fixed or not): whole and half units, so every order of adding (or taking
    away) gives the same sums."""
    for c in cards:
        if c[0] == "U":
            total[c[1]] += 0.5
            total[c[2]] += 0.5
        else:
            brand, value = CARD_INFO[c]
            if brand is not None:
                total[brand] += value


@cache
def deck_supply(players: int) -> dict[str, float]:
    """:func:`_supply` of the whole deck of a game of ``players``."""
    supply = dict.fromkeys(BRANDS, 0.0)
    _supply(supply, deck_for(players))
    return supply


def unseen_supply(state: BagGaiState) -> dict[str, float]:
    """:func:`_supply` of the window and the piles still face down, from what every seat
    knows: the deck's less the bags bought (as printed) and those removed."""
    spent = dict.fromkeys(BRANDS, 0.0)
    _supply(spent, state.removed)
    for bags in state.owned:
        _supply(spent, bags)
    deck = deck_supply(state.players)
    return {b: deck[b] - spent[b] for b in BRANDS}


def outlooks(state: BagGaiState) -> dict[str, Outlook]:
    """Per brand, the parties still to come: their points per place and how blurred a brand's
    comparison is (the same for every seat): the supply of the window and the piles before
    the round-2 party, then of the later piles added to it. Only in round 1 does it read a
    pile (pile 2, before the round-2 party: the piles are hidden); later, every pile left
    comes after that party, and the supply of the window and the piles is
    :func:`unseen_supply` (the same sums: half units). Pile 2's cards are read as
    :meth:`BagGaiState.pile2_cards`, so a world that drew only those serves."""
    parties: list[tuple[tuple[int, ...], dict[str, float]]] = []
    if state.round <= 2:
        supply = dict.fromkeys(BRANDS, 0.0)
        _supply(supply, list(filter(None, state.bags)))
        if state.round < 2:
            _supply(supply, state.pile2_cards())
        parties.append((PARTIES[2], _sigmas(supply)))
    parties.append((PARTIES[5], _sigmas(unseen_supply(state))))
    out: dict[str, Outlook] = {}
    for b in BRANDS:
        if len(parties) == 1:
            out[b] = ((parties[0][0], parties[0][1][b]),)
        else:
            out[b] = ((parties[0][0], parties[0][1][b]), (parties[1][0], parties[1][1][b]))
    return out


def _sigmas(supply: dict[str, float]) -> dict[str, float]:
    sigmas = {}
    for b in BRANDS:
        sigmas[b] = 0.6 + 0.35 * math.sqrt(supply[b])
    return sigmas


class Valuer:
    """What bags and money are worth to one seat now (``outlook``: :func:`outlooks` of the
    state, when the caller has it already: it is the same for every seat)."""

    def __init__(
        self,
        state: BagGaiState,
        seat: int,
        outlook: dict[str, Outlook] | None = None,
        totals: list[dict[str, int]] | None = None,
    ) -> None:
        self.seat = seat
        if totals is None:  # (every seat's brand totals: ``brand_totals`` of what it owns)
            totals = list(map(brand_totals, state.owned))
        self.mine = totals[seat]
        rest = totals[:seat] + totals[seat + 1 :]
        self.others = {b: tuple(map(itemgetter(b), rest)) for b in BRANDS}
        self.money_rate = 0.125 + 0.05 * (ROUNDS - state.round)
        self.outlook = outlooks(state) if outlook is None else outlook
        self._memo: dict[tuple[str, int], float] = {}
        self._held: dict[str, float] = {}  # per brand, the points of the present total
        self._cards: dict[str, float] = {}
        #: the window as it lies (per spot, and its prefix sums), once a guess asks for it
        self.window: tuple[Spots, Sums] | None = None

    def gain(self, brand: str, k: int) -> float:
        """The worth of adding ``k`` to the bot's total in ``brand``: the difference of the
        brand's :func:`brand_points` at the two totals."""
        key = (brand, k)
        got = self._memo.get(key)
        if got is None:
            mine, others, outlook = self.mine[brand], self.others[brand], self.outlook[brand]
            held = self._held.get(brand)
            if held is None:
                held = self._held[brand] = brand_points(mine, others, outlook)
            got = self._memo[key] = brand_points(mine + k, others, outlook) - held
        return got

    def card(self, card: str) -> float:
        """The worth of one bag (a show-off card's points depend on the price: 0 here)."""
        got = self._cards.get(card)
        if got is None:
            got = self._cards[card] = self._card(card)
        return got

    def _card(self, card: str) -> float:
        if card[0] == "U":  # an unknown brand: the one the bot holds less of
            x, y = card[1], card[2]
            return self.gain(x if self.mine[x] <= self.mine[y] else y, 1)
        brand, value = CARD_INFO[card]
        if brand is None:
            return 0.0
        return self.gain(brand, value) + (FREE_BONUS if card[0] == "F" else 0.0)

    def totals_worth(self, totals: dict[str, int]) -> float:
        """The worth of reaching ``totals`` from the bot's present totals."""
        return math.fsum(self.gain(b, totals[b] - self.mine[b]) for b in BRANDS)


#: one buyer of a guessed round: its processing key, its range ``lo..hi`` and its price
Buyer = tuple[Key, int, int, int]
#: a buyer's processing key
_FIRST = itemgetter(0)


class Sums:
    """Prefix sums over one state of the window: bag worth, show-off cards, money."""

    __slots__ = ("money", "shows", "worth")

    def __init__(self, worth: list[float], shows: list[int], money: list[int]) -> None:
        self.worth = [0.0, *accumulate(worth)]
        self.shows = [0, *accumulate(shows)]
        self.money = [0, *accumulate(money)]


Spots = tuple[list[float], list[int], list[bool], list[int]]


def window_spots(state: BagGaiState, valuer: Valuer) -> Spots:
    """Per spot: bag worth, show-off card, whether a bag lies there, money."""
    worth = [0.0 if b is None else valuer.card(b) for b in state.bags]
    shows = [int(b == "S") for b in state.bags]
    return worth, shows, [b is not None for b in state.bags], list(state.money)


class Guess:
    """One guess of the others' ranges and prices: the window as each processing position
    would find it (per spot, and its prefix sums), each worked out when first asked for."""

    __slots__ = ("_sums", "buyers", "keys", "windows")

    def __init__(self, base: Sums, spots: Spots, buyers: list[Buyer]) -> None:
        self.buyers = sorted(buyers)  # the keys differ (the choosers do): by key
        self.keys = list(map(_FIRST, self.buyers))
        self.windows = [spots]
        self._sums = {0: base}

    def window(self, k: int) -> Spots:
        """The window the buyer in processing position ``k`` finds: the ones before him have
        each taken his range (a price of 0 leaves the bags). A list no buyer changes is the
        one of the window before (show-off cards, where there are none)."""
        while len(self.windows) <= k:
            _, lo, hi, price = self.buyers[len(self.windows) - 1]
            worth, shows, bagged, money = self.windows[-1]
            money = money[:]
            if price > 0:  # he takes every spot of his range
                n = hi + 1 - lo
                worth, bagged = worth[:], bagged[:]
                worth[lo : hi + 1] = [0.0] * n
                bagged[lo : hi + 1] = [False] * n
                money[lo : hi + 1] = [price] * n
                if any(shows[lo : hi + 1]):
                    shows = shows[:]
                    shows[lo : hi + 1] = [0] * n
            else:  # he leaves the bags, and takes the money where there is none
                for i in range(lo, hi + 1):
                    if not bagged[i]:
                        money[i] = 0
            self.windows.append((worth, shows, bagged, money))
        return self.windows[k]

    def sums(self, k: int) -> Sums:
        """The prefix sums of the window the buyer in processing position ``k`` finds."""
        found = self._sums.get(k)
        if found is None:
            worth, shows, _, money = self.window(k)
            found = self._sums[k] = Sums.__new__(Sums)
            before = self._sums[0]
            base = self.windows[0]
            found.worth = before.worth if worth is base[0] else [0.0, *accumulate(worth)]
            found.shows = before.shows if shows is base[1] else [0, *accumulate(shows)]
            found.money = [0, *accumulate(money)]
        return found

    def span(self, k: int, lo: int, hi: int) -> tuple[int, float, int]:
        """The money, bag worth and show-off cards on ``lo..hi`` in the window the buyer in
        processing position ``k`` finds (the worth as the difference of its prefix sums)."""
        s = self._sums.get(k)
        if s is not None:
            return (
                s.money[hi + 1] - s.money[lo],
                s.worth[hi + 1] - s.worth[lo],
                s.shows[hi + 1] - s.shows[lo],
            )
        worth, shows, _, money = self.window(k)
        ends = [0.0, *accumulate(worth[: hi + 1])]
        return sum(money[lo : hi + 1]), ends[hi + 1] - ends[lo], sum(shows[lo : hi + 1])

    def hauls(self, lo: int, hi: int, me: int, prices: range, rate: float) -> list[float]:
        """Worth of buying ``lo..hi`` at each of ``prices`` for the chooser ``me``: what is
        left on the range when the buyers ahead of him are done, less the price; a price of
        0 takes the money only; a show-off bag gives points for a high price."""
        size, keys = hi - lo + 1, self.keys
        found: dict[int, tuple[int, float, int]] = {}
        out: list[float] = []
        append = out.append
        for price in prices:
            k = bisect_left(keys, (-price, size, me))
            got = found.get(k)
            if got is None:
                got = found[k] = self.span(k, lo, hi)
            cash, bags, shows = got
            if price == 0:
                append(rate * cash)
            else:
                bonus = shows * min(price // 2, SHOWOFF_MAX) if shows else 0
                append(bags + bonus + rate * (cash - price * size))
        return out


def guesses(state: BagGaiState, seat: int, valuer: Valuer, rng: Rng, count: int) -> list[Guess]:
    """Sampled others: a uniform range for those still to choose, a uniform affordable price."""
    last = state.spots + 1
    if valuer.window is None:
        spots = window_spots(state, valuer)
        valuer.window = spots, Sums(spots[0], spots[1], spots[3])
    spots, base = valuer.window
    others = []
    for other in range(state.players):
        if other != seat:
            others.append((state.ranges[other], state.purse[other], state.choosers.index(other)))
    below, out = rng.below, []
    for _ in range(count):
        buyers = []
        for chosen, purse, order in others:
            if chosen is None:
                lo = below(last + 1)
                hi = lo + below(last + 1 - lo)
            else:
                lo, hi = chosen
            size = hi - lo + 1
            price = below(purse // size + 1)
            buyers.append(((-price, size, order), lo, hi, price))
        out.append(Guess(base, spots, buyers))
    return out


@cache
def all_ranges(
    spots: int,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Every range of a window of ``spots`` spots (banks included), by size, then left end:
    left ends, right ends + 1, sizes, and where the ranges of each size start (index ``size``;
    one more entry, the count of ranges)."""
    width = spots + 2
    pairs = [(lo, lo + size) for size in range(1, width + 1) for lo in range(width - size + 1)]
    first = [0, 0]
    for size in range(1, width + 1):
        first.append(first[-1] + width - size + 1)
    return (
        tuple(lo for lo, _ in pairs),
        tuple(end for _, end in pairs),
        tuple(end - lo for lo, end in pairs),
        tuple(first),
    )


#: how far below the best worth found an upper bound must lie for its ranges to be skipped
#: (far above the rounding of these sums, far below any difference the choice weighs)
SLACK = 1e-6
#: more than the rounding of a summed worth worked out in another order (sums of a few
#: dozen terms of at most a few hundred): a bound or an estimate is trusted up to this
ROUNDING = 1e-9


def three_gains(
    sums: list[Sums], price: int, rate: float, part: Iterator[tuple[int, int, float]]
) -> list[float]:
    """The worth of ranges ``lo..hi-1`` at ``price`` (``c``: its price times the money rate)
    summed over three guesses, in order: a price of 0 buys the money only; a show-off bag
    adds its points."""
    x0, x1, x2 = sums
    w0, s0, m0 = x0.worth, x0.shows, x0.money
    w1, s1, m1 = x1.worth, x1.shows, x1.money
    w2, s2, m2 = x2.worth, x2.shows, x2.money
    if price == 0:
        return [
            rate * (m0[hi] - m0[lo]) + rate * (m1[hi] - m1[lo]) + rate * (m2[hi] - m2[lo])
            for lo, hi, _ in part
        ]
    bonus = min(price // 2, SHOWOFF_MAX)
    if bonus and (s0[-1] or s1[-1] or s2[-1]):
        return [
            w0[hi]
            - w0[lo]
            + rate * (m0[hi] - m0[lo])
            + bonus * (s0[hi] - s0[lo])
            - c
            + (w1[hi] - w1[lo] + rate * (m1[hi] - m1[lo]) + bonus * (s1[hi] - s1[lo]) - c)
            + (w2[hi] - w2[lo] + rate * (m2[hi] - m2[lo]) + bonus * (s2[hi] - s2[lo]) - c)
            for lo, hi, c in part
        ]
    return [
        w0[hi]
        - w0[lo]
        + rate * (m0[hi] - m0[lo])
        - c
        + (w1[hi] - w1[lo] + rate * (m1[hi] - m1[lo]) - c)
        + (w2[hi] - w2[lo] + rate * (m2[hi] - m2[lo]) - c)
        for lo, hi, c in part
    ]


def widest(values: Sequence[float]) -> list[float]:
    """Per size (from 1), the largest sum of ``values`` over that many neighbouring spots."""
    prefix = [0, *accumulate(values)]
    return [max(map(sub, prefix[size:], prefix)) for size in range(1, len(values) + 1)]


def tops(values: Sequence[float]) -> list[float]:
    """Per size (from 1), the sum of that many of the largest ``values``: no run of that many
    neighbouring spots sums to more."""
    return list(accumulate(sorted(values, reverse=True)))


@cache
def show_bounds(shows: tuple[int, ...], guessed: int) -> list[float]:
    """Per size (from 1), the most show-off cards a range of that size holds, times the
    number of guesses (the window as it lies: buyers only take them away)."""
    return [guessed * n for n in widest(shows)]


def loose_bounds(found: list[Guess], rate: float) -> tuple[list[float], list[float]]:
    """Per size (from 1), more than the summed worth over the guesses of any range of that
    size before its price (each spot counted at the most it holds in any processing
    position of each guess: as it lies, or with a buyer's price), and more than the summed
    money a range of that size takes at a price of 0: the sums of that many of the largest
    such spots (:func:`tops`; cheaper than the best run of neighbouring spots, and looser,
    so a few more pairs are weighed)."""
    worth, _, _, money = found[0].windows[0]
    size = len(worth)
    values = [w + rate * m for w, m in zip(worth, money)]  # noqa: B905
    paid = []  # per guess, the highest price a buyer may leave on each spot
    for g in found:
        cover = [0] * size
        for _, lo, hi, price in reversed(g.buyers):  # the highest price last
            if price:
                cover[lo : hi + 1] = [price] * (hi + 1 - lo)
        paid.append(cover)
    x, y, z = paid
    most = [
        (v if v >= (p := rate * a) else p)
        + (v if v >= (q := rate * b) else q)
        + (v if v >= (r := rate * c) else r)
        for v, a, b, c in zip(values, x, y, z)  # noqa: B905
    ]
    cash = [
        (m if m >= a else a) + (m if m >= b else b) + (m if m >= c else c)
        for m, a, b, c in zip(money, x, y, z)  # noqa: B905
    ]
    return tops(most), [rate * n for n in tops(cash)]


@cache
def pair_table(purse: int, width: int) -> tuple[tuple[int, int], ...]:
    """Every ``(price, size)`` a purse of ``purse`` affords in a window of ``width`` spots
    among the candidate prices: price 0 at every size, then each dearer price at the sizes
    (from 1) it can pay for."""
    pairs = [(0, size) for size in range(1, width + 1)]
    for price in PRICE_CANDIDATES[1:]:
        pairs += [(price, size) for size in range(1, min(width, purse // price) + 1)]
    return tuple(pairs)


@cache
def pair_costs(purse: int, width: int, per: float) -> list[float]:
    """What each pair of :func:`pair_table` pays (``per``: per spot and unit of price)."""
    return [per * price * size for price, size in pair_table(purse, width)]


@cache
def pair_bonus(purse: int, width: int, shows: tuple[int, ...], guessed: int) -> list[float]:
    """The most show-off points a range of each pair of :func:`pair_table` may get over the
    ``guessed`` guesses, the window's show-off cards being ``shows``."""
    most = show_bounds(shows, guessed)
    return [
        min(price // 2, SHOWOFF_MAX) * most[size - 1] if price else 0
        for price, size in pair_table(purse, width)
    ]


def ranked_pairs(
    found: list[Guess], purse: int, rate: float
) -> tuple[list[float], tuple[tuple[int, int], ...], list[int]]:
    """Every affordable ``(price, size)`` among the candidate prices (:func:`pair_table`), its
    bound (no range of that size at that price is worth more, summed over the guesses) and
    their order, the highest bound first."""
    wide, cash = loose_bounds(found, rate)
    width = len(wide)
    pairs = pair_table(purse, width)
    values = cash[:]
    for price in PRICE_CANDIDATES[1:]:
        top = purse // price
        if top == 0:
            break
        values += wide[:top]
    bounds = list(map(sub, values, pair_costs(purse, width, len(found) * rate)))
    shows = found[0].windows[0][1]
    if any(shows):
        bounds = list(map(add, bounds, pair_bonus(purse, width, tuple(shows), len(found))))
    return bounds, pairs, sorted(range(len(bounds)), key=bounds.__getitem__, reverse=True)


def group_prefix(found: list[Guess], ks: tuple[int, ...], rate: float) -> list[float]:
    """Prefix sums over the spots of the worth summed over the guesses, each guess's window
    as its processing position in ``ks`` finds it (``ks``: those positions, then the bonus):
    bags, money at ``rate`` and show-off cards at ``bonus`` points; a ``bonus`` of -1: the
    money alone (a price of 0)."""
    g0, g1, g2 = found
    k0, k1, k2, bonus = ks
    w0, s0, _, m0 = g0.windows[k0] if k0 < len(g0.windows) else g0.window(k0)
    w1, s1, _, m1 = g1.windows[k1] if k1 < len(g1.windows) else g1.window(k1)
    w2, s2, _, m2 = g2.windows[k2] if k2 < len(g2.windows) else g2.window(k2)
    if bonus < 0:
        cash = zip(m0, m1, m2)  # noqa: B905
        return [0.0, *accumulate([rate * (a + b + c) for a, b, c in cash])]
    if bonus:
        full = zip(w0, w1, w2, m0, m1, m2, s0, s1, s2)  # noqa: B905
        worth = [
            a + b + c + rate * (x + y + z) + bonus * (s + t + u)
            for a, b, c, x, y, z, s, t, u in full
        ]
    else:
        plain = zip(w0, w1, w2, m0, m1, m2)  # noqa: B905
        worth = [a + b + c + rate * (x + y + z) for a, b, c, x, y, z in plain]
    return [0.0, *accumulate(worth)]


#: a pair worth weighing exactly: its estimated best worth, price, size and the processing
#: position of each guess (then its bonus, :func:`group_prefix`)
Near = tuple[float, int, int, tuple[int, ...]]


def estimates(found: list[Guess], purse: int, me: int, rate: float) -> list[Near]:
    """The pairs of price and size that may hold the best range, each with an estimate of its
    best summed worth (within :data:`ROUNDING`): in the order of their bounds, until a bound
    lies below the best estimate found."""
    shows = any(found[0].windows[0][1])
    keys0, keys1, keys2 = found[0].keys, found[1].keys, found[2].keys
    prefixes: dict[tuple[int, ...], list[float]] = {}
    per = len(found) * rate
    high = limit = -math.inf
    out = []
    bounds, pairs, order = ranked_pairs(found, purse, rate)
    for i in order:
        if bounds[i] < limit:
            break
        price, size = pairs[i]
        key = (-price, size, me)
        bonus = (min(price // 2, SHOWOFF_MAX) if shows else 0) if price else -1
        ks = (bisect_left(keys0, key), bisect_left(keys1, key), bisect_left(keys2, key), bonus)
        prefix = prefixes.get(ks)
        if prefix is None:
            prefix = prefixes[ks] = group_prefix(found, ks, rate)
        guess = max(map(sub, prefix[size:], prefix)) - per * price * size
        if guess > high:
            high = guess
            limit = high - SLACK - 2 * ROUNDING
        out.append((guess, price, size, ks))
    kept: list[Near] = []
    for near in out:
        if near[0] >= limit:
            kept.append(near)
    return kept


def range_scores(found: list[Guess], spots: int, purse: int, me: int, rate: float) -> list[float]:
    """For every range (by size, then left end), the best summed worth over the guesses among
    the candidate prices the range can afford, or less (-inf) where it is sure to be far
    below the best: the best worth of every size and price is estimated, and only those
    that may come near the best are summed exactly, in the arithmetic of :func:`three_gains`
    (so the range chosen is the one every price of every range would give)."""
    los, ends, sizes, first = all_ranges(spots)
    best = [-math.inf] * len(sizes)
    for _, price, size, ks in estimates(found, purse, me, rate):
        start, stop = first[size], first[size + 1]
        sums = [found[0].sums(ks[0]), found[1].sums(ks[1]), found[2].sums(ks[2])]
        cost = rate * price * size
        part = zip(los[start:stop], ends[start:stop], [cost] * (stop - start))  # noqa: B905
        column = three_gains(sums, price, rate, part)
        pairs = zip(best[start:stop], column)  # noqa: B905
        best[start:stop] = [a if a >= b else b for a, b in pairs]
    return best


def valuer_key(state: BagGaiState) -> tuple[object, ...] | None:
    """Everything a :class:`Valuer` and its window read of ``state`` while ranges and prices
    are chosen (the round, the window, the bags bought and removed), or None in round 1,
    where its outlook reads pile 2, which every world resamples. It holds the state's own
    lists, so it is compared at once (:func:`round_valuers` keeps copies)."""
    if state.round < 2:
        return None
    return state.players, state.round, state.bags, state.money, state.owned, state.removed


def _kept(key: tuple[object, ...]) -> tuple[object, ...]:
    """A :func:`valuer_key` that later play leaves as it is: copies of its lists."""
    players, rounds, bags, money, owned, removed = key
    assert isinstance(bags, list) and isinstance(money, list)
    assert isinstance(owned, list) and isinstance(removed, list)
    return players, rounds, bags[:], money[:], list(map(list, owned)), removed[:]


class RoundValuers:
    """The valuers of one round's public facts (:func:`valuer_key`): its outlook, and per seat
    a :class:`Valuer`, made when first asked for."""

    __slots__ = ("outlook", "seats", "totals")

    def __init__(self, state: BagGaiState) -> None:
        self.outlook = outlooks(state)
        self.totals = list(map(brand_totals, state.owned))
        self.seats: dict[int, Valuer] = {}

    def valuer(self, state: BagGaiState, seat: int) -> Valuer:
        """``Valuer(state, seat)`` (``state``: one with these public facts)."""
        found = self.seats.get(seat)
        if found is None:
            found = self.seats[seat] = Valuer(state, seat, self.outlook, self.totals)
        return found


#: the valuers of the last round asked about, and its :func:`valuer_key`: the decisions of a
#: round (a world each) share them, and so do the rollouts of a search through its first round
_ROUND: tuple[object, RoundValuers | None] = (None, None)


def round_valuers(state: BagGaiState) -> RoundValuers:
    """The valuers of ``state``'s round: the same object for every state with the same
    :func:`valuer_key` (a valuer only remembers pure functions of what that key holds), a
    fresh one where there is no key."""
    global _ROUND
    key = valuer_key(state)
    if key is None:
        return RoundValuers(state)
    known = _ROUND[1]
    if known is None or key != _ROUND[0]:
        known = RoundValuers(state)
        _ROUND = (_kept(key), known)
    return known


class BagGaiHeuristicBot(Bot):
    """Chooses ranges and prices by sampled guesses of the others, free sides and unknown
    brands by the value of what it gets."""

    name = "normal"

    def __init__(self) -> None:
        #: the state last asked about (a rollout asks about one state again and again), and its
        #: seats' valuers in its round while ranges and prices are chosen: nothing a valuer
        #: reads (bags, piles, purchases, money) changes then, and a rollout asks each seat
        #: twice a round
        self._state: BagGaiState | None = None
        self._rounds: dict[int, RoundValuers] = {}  # the state's, by round

    def valuer(self, state: BagGaiState, seat: int) -> Valuer:
        """What bags and money are worth to ``seat`` in ``state`` now."""
        if state.phase not in ("range", "price"):
            return Valuer(state, seat)
        if state is not self._state:
            self._state, self._rounds = state, {}
        known = self._rounds.get(state.round)
        if known is None:
            known = self._rounds[state.round] = round_valuers(state)
        return known.valuer(state, seat)

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, BagGaiState)
        valuer = self.valuer(state, seat)
        if state.phase == "range":
            return self._range(state, seat, valuer, rng)
        if state.phase == "price":
            return self._price(state, seat, valuer, rng)
        if state.pending_free is not None:
            return self._free(state, seat, valuer)
        return self._unknown(state, seat, valuer)

    def _range(self, state: BagGaiState, seat: int, valuer: Valuer, rng: Rng) -> str:
        found = guesses(state, seat, valuer, rng, RANGE_GUESSES)
        me = state.choosers.index(seat)
        scores = range_scores(found, state.spots, state.purse[seat], me, valuer.money_rate)
        best, where = -math.inf, 0
        for i in compress(count(), map(isfinite, scores)):  # (-inf is never chosen)
            score = scores[i]
            if score > best + 1e-9:
                best, where = score, i
        los, ends, _, _ = all_ranges(state.spots)
        return state.range_text(los[where], ends[where] - 1)

    def _price(self, state: BagGaiState, seat: int, valuer: Valuer, rng: Rng) -> str:
        found = guesses(state, seat, valuer, rng, PRICE_GUESSES)
        lo, hi = state.ranges[seat] or [0, 0]
        me = state.choosers.index(seat)
        prices = range(state.max_price(seat) + 1)
        hauls = []
        for g in found:
            hauls.append(g.hauls(lo, hi, me, prices, valuer.money_rate))
        worth = [math.fsum(column) / len(found) for column in zip(*hauls)]  # noqa: B905
        return f"p{worth.index(max(worth))}"  # the cheapest of the best

    def _free(self, state: BagGaiState, seat: int, valuer: Valuer) -> str:
        spot = state.pending_free
        assert spot is not None
        gl = self._side(state, seat, spot - 1, valuer)
        gr = self._side(state, seat, spot + 1, valuer)
        return "fL" if gl >= gr else "fR"

    @staticmethod
    def _side(state: BagGaiState, seat: int, spot: int, valuer: Valuer) -> float:
        """The extra worth of taking ``spot`` for free: nothing if the bot reaches it later in
        its range anyway (it pays there either way), else what lies there."""
        lo, hi = state.ranges[seat] or [0, 0]
        if lo <= spot <= hi and spot >= state.cursor:
            return 0.0
        bag = state.bags[spot]
        worth = valuer.money_rate * state.money[spot]
        return worth + (valuer.card(bag) if bag is not None else 0.0)

    @staticmethod
    def _unknown(state: BagGaiState, seat: int, valuer: Valuer) -> str:
        bags = state.owned[seat]
        outcomes = sorted(unknown_outcomes(bags))
        best = max(outcomes, key=lambda o: valuer.totals_worth(brand_totals(list(o))))
        for action in unknown_options(bags):
            trial = list(bags)
            fix_unknown(trial, action)
            if best in unknown_outcomes(trial):
                return action
        return unknown_options(bags)[0]
