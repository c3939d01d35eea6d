"""A heuristic bot for The Egyptian Buyer.

It bids for a daughter only while winning her improves its chance of the round's point, never
bids more than its hand can pay, stays out of a bidding war it expects to lose (every bidder pays,
so a lost war is money thrown away), and pays the minimal payment that keeps the most value.

The chance of the point is a smooth guess from projected totals: each player still in the round
keeps his daughters, gets a share of the daughters still to come in proportion to his cards, and
a hand bonus for part of his cards (all of them once no daughter is left). A daughter therefore
matters only insofar as it moves the bot towards the single highest total, or keeps a rival from
it. The bot reads only its own hand and public facts (hand sizes, bids, the cards paid); a rival's
hand is guessed from its size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from operator import attrgetter

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.hitokai.rules import BONUS_CARDS, NUMBERS, TARGET, HitokaiState

KEEP_SHARE = 0.4  # the part of a hand expected to survive to the round's end while daughters remain
THRESHOLD = 0.004  # a daughter must improve the chance of the point by at least this much
JUMPS = (0, 1, 2, 4, 8)  # the raises over the lowest bid the strong bot weighs
FUTURE = {k: sum(j for j in NUMBERS if j > k) for k in NUMBERS}  # the daughters after k
PAY_ACTIONS = {k: f"pay{k}" for k in NUMBERS}  # the notation of paying a card of each number


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


@lru_cache(maxsize=8192)
def cards_to_pay(doubles: int, singles: int, bid: int) -> int:
    """The fewest cards that pay ``bid`` from a hand of ``doubles`` cards worth 2 and ``singles``
    worth 1 (the whole hand if it cannot)."""
    a = min(doubles, bid // 2)
    if bid - 2 * a <= singles:
        return bid - a
    if doubles >= (bid + 1) // 2:
        return (bid + 1) // 2
    return doubles + singles


#: seats, their rows (seat, daughters, cards times the daughters to come, kept share) and cards
Seats = tuple[list[int], list[tuple[int, float, float, float]], int]


class Auction:
    """The public facts of an auction in progress, the same for every seat's decision while
    its bids go on (hands are paid from, the bank grows and daughters are sold only once it
    closes): the hand sizes, the daughters bought, the cards seen of the daughter's number and
    the rows :meth:`Outlook.chance` sums, for every seat."""

    __slots__ = (
        "alive",
        "bids",
        "cards",
        "daughters",
        "future",
        "keep",
        "rows",
        "seats",
        "seen",
        "sizes",
        "spread",
        "unseen",
        "won",
    )

    def __init__(self, state: HitokaiState) -> None:
        #: the list of last bids of this auction in this state: a new list for every auction
        #: (and in every copy), so it names the state and the auction this was worked out for
        self.bids = state.last_bid
        k = state.daughter
        future = self.future = FUTURE[k]
        self.sizes = sizes = list(map(len, state.hands))
        self.seen = state.bank.count(k) + state.paying.count(k)
        self.unseen = sum(sizes) + len(state.aside)
        self.cards = cards = list(map(float, sizes))
        self.daughters = daughters = [0.0] * state.players
        for j, buyer in zip(NUMBERS, state.buyers, strict=True):
            if buyer is not None:
                daughters[buyer] += j
        keep = self.keep = (KEEP_SHARE if future else 1.0) / BONUS_CARDS
        self.spread = 0.35 + future / 12.0  # the chance's scale
        # each seat with its daughters and its cards (times the daughters to come and times the
        # kept share): what :meth:`Outlook.chance` sums and weighs
        self.rows = [
            (s, daughters[s], future * cards[s], keep * cards[s]) for s in range(state.players)
        ]
        #: each seat's daughters with the daughter auctioned
        self.won = [d + k for d in daughters]
        #: the seats not eliminated, and what :meth:`among` gives for them
        self.alive = alive = [not e for e in state.eliminated]
        self.seats = self.among(alive)

    def among(self, alive: list[bool]) -> Seats:
        """The seats marked ``alive``, their rows and the cards they hold."""
        seats = list(compress(range(len(alive)), alive))
        rows = list(map(self.rows.__getitem__, seats))
        return seats, rows, sum(map(self.sizes.__getitem__, seats))


#: the auction last worked out (see :func:`auction`)
_AUCTION: list[Auction | None] = [None]


def auction(state: HitokaiState) -> Auction:
    """The public facts of the auction in progress in ``state``, remembered while its bids go
    on (the same state, the same auction: its very list of last bids, which the memo keeps
    alive, so no other list can take its id)."""
    last = _AUCTION[0]
    if last is not None and last.bids is state.last_bid:
        return last
    facts = _AUCTION[0] = Auction(state)
    return facts


class Outlook:
    """What the bot's seat knows of the auction in progress, and the projection it bids on."""

    __slots__ = (
        "alive",
        "alive_seats",
        "cards",
        "daughters",
        "doubles",
        "future",
        "gold",
        "k",
        "k_rate",
        "k_share",
        "k_unseen",
        "keep",
        "rows",
        "seat",
        "singles",
        "sizes",
        "spread",
        "state",
        "won",
    )

    def __init__(self, state: HitokaiState, seat: int) -> None:
        self.state = state
        self.seat = seat
        facts = auction(state)
        k = self.k = state.daughter
        self.future = facts.future
        self.keep = facts.keep
        self.sizes = sizes = facts.sizes
        self.cards = facts.cards
        self.daughters = facts.daughters
        self.won = facts.won
        self.doubles = doubles = state.hands[seat].count(k)
        self.singles = sizes[seat] - doubles
        unseen = facts.unseen - sizes[seat]
        k_unseen = k - doubles - facts.seen
        k_unseen = self.k_unseen = k_unseen if k_unseen > 0 else 0
        self.k_share = k_share = k_unseen / unseen if unseen else 0.0
        self.k_rate = 1.0 + k_share
        alive = facts.alive
        for o, bid in enumerate(state.last_bid):
            size = sizes[o]
            if bid is not None and bid > size and bid > size + min(size, k_unseen) and o != seat:
                # he cannot pay (more than his hand's most, :meth:`max_value`): he will be out
                alive = [a and s != o for s, a in enumerate(alive)]
        # the auction's own list and seats while nobody is out (never changed)
        self.alive = alive
        self.alive_seats, self.rows, self.gold = (
            facts.seats if alive is facts.alive else facts.among(alive)
        )
        self.spread = facts.spread

    def max_value(self, seat: int) -> int:
        """The most a seat's hand can be worth now (exact for the bot's own seat)."""
        size = self.sizes[seat]
        if seat == self.seat:
            return size + self.doubles
        return size + min(size, self.k_unseen)

    def budget(self, seat: int) -> int:
        """What a seat's hand is worth now: exact for the bot, expected for others."""
        if seat == self.seat:
            return self.max_value(seat)
        return round(self.cards[seat] * self.k_rate)

    def cost(self, seat: int, bid: int) -> float:
        """Cards a seat gives up to pay ``bid`` (exact for the bot, expected for others)."""
        if bid <= 0:
            return 0.0
        if seat == self.seat:
            return float(cards_to_pay(self.doubles, self.singles, bid))
        return min(self.cards[seat], bid / self.k_rate)

    def chance(self, viewer: int, winner: int, bid: int) -> float:
        """``viewer``'s chance of the point if ``winner`` gets the daughter and pays ``bid``
        (nobody pays anything for a bid of 0).

        The gold of all the cards left is the exact sum of the whole hands plus what the winner
        keeps (one rounding, as :func:`math.fsum` of them all). After the last daughter the
        values are whole points: rounded down, which keeps their order, so the two compared
        are rounded alone."""
        alive = self.alive
        if not alive[viewer]:
            return 0.0
        rows = self.rows
        if len(rows) == 1:
            return 1.0
        future = self.future
        won = self.won[winner]
        if bid > 0 and alive[winner]:
            cards = self.cards[winner]
            if winner == self.seat:  # :meth:`cost`, in line (a float less an int: the same)
                kept = cards - cards_to_pay(self.doubles, self.singles, bid)
            else:
                paid = bid / self.k_rate
                kept = cards - (paid if paid < cards else cards)
            kept = kept if kept > 0.0 else 0.0
            gold = (self.gold - self.sizes[winner] + kept) or 1.0  # (the int made a float)
            top = won + (future * kept / gold + self.keep * kept)
        else:  # nobody pays: every seat keeps every card
            gold = float(self.gold) or 1.0
            cards = self.cards[winner]
            top = won + (future * cards / gold + self.keep * cards)
        best_other = -1e9
        mine = 0.0
        for s, daughters, spread, kept_share in rows:
            value = top if s == winner else daughters + (spread / gold + kept_share)
            if s == viewer:
                mine = value
            elif value > best_other:
                best_other = value
        if not future:
            mine, best_other = float(math.floor(mine)), float(math.floor(best_other))
        return sigmoid((mine - best_other - 0.5) / self.spread)

    def last_worth(self, viewer: int, lo: int, hi: int, bar: float) -> int:
        """The highest price from ``lo`` to ``hi`` worth paying for ``viewer`` against ``bar``
        (a binary search), ``lo`` being worth it: his cap, the most he would rather pay for the
        daughter than let her go (``lo - 1`` had ``lo`` not been worth it).

        A price is worth paying when buying the daughter at it gives ``viewer`` a better chance
        than ``bar`` (his chance if a rival gets her, plus :data:`THRESHOLD`). That is never
        false at a price and true at a higher one: a higher price leaves ``viewer`` no more
        cards (:meth:`cost` never falls as the price rises, in steps of at least half a card
        where it moves), which lowers his projected value and raises his rivals' (their share
        of the daughters to come grows as his cards shrink). The steps are so large (above a
        hundredth of a point) against the rounding of the floats (below 1e-13) that the
        computed chance keeps the same order."""
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.chance(viewer, viewer, mid) > bar:
                lo = mid
            else:
                hi = mid - 1
        return lo


class HitokaiBot(Bot):
    """Bids from a projection of the round's totals; pays keeping the most value."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, HitokaiState)
        if state.phase == "pay":
            card = state.first_suggested(seat)
            return PAY_ACTIONS[card] if card is not None else state.legal_actions(seat)[0]
        return self._bid(state, seat)

    def _bid(self, state: HitokaiState, seat: int) -> str:
        """Raise by one while the daughter is worth the price to me and no rival still in would go
        on to my cap (every bidder pays: I would lose a war and pay for nothing)."""
        if state.bid == 0:
            return "b1"
        price = state.bid + 1
        top = state.bidder
        assert top is not None
        outlook = Outlook(state, seat)
        purse = outlook.sizes[seat] + outlook.doubles  # my hand's worth (:meth:`Outlook.budget`)
        if price > purse or price > state.cap or not outlook.alive[top]:
            return "pass"
        # what my chance must beat: my chance if the top bidder gets her at his bid
        bar = outlook.chance(seat, top, state.bid) + THRESHOLD
        if not outlook.chance(seat, seat, price) > bar:
            return "pass"  # my cap is below the price
        mine = outlook.last_worth(seat, price, purse, bar)
        return "pass" if rivals_go_on(outlook, seat, price, mine) else f"b{price}"


def rivals_go_on(outlook: Outlook, seat: int, price: int, limit: int) -> bool:
    """Whether a rival of ``seat`` still in has bid ``limit`` already or would go on to it: his
    cap against ``seat`` buying at ``price`` reaches it. That needs no search for his cap: as
    a price worth paying never turns so as the price rises (:meth:`Outlook.last_worth`), his
    cap reaches ``limit`` (from ``price`` up) exactly when ``limit`` is within his budget and
    worth paying to him: his chance buying at ``limit`` beats his chance if ``seat`` buys at
    ``price`` by more than :data:`THRESHOLD`."""
    state, alive, chance = outlook.state, outlook.alive, outlook.chance
    status, last_bid, cards, rate = state.status, state.last_bid, outlook.cards, outlook.k_rate
    for r in range(state.players):
        if r == seat or status[r] != "in" or not alive[r]:
            continue  # not a rival still in
        if (last_bid[r] or 0) >= limit:
            return True
        # his budget (:meth:`Outlook.budget`), then whether ``limit`` is worth paying to him
        if (
            limit <= round(cards[r] * rate)
            and chance(r, r, limit) > chance(r, seat, price) + THRESHOLD
        ):
            return True
    return False


def bid_shortlist(state: GameState, seat: int, legal: list[str]) -> list[str]:
    """The bids the strong bot weighs (the registry's ``shortlist``): withdrawing, the lowest bid,
    and raises of 1, 2, 4 and 8 over it, none above what the seat's hand can pay (a bid it cannot
    pay only eliminates it). Payments are all weighed. Of 60-80 legal bids this keeps at most six,
    the heuristic's own choice (withdraw or the lowest bid) among them, so the search's
    iterations are not spread over bids that differ only by a little gold."""
    assert isinstance(state, HitokaiState)
    if state.phase != "bid":
        return legal
    hand = state.hands[seat]
    purse = len(hand) + hand.count(state.daughter)
    low = state.bid + 1
    bids = {f"b{low + jump}" for jump in JUMPS if low + jump <= purse}
    kept = [a for a in legal if a == "pass" or a in bids]
    return kept or legal[:1]


def state_points(state: GameState) -> list[float]:
    """Each seat's victory points: the strong bot's evaluation of a rollout stopped at the end
    of a round (the registry's ``values``)."""
    assert isinstance(state, HitokaiState)
    return [float(p) for p in state.points]


def state_chances(state: GameState) -> list[float]:
    """Each seat's chance to win the game from its victory points, were every later round won
    by a seat drawn at random (a round with no winner changes nothing): the strong bot's score
    of a rollout stopped at the end of a round (the registry's ``chances``). Unlike the leaders
    by victory points, it credits a trailing seat when a round goes to another trailing seat
    rather than to the leader."""
    assert isinstance(state, HitokaiState)
    return list(win_chances(tuple(state.points)))


@lru_cache(maxsize=1024)
def win_chances(points: tuple[int, ...]) -> tuple[float, ...]:
    """The chance of each seat to reach ``TARGET`` points first, every round won by a seat
    drawn at random."""
    n = len(points)
    for seat, p in enumerate(points):
        if p >= TARGET:
            return tuple(1.0 if s == seat else 0.0 for s in range(n))
    total = [0.0] * n
    for winner in range(n):
        after = tuple(p + (s == winner) for s, p in enumerate(points))
        for s, c in enumerate(win_chances(after)):
            total[s] += c / n
    return tuple(total)


#: The round a state is in: rounds are independent (every card is dealt again), so the strong
#: bot's rollouts stop at the end of the round (the registry's ``horizon``). An attribute getter:
#: the search asks it after every move of a rollout.
state_round: Callable[[GameState], int] = attrgetter("round")
