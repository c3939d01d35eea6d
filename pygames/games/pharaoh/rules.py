"""Return of the Pharaoh (ファラオの帰還, 2nd edition): the rules engine.

Five rounds of four auctions. In an auction the seats, from the start player (the Horus chip's
holder when it begins) clockwise, declare (add member cards from hand to the front area and
announce its total) or pass (Horus, Pharaoh or plain). Rulings P1-P6 of the working rules apply.
Decided here where no ruling speaks: a turn whose only legal action is the plain pass is passed by
the engine (logged), and the tents return to the hands after round 5 too (scoring counts hand and
tent alike, so nothing changes).

Cards
-----
Member cards are integers: ``1``-``5`` plain members, ``13``-``17`` the flag members 3-7 (value
``card % 10``, flag when ``card > 10``). Deck cards are strings: treasures ``throne1``, ``jar1``,
``jar2``, ``sword1``-``sword3``, ``ankh1``-``ankh4``, ``gold1``-``gold5`` (kind and items) and the
flag members ``flag3``-``flag7``.

Notation
--------
``d35`` declare, adding a plain 3 and a plain 5 to the front area; ``f5`` is the flag 5 (``d3f5``);
a trailing ``+`` takes the start bonus (``d4+``). Cards are written plain first, then flags, each
ascending (the canonical form the legal list uses). ``horus``, ``pharaoh`` and ``pass`` are the
three passes. Only distinct card multisets are listed as declarations.

View fields
-----------
``phase`` (``auction`` / ``over``), ``round``, ``rounds``, ``auction`` (1-4), ``deck_count``,
``offer`` (the round's 4 cards: ``card``, ``state`` = won / removed / current / waiting,
``winner``), ``current``, ``horus`` (holder), ``start`` (this auction's start player), ``turn``,
``hospital``, ``highest`` (0 = none) and ``leader``, ``horus_pass_available``, ``bonus`` (the
round number while the seat to move may add it, else null), ``removed``, ``result`` (after the
end) and ``seats``: ``hand`` (own, or everyone's after the end; else null), ``hand_count``,
``pharaoh_left``, ``pharaoh_played``, ``front``, ``front_total``, ``declared`` (last declaration
this auction), ``passed`` (null / ``horus`` / ``pharaoh`` / ``pass``), ``tent``, ``treasures``
(kind -> item numbers), ``treasure_score`` (items, kinds, kinds_bonus, total) and ``score`` (the
full breakdown after the end); ``auctions`` (per round, 4), ``scoring`` (``item`` and ``flag``
points, ``kinds_bonus``: ``[{kinds, bonus}]``), ``member_cards`` (card -> ``value``, ``flag``)
and ``deck_cards`` (card -> ``kind``, ``number``, and ``member`` for a flag member), so the page
draws every card and figure without a rule of its own.

Moves as data (:mod:`pygames.games.pharaoh.page`): the passes are discrete moves, a
declaration is the ``declare`` choice composed card by card.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, compress, repeat
from typing import NamedTuple, TypeVar

from pygames.core.errors import BadNotation, RecordError
from pygames.core.protocol import GameState, JSONDict, Result, Tie
from pygames.core.rng import NO_DRAWS, Rng
from pygames.core.text import Text, agree, t
from pygames.core.util import copy_json, name_slots

K = TypeVar("K")
V = TypeVar("V")

ROUNDS = 5
OFFER = 4
FLAG = 10
PLAIN_NUMBERS = (1, 2, 3, 4, 5)
FLAG_NUMBERS = (3, 4, 5, 6, 7)
KINDS = ("throne", "jar", "sword", "ankh", "gold")
KINDS_BONUS = (0, 0, 1, 3, 6, 10)
ITEM_POINTS = 1  # points per treasure item
FLAG_POINTS = 1  # points per flag member kept in hand and tent
PHARAOHS = {2: 3, 3: 2, 4: 2}
PASSES = ("horus", "pharaoh", "pass")
REMOVED = -1

KIND_NAMES: dict[str, tuple[str, str, str, str]] = {
    # kind -> (English singular, English plural, Japanese, Japanese counter)
    "throne": ("throne", "thrones", "玉座", "脚"),
    "jar": ("jar", "jars", "壺", "個"),
    "sword": ("sword", "swords", "剣", "本"),
    "ankh": ("ankh", "ankhs", "アンク", "個"),
    "gold": ("gold coin", "gold coins", "金貨", "枚"),
}

#: every member card: the plain members, then the flag members
MEMBER_CARDS = (*PLAIN_NUMBERS, *(FLAG + n for n in FLAG_NUMBERS))

_NOTATION = re.compile(r"^d((?:[1-5]|f[3-7])+)(\+?)$|^(horus|pharaoh|pass)$")
_TOKEN = re.compile(r"f?[1-7]")


# --- cards ------------------------------------------------------------------------------------
def value(card: int) -> int:
    """The number of members on a member card."""
    return card % FLAG


def is_flag(card: int) -> bool:
    """True for a flag (Carter team) member card."""
    return card > FLAG


def token(card: int) -> str:
    """A member card in notation: ``5`` or ``f5``."""
    return f"f{value(card)}" if is_flag(card) else str(card)


def deck_cards() -> list[str]:
    """The 20 cards of the deck: 15 treasures and 5 flag members, sorted."""
    cards = [f"{kind}{i}" for n, kind in enumerate(KINDS) for i in range(1, n + 2)]
    cards += [f"flag{n}" for n in FLAG_NUMBERS]
    return sorted(cards)


class Table(dict[K, V]):
    """A rule's answers for the game's own cards, worked out once and looked up (``table[key]``,
    or ``map(table.__getitem__, keys)``); any other key is answered by the rule itself."""

    def __init__(self, rule: Callable[[K], V], keys: Iterable[K]) -> None:
        super().__init__((k, rule(k)) for k in keys)
        self.rule = rule

    def __missing__(self, key: K) -> V:
        return self.rule(key)


def _kind_in_name(card: str) -> str:
    return card.rstrip("0123456789")


def _number_in_name(card: str) -> int:
    return int(card[len(_kind_in_name(card)) :])


#: each deck card's kind and number (items, or members for a flag member), from its name
KIND_OF: Table[str, str] = Table(_kind_in_name, deck_cards())
NUMBER_OF: Table[str, int] = Table(_number_in_name, deck_cards())
#: the members on each member card
VALUE_OF: Table[int, int] = Table(value, MEMBER_CARDS)
_value_of = VALUE_OF.__getitem__


def kind_of(card: str) -> str:
    """``jar2`` -> ``jar``; ``flag5`` -> ``flag``."""
    return KIND_OF[card]


def number_of(card: str) -> int:
    """``jar2`` -> 2 (items); ``flag5`` -> 5 (members)."""
    return NUMBER_OF[card]


def member_of(card: str) -> int:
    """The member card a ``flagN`` deck card becomes once won."""
    return FLAG + number_of(card)


def total(cards: Iterable[int]) -> int:
    """The members on some member cards."""
    return sum(map(_value_of, cards))


def flags(cards: Iterable[int]) -> int:
    """How many of some member cards are flag members."""
    return sum(map(is_flag, cards))


@lru_cache(maxsize=64)
def card_text(card: str) -> tuple[str, str]:
    """A deck card in words: ``2 jars`` / ``壺2個``, ``the flag member 5`` / ``旗の隊員5人``."""
    kind, n = kind_of(card), number_of(card)
    if kind == "flag":
        return f"the flag member {n}", f"旗の隊員{n}人"
    one, many, ja, counter = KIND_NAMES[kind]
    return f"{n} {one if n == 1 else many}", f"{ja}{n}{counter}"


def members_text(cards: list[int] | tuple[int, ...]) -> tuple[str, str]:
    """``[3, 5, 16]`` as ``3, 5 and flag 6`` / ``3・5・旗6``."""
    return _members_words(tuple(sorted(cards)))


@lru_cache(maxsize=4096)
def _members_words(cards: tuple[int, ...]) -> tuple[str, str]:
    if not cards:
        return "nothing", "なし"
    words = [f"flag {value(c)}" if is_flag(c) else str(c) for c in cards]
    en = ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]
    return en, "・".join(f"旗{value(c)}" if is_flag(c) else str(c) for c in cards)


#: each member card in notation
TOKEN_OF: Table[int, str] = Table(token, MEMBER_CARDS)


@lru_cache(maxsize=8192)
def _ways(hand: tuple[int, ...], prefix: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Every distinct non-empty multiset of cards from a sorted hand, in notation order, as
    ``prefix`` and its notation, and its member total. The notation writes the cards in the
    hand's order (plain members, then flags: ``f`` sorts after every digit, and no token is
    the start of another), so notation order is the order of the cards' sequences: first the
    ways with the hand's first card (that card alone, then it before each way of the rest of
    the hand), then the ways without it (those of the hand after its last copy)."""
    if not hand:
        return (), ()
    first = hand[0]
    head, members = prefix + TOKEN_OF[first], VALUE_OF[first]
    more, more_totals = _ways(hand[1:], "")
    rest, rest_totals = _ways(hand[hand.count(first) :], prefix)
    return (
        (head, *map(head.__add__, more), *rest),
        (members, *map(members.__add__, more_totals), *rest_totals),
    )


class Declarations(NamedTuple):
    """The declarations from a hand, in notation order."""

    plain: tuple[str, ...]  # without the start bonus (``+`` is added where it is open)
    totals: tuple[int, ...]  # the members each adds
    least: int  # the smallest total (0 for an empty hand)


@lru_cache(maxsize=4096)
def _declarations(hand: tuple[int, ...]) -> Declarations:
    plain, totals = _ways(hand, "d")
    return Declarations(plain, totals, min(map(_value_of, hand), default=0))


#: the passes open to a seat, by (the Horus pass open, a Pharaoh card left), in notation order
_PASSES = {
    (False, False): ("pass",),
    (False, True): ("pass", "pharaoh"),
    (True, False): ("horus", "pass"),
    (True, True): ("horus", "pass", "pharaoh"),
}


def _legal(
    hand: tuple[int, ...], need: int, bonus: bool, horus: bool, pharaoh: bool
) -> tuple[str, ...]:
    """The sorted legal actions of a seat to move: declarations adding more than ``need``
    members, the start bonus variants, and the passes open to it (every declaration sorts
    before the passes). Every ``need`` below the least total a hand can add allows the same
    declarations, and so does every one from the most on: they are looked up as one."""
    passes = _PASSES[horus, pharaoh]
    most = total(hand)  # (the most a hand can add: all of it)
    if need >= most and not bonus:
        return passes
    least = _declarations(hand).least
    need = least - 1 if need < least else min(need, most)
    return _bids(hand, need, bonus) + passes


@lru_cache(maxsize=8192)
def _bids(hand: tuple[int, ...], need: int, bonus: bool) -> tuple[str, ...]:
    """The declarations of :func:`_legal`, in notation order (a body's bonus variant comes
    right after it, ``+`` sorting before every card)."""
    decls = _declarations(hand)
    if not bonus:
        return tuple(compress(decls.plain, map(need.__lt__, decls.totals)))
    if need < decls.least:
        plus = map(str.__add__, decls.plain, repeat("+"))
        return tuple(chain.from_iterable(zip(decls.plain, plus, strict=True)))
    return tuple(
        a
        for d, added in zip(decls.plain, decls.totals, strict=True)
        for a in ((d, d + "+") if added > need else (d + "+",))
    )


#: the scoring rules as the page shows them (the view's ``scoring``)
SCORING: JSONDict = {
    "item": ITEM_POINTS,
    "flag": FLAG_POINTS,
    "kinds_bonus": [{"kinds": k, "bonus": KINDS_BONUS[k]} for k in range(1, len(KINDS) + 1)],
}
#: what each member card shows (the view's ``member_cards``, by card)
MEMBER_LEGEND: JSONDict = {str(c): {"value": value(c), "flag": is_flag(c)} for c in MEMBER_CARDS}
#: what each deck card shows (the view's ``deck_cards``, by card): its kind, its number (items,
#: or members for a flag member) and, for a flag member, the member card it becomes once won
DECK_LEGEND: JSONDict = {
    card: {"kind": kind_of(card), "number": number_of(card)}
    | ({"member": member_of(card)} if kind_of(card) == "flag" else {})
    for card in deck_cards()
}


# --- notation ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """A parsed action: ``declare`` (cards added, bonus taken) or one of the three passes."""

    kind: str
    cards: tuple[int, ...] = ()
    bonus: bool = False

    def __str__(self) -> str:
        if self.kind != "declare":
            return self.kind
        return "d" + "".join(token(c) for c in self.cards) + ("+" if self.bonus else "")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation; :class:`BadNotation` if it is not this game's notation.

        >>> str(Action.parse("df53+"))
        'd3f5+'
        """
        return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Action:
    """:meth:`Action.parse`, remembered (an action depends on its text alone)."""
    m = _NOTATION.match(text)
    if not m:
        raise BadNotation(
            t(
                f"{text!r} is not an action of Return of the Pharaoh.",
                f"「{text}」はファラオの帰還の手ではありません。",
            )
        )
    if m.group(3):
        return Action(m.group(3))
    cards = [
        FLAG + int(tok[1]) if tok.startswith("f") else int(tok)
        for tok in _TOKEN.findall(m.group(1))
    ]
    return Action("declare", tuple(sorted(cards)), m.group(2) == "+")


# --- log lines (remembered: each depends on its arguments alone) -------------------------------
@lru_cache(maxsize=8192)
def _declare_words(cards: tuple[int, ...], amount: int, bonus: int) -> tuple[str, str]:
    """The log line of a declaration adding ``cards`` (``bonus``: the round number added)."""
    en, ja = members_text(cards)
    extra_en = f" (round bonus +{bonus})" if bonus else ""
    extra_ja = f"（ラウンドボーナス+{bonus}）" if bonus else ""
    return (
        f"{{0}} adds {en} and declares {amount}{extra_en}.",
        f"{{0}}が{ja}を出して「{amount}人」と宣言しました{extra_ja}。",
    )


@lru_cache(maxsize=8192)
def _award_words(card: str, front: tuple[int, ...]) -> tuple[str, str]:
    """The log line of ``card`` won with the members ``front``."""
    en, ja = card_text(card)
    men, mja = members_text(front)
    his = f"their {agree(len(front), 'member', 'members')} {men}"
    if kind_of(card) == "flag":
        return (
            f"{{0}} wins {en}; it and {his} go to their tent.",
            f"{{0}}が{ja}を獲得し、手元の隊員{mja}と一緒にテントへ移しました。",
        )
    goes = agree(len(front), "goes", "go")
    return (
        f"{{0}} wins {en}; {his} {goes} to the hospital.",
        f"{{0}}が{ja}を獲得し、手元の隊員{mja}は病院へ送られました。",
    )


# --- the game ---------------------------------------------------------------------------------
class PharaohState(GameState):
    """A game of Return of the Pharaoh for 2 to 4 players."""

    game_id = "pharaoh"
    #: a world whose log nobody reads (a bot's, a search's): no log text is built. The engine's
    #: core sets it on such worlds where it knows them; never set on a state anyone reads.
    quiet: bool = False

    def __init__(self, players: int) -> None:
        super().__init__(players)
        n = players
        self.rng = Rng(0, 0)
        self.deck: list[str] = []
        self.offer: list[str] = []
        self.results: list[int] = []
        self.removed: list[str] = []
        self.round = 1
        self.over = False
        self.horus = 0
        self.start = 0
        self.turn = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pharaohs: list[int] = [PHARAOHS.get(n, 2)] * n
        self.played: list[int] = [0] * n
        self.front: list[list[int]] = [[] for _ in range(n)]
        self.declared: list[int | None] = [None] * n
        self.passed: list[str | None] = [None] * n
        self.highest = 0
        self.leader: int | None = None
        self.tents: list[list[int]] = [[] for _ in range(n)]
        self.hospital: list[int] = []
        self.treasures: list[list[str]] = [[] for _ in range(n)]

    # --- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> PharaohState:
        """Deal the hands, shuffle the deck, choose the first start player (random or
        ``options['start']``) and open round 1."""
        if players not in PHARAOHS:
            raise ValueError("Return of the Pharaoh is for 2 to 4 players")
        options = options or {}
        s = cls(players)
        s.rng = Rng.from_seed(seed)
        s.hands = [list(PLAIN_NUMBERS) for _ in range(players)]
        s.deck = deck_cards()
        s.rng.shuffle(s.deck)
        start = options.get("start")
        if start is None:
            s.horus = s.rng.below(players)
        elif isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players:
            s.horus = start
        else:
            raise RecordError(
                t(
                    "The first start player must be one of the seats.",
                    "最初のスタートプレイヤーは席のどれかでなければなりません。",
                )
            )
        s.say("{0} takes the Horus chip.", "{0}がホルスチップを受け取りました。", [s.horus])
        s._start_round()
        return s

    def _start_round(self) -> None:
        self.offer, self.deck = self.deck[:OFFER], self.deck[OFFER:]
        self.results = []
        if not self.quiet:
            words = [card_text(c) for c in self.offer]
            self.say(
                f"Round {self.round}: the offer is " + ", ".join(w[0] for w in words) + ".",
                f"第{self.round}ラウンド：場札は" + "、".join(w[1] for w in words) + "です。",
            )
        self._start_auction()

    def _start_auction(self) -> None:
        n = self.players
        self.front = [[] for _ in range(n)]
        self.declared = [None] * n
        self.passed = [None] * n
        self.highest = 0
        self.leader = None
        self.start = self.horus
        self.turn = self.start
        if self.quiet:
            return
        en, ja = card_text(self.current)
        k = len(self.results) + 1
        self.say(
            f"Auction {k} of round {self.round}: {en}. {{0}} starts.",
            f"第{self.round}ラウンド{k}回目の競り：{ja}。{{0}}がスタートプレイヤーです。",
            [self.start],
        )

    # --- queries ----------------------------------------------------------------------------
    @property
    def current(self) -> str:
        """The card of the running auction."""
        return self.offer[len(self.results)]

    def pending_offer(self) -> list[str]:
        """Offer cards not yet auctioned (the current one first)."""
        return [] if self.over else self.offer[len(self.results) :]

    def active(self) -> list[int]:
        """Seats that have not passed in this auction."""
        return [s for s in range(self.players) if self.passed[s] is None]

    def horus_open(self) -> bool:
        """Whether the Horus pass is still available in this auction (P3)."""
        return "horus" not in self.passed

    def bonus_open(self, seat: int) -> bool:
        """Whether ``seat`` may add the round number: the start player's opening declaration."""
        return seat == self.start and self.leader is None and self.passed[seat] is None

    def to_move(self) -> list[int]:
        """The seat whose turn it is (none after the end)."""
        return [] if self.over else [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of what ``seat`` may do now."""
        if self.over or seat != self.turn:
            return []
        return list(
            _legal(
                tuple(sorted(self.hands[seat])),
                self.highest - total(self.front[seat]),
                self.bonus_open(seat),
                self.horus_open(),
                self.pharaohs[seat] > 0,
            )
        )

    def only_pass(self, seat: int) -> bool:
        """True when the plain pass is all ``seat`` may do: no Horus pass left in this auction,
        no Pharaoh card, and no declaration that could top the highest one."""
        if self.horus_open() or self.pharaohs[seat] > 0 or self.bonus_open(seat):
            return False
        return total(self.front[seat] + self.hands[seat]) <= self.highest

    def is_over(self) -> bool:
        """True after the 20th auction."""
        return self.over

    def explain_illegal(self, seat: int, action: str) -> Text:
        """A sentence saying why ``action`` is refused."""
        try:
            act = Action.parse(action)
        except BadNotation as exc:
            return exc.text
        if act.kind == "horus":
            return t(
                "Someone has already made the Horus pass in this auction.",
                "この競りではすでに誰かがホルスパスをしています。",
            )
        if act.kind == "pharaoh":
            return t("You have no Pharaoh card left.", "ファラオカードが手札にありません。")
        if act.kind == "declare":
            return self._explain_declare(seat, act)
        return t(f"{action!r} is not possible now.", f"「{action}」は今はできません。")

    def _explain_declare(self, seat: int, act: Action) -> Text:
        missing = Counter(act.cards) - Counter(self.hands[seat])
        if missing:
            en, ja = members_text(list(missing.elements()))
            return t(f"You do not hold {en} in your hand.", f"手札に{ja}の隊員カードがありません。")
        if act.bonus and not self.bonus_open(seat):
            return t(
                "The round bonus is only for the start player's opening declaration.",
                "ラウンド数の上乗せは、スタートプレイヤーが競りの最初に宣言するときだけです。",
            )
        declared = total(self.front[seat]) + total(list(act.cards))
        if declared <= self.highest:
            return t(
                f"Your total {declared} must be higher than {self.highest}.",
                f"宣言（{declared}人）は{self.highest}人を上回らなければなりません。",
            )
        return t(
            f"Write this declaration as {Action('declare', act.cards, act.bonus)}.",
            f"この宣言は「{Action('declare', act.cards, act.bonus)}」と書きます。",
        )

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: str) -> None:
        act = _parse(action)
        if act.kind == "declare":
            self._declare(seat, act)
        else:
            self._pass(seat, act.kind)
        self._advance(seat)

    def _declare(self, seat: int, act: Action) -> None:
        self.hands[seat] = hand = self.hands[seat][:]  # (never changed in place: see clone)
        for c in act.cards:
            hand.remove(c)
        self.front[seat] = front = sorted([*self.front[seat], *act.cards])
        bonus = self.round if act.bonus else 0
        amount = total(front) + bonus
        self.declared[seat] = amount
        self.highest = amount
        self.leader = seat
        if not self.quiet:
            self.say(*_declare_words(act.cards, amount, bonus), [seat])

    def _pass(self, seat: int, kind: str, forced: bool = False) -> None:
        self.passed[seat] = kind
        if kind == "horus":
            kept = self.horus == seat
            self.horus = seat
            self.say(
                "{0} passes with Horus and " + ("keeps" if kept else "takes") + " the Horus chip.",
                "{0}が「ホルス」と宣言してパスし、ホルスチップを"
                + ("キープしました。" if kept else "奪いました。"),
                [seat],
            )
        elif kind == "pharaoh":
            self._pharaoh(seat)
        elif forced:
            self.say("{0} can only pass.", "{0}はパスするしかありません。", [seat])
        else:
            self.say("{0} passes.", "{0}がパスしました。", [seat])

    def _pharaoh(self, seat: int) -> None:
        self.pharaohs[seat] -= 1
        self.played[seat] += 1
        moved = sorted(self.hospital)
        self.hospital = []
        self.tents[seat] = sorted(self.tents[seat] + moved)
        if not moved:
            self.say(
                "{0} passes with a Pharaoh card; the hospital is empty.",
                "{0}が「ファラオ」と宣言してパスしました。病院には誰もいません。",
                [seat],
            )
            return
        if self.quiet:
            return
        en, ja = members_text(moved)
        self.say(
            f"{{0}} passes with a Pharaoh card and moves {en} from the hospital to their tent.",
            f"{{0}}が「ファラオ」と宣言してパスし、病院の{ja}を自分のテントへ移しました。",
            [seat],
        )

    def _advance(self, last: int) -> None:
        """End the auction when it is decided, else hand the turn on, passing for a seat whose
        only legal action is the plain pass."""
        while True:
            passed, leader = self.passed, self.leader
            active = passed.count(None)  # (how many: :meth:`active` without the list)
            if not active:
                self._remove_card()
                return
            if active == 1 and leader is not None and passed[leader] is None:
                self._award(leader)
                return
            self.turn = self._next_active(last)
            if not self.only_pass(self.turn):
                return
            self._pass(self.turn, "pass", forced=True)
            last = self.turn

    def _next_active(self, after: int) -> int:
        for k in range(1, self.players + 1):
            seat = (after + k) % self.players
            if self.passed[seat] is None:
                return seat
        raise AssertionError("no active seat")

    def _remove_card(self) -> None:
        card = self.current
        if not self.quiet:
            en, ja = card_text(card)
            items = 1 if kind_of(card) == "flag" else number_of(card)
            self.say(
                f"Nobody declared: {en} {agree(items, 'leaves', 'leave')} the game.",
                f"誰も宣言しなかったため、{ja}はゲームから除外されます。",
            )
        self.removed.append(card)
        self.results.append(REMOVED)
        self._next_auction()

    def _award(self, winner: int) -> None:
        card = self.current
        front = self.front[winner]
        self.front[winner] = []
        if kind_of(card) == "flag":
            self.tents[winner] = sorted(self.tents[winner] + front + [member_of(card)])
        else:
            self.treasures[winner] = [*self.treasures[winner], card]
            self.hospital = sorted(self.hospital + front)
        if not self.quiet:
            self.say(*_award_words(card, tuple(front)), [winner])
        self.results.append(winner)
        self._return_fronts()
        self._next_auction()

    def _return_fronts(self) -> None:
        hands, fronts = self.hands, self.front
        for seat in range(self.players):
            front = fronts[seat]
            if front:
                hands[seat] = sorted(hands[seat] + front)
                fronts[seat] = []
                if self.quiet:
                    continue
                en, ja = members_text(front)
                self.say(
                    f"{{0}} takes {en} back into their hand.",
                    f"{{0}}は手元の{ja}を手札に戻しました。",
                    [seat],
                )

    def _next_auction(self) -> None:
        if len(self.results) < OFFER:
            self._start_auction()
            return
        if not self.quiet:
            self.say(
                f"Round {self.round} ends: the members in the tents go back to their owners' "
                "hands.",
                f"第{self.round}ラウンド終了：テントの隊員は各自の手札に戻ります。",
                moment="round",
            )
        for seat in range(self.players):
            self.hands[seat] = sorted(self.hands[seat] + self.tents[seat])
            self.tents[seat] = []
        if self.round == ROUNDS:
            self._end_game()
            return
        self.round += 1
        self._start_round()

    def _end_game(self) -> None:
        self.over = True
        self.front = [[] for _ in range(self.players)]
        self.declared = [None] * self.players
        self.passed = [None] * self.players
        self.highest = 0
        self.leader = None
        if self.quiet:
            return
        res = self.result()
        self.say(
            f"Game over. Winner: {name_slots(res.winners, ', ')}.",
            f"ゲーム終了。勝者：{name_slots(res.winners, '、')}",
            res.winners,
        )

    # --- scoring ----------------------------------------------------------------------------
    def grouped_treasures(self, seat: int) -> dict[str, list[int]]:
        """The seat's treasures: kind -> sorted item numbers (every kind listed)."""
        groups: dict[str, list[int]] = {k: [] for k in KINDS}
        for card in self.treasures[seat]:
            groups[kind_of(card)].append(number_of(card))
        return {k: sorted(v) for k, v in groups.items()}

    def treasure_score(self, seat: int) -> JSONDict:
        """Items and kinds bonus of the seat's treasures as they stand."""
        groups = self.grouped_treasures(seat)
        items = sum(sum(v) for v in groups.values()) * ITEM_POINTS
        kinds = sum(1 for v in groups.values() if v)
        bonus = KINDS_BONUS[kinds]
        return {"items": items, "kinds": kinds, "kinds_bonus": bonus, "total": items + bonus}

    def members_kept(self, seat: int) -> list[int]:
        """Member cards in the seat's hand and tent (what scores and breaks ties)."""
        return sorted(self.hands[seat] + self.tents[seat])

    def breakdown(self, seat: int) -> JSONDict:
        """Items, kinds bonus, flag bonus, total, and the member sum that breaks ties."""
        data = self.treasure_score(seat)
        kept = self.members_kept(seat)
        flags = sum(1 for c in kept if is_flag(c)) * FLAG_POINTS
        data.update(
            {
                "treasures": self.grouped_treasures(seat),
                "flags": flags,
                "total": data["total"] + flags,
                "member_sum": total(kept),
                "members": kept,
            }
        )
        return data

    def score(self, seat: int) -> int:
        """The seat's score now (its hand included)."""
        return int(self.breakdown(seat)["total"])

    def result(self) -> Result:
        """Scores, breakdown, winners; ties go to the larger member sum in hand and tent."""
        breakdown = [self.breakdown(s) for s in range(self.players)]
        scores = [int(b["total"]) for b in breakdown]
        top = [s for s in range(self.players) if scores[s] == max(scores)]
        tie_break, text = "none", t("", "")
        if len(top) > 1:
            tie = self.tie_break(top)
            top, tie_break, text = tie.first, tie.key, tie.text
            if tie_break == "shared":
                text = t(
                    "Still tied on the member sum: a shared win.",
                    "隊員の合計も同じため、勝利を分け合います。",
                )
        return Result(scores, breakdown, top, tie_break, text)

    def tie_break(self, seats: list[int]) -> Tie:
        """Among ``seats`` tied on points: the larger sum of member cards in hand and tent."""
        sums = {s: int(self.breakdown(s)["member_sum"]) for s in seats}
        best = max(sums.values())
        first = [s for s in seats if sums[s] == best]
        if len(first) == 1:
            return Tie(
                first,
                "members",
                t(
                    "Tie on points, decided by the larger sum of member cards in hand and tent.",
                    "同点のため、手札とテントの隊員カードの数字の合計で決着しました。",
                ),
            )
        return Tie(
            first,
            "shared",
            t(
                "Still tied on the member sum.",
                "隊員の合計も同じです。",
            ),
        )

    # --- information ------------------------------------------------------------------------
    def _offer_view(self) -> list[JSONDict]:
        out = []
        for i, card in enumerate(self.offer):
            if i < len(self.results):
                won = self.results[i] != REMOVED
                state = "won" if won else "removed"
                winner = self.results[i] if won else None
            else:
                state = "current" if i == len(self.results) and not self.over else "waiting"
                winner = None
            out.append({"card": card, "state": state, "winner": winner})
        return out

    def _seat_view(self, owner: int, seat: int | None) -> JSONDict:
        shown = self.over or owner == seat
        return {
            "hand": sorted(self.hands[owner]) if shown else None,
            "hand_count": len(self.hands[owner]),
            "pharaoh_left": self.pharaohs[owner],
            "pharaoh_played": self.played[owner],
            "front": sorted(self.front[owner]),
            "front_total": total(self.front[owner]),
            "declared": self.declared[owner],
            "passed": self.passed[owner],
            "tent": sorted(self.tents[owner]),
            "treasures": self.grouped_treasures(owner),
            "treasure_score": self.treasure_score(owner),
            "score": self.breakdown(owner) if self.over else None,
        }

    def _view(self, seat: int | None) -> JSONDict:
        running = not self.over
        return {
            "phase": "auction" if running else "over",
            "round": self.round,
            "rounds": ROUNDS,
            "auction": len(self.results) + 1 if running else None,
            "auctions": OFFER,
            "deck_count": len(self.deck),
            "offer": self._offer_view(),
            "current": self.current if running else None,
            "horus": self.horus,
            "start": self.start if running else None,
            "turn": self.turn if running else None,
            "hospital": sorted(self.hospital),
            "highest": self.highest,
            "leader": self.leader,
            "horus_pass_available": running and self.horus_open(),
            "bonus": self.round if running and self.bonus_open(self.turn) else None,
            "removed": list(self.removed),
            "seats": [self._seat_view(s, seat) for s in range(self.players)],
            "result": self.result().to_json() if self.over else None,
            "scoring": copy_json(SCORING),
            "member_cards": copy_json(MEMBER_LEGEND),
            "deck_cards": copy_json(DECK_LEGEND),
        }

    def undo_allowed(self, seat: int, action: str) -> bool:
        """A declaration or a pass can be taken back: the cards it put down are its own and
        the offer of the round is already on the table. One that ends the round (the next offer
        comes from the hidden deck) or the game is final."""
        after = self.after_without_chance(seat, action)
        if not isinstance(after, PharaohState):
            return False
        return not after.over and after.round == self.round

    def secret_pending(self) -> bool:
        """Nothing a seat does is hidden: declarations and passes are open."""
        return False

    def determinize(self, seat: int, rng: Rng) -> PharaohState:
        """Resample the order of the undealt deck (the only secret; every hand can be followed
        from the open play), scrub the log and draw a fresh random stream."""
        s = self._copy(self.quiet, self.rng)  # (its stream is replaced below)
        pool = sorted(s.deck)
        rng.shuffle(pool)
        s.deck = pool
        s.scrub_log(seat)
        s.rng = Rng(rng.next_u32(), rng.next_u32())
        return s

    def public_world(self, seat: int) -> PharaohState:
        """:meth:`determinize` with nothing resampled, for a bot that reads no deck order and
        never draws: a quiet copy whose undealt deck is in sorted order (its contents are what
        every seat can work out; its order, the one secret, is gone) and whose stream refuses
        draws. Every seat's hand can be followed from the open play."""
        s = self._copy(True, NO_DRAWS)
        s.quieten()
        s.deck = sorted(s.deck)
        return s

    # --- (de)serialisation ------------------------------------------------------------------
    _FIELDS = (
        "deck",
        "offer",
        "results",
        "removed",
        "round",
        "over",
        "horus",
        "start",
        "turn",
        "hands",
        "pharaohs",
        "played",
        "front",
        "declared",
        "passed",
        "highest",
        "leader",
        "tents",
        "hospital",
        "treasures",
    )

    def clone(self) -> PharaohState:
        """An independent copy as play sees it: the lists the rules change in place are
        copied; the rest are shared, since the rules only ever replace them (the deck, the
        offer, the hospital, and every seat's hand, front area, tent and treasures); log
        entries are never changed once written, so are shared too. Every attribute is set one
        by one, in the order of ``__init__``, never through ``__dict__``: CPython then keeps
        the instance's compact layout, where attributes read several times faster (reading
        ``__dict__`` would lose it, for the copy and for this state alike)."""
        return self._copy(self.quiet, self.rng.copy())

    def _copy(self, quiet: bool, rng: Rng) -> PharaohState:
        """:meth:`clone`, quiet (no log copied) if ``quiet``, with the stream ``rng``."""
        s = PharaohState.__new__(PharaohState)
        s.players, s.rng = self.players, rng
        s.log, s.ply = [] if quiet else self.log[:], self.ply
        s.deck, s.offer, s.results = self.deck, self.offer, self.results[:]
        s.removed, s.round, s.over = self.removed[:], self.round, self.over
        s.horus, s.start, s.turn = self.horus, self.start, self.turn
        s.hands = self.hands[:]
        s.pharaohs, s.played = self.pharaohs[:], self.played[:]
        s.front = self.front[:]
        s.declared, s.passed = self.declared[:], self.passed[:]
        s.highest, s.leader = self.highest, self.leader
        s.tents = self.tents[:]
        s.hospital = self.hospital
        s.treasures = self.treasures[:]
        if quiet:
            s.quiet = True
        return s

    def invariant_errors(self) -> list[str]:
        """Member cards, deck cards and Pharaoh cards are all accounted for; the auction's
        bookkeeping agrees with the front areas."""
        return self._member_errors() + self._deck_errors() + self._auction_errors()

    def _member_errors(self) -> list[str]:
        count: Counter[int] = Counter(self.hospital)
        for zone in (self.hands, self.front, self.tents):
            for cards in zone:
                count.update(cards)
        plain = {c: k for c, k in count.items() if not is_flag(c)}
        expected = dict.fromkeys(PLAIN_NUMBERS, self.players)
        errors = [] if plain == expected else [f"plain members not conserved: {plain}"]
        if any(count[c] > 1 for c in count if is_flag(c)):
            errors.append("a flag member card is doubled")
        initial = PHARAOHS[self.players]
        if any(h + p != initial or h < 0 for h, p in zip(self.pharaohs, self.played, strict=True)):
            errors.append("Pharaoh cards not conserved")
        return errors

    def _deck_errors(self) -> list[str]:
        cards = self.deck + self.pending_offer() + self.removed
        cards += [c for ts in self.treasures for c in ts]
        zones = [*self.hands, *self.front, *self.tents, self.hospital]
        cards += [f"flag{value(c)}" for z in zones for c in z if is_flag(c)]
        if sorted(cards) != deck_cards():
            return [f"deck cards not conserved: {sorted(cards)}"]
        return []

    def _auction_errors(self) -> list[str]:
        errors = []
        for s in range(self.players):
            if bool(self.front[s]) != (self.declared[s] is not None):
                errors.append(f"seat {s}: front area and declaration disagree")
        if self.leader is not None and self.declared[self.leader] != self.highest:
            errors.append("the leader does not hold the highest declaration")
        if not self.over and self.passed[self.turn] is not None:
            errors.append("the seat to move has passed")
        return errors
