"""The Egyptian Buyer (エジプトの人買い): the rules engine.

A game is a series of rounds; a round deals the 85 cards (``k`` cards of number ``k``, 4..13) and
auctions the daughters 4..13 in order. Every bidder pays his own last bid (all pay) with cards
from his hand, each worth 1 gold, or 2 gold if its number is the daughter being auctioned. The
single highest total of daughters plus hand bonus (1 per 3 cards) among the players not
eliminated wins the round's point; 2 points win the game. Rulings H1-H9 of the working rules are
implemented as written; the engine's own choices are named where they are made.

Notation
--------
``b7``
    bid 7 gold (more than the current bid, at most the cap ``auction.cap``).
``pass``
    withdraw from this auction (not allowed for the opening bid).
``pay7``
    put one card of number 7 into your payment. A payment is built card by card, each card shown
    at once; only cards that still lead to a minimal payment (H4) are legal, and the payment is
    complete when it covers the bid. When only one minimal payment remains (or none was ever a
    choice) the engine completes it; a payer whose hand is worth less than his bid is eliminated
    automatically. Listing every minimal payment as one action is not practical (thousands of
    distinct multisets for an ordinary bid), hence one card per action.

The page gets these as data (:mod:`pygames.games.hitokai.page`): bids and the withdrawal as
discrete moves, and the payment as the ``pay`` choice it composes card by card with the engine.

Options: ``start`` (the first start player of the game, H6; None: drawn at random, the first
draw of the seeded stream, before the deal). The setup page offers it; the record keeps it.

View fields (besides the common ones)
-------------------------------------
- ``phase``: ``bid`` | ``pay`` | ``over``; ``round`` (1-based); ``target`` (points to win, 2);
  ``bonus_cards`` (cards per point of hand bonus, 3); ``gold``: ``{plain, daughter}`` (what a
  card is worth, and a card of the daughter being auctioned);
  ``round_start`` (first start player of this round); ``last_buyer`` (buyer of the last daughter
  sold this round, or null).
- ``daughter``: the daughter being auctioned or paid for (null when over).
- ``daughters``: ten ``{number, buyer, price, status}``; ``status`` is ``sold`` | ``auction``
  (being auctioned now) | ``waiting`` | ``unsold`` (not sold in a round that ended early).
- ``auction``: null or ``{daughter, start, bid, bidder, cap, turn, open}``; ``bid`` 0 and
  ``bidder`` null before the opening bid, ``open`` true while the opening bid is awaited.
- ``payment``: null or ``{daughter, payer, bid, cards, value, queue, done}``: the payer choosing
  now, the cards already put in, their value, the seats paying after him, and the payments of
  this auction already settled (``[{seat, bid, cards, eliminated}]``, as in ``auctions``). For
  the payer himself also ``suggestion``: the cards that complete the minimal payment keeping the
  most value.
- ``auctions``: this round's closed auctions ``[{daughter, winner, price, bids, payments}]`` with
  ``bids`` each seat's last bid (null: never bid) and ``payments`` ``[{seat, bid, cards,
  eliminated}]`` (``cards``: what was paid, or the hand handed to the bank).
- ``hand``: own sorted cards (null for others and spectators); ``hand_value``: its value now;
  ``hand_groups``: the same hand as ``[{number, count, gold}]`` (``gold``: a card's worth now).
- ``sits_out``: for a seat looking at its own view, ``{en, ja}`` saying why it sits out the
  round's remaining auctions (eliminated, or no cards left), else null.
- ``seats[s]``: ``hand_size``, ``daughters`` (numbers bought this round), ``daughter_points``,
  ``bonus`` (hand size // 3), ``total``, ``points`` (victory points), ``eliminated``, ``status``
  in the auction (``in`` | ``withdrawn`` | ``out``: eliminated or empty-handed; null outside an
  auction), ``last_bid`` (null: has not bid in this auction).
- ``bank``: sorted public cards paid (and eliminated hands) this round; ``aside_count``: cards
  left out of the deal (secret).
- ``summaries``: ``[{round, seats: [{daughters, daughter_points, cards, bonus, total,
  eliminated, points}], top, winner, reason, text: {en, ja}, next_start}]``; ``points`` are the
  victory points after that round, ``top`` the seats not eliminated with the highest total (one
  seat: the winner; several: the tie); ``reason`` is ``highest`` | ``tie`` | ``all_eliminated``.

Engine choices (no ruling answers them)
---------------------------------------
Payers settle one after the other, the buyer first, then clockwise (H5: the order does not
matter). An eliminated player's hand is shown as it goes to the bank. H4 is read literally: paying
a 13 for a bid of 1 at auction 13 is minimal even when a cheaper card is held. When the bid
reaches the cap the others are withdrawn for them. A player alone in an auction still names his
opening bid. The only player not eliminated gets the point whatever his total (H9).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from pygames.core.errors import BadNotation, RecordError
from pygames.core.lazy import Unseen, can_defer, defer
from pygames.core.protocol import GameState, JSONDict, Result
from pygames.core.rng import Rng
from pygames.core.text import Text, agree, plural, t
from pygames.core.util import reshuffle

NUMBERS = tuple(range(4, 14))
DECK = tuple(n for n in NUMBERS for _ in range(n))
DECK_SIZE = len(DECK)  # 85
HAND_SIZES = {3: 25, 4: 21, 5: 17}
TARGET = 2
BONUS_CARDS = 3
RESAMPLE_TRIES = 8
#: for each number of players, the seats clockwise from each seat: itself first, or last
_CLOCKWISE_FROM = {n: [tuple((s + d) % n for d in range(n)) for s in range(n)] for n in HAND_SIZES}
_CLOCKWISE_AFTER = {n: [(*ring[1:], ring[0]) for ring in _CLOCKWISE_FROM[n]] for n in HAND_SIZES}

_NOTATION = re.compile(r"^(?:b([1-9][0-9]{0,3})|(pass)|pay([4-9]|1[0-3]))$")


@dataclass(frozen=True)
class Action:
    """A parsed action: ``bid`` (amount), ``pass``, or ``pay`` (a card number)."""

    kind: str
    value: int = 0

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"b{self.value}"
        if self.kind == "pay":
            return f"pay{self.value}"
        return "pass"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation; :class:`BadNotation` if it is not this game's notation.

        >>> str(Action.parse("b12")), str(Action.parse("pay13")), str(Action.parse("pass"))
        ('b12', 'pay13', 'pass')
        """
        known = _PARSED.get(text)
        if known is not None:
            return known
        m = _NOTATION.match(text)
        if not m:
            raise BadNotation(
                t(
                    f"{text!r} is not an action of The Egyptian Buyer (b7, pass, pay7).",
                    f"「{text}」はエジプトの人買いの手ではありません（b7、pass、pay7の形です）。",
                )
            )
        bid, _, pay = m.groups()
        if bid is not None:
            act = cls("bid", int(bid))
        elif pay is not None:
            act = cls("pay", int(pay))
        else:
            act = cls("pass")
        _PARSED[text] = act
        return act


#: every notation parsed so far (at most the 10,000 bids, ``pass`` and the ten payments): an
#: :class:`Action` depends only on its string
_PARSED: dict[str, Action] = {}


@lru_cache(maxsize=4096)
def bid_actions(bid: int, cap: int) -> tuple[str, ...]:
    """The sorted notation of the bids above ``bid`` up to ``cap``, and of the withdrawal once
    there is a bid to withdraw from."""
    acts = [f"b{x}" for x in range(bid + 1, cap + 1)]
    if bid > 0:
        acts.append("pass")
    return tuple(sorted(acts))


# --- card arithmetic (pure functions) ---------------------------------------------------------
GOLD_PLAIN = 1
GOLD_DAUGHTER = 2


def card_value(card: int, daughter: int) -> int:
    """1 gold, or 2 gold for a card of the daughter being auctioned."""
    return GOLD_DAUGHTER if card == daughter else GOLD_PLAIN


def cards_value(cards: list[int], daughter: int) -> int:
    """The gold value of ``cards`` while ``daughter`` is auctioned."""
    return len(cards) + cards.count(daughter)


def hand_bonus(cards: int) -> int:
    """The hand bonus of a round: 1 point per 3 cards, rounded down."""
    return cards // BONUS_CARDS


def is_minimal(paid: list[int], daughter: int, bid: int) -> bool:
    """H4: ``paid`` covers ``bid`` and no single card can be taken out with the rest still
    covering it."""
    return _minimal(cards_value(paid, daughter), _cheapest(paid, daughter), bid)


def _cheapest(paid: list[int], daughter: int) -> int:
    """What the cheapest card of ``paid`` is worth (0 for no card)."""
    if not paid:
        return 0
    return GOLD_DAUGHTER if paid.count(daughter) == len(paid) else GOLD_PLAIN  # all doubles


def _minimal(value: int, cheapest: int, bid: int) -> bool:
    """:func:`is_minimal` of a payment worth ``value`` whose cheapest card is worth ``cheapest``
    (0: no card): taking out its cheapest card is what leaves the most."""
    return value >= bid and (cheapest == 0 or value - cheapest < bid)


def _exact_range(doubles: int, singles: int, need: int) -> range:
    """The numbers of further doubles ``a`` with ``need - 2a`` singles available."""
    low = (need - singles + 1) // 2 if need > singles else 0
    half = need // 2
    return range(low, (doubles if doubles < half else half) + 1)


def _split(rest: list[int], daughter: int) -> tuple[int, list[int]]:
    doubles = rest.count(daughter)
    return doubles, [c for c in rest if c != daughter]


def can_complete(rest: list[int], paid: list[int], daughter: int, bid: int) -> bool:
    """Whether cards of ``rest`` can be added to ``paid`` to make a minimal payment (or ``paid``
    is one already)."""
    doubles = rest.count(daughter)
    value, cheapest = cards_value(paid, daughter), _cheapest(paid, daughter)
    return _completable(value, cheapest, doubles, len(rest) - doubles, bid)


def _completable(value: int, cheapest: int, doubles: int, singles: int, bid: int) -> bool:
    """:func:`can_complete` of a payment worth ``value`` (its cheapest card worth ``cheapest``,
    0 for none) from cards left of which ``doubles`` are of the daughter auctioned."""
    if value >= bid:
        return _minimal(value, cheapest, bid)
    need = bid - value
    if len(_exact_range(doubles, singles, need)) > 0:
        return True
    return _overpay_double(cheapest, need, doubles)


def _overpay_double(cheapest: int, need: int, doubles: int) -> bool:
    """Whether one double more than half an odd ``need`` can complete a payment whose cheapest
    card is worth ``cheapest`` (0: no card): minimal only if no single was paid."""
    return cheapest != GOLD_PLAIN and need % 2 == 1 and (need + 1) // 2 <= doubles


def completions_capped(rest: list[int], paid: list[int], daughter: int, bid: int) -> int:
    """How many distinct minimal payments (as multisets of numbers) extend ``paid``: 0, 1, or 2
    meaning "two or more"."""
    value = len(paid) + paid.count(daughter)  # :func:`cards_value`
    if value >= bid:
        return int(is_minimal(paid, daughter, bid))
    need = bid - value
    doubles = rest.count(daughter)
    singles = len(rest) - doubles
    total = kinds = 0  # kinds: the numbers of the singles, counted once they matter
    for a in _exact_range(doubles, singles, need):
        b = need - 2 * a
        if b in (0, singles):
            total += 1
        else:
            kinds = kinds or len(set(rest)) - (1 if doubles else 0)
            total += 1 if kinds == 1 else 2
        if total >= 2:
            return 2  # the count goes no lower
    if _overpay_double(_cheapest(paid, daughter), need, doubles):
        total += 1
    return min(total, 2)


def pay_weight(card: int, daughter: int) -> int:
    """What keeping a card is worth after this auction: 2 for a number still to be auctioned
    (it will be worth 2 gold then), 1 otherwise."""
    return 2 if card > daughter else 1


def best_completion(rest: list[int], paid: list[int], daughter: int, bid: int) -> list[int] | None:
    """The cards to add to ``paid`` for the minimal payment that keeps the most value in hand
    (least :func:`pay_weight` paid, then fewest cards, then the lowest numbers); None if none.

    A candidate is ``a`` further doubles and the ``need - 2a`` cheapest singles (the lowest
    numbers: those below the daughter weigh 1, those above 2), or, after doubles only, one double
    more than half an odd need. Candidates of ``a`` doubles differ in their number of cards, so
    only the last one can tie with another in weight and count, the one with a single and a
    double less, whose numbers are lower: it comes first, and the first is kept."""
    value = len(paid) + paid.count(daughter)  # :func:`cards_value`
    if value >= bid:
        return [] if is_minimal(paid, daughter, bid) else None
    need = bid - value
    doubles, singles = _split(rest, daughter)
    cheap = sorted(singles)  # by weight, then number: no single is the daughter
    light = bisect_left(cheap, daughter)  # the singles that weigh 1
    options = [(a, need - 2 * a) for a in _exact_range(doubles, len(cheap), need)]
    if _overpay_double(_cheapest(paid, daughter), need, doubles):
        options.append(((need + 1) // 2, 0))
    best, least = None, (0, 0)
    for a, b in options:  # a doubles and b singles: their weight, their number
        heavy = b - light
        key = (a + b + (heavy if heavy > 0 else 0), a + b)
        if best is None or key < least:  # the first of equals kept, as ``min`` keeps it
            best, least = (a, b), key
    if best is None:
        return None
    a, b = best
    return sorted([daughter] * a + cheap[:b])


def cards_text(cards: list[int]) -> tuple[str, str]:
    """``[5, 7, 7]`` as ``"5, 7 and 7"`` / ``"5・7・7"``."""
    ordered = sorted(cards)
    if not ordered:
        return "no cards", "なし"
    head = ", ".join(map(str, ordered[:-1]))
    en = f"{head} and {ordered[-1]}" if head else str(ordered[-1])
    return en, "・".join(map(str, ordered))


#: the memo of the best completion: the hand and payment lists it was worked out from (None in
#: a copy), the payer, daughter, bid and the lists' lengths, their content (only in a copy,
#: None in the state that worked it out), and the completion
_Memo = tuple[
    list[int] | None,
    list[int] | None,
    tuple[object, ...],
    tuple[tuple[int, ...], ...] | None,
    tuple[int, ...] | None,
]


class HitokaiState(GameState):
    """A game of The Egyptian Buyer for 3 to 5 players."""

    game_id = "hitokai"

    def __init__(self, players: int) -> None:
        super().__init__(players)
        n = players
        self.rng = Rng(0, 0)
        self.round = 0
        self.round_start = 0
        self.phase = "bid"
        self.daughter = NUMBERS[0]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[int] = []
        self.bank: list[int] = []
        self.buyers: list[int | None] = [None] * len(NUMBERS)
        self.prices: list[int | None] = [None] * len(NUMBERS)
        self.eliminated = [False] * n
        self.points = [0] * n
        self.last_buyer: int | None = None
        self.start = 0
        self.status: list[str] = ["in"] * n
        self.last_bid: list[int | None] = [None] * n
        self.bid = 0
        self.bidder: int | None = None
        self.turn = 0
        self.cap = 0
        self.payers: list[int] = []
        self.paying: list[int] = []
        self.payments: list[JSONDict] = []
        self.auctions: list[JSONDict] = []
        self.summaries: list[JSONDict] = []
        #: a round begun whose cards are not dealt yet (only in a quiet world: see
        #: :meth:`_start_round`); every reading of the state deals them first
        self.undealt = False
        # the last best completion worked out, with what it was worked out from (derived data,
        # looked up by content, so clones share it safely): see :meth:`_recall`
        self._best_memo: _Memo | None = None

    # --- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> HitokaiState:
        """Choose the first start player (random, or ``options['start']``, H6) and deal."""
        if players not in HAND_SIZES:
            raise ValueError("The Egyptian Buyer is for 3 to 5 players")
        options = options or {}
        s = cls(players)
        s.rng = Rng.from_seed(seed)
        start = options.get("start")
        if start is None:
            s.round_start = s.rng.below(players)
        elif isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players:
            s.round_start = start
        else:
            raise RecordError(
                t(
                    "The first start player must be one of the seats.",
                    "最初の手番プレイヤーは席のどれかでなければなりません。",
                )
            )
        s._start_round()
        return s

    def _start_round(self) -> None:
        """Begin the next round: its number at once; the deal at once too, except in a quiet
        world (a bot's or a search's), which deals when it is next read (:meth:`_settle`): a
        search stops its rollouts at the round's end (the ``horizon``) and most never read the
        deal. The deal draws only from the state's own stream, which nothing else draws from
        meanwhile, so a deferred deal is the very deal."""
        self.round += 1
        self.undealt = True
        if not self.quiet:
            self._deal()

    def _settle(self) -> None:
        """Deal the round begun but not dealt yet (see :meth:`_start_round`), if there is one."""
        if self.undealt:
            self._deal()

    def _deal(self) -> None:
        """Shuffle all 85 cards, deal, and open the auction of daughter 4."""
        self.undealt = False
        n = self.players
        deck = list(DECK)
        self.rng.shuffle(deck)
        size = HAND_SIZES[n]
        self.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(n)]
        self.aside = sorted(deck[n * size :])
        self.bank = []
        self.buyers = [None] * len(NUMBERS)
        self.prices = [None] * len(NUMBERS)
        self.eliminated = [False] * n
        self.last_buyer = None
        self.auctions = []
        if not self.quiet:
            self.say(
                f"Round {self.round}: each player is dealt {plural(size, 'card', 'cards')}; "
                f"{len(self.aside)} {agree(len(self.aside), 'is', 'are')} left out unseen. "
                "{0} starts.",
                f"第{self.round}ラウンド：各自に{size}枚を配り、{len(self.aside)}枚は見ずに除外します。"
                "{0}から始めます。",
                [self.round_start],
            )
        self._start_auction(NUMBERS[0], self.round_start)

    # --- queries ----------------------------------------------------------------------------
    def value(self, seat: int) -> int:
        """The value of ``seat``'s hand while the current daughter is auctioned."""
        return cards_value(self.hands[seat], self.daughter)

    def daughters_of(self, seat: int) -> list[int]:
        """The daughters ``seat`` bought this round."""
        return [k for k, b in zip(NUMBERS, self.buyers, strict=True) if b == seat]

    def total(self, seat: int) -> int:
        """Daughters bought plus the hand bonus, as it stands."""
        return sum(self.daughters_of(seat)) + hand_bonus(len(self.hands[seat]))

    def payer(self) -> int | None:
        """The seat paying now (pay phase), else None."""
        return self.payers[0] if self.phase == "pay" and self.payers else None

    def to_move(self) -> list[int]:
        """The seat to bid, withdraw or pay now."""
        if self.undealt:
            self._deal()
        if self.phase == "bid":
            return [self.turn]
        if self.phase == "pay":
            return [self.payers[0]]
        return []

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of what ``seat`` may do now."""
        if seat not in self.to_move():
            return []
        if self.phase == "bid":
            return list(bid_actions(self.bid, self.cap))
        return sorted(f"pay{c}" for c in self.payable(seat))

    def payable(self, seat: int) -> list[int]:
        """The card numbers ``seat`` may put into his payment now (H4)."""
        hand, k, due = self.hands[seat], self.daughter, self.bid_due()
        value, cheapest = cards_value(self.paying, k), _cheapest(self.paying, k)
        doubles = hand.count(k)
        singles = len(hand) - doubles
        # every card but the daughter's is judged alike: one judgement per worth
        judged: dict[int, bool] = {}
        out = []
        for c in sorted(set(hand)):
            gold = card_value(c, k)
            ok = judged.get(gold)
            if ok is None:
                lowest = min(cheapest, gold) if cheapest else gold
                double = int(c == k)
                rest = (doubles - double, singles - 1 + double)
                ok = judged[gold] = _completable(value + gold, lowest, *rest, due)
            if ok:
                out.append(c)
        return out

    def bid_due(self) -> int:
        """The bid the current payer owes."""
        payer = self.payer()
        if payer is None:
            return 0
        due = self.last_bid[payer]
        assert due is not None
        return due

    def suggestion(self, seat: int) -> list[int] | None:
        """For the current payer: the cards completing the payment that keeps the most value."""
        if self.phase != "pay" or not self.payers or self.payers[0] != seat:  # :meth:`payer`
            return None
        return self._best(seat)

    def _best(self, seat: int) -> list[int] | None:
        """:func:`best_completion` of the payment the payer ``seat`` is making, remembered (the
        bot asks for it at every card, and :meth:`_do_pay` carries it over to the next card)."""
        best = self._best_kept(seat)
        return None if best is None else list(best)

    def _best_kept(self, seat: int) -> tuple[int, ...] | None:
        """:meth:`_best` as the memo keeps it."""
        found, best = self._recall(seat)
        if not found:
            due = self.last_bid[seat]
            assert due is not None
            worked = best_completion(self.hands[seat], self.paying, self.daughter, due)
            best = None if worked is None else tuple(worked)
            self._remember(seat, best)
        return best

    def first_suggested(self, seat: int) -> int | None:
        """The first card of :meth:`suggestion` (None: no suggestion, or an empty one)."""
        if self.phase != "pay" or not self.payers or self.payers[0] != seat:  # :meth:`payer`
            return None
        best = self._best_kept(seat)
        return best[0] if best else None

    def _recall(self, seat: int) -> tuple[bool, tuple[int, ...] | None]:
        """(whether it is remembered, the best completion) of the payment of ``seat``, the payer.
        The memo names the very lists it was worked out from: while they are this state's and
        of the same lengths they hold the same cards (a hand only loses cards in a round and a
        payment only gains them; determinizing fills the lists of a clone, which the memo never
        names), so no content is compared; a clone's memo names no list but keeps their content
        (:meth:`_copied_memo`), which is compared."""
        memo = self._best_memo
        if memo is None:
            return False, None
        hand, paying = self.hands[seat], self.paying
        if memo[2] != (seat, self.daughter, self.last_bid[seat], len(hand), len(paying)):
            return False, None
        if memo[0] is hand and memo[1] is paying:
            return True, memo[4]
        if memo[3] is not None and memo[3] == (tuple(hand), tuple(paying)):
            return True, memo[4]
        return False, None

    def _remember(self, seat: int, best: tuple[int, ...] | None) -> None:
        """Remember ``best`` as the best completion of the payment of ``seat`` as it stands."""
        hand, paying = self.hands[seat], self.paying
        facts = (seat, self.daughter, self.last_bid[seat], len(hand), len(paying))
        self._best_memo = (hand, paying, facts, None, best)

    def _copied_memo(self) -> _Memo | None:
        """The memo as a copy keeps it: by the content of the lists it names (a copy's lists are
        its own), while they are as it found them (of the same lengths); else none."""
        memo = self._best_memo
        if memo is None or memo[0] is None or memo[1] is None:
            return memo
        hand, paying, facts = memo[0], memo[1], memo[2]
        if (len(hand), len(paying)) != facts[3:]:
            return None
        return None, None, facts, (tuple(hand), tuple(paying)), memo[4]

    def is_over(self) -> bool:
        """True once a player has two victory points."""
        return self.phase == "over"

    def explain_illegal(self, seat: int, action: str) -> Text:
        """A sentence saying why ``action`` is refused."""
        try:
            act = Action.parse(action)
        except BadNotation as exc:
            return exc.text
        if self.phase == "pay" and act.kind != "pay":
            return t(
                "The auction is over: now the bidders pay their bids with cards.",
                "競りは終わりました。いまは入札者がカードで支払う番です。",
            )
        if self.phase == "bid" and act.kind == "pay":
            return t(
                "Payments come after the auction; now bid or withdraw.",
                "支払いは競りのあとです。いまは入札するか手を引いてください。",
            )
        if act.kind == "pass":
            return t(
                "The start player must open the auction with a bid.",
                "競りの最初の手番プレイヤーは必ず入札しなければなりません。",
            )
        if act.kind == "bid":
            return self._explain_bid(act.value)
        return self._explain_pay(seat, act.value)

    def _explain_bid(self, amount: int) -> Text:
        if amount <= self.bid:
            return t(
                f"You must bid more than the current bid of {self.bid}.",
                f"現在の入札価格{self.bid}より高く入札しなければなりません。",
            )
        return t(
            f"No bid can exceed {self.cap}, the value of all cards in all hands.",
            f"全員の手札の合計価値{self.cap}を超える入札はできません。",
        )

    def _explain_pay(self, seat: int, card: int) -> Text:
        if card not in self.hands[seat]:
            return t(
                f"You hold no card of number {card}.",
                f"{card}のカードを持っていません。",
            )
        return t(
            "That card would make the payment more than needed: a payment must lose its "
            "cover if any card is taken out of it.",
            "そのカードを出すと払いすぎになります。支払いは、どの1枚を抜いても足りなくなる"
            "組み合わせでなければなりません。",
        )

    def step_words(self, seat: int, action: str) -> Text | None:
        """One card put into a payment that it does not complete (it writes no line yet)."""
        act = Action.parse(action)
        if act.kind != "pay":
            return None
        gold = card_value(act.value, self.daughter)
        return t(
            f"{{0}} puts the {act.value} ({gold} gold) into the payment of {self.bid_due()}.",
            f"{{0}}は{self.bid_due()}の支払いに{act.value}（{gold}金）を出します。",
        )

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: str) -> None:
        if self.undealt:  # :meth:`_settle`, in line
            self._deal()
        act = _PARSED.get(action) or Action.parse(action)
        kind = act.kind
        if kind == "pay":
            self._do_pay(seat, act.value)
        elif kind == "bid":
            self._do_bid(seat, act.value)
        else:
            self._do_pass(seat)

    def _start_auction(self, daughter: int, start: int) -> None:
        n = self.players
        self.phase = "bid"
        self.daughter = daughter
        self.start = start
        self.status = [
            "in" if not self.eliminated[s] and self.hands[s] else "out" for s in range(n)
        ]
        self.last_bid = [None] * n
        self.bid = 0
        self.bidder = None
        self.turn = start
        self.cap = sum([len(hand) + hand.count(daughter) for hand in self.hands])  # their value
        self.payers = []
        self.paying = []
        self.payments = []
        if not self.quiet:
            self.say(
                f"Daughter {daughter} is auctioned; {daughter}s are worth 2 gold. {{0}} opens.",
                f"娘{daughter}の競りです。{daughter}のカードは2金です。{{0}}から入札します。",
                [start],
            )

    def _do_bid(self, seat: int, amount: int) -> None:
        self.last_bid[seat] = amount
        self.bid = amount
        self.bidder = seat
        if not self.quiet:
            self.say(f"{{0}} bids {amount}.", f"{{0}}が{amount}を入札しました。", [seat])
        self._next_bidder(seat)

    def _do_pass(self, seat: int) -> None:
        self.status[seat] = "withdrawn"
        if not self.quiet:
            self.say("{0} withdraws.", "{0}は降りました。", [seat])
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        """Hand the turn clockwise to the next player still in; withdraw automatically a player
        who cannot bid higher (the cap); close the auction when only the top bidder is left."""
        while True:
            nxt = self._still_in_after(seat)
            if nxt is None:
                self._close_auction()
                return
            seat = nxt
            if self.bid < self.cap:
                self.turn = seat
                return
            self.status[seat] = "withdrawn"
            self.say(
                "{0} cannot bid higher and withdraws.",
                "{0}はこれ以上入札できないので降りました。",
                [seat],
            )

    def _still_in_after(self, seat: int) -> int | None:
        """The first player clockwise after ``seat`` still in the auction, other than the top
        bidder; None if there is none."""
        status, bidder = self.status, self.bidder
        for other in _CLOCKWISE_AFTER[self.players][seat]:
            if status[other] == "in" and other != bidder:
                return other
        return None

    def _close_auction(self) -> None:
        winner = self.bidder
        assert winner is not None
        k = self.daughter
        self.buyers[k - NUMBERS[0]] = winner
        self.prices[k - NUMBERS[0]] = self.bid
        self.last_buyer = winner
        if not self.quiet:
            self.say(
                f"{{0}} buys daughter {k} for {self.bid}.",
                f"{{0}}が娘{k}を{self.bid}で落札しました。",
                [winner],
                moment="auction",
                moment_for=self._bidders(),
            )
        n = self.players
        bids = self.last_bid
        self.payers = [s for s in _CLOCKWISE_FROM[n][winner] if bids[s] is not None]
        self.phase = "pay"
        self.paying = []
        self._advance_payments()

    def _advance_payments(self) -> None:
        """Settle payers in turn (the winner first, then clockwise): eliminate one who cannot
        pay, complete a payment with only one minimal way, stop at a real choice."""
        while self.payers:
            seat = self.payers[0]
            due = self.last_bid[seat]
            assert due is not None
            if not self.paying and self.value(seat) < due:
                self._eliminate(seat, due)
                continue
            if completions_capped(self.hands[seat], self.paying, self.daughter, due) >= 2:
                return
            rest = self._best_kept(seat)
            assert rest is not None
            for c in rest:
                self.hands[seat].remove(c)
                self.paying.append(c)
            self._finish_payment(seat, due)
        self._next_auction()

    def _do_pay(self, seat: int, card: int) -> None:
        """Put ``card`` into the payment. Paying a card of the best completion leaves the rest of
        it the best completion of what is left: the completions of the payment with ``card``
        are those with ``card`` of the payment without it, less that card, and taking a card
        out of each keeps their order (weight and count fall alike, and the numbers of two
        payments of one size part where they did)."""
        found, best = self._recall(seat)
        paying = self.paying
        self.hands[seat].remove(card)
        paying.append(card)
        if found and best is not None and card in best:
            if best[0] == card:  # (the bot pays the lowest first)
                self._remember(seat, best[1:])
            else:
                rest = list(best)
                rest.remove(card)
                self._remember(seat, tuple(rest))
        due = self.last_bid[seat]
        assert due is not None
        if len(paying) + paying.count(self.daughter) >= due:  # :func:`cards_value`
            self._finish_payment(seat, due)
        self._advance_payments()

    def _finish_payment(self, seat: int, due: int) -> None:
        cards = sorted(self.paying)
        self.bank = sorted(self.bank + cards)
        self.payments.append({"seat": seat, "bid": due, "cards": cards, "eliminated": False})
        if not self.quiet:
            en, ja = cards_text(cards)
            self.say(
                f"{{0}} pays {due} with {en}.",
                f"{{0}}は{due}を{ja}で支払いました。",
                [seat],
                moment="auction",
                moment_for=self._bidders(),
            )
        self.paying = []
        self.payers.pop(0)

    def _eliminate(self, seat: int, due: int) -> None:
        """H9 and the elimination rule: the hand is shown and goes to the bank."""
        cards = list(self.hands[seat])
        self.hands[seat] = []
        self.bank = sorted(self.bank + cards)
        self.eliminated[seat] = True
        self.status[seat] = "out"
        self.payments.append({"seat": seat, "bid": due, "cards": cards, "eliminated": True})
        if not self.quiet:
            en, ja = cards_text(cards)
            self.say(
                f"{{0}} cannot pay {due} (hand: {en}) and is eliminated for this round.",
                f"{{0}}は{due}を払えず（手札：{ja}）、このラウンドは脱落です。",
                [seat],
                moment="auction",
                moment_for=self._bidders(),
            )
        self.payers.pop(0)

    def moment_open(self) -> bool:
        """The payments of an auction are its moment's end."""
        return self.phase == "pay"

    def _bidders(self) -> list[int]:
        """The seats that bid in the auction being closed: its result is a moment that matters
        to them (the table holds it on screen)."""
        return [s for s in range(self.players) if self.last_bid[s] is not None]

    def _next_auction(self) -> None:
        """Record the closed auction and open the next one, or end the round (after 13, or H7
        when nobody left in the round holds a card)."""
        self.auctions.append(
            {
                "daughter": self.daughter,
                "winner": self.bidder,
                "price": self.bid,
                "bids": list(self.last_bid),
                "payments": self.payments,
            }
        )
        self.payments = []
        winner = self.bidder
        assert winner is not None
        start = self.next_start(winner)
        if self.daughter == NUMBERS[-1]:
            self._end_round()
        elif start is None:
            self.say(
                "Nobody still in the round holds a card: the other daughters are not sold.",
                "脱落していないプレイヤーの誰も手札を持っていないため、残りの娘は売られません。",
            )
            self._end_round()
        else:
            self._start_auction(self.daughter + 1, start)

    def next_start(self, winner: int) -> int | None:
        """The winner, or else the nearest player clockwise from him who holds cards and is not
        eliminated; None if there is none."""
        hands, eliminated = self.hands, self.eliminated
        for s in _CLOCKWISE_FROM[self.players][winner]:
            if hands[s] and not eliminated[s]:
                return s
        return None

    # --- round end and scoring --------------------------------------------------------------
    def _end_round(self) -> None:
        n = self.players
        totals = [self.total(s) for s in range(n)]
        alive = [s for s in range(n) if not self.eliminated[s]]
        best = max((totals[s] for s in alive), default=None)
        top = [s for s in alive if totals[s] == best]
        winner = top[0] if len(top) == 1 else None
        reason = "highest" if winner is not None else ("tie" if top else "all_eliminated")
        if winner is not None:
            self.points[winner] += 1
            nxt = winner
        else:
            nxt = self.last_buyer if self.last_buyer is not None else self.round_start
        text = self._round_text(reason, best)
        self.summaries.append(self._summary(totals, top, winner, reason, text, nxt))
        if not self.quiet:
            self._log_round(totals, winner, text)
        if winner is not None and self.points[winner] >= TARGET:
            self.phase = "over"
            self.payers = []
            self.say(
                "{0} has 2 victory points and wins the game.",
                "{0}が2勝点に達し、ゲームに勝利しました。",
                [winner],
            )
            return
        self.round_start = nxt
        self._start_round()

    def _round_text(self, reason: str, best: int | None) -> Text:
        if reason == "highest":
            return t(
                f"{{0}} has the single highest total ({best}) and gets 1 point.",
                f"{{0}}が単独最高の{best}点で1勝点を得ました。",
            )
        if reason == "tie":
            return t(
                f"The highest total ({best}) is shared: nobody gets the point.",
                f"最高の{best}点が複数いるため、誰も勝点を得ません。",
            )
        return t(
            "Everyone was eliminated: nobody gets the point.",
            "全員が脱落したため、誰も勝点を得ません。",
        )

    def _summary(
        self,
        totals: list[int],
        top: list[int],
        winner: int | None,
        reason: str,
        text: Text,
        nxt: int,
    ) -> JSONDict:
        owned = [self.daughters_of(s) for s in range(self.players)]
        seats = [
            {
                "daughters": owned[s],
                "daughter_points": sum(owned[s]),
                "cards": len(self.hands[s]),
                "bonus": hand_bonus(len(self.hands[s])),
                "total": totals[s],
                "eliminated": self.eliminated[s],
                "points": self.points[s],
            }
            for s in range(self.players)
        ]
        return {
            "round": self.round,
            "seats": seats,
            "top": top,
            "winner": winner,
            "reason": reason,
            "text": dict(text),
            "next_start": nxt,
        }

    def _log_round(self, totals: list[int], winner: int | None, text: Text) -> None:
        for s in range(self.players):
            d = sum(self.daughters_of(s))
            b = hand_bonus(len(self.hands[s]))
            out_en = " (eliminated)" if self.eliminated[s] else ""
            out_ja = "（脱落）" if self.eliminated[s] else ""
            self.say(
                f"{{0}}: daughters {d} + hand bonus {b} = {totals[s]}{out_en}.",
                f"{{0}}：娘{d}+手札ボーナス{b}={totals[s]}{out_ja}",
                [s],
            )
        self.say(text["en"], text["ja"], [winner] if winner is not None else [])

    def result(self) -> Result:
        """Victory points; the winner is the player who reached 2."""
        scores = list(self.points)
        winners = [s for s in range(self.players) if scores[s] >= TARGET]
        if not winners:  # only while running (e.g. a UI asking early): leaders so far
            winners = [s for s in range(self.players) if scores[s] == max(scores)]
        breakdown = [
            {
                "points": self.points[s],
                "rounds_won": [r["round"] for r in self.summaries if r["winner"] == s],
                "totals": [r["seats"][s]["total"] for r in self.summaries],
            }
            for s in range(self.players)
        ]
        return Result(scores, breakdown, winners, "none")

    # --- information ------------------------------------------------------------------------
    def _daughter_view(self) -> list[JSONDict]:
        out = []
        for i, k in enumerate(NUMBERS):
            if self.buyers[i] is not None:
                status = "sold"
            elif self.phase == "bid" and k == self.daughter:
                status = "auction"
            elif self.phase == "over" or k < self.daughter:
                status = "unsold"
            else:
                status = "waiting"
            entry: JSONDict = {"number": k, "buyer": self.buyers[i], "price": self.prices[i]}
            entry["status"] = status
            out.append(entry)
        return out

    def _auction_view(self) -> JSONDict | None:
        if self.phase != "bid":
            return None
        return {
            "daughter": self.daughter,
            "start": self.start,
            "bid": self.bid,
            "bidder": self.bidder,
            "cap": self.cap,
            "turn": self.turn,
            "open": self.bid == 0,
        }

    def _payment_view(self, seat: int | None) -> JSONDict | None:
        payer = self.payer()
        if payer is None:
            return None
        data: JSONDict = {
            "daughter": self.daughter,
            "payer": payer,
            "bid": self.bid_due(),
            "cards": sorted(self.paying),
            "value": cards_value(self.paying, self.daughter),
            "queue": list(self.payers[1:]),
            "done": list(self.payments),  # settled entries are never changed
        }
        if seat == payer:
            data["suggestion"] = self.suggestion(seat)
        return data

    def _hand_groups(self, seat: int | None) -> list[JSONDict] | None:
        if seat is None:
            return None
        counts = Counter(self.hands[seat])
        live = self.phase in ("bid", "pay")
        return [
            {
                "number": n,
                "count": counts[n],
                "gold": card_value(n, self.daughter) if live else GOLD_PLAIN,
            }
            for n in sorted(counts)
        ]

    def _sits_out(self, seat: int | None) -> JSONDict | None:
        """Why ``seat`` sits out the remaining auctions of the round (eliminated, or no cards
        left: H2, H9), in words for its own view; None while it takes part."""
        if seat is None or self.phase not in ("bid", "pay") or seat in self.payers:
            return None
        if self.eliminated[seat]:
            return dict(
                t(
                    "You are eliminated for this round: you sit out its remaining auctions and "
                    "cannot win its point. The daughters you bought stay yours.",
                    "あなたはこのラウンド脱落しました。残りの競りには参加できず、このラウンドの"
                    "勝点も得られません。買った娘はあなたのものです。",
                )
            )
        if self.hands[seat]:
            return None
        return dict(
            t(
                "You have no cards left: you sit out the remaining auctions of this round (no "
                "bid, nothing to pay). Your daughters still count for the round's point.",
                "手札がなくなったので、このラウンドの残りの競りには参加しません（入札も支払いも"
                "ありません）。買った娘はラウンドの得点に数えます。",
            )
        )

    def _seat_view(self, s: int) -> JSONDict:
        in_auction = self.phase == "bid"
        return {
            "hand_size": len(self.hands[s]),
            "daughters": self.daughters_of(s),
            "daughter_points": sum(self.daughters_of(s)),
            "bonus": hand_bonus(len(self.hands[s])),
            "total": self.total(s),
            "points": self.points[s],
            "eliminated": self.eliminated[s],
            "status": self.status[s] if in_auction else None,
            "last_bid": self.last_bid[s] if self.phase != "over" else None,
        }

    def _view(self, seat: int | None) -> JSONDict:
        self._settle()
        return {
            "phase": self.phase,
            "round": self.round,
            "target": TARGET,
            "bonus_cards": BONUS_CARDS,
            "gold": {"plain": GOLD_PLAIN, "daughter": GOLD_DAUGHTER},
            "round_start": self.round_start,
            "last_buyer": self.last_buyer,
            "daughter": self.daughter if self.phase != "over" else None,
            "daughters": self._daughter_view(),
            "auction": self._auction_view(),
            "payment": self._payment_view(seat),
            "auctions": list(self.auctions),  # closed records are never changed
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_value": self.value(seat) if seat is not None else None,
            "hand_groups": self._hand_groups(seat),
            "sits_out": self._sits_out(seat),
            "seats": [self._seat_view(s) for s in range(self.players)],
            "bank": list(self.bank),
            "aside_count": len(self.aside),
            "summaries": list(self.summaries),
        }

    def undo_allowed(self, seat: int, action: str) -> bool:
        """A bid, a withdrawal or one card of a payment can be taken back: bids are public and a
        paid card is shown as it is paid, so nothing hidden comes out. An action that eliminates
        someone (his hand goes to the bank) or ends the round (a new deal: chance) or the game is
        final."""
        after = self.after_without_chance(seat, action)
        if not isinstance(after, HitokaiState):
            return False
        same = (after.round, after.eliminated) == (self.round, self.eliminated)
        return same and not after.is_over()

    def secret_pending(self) -> bool:
        """Nothing a player does is hidden: bids, withdrawals and payments are all public."""
        return False

    def determinize(self, seat: int, rng: Rng) -> HitokaiState:
        """Resample the other hands and the cards left out of the deal (one sorted pool dealt
        back into slots of the same sizes), forget private log lines and redraw the future.
        A seat asked to pay (not ``seat``) gets a hand that can pay his bid: a few redraws,
        then cards of the auctioned number are swapped in."""
        self._settle()
        s = self.clone()
        slots = [s.hands[o] for o in range(s.players) if o != seat] + [s.aside]
        payer = s.payer()
        for _ in range(RESAMPLE_TRIES):
            reshuffle(slots, rng)
            if payer is None or payer == seat or s._payer_can_choose(payer):
                break
        else:
            s._repair_payer(payer, slots)
        for hand in slots:
            hand.sort()
        s.scrub_log(seat)
        s.rng = Rng(rng.next_u32(), rng.next_u32())
        return s

    def lazy_world(self, seat: int, rng: Rng) -> GameState:
        """:meth:`determinize` deferred (:mod:`pygames.core.lazy`): a quiet clone whose other
        hands and cards left out are :class:`Unseen` (their sizes are public; any other use
        resamples them) and whose stream is resampled when read. The bot reads only its own
        hand, the sizes and public facts, and never draws, so it mostly resamples nothing."""
        if not can_defer(rng):
            return self.quiet_world(seat, rng)
        self._settle()
        world = self.quiet_clone()
        assert isinstance(world, HitokaiState)
        hands: list[list[int]] = world.hands
        for o in range(world.players):
            if o != seat:
                hands[o] = cast(list[int], Unseen(world, len(hands[o]), _hand_finder(o)))
        world.aside = cast(list[int], Unseen(world, len(world.aside), _aside))
        return defer(self, seat, rng, world, ("rng",))

    def scrub_log(self, seat: int) -> None:
        """Nothing: every line of this game's log is public (bids, withdrawals and payments are
        all public, and :meth:`say` is never given a private wording), so a seat may read the
        whole log, which :meth:`clone` copied already."""

    def _payer_can_choose(self, payer: int) -> bool:
        return completions_capped(self.hands[payer], self.paying, self.daughter, self.bid_due()) > 1

    def _repair_payer(self, payer: int | None, slots: list[list[int]]) -> None:
        """Give the payer the number of cards of the auctioned number closest to what was drawn
        with which his payment can still be completed (the true hand shows one exists), by
        swapping cards with the other slots."""
        if payer is None:
            return
        hand, k, due = self.hands[payer], self.daughter, self.bid_due()
        others = [o for o in slots if o is not hand]
        size, drawn = len(hand), hand.count(k)
        pool_k = drawn + sum(o.count(k) for o in others)
        pool_plain = size - drawn + sum(len(o) - o.count(k) for o in others)
        feasible = [
            d
            for d in range(min(size, pool_k) + 1)
            if size - d <= pool_plain
            and can_complete([k] * d + [0] * (size - d), self.paying, k, due)
        ]
        if not feasible:
            return
        target = min(feasible, key=lambda d: (abs(d - drawn), d))
        for other in others:
            while hand.count(k) < target and k in other:
                give = next(c for c in hand if c != k)
                _swap(hand, give, other, k)
            while hand.count(k) > target and any(c != k for c in other):
                take = next(c for c in other if c != k)
                _swap(hand, k, other, take)

    # --- (de)serialisation ------------------------------------------------------------------
    _FIELDS = (
        "round",
        "round_start",
        "phase",
        "daughter",
        "hands",
        "aside",
        "bank",
        "buyers",
        "prices",
        "eliminated",
        "points",
        "last_buyer",
        "start",
        "status",
        "last_bid",
        "bid",
        "bidder",
        "turn",
        "cap",
        "payers",
        "paying",
        "payments",
        "auctions",
        "summaries",
    )

    def to_json(self) -> JSONDict:
        """The whole state (a round begun is dealt first: see :meth:`_start_round`)."""
        self._settle()
        return super().to_json()

    def clone(self) -> HitokaiState:
        """An independent copy. Log entries, closed auctions and summaries are never changed once
        written, so the copy shares them."""
        s = HitokaiState.__new__(HitokaiState)
        s.__dict__.update(self.__dict__)
        s.log = [] if self.quiet else list(self.log)
        s.rng = self.rng.copy()
        s.hands = [list(h) for h in self.hands]
        s.aside = list(self.aside)
        s.bank = list(self.bank)
        s.buyers = list(self.buyers)
        s.prices = list(self.prices)
        s.eliminated = list(self.eliminated)
        s.points = list(self.points)
        s.status = list(self.status)
        s.last_bid = list(self.last_bid)
        s.payers = list(self.payers)
        s.paying = list(self.paying)
        s.payments = list(self.payments)
        s.auctions = list(self.auctions)
        s.summaries = list(self.summaries)
        s._best_memo = self._copied_memo()
        return s

    def deck_count(self) -> Counter[int]:
        """Every card wherever it lies: hands, the payment being made, the bank, left out."""
        self._settle()
        c: Counter[int] = Counter(self.aside)
        for hand in self.hands:
            c.update(hand)
        c.update(self.paying)
        c.update(self.bank)
        return c

    def invariant_errors(self) -> list[str]:
        """The 85 cards are all somewhere (k cards of number k); hands are sorted; each sold
        daughter has one buyer; eliminated players hold nothing; points are within bounds."""
        self._settle()
        errors = []
        count = self.deck_count()
        if count != Counter(DECK):
            errors.append(f"cards not conserved: {dict(sorted(count.items()))}")
        if any(h != sorted(h) for h in self.hands):
            errors.append("a hand is not sorted")
        if any(self.eliminated[s] and self.hands[s] for s in range(self.players)):
            errors.append("an eliminated player holds cards")
        if sum(self.points) > len(self.summaries) or max(self.points) > TARGET:
            errors.append(f"victory points out of bounds: {self.points}")
        if self.phase != "over" and self.bid > self.cap:
            errors.append("a bid above the cap")
        return errors


def _swap(a: list[int], card_a: int, b: list[int], card_b: int) -> None:
    """Exchange ``card_a`` of ``a`` with ``card_b`` of ``b``."""
    a.remove(card_a)
    b.remove(card_b)
    a.append(card_b)
    b.append(card_a)


def _hand_finder(seat: int) -> Callable[[HitokaiState], list[int]]:
    """The hand of ``seat`` in a world (for :class:`Unseen`)."""
    return lambda world: world.hands[seat]


def _aside(world: HitokaiState) -> list[int]:
    """The cards left out in a world (for :class:`Unseen`)."""
    return world.aside
