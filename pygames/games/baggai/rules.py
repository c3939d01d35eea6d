"""BAG-GAI: the rules engine (working rules: ``baggai.md``, rulings B10-B16).

Five rounds. Each round a pile of bag cards is laid on the shop window (spots ``1..N`` between two
bank spots); in turn order every player chooses a range of the window, then all secretly choose a
price per spot; in processing order (price, then the narrower range, then the earlier chooser)
each buys his range from left to right. Parties after rounds 2 and 5 score who holds the most of
each brand.

Cards (codes): ``R3`` ``B2`` ``G1`` (brand and number), ``S`` (show-off spending), ``FR`` ``FB``
``FG`` (regular customer: free, a 1 of its brand), ``URB`` ``UBG`` ``UGR`` (unknown brand, not yet
fixed) which become ``URB=R`` and so on once fixed. Money is counted in units of 10,000 yen.

Notation (one regular expression, :data:`NOTATION`; ``str(Action.parse(a)) == a``):
``r2-5`` choose spots 2 to 5, ``rL-3`` Bank L to spot 3, ``r6-R`` spot 6 to Bank R, ``r4`` or
``rR`` a single spot; ``p3`` price 3 per spot; ``fL`` / ``fR`` the free card takes the left /
right neighbour; ``uRB=R`` fix an unknown red/blue card as red.

Options: ``start`` (first start player, None: random), ``open_money`` (B15, default false).

Readings where no ruling answers (pinned in ``tests/test_baggai_rules.py``): a choice with a
single outcome is applied by the engine (price 0 when the money is below the range size, a free
card with nothing on either side, unknown cards whose every resolving order ends alike); the free
card acts after its price is paid; a tie at the end goes to whoever alone leads the most brands
among the tied, and is shared by all still level; nothing is cleaned up after round 5. So a free
card's left neighbour may be the buyer's own payment: B16 lets it take that back like any money,
and the log says so in plain words.

View fields (``view(seat)`` adds them to the common ones):

- ``phase`` (``range``, ``price``, ``buy``, ``over``), ``round``, ``rounds``, ``start`` (start
  player), ``choosers`` (this round's turn order), ``chooser`` (who chooses a range now),
  ``open_money``.
- ``window``: one entry per spot from Bank L to Bank R: ``index``, ``label`` (``L``, ``1``...,
  ``R``), ``bank``, ``bag`` (None or a card: ``code``, ``kind`` bag/free/showoff/unknown,
  ``brand``, ``brands`` of an unknown card, ``value``, ``number``) and ``money``.
- ``piles_left`` (sizes of the face-down piles), ``removed`` (unsold bags out of the game).
- ``seats``, per seat: ``range`` (``[lo, hi]`` spot indices), ``range_text``, ``range_size``,
  ``price_status`` (``waiting`` / ``entered``; None while ranges are chosen), ``price`` (own,
  or everyone's after the reveal), ``price_forced`` (only 0 is possible, while prices are
  chosen), ``money`` (own;
  others' only with ``open_money``), ``bags``, ``brands`` (totals), ``vp`` (``showoff``,
  ``parties``, ``money``, ``total``).
- ``forced`` (the seats this round whose price is 0 because their money is below their range's
  size: the log says so; also in each ``history`` entry), ``revealed``, ``processing`` (seats
  in processing order after the reveal), ``buyer``, ``cursor`` (the next spot of the buyer),
  ``steps`` (this round's purchase steps: ``seat``, ``spot``, ``bag``, ``took``, ``paid``,
  ``via`` buy/money/leave/free; empty once over, the last round's are in ``history``).
- ``majority``: per brand the placed seats (``seat``, ``total``, ``place``, ``points`` at the
  next party); ``parties`` (each party held: ``round``, ``table``, per brand ``totals`` and
  ``points``, and ``points`` per seat); ``history`` (ranges, prices, processing and steps of
  earlier rounds); ``final`` (money points, once over).
- ``pending``: None, ``{kind: "free", seat, spot, sides}`` or ``{kind: "unknown", seat, cards,
  totals, options}``.
- ``brands`` (``R``, ``B``, ``G``); ``cards`` (every card code that can appear, with the fields
  of a ``window`` card that are not None: the page looks codes up there); ``party``
  (``rounds`` with a party, ``now``: this round ends with one, ``next``: ``{round, table}`` of
  the next party or None once over); ``figures`` (``showoff_per``, ``showoff_max``,
  ``money_per_point``) for the rule help.

Moves as data for the page (:mod:`pygames.games.baggai.page`): ranges are the choice ``range``,
prices, a free card's side and unknown-brand fixes are discrete moves.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import filterfalse
from typing import Any

from pygames.core.errors import BadNotation, RecordError
from pygames.core.lazy import can_defer, defer_moved, materialize
from pygames.core.protocol import GameState, JSONDict, Result, Tie
from pygames.core.rng import Rng
from pygames.core.text import Text, agree, plural, t
from pygames.core.util import copy_json, name_slots

BRANDS = ("R", "B", "G")
BRAND_NAMES = {"R": ("red", "赤"), "B": ("blue", "青"), "G": ("green", "緑")}
UNKNOWN_PAIRS = ("RB", "BG", "GR")
SHOWOFF = "S"
SHOWOFF_MAX = 4
SHOWOFF_PER = 2  # a show-off bag gives its price // SHOWOFF_PER points, at most SHOWOFF_MAX
ROUNDS = 5
SPOTS = {4: 8, 5: 9}
LEFT_BANK_UPTO = 4  # clean-up: money on spots 1..4 goes to Bank L, the rest to Bank R
PARTIES = {2: (2, 1), 5: (6, 3)}
THREES = frozenset(f"{b}3" for b in BRANDS)  # one in each of piles 3-5, face down
START_MONEY = 20
MONEY_PER_POINT = 8

NOTATION = re.compile(
    r"^(?:r([LR1-9])(?:-([LR1-9]))?|p(0|[1-9][0-9]{0,3})|f([LR])|u(RB|BG|GR)=([RBG]))$"
)


@dataclass(frozen=True)
class Action:
    """A parsed action: ``kind`` is ``r`` (range), ``p`` (price), ``f`` (free side) or ``u``
    (unknown brand); ``a`` and ``b`` hold its parts as written."""

    kind: str
    a: str
    b: str = ""

    def __str__(self) -> str:
        if self.kind == "r":
            return f"r{self.a}-{self.b}" if self.b else f"r{self.a}"
        if self.kind == "u":
            return f"u{self.a}={self.b}"
        return f"{self.kind}{self.a}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation; :class:`BadNotation` if it is not BAG-GAI's notation.

        >>> str(Action.parse("rL-3")), Action.parse("p12").a
        ('rL-3', '12')
        """
        known = _PARSED.get(text)
        if known is not None:
            return known
        m = NOTATION.match(text)
        if not m:
            raise BadNotation(
                t(
                    f"{text!r} is not an action of BAG-GAI (try r2-5, p3, fL or uRB=R).",
                    f"「{text}」はBAG-GAIの手ではありません（例：r2-5、p3、fL、uRB=R）。",
                )
            )
        lo, hi, price, side, pair, brand = m.groups()
        if lo is not None:
            act = cls("r", lo, hi or "")
        elif price is not None:
            act = cls("p", price)
        elif side is not None:
            act = cls("f", side)
        else:
            act = cls("u", pair, brand)
        _PARSED[text] = act
        return act


#: notation already parsed (an action depends only on its text)
_PARSED: dict[str, Action] = {}


# --- the notation of spots, ranges and prices -----------------------------------------------------
def spot_label(spot: int, spots: int) -> str:
    """``L`` (spot 0), ``1``..``spots`` or ``R`` (spot ``spots + 1``)."""
    if spot == 0:
        return "L"
    return "R" if spot == spots + 1 else str(spot)


def range_notation(lo: int, hi: int, spots: int) -> str:
    """The notation of the range ``lo..hi`` in a shop window of ``spots`` spots."""
    if lo == hi:
        return f"r{spot_label(lo, spots)}"
    return f"r{spot_label(lo, spots)}-{spot_label(hi, spots)}"


@cache
def range_actions(spots: int) -> tuple[str, ...]:
    """Every range of a shop window of ``spots`` spots (banks included), sorted: the legal
    actions of the range phase, the same on every turn, so written once."""
    last = spots + 1
    ranges = [(lo, hi) for lo in range(last + 1) for hi in range(lo, last + 1)]
    return tuple(sorted(range_notation(lo, hi, spots) for lo, hi in ranges))


@cache
def price_actions(top: int) -> tuple[str, ...]:
    """The prices ``p0``..``p<top>``, sorted as text (the price phase's legal actions)."""
    return tuple(sorted(f"p{p}" for p in range(top + 1)))


# --- cards --------------------------------------------------------------------------------------
def deck_for(players: int) -> list[str]:
    """The sorted bag cards used with ``players`` players (40 or 45)."""
    twos, ones = (3, 6) if players == 4 else (4, 7)
    cards: list[str] = []
    for b in BRANDS:
        cards += [f"{b}3"] + [f"{b}2"] * twos + [f"{b}1"] * ones
    if players == 4:
        cards += [SHOWOFF] * 4 + [f"F{b}" for b in BRANDS] + [f"U{p}" for p in UNKNOWN_PAIRS]
    else:
        cards += [SHOWOFF] * 3 + [f"U{p}" for p in UNKNOWN_PAIRS for _ in range(2)]
    return sorted(cards)


def base_code(card: str) -> str:
    """The card as printed (a fixed unknown card loses its ``=X``)."""
    return card.split("=", 1)[0]


def card_brand(card: str) -> str | None:
    """The brand a card counts for (None: show-off, or an unknown card not yet fixed)."""
    if card[0] in BRANDS:
        return card[0]
    if card[0] == "F":
        return card[1]
    if card[0] == "U" and "=" in card:
        return card[-1]
    return None


def card_value(card: str) -> int:
    """What a card adds to its brand's total (B11)."""
    if card[0] in BRANDS:
        return int(card[1])
    return 1 if card_brand(card) else 0


def card_kind(card: str) -> str:
    """``bag``, ``free``, ``showoff`` or ``unknown``."""
    return {"F": "free", "S": "showoff", "U": "unknown"}.get(card[0], "bag")


def is_unfixed(card: str) -> bool:
    """An unknown-brand card whose brand is not yet fixed."""
    return card[0] == "U" and "=" not in card


@cache
def card_text(card: str) -> tuple[str, str]:
    """The card's name in English and Japanese (the same words every time: kept)."""
    kind = card_kind(card)
    if kind == "bag":
        en, ja = BRAND_NAMES[card[0]]
        return f"{en} {card[1]}", f"{ja}{card[1]}"
    if kind == "free":
        en, ja = BRAND_NAMES[card[1]]
        return f"{en} Regular customer", f"{ja}のお得意様"
    if kind == "showoff":
        return "show-off spending", "散財自慢"
    (en1, ja1), (en2, ja2) = BRAND_NAMES[card[1]], BRAND_NAMES[card[2]]
    if "=" in card:
        en, ja = BRAND_NAMES[card[-1]]
        return f"unknown brand {en1}/{en2} (now {en})", f"ブランド不明{ja1}/{ja2}（{ja}）"
    return f"unknown brand {en1}/{en2}", f"ブランド不明{ja1}/{ja2}"


def card_view(card: str) -> JSONDict:
    """A card as the page draws it."""
    kind = card_kind(card)
    return {
        "code": card,
        "kind": kind,
        "brand": card_brand(card),
        "brands": [card[1], card[2]] if kind == "unknown" else None,
        "value": card_value(card),
        "number": int(card[1]) if kind == "bag" else None,
    }


@cache
def card_legend(players: int) -> dict[str, JSONDict]:
    """Every card code that can appear in a view of a game of ``players`` (fixed unknown cards
    included) with the fields of :func:`card_view` that are not None, ``code`` left out (it is
    the key): the page looks codes up here and never reads them."""
    codes = set(deck_for(players)) | {f"U{p}={b}" for p in UNKNOWN_PAIRS for b in p}
    return {
        code: {k: v for k, v in card_view(code).items() if v is not None and k != "code"}
        for code in sorted(codes)
    }


#: every card code that can appear (fixed unknown cards included): its brand and value, as
#: :func:`card_brand` and :func:`card_value` give them (looked up where they are counted often)
CARD_INFO: dict[str, tuple[str | None, int]] = {
    code: (card_brand(code), card_value(code))
    for code in sorted(
        {*deck_for(4), *deck_for(5)} | {f"U{p}={b}" for p in UNKNOWN_PAIRS for b in p}
    )
}


def brand_totals(bags: list[str]) -> dict[str, int]:
    """Per brand, the sum of the values of ``bags``."""
    totals = dict.fromkeys(BRANDS, 0)
    for card in bags:
        brand, value = CARD_INFO[card]
        if brand:
            totals[brand] += value
    return totals


def unknown_options(bags: list[str]) -> list[str]:
    """The legal ``u..=..`` actions for a holder of ``bags`` (B12): for each kind of unfixed
    card, the brand in which he holds less, or either on a tie."""
    totals = brand_totals(bags)
    acts: set[str] = set()
    for card in bags:
        if is_unfixed(card):
            x, y = card[1], card[2]
            if totals[x] <= totals[y]:
                acts.add(f"u{x}{y}={x}")
            if totals[y] <= totals[x]:
                acts.add(f"u{x}{y}={y}")
    return sorted(acts)


def fix_unknown(bags: list[str], action: str) -> None:
    """Apply ``uXY=Z`` to ``bags`` in place."""
    act = Action.parse(action)
    bags[bags.index(f"U{act.a}")] = f"U{act.a}={act.b}"


def unknown_outcomes(bags: list[str]) -> set[tuple[str, ...]]:
    """Every final set of fixed cards reachable by resolving the unfixed cards in any order."""
    memo: dict[tuple[str, ...], set[tuple[str, ...]]] = {}

    def walk(current: list[str]) -> set[tuple[str, ...]]:
        key = tuple(sorted(current))
        if key not in memo:
            options = unknown_options(current)
            if not options:
                memo[key] = {key}
            else:
                found: set[tuple[str, ...]] = set()
                for act in options:
                    nxt = list(current)
                    fix_unknown(nxt, act)
                    found |= walk(nxt)
                memo[key] = found
        return memo[key]

    return walk(bags)


def party_points(totals: list[int], table: tuple[int, ...]) -> list[int]:
    """Points of one brand at a party (B10): totals of 0 do not place; tied players share the
    points of the places they occupy, each share rounded up."""
    points = [0] * len(totals)
    place = 0
    for value in sorted({v for v in totals if v > 0}, reverse=True):
        group = [s for s, v in enumerate(totals) if v == value]
        share = sum(table[place : place + len(group)])
        for s in group:
            points[s] = math.ceil(share / len(group))
        place += len(group)
    return points


@cache
def shuffle_bounds(sizes: tuple[int, ...]) -> list[int]:
    """The bounds of the draws of :meth:`BagGaiState.determinize`'s shuffles, piles of
    ``sizes`` left (one 3 in each of piles 3-5 still face down): the 3s, the other cards,
    then each pile. (A list: the callers only read it.)"""
    threes = sum(1 for size in sizes[2:] if size)
    bounds = list(range(threes, 1, -1))
    bounds += range(sum(sizes) - threes, 1, -1)
    for size in sizes:
        bounds += range(size, 1, -1)
    return bounds


def _yen(n: int) -> tuple[str, str]:
    return f"¥{n}", f"{n}万円"


# --- the log's words (the same words for the same facts: kept) ------------------------------
@cache
def spot_words(spot: int, spots: int) -> tuple[str, str]:
    """A spot's name in English and Japanese, in a window of ``spots`` spots."""
    if spot == 0:
        return "Bank L", "左の銀行"
    if spot == spots + 1:
        return "Bank R", "右の銀行"
    return f"spot {spot}", f"{spot}番"


@cache
def range_words(lo: int, hi: int, spots: int) -> tuple[str, str]:
    """The log line of a range chosen, ``{0}`` standing for the chooser."""
    (le, lj), (he, hj) = spot_words(lo, spots), spot_words(hi, spots)
    if lo == hi:
        return f"{{0}} chooses {le}.", f"{{0}}は{lj}を指定しました。"
    return (
        f"{{0}} chooses {le} to {he} ({hi - lo + 1} spots).",
        f"{{0}}は{lj}〜{hj}（{hi - lo + 1}か所）を指定しました。",
    )


@cache
def offer_words(price: int) -> tuple[str, str]:
    """The chooser's own wording of a price chosen (the others read that one was)."""
    en, ja = _yen(price)
    return f"{{0}} offers {en} per spot.", f"{{0}}は1か所あたり{ja}を握りました。"


@cache
def buy_words(
    spot: int, spots: int, bag: str | None, took: int, price: int, via: str
) -> tuple[str, str] | None:
    """The log line of one step of buying (``leave``: ``bag`` stays), ``{0}`` standing for
    the buyer; None for a step that says nothing (an empty spot, nothing taken or paid)."""
    se, sj = spot_words(spot, spots)
    if bag is not None:
        ce, cj = card_text(bag)
        if via == "leave":
            return (
                f"{{0}} offers 0 and leaves the {ce} on {se}.",
                f"{{0}}は0万円なので{sj}の{cj}を買えません。",
            )
        return (
            f"{{0}} buys the {ce} on {se} for ¥{price}.",
            f"{{0}}は{sj}の{cj}を{price}万円で買いました。",
        )
    if took:
        return (
            f"{{0}} takes ¥{took} from {se} and puts ¥{price} there.",
            f"{{0}}は{sj}の{took}万円を取り、{price}万円を置きました。",
        )
    if price:
        return (
            f"{{0}} puts ¥{price} on the empty {se}.",
            f"{{0}}は空の{sj}に{price}万円を置きました。",
        )
    return None


class BagGaiState(GameState):
    """A game of BAG-GAI for 4 or 5 players."""

    game_id = "baggai"
    #: in a world whose determinization is deferred in round 1, the cards it gives pile 2
    #: (:meth:`lazy_world`), in no particular order
    next_cards: list[str] | None = None
    #: a world that shares the lists of the state it was made from (:meth:`shallow_world`)
    shared = False

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.rng = Rng(0, 0)
        self.spots = SPOTS.get(players, 8)
        self.open_money = False
        self.piles: list[list[str]] = [[] for _ in range(ROUNDS)]
        self.bags: list[str | None] = [None] * (self.spots + 2)
        self.money: list[int] = [0] * (self.spots + 2)
        self.removed: list[str] = []
        self.round = 1
        self.start = 0
        self.phase = "range"
        self.choosers: list[int] = []
        self.range_pos = 0
        self.ranges: list[list[int] | None] = [None] * players
        self.prices: list[int | None] = [None] * players
        #: seats whose price this round is 0 because their money is below their range's size
        self.forced: list[int] = []
        self.revealed = False
        self.processing: list[int] = []
        self.order_pos = 0
        self.cursor = 0
        self.pending_free: int | None = None
        self.purse: list[int] = [START_MONEY] * players
        self.money_total = START_MONEY * players
        self.owned: list[list[str]] = [[] for _ in range(players)]
        self.vp_showoff: list[int] = [0] * players
        self.parties: list[JSONDict] = []
        self.money_points: list[int] | None = None
        self.steps: list[JSONDict] = []
        self.history: list[JSONDict] = []

    # --- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> BagGaiState:
        """Deal the five piles (a 3 in each of piles 3-5), choose the first start player
        (``options['start']``, random by default) and hand out 20 money (21 for the 3rd seat in
        turn order, and the 4th with 5 players). ``options['open_money']`` shows all money."""
        if players not in SPOTS:
            raise ValueError("BAG-GAI is for 4 or 5 players")
        options = options or {}
        s = cls(players)
        s.rng = Rng.from_seed(seed)
        s.open_money = _flag(options.get("open_money", False))
        s._deal()
        start = options.get("start")
        if start is None:
            s.start = s.rng.below(players)
        elif isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players:
            s.start = start
        else:
            raise RecordError(
                t(
                    "The first start player must be one of the seats.",
                    "最初のスタートプレイヤーは席のどれかでなければなりません。",
                )
            )
        extra = [2, 3] if players == 5 else [2]
        for k in extra:
            s.purse[(s.start + k) % players] += 1
        s.money_total = sum(s.purse)
        s.say(
            "{0} is the first start player; "
            + ", ".join(f"{{{i + 1}}}" for i in range(len(extra)))
            + f" {agree(len(extra), 'starts', 'start')} with ¥21, the others with ¥20.",
            "{0}が最初のスタートプレイヤーです。"
            + "、".join(f"{{{i + 1}}}" for i in range(len(extra)))
            + "は21万円、他は20万円で始めます。",
            [s.start] + [(s.start + k) % players for k in extra],
        )
        s._start_round()
        return s

    def _deal(self) -> None:
        n = self.spots
        threes = [c for c in deck_for(self.players) if c in THREES]
        rest = [c for c in deck_for(self.players) if c not in threes]
        self.rng.shuffle(rest)
        sizes = [n, n, n - 1, n - 1, n - 1]
        at = 0
        for r, size in enumerate(sizes):
            self.piles[r] = rest[at : at + size]
            at += size
        self.rng.shuffle(threes)
        for r in range(2, ROUNDS):
            self.piles[r].append(threes[r - 2])
            self.rng.shuffle(self.piles[r])

    def _start_round(self) -> None:
        n = self.players
        pile = self.piles[self.round - 1]
        for i, card in enumerate(pile):
            self.bags[i + 1] = card
        self.piles[self.round - 1] = []
        self.phase = "range"
        self.choosers = [(self.start + k) % n for k in range(n)]
        self.range_pos = 0
        self.ranges = [None] * n
        self.prices = [None] * n
        self.forced = []
        self.revealed = False
        self.processing = []
        self.order_pos = 0
        self.cursor = 0
        self.pending_free = None
        self.steps = []
        if not self.quiet:
            self.say(
                f"Round {self.round}: the shop window is stocked; {{0}} starts.",
                f"第{self.round}ラウンド：ショーウィンドウにバッグが並びました。{{0}}から始めます。",
                [self.start],
            )

    # --- small queries ----------------------------------------------------------------------
    def label(self, spot: int) -> str:
        """``L``, ``1``..``N`` or ``R``."""
        return spot_label(spot, self.spots)

    def index(self, label: str) -> int:
        """The spot index of a label (``L`` = 0, ``R`` = N+1); -1 if there is no such spot."""
        if label == "L":
            return 0
        if label == "R":
            return self.spots + 1
        return int(label) if 1 <= int(label) <= self.spots else -1

    def spot_text(self, spot: int) -> tuple[str, str]:
        """A spot's name in English and Japanese."""
        return spot_words(spot, self.spots)

    def range_text(self, lo: int, hi: int) -> str:
        """The notation of a range."""
        return range_notation(lo, hi, self.spots)

    def range_size(self, seat: int) -> int:
        """Number of spots in ``seat``'s range (0 before it is chosen)."""
        rng = self.ranges[seat]
        return 0 if rng is None else rng[1] - rng[0] + 1

    def max_price(self, seat: int) -> int:
        """The highest price ``seat`` may offer: price x range size <= money."""
        return self.price_cap(seat, self.range_size(seat))

    def price_cap(self, seat: int, size: int) -> int:
        """The highest price ``seat`` could offer over a range of ``size`` spots with the money
        it holds now (0 for no range)."""
        return self.purse[seat] // size if size else 0

    def totals(self, seat: int) -> dict[str, int]:
        """Brand totals of ``seat``."""
        return brand_totals(self.owned[seat])

    def buyer(self) -> int | None:
        """The seat buying now (buy phase)."""
        if self.phase == "buy" and self.order_pos < len(self.processing):
            return self.processing[self.order_pos]
        return None

    def processing_key(self, seat: int) -> tuple[int, int, int]:
        """Sort key of the processing order: higher price, narrower range, earlier chooser."""
        return (-(self.prices[seat] or 0), self.range_size(seat), self.choosers.index(seat))

    def party_table(self) -> tuple[int, ...]:
        """The points of the next party (or the last one, once over)."""
        return PARTIES[2] if self.round <= 2 else PARTIES[5]

    def vp(self, seat: int) -> JSONDict:
        """Victory points of ``seat`` by source."""
        parties = [int(p["points"][seat]) for p in self.parties]
        money = self.money_points[seat] if self.money_points is not None else 0
        total = self.vp_showoff[seat] + sum(parties) + money
        return {
            "showoff": self.vp_showoff[seat],
            "parties": parties,
            "money": money,
            "total": total,
        }

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        """Seats that must act now."""
        if self.phase == "range":
            return [self.choosers[self.range_pos]]
        if self.phase == "price":
            waiting = []
            for s, p in enumerate(self.prices):
                if p is None:
                    waiting.append(s)
            return waiting
        buyer = self.buyer()
        return [buyer] if buyer is not None else []

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of what ``seat`` may do now."""
        if seat not in self.to_move():
            return []
        if self.phase == "range":
            return list(range_actions(self.spots))
        if self.phase == "price":
            return list(price_actions(self.max_price(seat)))
        if self.pending_free is not None:
            return ["fL", "fR"]
        return sorted(unknown_options(self.owned[seat]))

    def price_options(self, seat: int) -> list[tuple[str, int]]:
        """``(notation, price)`` of every price ``seat`` may offer now, cheapest first."""
        if seat not in self.to_move() or self.phase != "price":
            return []
        return [(str(Action("p", str(p))), p) for p in range(self.max_price(seat) + 1)]

    def unknown_fixes(self, seat: int) -> list[tuple[str, str, str]]:
        """``(notation, card, brand)`` of every unknown-brand fix ``seat`` may make now."""
        if seat not in self.to_move() or self.phase != "buy" or self.pending_free is not None:
            return []
        out = []
        for a in unknown_options(self.owned[seat]):
            act = Action.parse(a)
            out.append((a, f"U{act.a}", act.b))
        return out

    def is_over(self) -> bool:
        """True after round 5's party and the money points."""
        return self.phase == "over"

    def explain_illegal(self, seat: int, action: str) -> Text:
        """A sentence saying why ``action`` is refused."""
        try:
            act = Action.parse(action)
        except BadNotation as exc:
            return exc.text
        if act.kind == "r":
            return self._explain_range(act)
        if act.kind == "p":
            return self._explain_price(seat)
        if act.kind == "f":
            return t(
                "No Regular customer is waiting for you to choose a side.",
                "お得意様の効果で左右を選ぶ場面ではありません。",
            )
        return self._explain_unknown(seat, act)

    def _explain_range(self, act: Action) -> Text:
        if self.phase != "range":
            return t(
                "Ranges are chosen at the start of a round, in turn order.",
                "範囲はラウンドの最初に手番順に指定します。",
            )
        lo, hi = self.index(act.a), self.index(act.b or act.a)
        if lo < 0 or hi < 0:
            return t(
                f"The window has spots L, 1 to {self.spots} and R only.",
                f"ショーウィンドウはL、1〜{self.spots}、Rだけです。",
            )
        if lo > hi:
            return t(
                "Write the left end of the range first.",
                "範囲は左端から書いてください。",
            )
        return t(
            f"Write a single spot as r{act.a}.",
            f"1か所だけならr{act.a}と書いてください。",
        )

    def _explain_price(self, seat: int) -> Text:
        if self.phase != "price":
            return t(
                "Prices are entered only after every range is chosen.",
                "金額は全員が範囲を指定してから決めます。",
            )
        size, money, top = self.range_size(seat), self.purse[seat], self.max_price(seat)
        return t(
            f"Price x {size} spots must not exceed your ¥{money}: offer at most {top}.",
            f"金額×{size}か所が所持金{money}万円を超えてはいけません。最大{top}です。",
        )

    def _explain_unknown(self, seat: int, act: Action) -> Text:
        if self.pending_free is not None or f"U{act.a}" not in self.owned[seat]:
            return t(
                "You have no unknown-brand card of these brands to fix now.",
                "今決定するそのブランド不明のバッグはありません。",
            )
        totals = self.totals(seat)
        x, y = act.a[0], act.a[1]
        ex, jx = BRAND_NAMES[x]
        ey, jy = BRAND_NAMES[y]
        return t(
            f"It becomes the brand you hold less of ({ex} {totals[x]}, {ey} {totals[y]}).",
            f"合計値が低い方のブランドになります（{jx}{totals[x]}、{jy}{totals[y]}）。",
        )

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: str) -> None:
        if self.shared:  # a lazy world played on: determinized first, so it owns its lists
            materialize(self)
            assert not self.shared, "a shallow world that was not deferred"
        act = Action.parse(action)
        if act.kind == "r":
            self._do_range(seat, self.index(act.a), self.index(act.b or act.a))
        elif act.kind == "p":
            self._do_price(seat, int(act.a))
        elif act.kind == "f":
            self._do_free(seat, act.a)
        else:
            self._do_unknown(seat, action)

    def _do_range(self, seat: int, lo: int, hi: int) -> None:
        self.ranges[seat] = [lo, hi]
        if not self.quiet:
            self._say_range(seat, lo, hi)
        self.range_pos += 1
        if self.range_pos == self.players:
            self._open_prices()

    def _say_range(self, seat: int, lo: int, hi: int) -> None:
        en, ja = range_words(lo, hi, self.spots)
        self.say(en, ja, [seat])

    def _open_prices(self) -> None:
        self.phase = "price"
        for s in range(self.players):
            if self.max_price(s) == 0:
                self.prices[s] = 0
                self.forced.append(s)
                self.say(
                    "{0} can only offer 0 (not enough money for more).",
                    "{0}は所持金が足りないため0しか握れません。",
                    [s],
                )
        if None not in self.prices:
            self._reveal()

    def _do_price(self, seat: int, price: int) -> None:
        self.prices[seat] = price
        if not self.quiet:
            self.say(
                "{0} has chosen a price.",
                "{0}が金額を握りました。",
                [seat],
                {seat: t(*offer_words(price))},
            )
        if None not in self.prices:
            self._reveal()

    def _reveal(self) -> None:
        self.revealed = True
        self.processing = sorted(range(self.players), key=self.processing_key)
        seats = self.processing
        if not self.quiet:
            prices = [self.prices[s] or 0 for s in seats]
            self.say(
                "Prices revealed, in processing order: "
                + ", ".join(f"{{{i}}} ¥{p}" for i, p in enumerate(prices))
                + ".",
                "金額公開（処理順）："
                + "、".join(f"{{{i}}} {p}万円" for i, p in enumerate(prices)),
                seats,
                moment="shopping",
            )
        self.phase = "buy"
        self.order_pos = 0
        self.cursor = self._range(seats[0])[0]
        self._advance_buy()

    def moment_open(self) -> bool:
        """A choice during the shopping (a Regular customer, an unknown brand) is part of it."""
        return self.phase == "buy"

    def _range(self, seat: int) -> list[int]:
        rng = self.ranges[seat]
        assert rng is not None
        return rng

    def _advance_buy(self) -> None:
        """Run the buying step until a player must choose (a free card's side, the order or
        brand of unknown cards) or the round's buying is over."""
        while self.order_pos < len(self.processing):
            seat = self.processing[self.order_pos]
            if self.pending_free is not None:
                if self._free_needs_choice():
                    return
                self._free_nothing(seat)
                continue
            hi = self._range(seat)[1]
            if self.cursor <= hi:
                self._buy_spot(seat, self.cursor)
                self.cursor += 1
                continue
            if not self._settle_unknowns(seat):
                return
            self.order_pos += 1
            if self.order_pos < len(self.processing):
                self.cursor = self._range(self.processing[self.order_pos])[0]
        self._end_buying()

    def _step(self, seat: int, spot: int, bag: str | None, took: int, paid: int, via: str) -> None:
        self.steps.append(
            {"seat": seat, "spot": spot, "bag": bag, "took": took, "paid": paid, "via": via}
        )

    def _buy_spot(self, seat: int, spot: int) -> None:
        price = self.prices[seat] or 0
        bag = self.bags[spot]
        if bag is not None and price == 0:
            self._say_buy(seat, spot, bag, 0, 0, "leave")
            self._step(seat, spot, None, 0, 0, "leave")
            return
        took = self.money[spot]
        self.money[spot] = price
        self.purse[seat] += took - price
        if bag is None:
            self._step(seat, spot, None, took, price, "money")
            self._say_buy(seat, spot, None, took, price, "money")
            return
        self.bags[spot] = None
        self.owned[seat].append(bag)
        self._step(seat, spot, bag, took, price, "buy")
        self._say_buy(seat, spot, bag, took, price, "buy")
        self._bag_effect(seat, spot, bag, price)

    def _say_buy(
        self, seat: int, spot: int, bag: str | None, took: int, price: int, via: str
    ) -> None:
        """The log line of one step of buying (``leave``: ``bag`` stays; none in a quiet
        world, where nobody reads the log)."""
        if self.quiet:
            return
        words = buy_words(spot, self.spots, bag, took, price, via)
        if words is not None:
            self.say(words[0], words[1], [seat], moment="shopping")

    def _bag_effect(self, seat: int, spot: int, bag: str, price: int | None) -> None:
        """Show-off points (``price`` None: taken through a free card, 0 points) and the free
        card's neighbour choice."""
        kind = card_kind(bag)
        if kind == "showoff":
            points = min(price // SHOWOFF_PER, SHOWOFF_MAX) if price is not None else 0
            self.vp_showoff[seat] += points
            self.say(
                f"{{0}} shows off: {points} VP.",
                f"{{0}}の散財自慢：{points}勝利点。",
                [seat],
            )
        elif kind == "free":
            self.pending_free = spot

    def _free_needs_choice(self) -> bool:
        spot = self.pending_free
        assert spot is not None
        return any(self.bags[j] is not None or self.money[j] for j in (spot - 1, spot + 1))

    def _free_nothing(self, seat: int) -> None:
        self.pending_free = None
        self.say(
            "{0}'s Regular customer finds nothing on either side.",
            "{0}のお得意様：左右どちらにも何もありません。",
            [seat],
        )

    def _do_free(self, seat: int, side: str) -> None:
        spot = self.pending_free
        assert spot is not None
        target = spot - 1 if side == "L" else spot + 1
        bag, took = self.bags[target], self.money[target]
        self.bags[target] = None
        self.money[target] = 0
        self.purse[seat] += took
        self.pending_free = None
        own = bag is None and self._own_payment(seat, target, took)
        self._step(seat, target, bag, took, 0, "free")
        if own:
            self._say_own_payment(seat, target, took)
        else:
            self._say_free_take(seat, target, bag, took)
        if bag is not None:
            self.owned[seat].append(bag)
            self._bag_effect(seat, target, bag, None)
        self._advance_buy()

    def _own_payment(self, seat: int, spot: int, took: int) -> bool:
        """True if the ``took`` money on ``spot`` is what ``seat`` paid there himself this round
        (B16): the last step that left money on the spot is his."""
        if took == 0:
            return False
        for step in reversed(self.steps):
            if step["spot"] == spot and step["via"] != "leave":
                return bool(step["seat"] == seat and step["paid"] == took)
        return False

    def _say_own_payment(self, seat: int, spot: int, took: int) -> None:
        """B16: the log says plainly that a free card gives a player back his own payment."""
        se, sj = self.spot_text(spot)
        self.say(
            f"{{0}}'s Regular customer takes back the ¥{took} {{0}} just paid on {se}.",
            f"{{0}}のお得意様：{{0}}は自分が{sj}に払ったばかりの{took}万円を取り戻しました。",
            [seat],
            moment="shopping",
        )

    def _say_free_take(self, seat: int, spot: int, bag: str | None, took: int) -> None:
        se, sj = self.spot_text(spot)
        parts_en, parts_ja = [], []
        if bag is not None:
            ce, cj = card_text(bag)
            parts_en.append(f"the {ce}")
            parts_ja.append(cj)
        if took or bag is None:
            parts_en.append(f"¥{took}")
            parts_ja.append(f"{took}万円")
        self.say(
            f"{{0}}'s Regular customer takes {' and '.join(parts_en)} from {se}.",
            f"{{0}}のお得意様：{sj}の{'と'.join(parts_ja)}を無料で取りました。",
            [seat],
            moment="shopping",
        )

    def _settle_unknowns(self, seat: int) -> bool:
        """Fix what has only one outcome; False while the player must choose."""
        while True:
            options = unknown_options(self.owned[seat])
            if not options:
                return True
            if len(unknown_outcomes(self.owned[seat])) > 1:
                return False
            self._fix(seat, options[0])

    def _do_unknown(self, seat: int, action: str) -> None:
        self._fix(seat, action)
        self._advance_buy()

    def _fix(self, seat: int, action: str) -> None:
        fix_unknown(self.owned[seat], action)
        if self.quiet:
            return
        act = Action.parse(action)
        ce, cj = card_text(f"U{act.a}")
        be, bj = BRAND_NAMES[act.b]
        self.say(
            f"{{0}}'s {ce} becomes {be}.",
            f"{{0}}の{cj}は{bj}に決まりました。",
            [seat],
            moment="shopping",
        )

    # --- end of a round ---------------------------------------------------------------------
    def _end_buying(self) -> None:
        self.history.append(
            {
                "round": self.round,
                "start": self.start,
                "ranges": [list(self._range(s)) for s in range(self.players)],
                "prices": [self.prices[s] or 0 for s in range(self.players)],
                "forced": list(self.forced),
                "processing": list(self.processing),
                "steps": list(self.steps),
            }
        )
        if self.round in PARTIES:
            self._party()
        if self.round == ROUNDS:
            self._finish()
            return
        self._clean_up()
        self.round += 1
        self._start_round()

    def _party(self) -> None:
        table = PARTIES[self.round]
        brands: JSONDict = {}
        points = [0] * self.players
        for b in BRANDS:
            totals = [self.totals(s)[b] for s in range(self.players)]
            got = party_points(totals, table)
            brands[b] = {"totals": totals, "points": got}
            points = [p + g for p, g in zip(points, got, strict=True)]
            if self.quiet:
                continue
            placed = [s for s in sorted(range(self.players), key=lambda s: -totals[s]) if got[s]]
            en, ja = BRAND_NAMES[b]
            if placed:
                self.say(
                    f"Party, {en}: "
                    + ", ".join(f"{{{i}}} {totals[s]} → {got[s]} VP" for i, s in enumerate(placed))
                    + ".",
                    f"パーティー（{ja}）："
                    + "、".join(
                        f"{{{i}}} {totals[s]}→{got[s]}勝利点" for i, s in enumerate(placed)
                    ),
                    placed,
                    moment="party",
                )
            else:
                self.say(
                    f"Party, {en}: nobody owns any.",
                    f"パーティー（{ja}）：誰も持っていません。",
                    moment="party",
                )
        self.parties.append(
            {"round": self.round, "table": list(table), "brands": brands, "points": points}
        )

    def _clean_up(self) -> None:
        left = [b for b in self.bags if b is not None]
        self.removed.extend(left)
        self.bags = [None] * (self.spots + 2)
        last = self.spots + 1
        to_left = sum(self.money[1 : LEFT_BANK_UPTO + 1])
        to_right = sum(self.money[LEFT_BANK_UPTO + 1 : last])
        self.money = [self.money[0] + to_left] + [0] * self.spots + [self.money[last] + to_right]
        self.start = self.processing[0]
        if self.quiet:
            return
        self.say(
            f"Clean-up: {plural(len(left), 'unsold bag leaves', 'unsold bags leave')} the game; "
            f"Bank L holds ¥{self.money[0]}, "
            f"Bank R ¥{self.money[last]}. {{0}} was processed first and starts next.",
            f"片付け：売れ残りのバッグ{len(left)}枚を除外。左の銀行は{self.money[0]}万円、"
            f"右の銀行は{self.money[last]}万円。最初に処理した{{0}}が次のスタートプレイヤーです。",
            [self.start],
            moment="round",
        )

    def _finish(self) -> None:
        self.money_points = [m // MONEY_PER_POINT for m in self.purse]
        self.phase = "over"
        if self.quiet:
            return
        for s in range(self.players):
            self.say(
                f"{{0}}: ¥{self.purse[s]} → {self.money_points[s]} VP.",
                f"{{0}}：{self.purse[s]}万円→{self.money_points[s]}勝利点。",
                [s],
            )
        res = self.result()
        self.say(
            f"Game over. Winner: {name_slots(res.winners, ', ')}.",
            f"ゲーム終了。勝者：{name_slots(res.winners, '、')}",
            res.winners,
        )

    # --- scoring ----------------------------------------------------------------------------
    def breakdown(self, seat: int) -> JSONDict:
        """Victory points by source, brand totals and money of ``seat``."""
        vp = self.vp(seat)
        return {
            "showoff": vp["showoff"],
            "parties": vp["parties"],
            "money": self.purse[seat],
            "money_points": vp["money"],
            "brands": self.totals(seat),
            "total": vp["total"],
        }

    def result(self) -> Result:
        """Scores, breakdown, winners; a tie goes to who alone leads the most brands among the
        tied players; still tied: a shared win."""
        scores = [int(self.vp(s)["total"]) for s in range(self.players)]
        top = [s for s in range(self.players) if scores[s] == max(scores)]
        tie_break, text = "none", t("", "")
        if len(top) > 1:
            tie = self.tie_break(top)
            top, tie_break, text = tie.first, tie.key, tie.text
            if tie_break == "shared":
                text = t(
                    "Still tied on brands: a shared win.",
                    "ブランドでも決着がつかないため、勝利を分け合います。",
                )
        breakdown = [self.breakdown(s) for s in range(self.players)]
        return Result(scores, breakdown, top, tie_break, text)

    def tie_break(self, seats: list[int]) -> Tie:
        """Among ``seats`` tied on points, those alone best in the most brands (a brand counts
        for the one tied player alone with its highest total)."""
        leads = dict.fromkeys(seats, 0)
        for b in BRANDS:
            best = max(self.totals(s)[b] for s in seats)
            leaders = [s for s in seats if self.totals(s)[b] == best]
            if len(leaders) == 1:
                leads[leaders[0]] += 1
        most = max(leads.values())
        first = [s for s in seats if leads[s] == most]
        if len(first) == 1:
            return Tie(
                first,
                "brands",
                t(
                    "Tie on points, decided by the brands led alone among the tied players.",
                    "同点のため、同点者の中で単独1位のブランド数で決着しました。",
                ),
            )
        return Tie(
            first,
            "shared",
            t(
                "Still tied on the brands led alone.",
                "単独1位のブランド数でも同じです。",
            ),
        )

    # --- information ------------------------------------------------------------------------
    def _price_status(self, owner: int) -> str | None:
        if self.phase == "range":
            return None
        return "entered" if self.prices[owner] is not None else "waiting"

    def _seat_view(self, owner: int, seat: int | None) -> JSONDict:
        rng = self.ranges[owner]
        show_price = self.revealed or owner == seat
        return {
            "range": list(rng) if rng is not None else None,
            "range_text": self.range_text(rng[0], rng[1]) if rng is not None else None,
            "range_size": self.range_size(owner),
            "price_status": self._price_status(owner),
            "price": self.prices[owner] if show_price else None,
            "price_forced": self.phase == "price" and self.max_price(owner) == 0,
            "money": self.purse[owner] if self.open_money or owner == seat else None,
            "bags": sorted(self.owned[owner]),
            "brands": self.totals(owner),
            "vp": self.vp(owner),
        }

    def majority(self) -> JSONDict:
        """Per brand: the placed seats (total > 0) with total, place and the points they would
        get at the next party (the last one, once over)."""
        table = self.party_table()
        out: JSONDict = {}
        for b in BRANDS:
            totals = [self.totals(s)[b] for s in range(self.players)]
            points = party_points(totals, table)
            placed = sorted(
                (s for s in range(self.players) if totals[s] > 0), key=lambda s: -totals[s]
            )
            out[b] = [
                {
                    "seat": s,
                    "total": totals[s],
                    "place": 1 + sum(1 for o in range(self.players) if totals[o] > totals[s]),
                    "points": points[s],
                }
                for s in placed
            ]
        return out

    def _pending_view(self) -> JSONDict | None:
        buyer = self.buyer()
        if buyer is None:
            return None
        if self.pending_free is not None:
            spot = self.pending_free
            return {"kind": "free", "seat": buyer, "spot": spot, "sides": [spot - 1, spot + 1]}
        return {
            "kind": "unknown",
            "seat": buyer,
            "cards": sorted(c for c in self.owned[buyer] if is_unfixed(c)),
            "totals": self.totals(buyer),
            "options": unknown_options(self.owned[buyer]),
        }

    def _view(self, seat: int | None) -> JSONDict:
        last = self.spots + 1
        window = [
            {
                "index": i,
                "label": self.label(i),
                "bank": i in (0, last),
                "bag": card_view(bag) if (bag := self.bags[i]) is not None else None,
                "money": self.money[i],
            }
            for i in range(last + 1)
        ]
        buying = self.phase == "buy"
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": ROUNDS,
            "start": self.start,
            "choosers": list(self.choosers),
            "chooser": self.choosers[self.range_pos] if self.phase == "range" else None,
            "open_money": self.open_money,
            "window": window,
            "piles_left": [len(p) for p in self.piles[self.round :]],
            "removed": sorted(self.removed),
            "seats": [self._seat_view(s, seat) for s in range(self.players)],
            "revealed": self.revealed,
            "forced": list(self.forced) if self.phase != "range" else [],
            "processing": list(self.processing),
            "buyer": self.buyer(),
            "cursor": self.cursor if buying else None,
            "steps": list(self.steps) if self.phase != "over" else [],
            "majority": self.majority(),
            "pending": self._pending_view(),
            "parties": list(self.parties),
            "history": list(self.history),
            "final": list(self.money_points) if self.money_points is not None else None,
            "brands": list(BRANDS),
            "cards": copy_json(card_legend(self.players)),
            "party": self._party_view(),
            "figures": {
                "showoff_per": SHOWOFF_PER,
                "showoff_max": SHOWOFF_MAX,
                "money_per_point": MONEY_PER_POINT,
            },
        }

    def _party_view(self) -> JSONDict:
        """The rounds with a party, whether this round ends with one and the next party's points
        per place (None once over)."""
        upcoming = [r for r in sorted(PARTIES) if r >= self.round and self.phase != "over"]
        nxt = {"round": upcoming[0], "table": list(PARTIES[upcoming[0]])} if upcoming else None
        return {"rounds": sorted(PARTIES), "now": self.round in PARTIES, "next": nxt}

    def undo_allowed(self, seat: int, action: str) -> bool:
        """A range can be taken back unless it was the last one (the prices open); a secret
        price unless it was the last one missing (the prices are revealed). Choices while
        buying (a free card's side, an unknown brand) move the purchases on: final."""
        kind = Action.parse(action).kind
        if kind == "r":
            return self.range_pos < self.players - 1
        if kind == "p":
            return sum(p is None for p in self.prices) > 1
        return False

    def secret_pending(self) -> bool:
        """True while a price someone chose (not a forced 0) is still hidden."""
        if self.phase != "price":
            return False
        return any(p is not None and self.max_price(s) > 0 for s, p in enumerate(self.prices))

    def determinize(self, seat: int, rng: Rng) -> BagGaiState:
        """Resample what ``seat`` cannot see: the order and content of the face-down piles
        (keeping one 3 in each of piles 3-5, which every player knows) and the prices others
        have chosen but not revealed; scrub the log.

        Money is kept: every change of it is public (starting money, revealed prices, what
        each purchase took and paid), so every seat can work out every purse; the view hides
        others' money only as the table does (B15), not because it is unknowable.
        """
        s = self.clone()
        future = list(filter(None, s.piles))
        cards: list[str] = []
        for p in future:
            cards += p
        threes = sorted(THREES.intersection(cards))  # each 3 is in the deck once
        rest = sorted(filterfalse(THREES.__contains__, cards))
        rng.shuffle(threes)
        rng.shuffle(rest)
        for pile in future:
            k = len(THREES.intersection(pile))
            pile[:] = threes[:k] + rest[: len(pile) - k]
            threes, rest = threes[k:], rest[len(pile) - k :]
            rng.shuffle(pile)
        if s.phase == "price":
            for other in range(s.players):
                if other != seat and s.prices[other] is not None:
                    s.prices[other] = rng.below(s.max_price(other) + 1)
        s.scrub_log(seat)
        s.rng = Rng(rng.next_u32(), rng.next_u32())
        return s

    def resample_draws(self, seat: int) -> list[int]:
        """The bound of every draw ``below(n)`` :meth:`determinize` makes for ``seat``, in
        order (two ``next_u32`` follow, for the world's stream), from public facts alone: the
        sizes of the piles left and how many 3s they hold, whose prices are chosen and their
        purses and ranges."""
        bounds = shuffle_bounds(tuple(map(len, self.piles)))
        if self.phase != "price":
            return bounds
        prices = list(bounds)
        for other in range(self.players):
            if other != seat and self.prices[other] is not None:
                prices.append(self.max_price(other) + 1)
        return prices

    def lazy_world(self, seat: int, rng: Rng) -> GameState:
        """:meth:`determinize` deferred (:mod:`pygames.core.lazy`): ``rng`` moved on at once
        past the determinization's draws (:meth:`resample_draws`, :meth:`Rng.skip`) and a
        quiet clone without what it resamples (the piles and the stream; in the price phase
        the prices), determinized from a copy of ``rng`` as it was only if one of those is
        read. The bot draws, but reads no pile after round 1 (what is left in them is the deck
        less what every seat has seen) and no price of another seat, so it mostly resamples
        nothing. In round 1 it reads which cards pile 2 holds (the supply before the round-2
        party): those draws alone are made (:meth:`_draw_next_pile`), and the world holds
        them as :attr:`next_cards`."""
        if not can_defer(rng):
            return self.quiet_world(seat, rng)
        origin = rng.copy()
        bounds = self.resample_draws(seat)
        drawn = None
        if self.round < 2:
            made = self._draw_next_pile(rng)
            if made is None:
                return self.quiet_world(seat, rng)
            drawn, count = made
            bounds = bounds[count:]
        if not rng.skip(bounds, 2):  # one would be rejected: draw them all
            rng.state = origin.state  # (the round-1 draws made, taken back)
            return self.quiet_world(seat, rng)
        hidden = ("piles", "rng", "prices") if self.phase == "price" else ("piles", "rng")
        world = self.shallow_world()
        if drawn is not None:
            world.next_cards = drawn
        return defer_moved(self, seat, origin, rng, world, hidden)

    def shallow_world(self) -> BagGaiState:
        """A quiet world that shares this state's lists instead of copying them (the start of
        a :meth:`lazy_world`, read by one bot decision): :attr:`shared` until it is
        determinized, which gives it lists of its own. Playing on it determinizes it first
        (:meth:`_apply`), and so does :meth:`clone`, which reads the stream; a bot only reads
        it."""
        world = BagGaiState.__new__(BagGaiState)
        world.__dict__.update(self.__dict__)
        world.quieten()
        world.shared = True
        return world

    def _draw_next_pile(self, rng: Rng) -> tuple[list[str], int] | None:
        """In round 1, the draws of :meth:`determinize` that settle which cards pile 2 gets
        (made from ``rng``): the 3s' shuffle, then the other cards' shuffle down to the
        position of pile 2's last card (pile 2 takes the first cards and holds no 3; the
        shuffle's later steps only reorder those). Returns those cards, in no particular
        order, and how many draws were made; None if pile 2 is not the next pile face down."""
        sizes = tuple(map(len, self.piles))
        if self.round != 1 or sizes[0] or not sizes[1] or not THREES.isdisjoint(self.piles[1]):
            return None
        cards: list[str] = []
        for pile in self.piles:
            cards += pile
        rest = sorted(filterfalse(THREES.__contains__, cards))
        threes = len(cards) - len(rest)
        below = rng.below
        for i in range(threes - 1, 0, -1):
            below(i + 1)
        last, size = len(rest) - 1, sizes[1]
        for i in range(last, size - 1, -1):  # Rng.shuffle's steps i = last .. size
            j = below(i + 1)
            rest[i], rest[j] = rest[j], rest[i]
        return rest[:size], max(threes - 1, 0) + last + 1 - size

    def pile2_cards(self) -> list[str]:
        """The cards of pile 2 (round 1), in no particular order: :attr:`next_cards` where a
        deferred world drew them, else the pile itself."""
        return self.piles[1] if self.next_cards is None else self.next_cards

    # --- (de)serialisation ------------------------------------------------------------------
    _FIELDS = (
        "spots",
        "open_money",
        "piles",
        "bags",
        "money",
        "removed",
        "round",
        "start",
        "phase",
        "choosers",
        "range_pos",
        "ranges",
        "prices",
        "forced",
        "revealed",
        "processing",
        "order_pos",
        "cursor",
        "pending_free",
        "purse",
        "money_total",
        "owned",
        "vp_showoff",
        "parties",
        "money_points",
        "steps",
        "history",
    )

    def clone(self) -> BagGaiState:
        """An independent copy. Log, step, party and history entries are never changed once
        written, so the copy shares them."""
        rng = self.rng.copy()  # first: a deferred world is determinized by this read
        s = BagGaiState.__new__(BagGaiState)
        s.__dict__.update(self.__dict__)
        s.log = [] if self.quiet else list(self.log)
        s.rng = rng
        s.piles = list(map(list, self.piles))
        s.bags = list(self.bags)
        s.money = list(self.money)
        s.removed = list(self.removed)
        s.choosers = list(self.choosers)
        s.ranges = self.ranges[:]
        for i, r in enumerate(s.ranges):
            if r is not None:
                s.ranges[i] = list(r)
        s.prices = list(self.prices)
        s.forced = list(self.forced)
        s.processing = list(self.processing)
        s.purse = list(self.purse)
        s.owned = list(map(list, self.owned))
        s.vp_showoff = list(self.vp_showoff)
        s.parties = list(self.parties)
        s.money_points = None if self.money_points is None else list(self.money_points)
        s.steps = list(self.steps)
        s.history = list(self.history)
        return s

    def card_count(self) -> Counter[str]:
        """Every bag card wherever it lies, as printed (for conservation checks)."""
        c: Counter[str] = Counter()
        for pile in self.piles:
            c.update(pile)
        c.update(b for b in self.bags if b is not None)
        for bags in self.owned:
            c.update(base_code(b) for b in bags)
        c.update(self.removed)
        return c

    def invariant_errors(self) -> list[str]:
        """Bags and money are conserved, nobody's money is negative, banks hold no bag."""
        errors = []
        if self.card_count() != Counter(deck_for(self.players)):
            errors.append(f"bags not conserved: {dict(self.card_count())}")
        if sum(self.purse) + sum(self.money) != self.money_total:
            errors.append(f"money not conserved: {self.purse} + {self.money}")
        if any(m < 0 for m in self.purse) or any(m < 0 for m in self.money):
            errors.append("negative money")
        if self.bags[0] is not None or self.bags[-1] is not None:
            errors.append("a bag on a bank spot")
        return errors


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RecordError(t("open_money must be true or false.", "open_moneyはtrueかfalseです。"))
    return value
