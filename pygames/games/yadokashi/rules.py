"""Yadokashi (ヤドカシ): the rules engine.

Shells lie in a ring: 1..12 shuffled, then shell 13 with 3 players (13 shells) or shells 13..16
with 4 players (16 shells). Each player owns the row of shells from his piece counterclockwise to
the next piece. Six 12-sided dice are hermit crabs: on a shell (a crab of that size) or in the
centre. Whenever anyone takes the Move dice action, every player takes a white star per crab in
his row, once before the roll and once after it. The game ends when a turn ends with anyone at 27
stars or more; among those, the most stars wins, a tie going to the player whose turn it was,
then on clockwise.

Notation (one regular expression, :class:`Action`):

- ``hi`` / ``lo``: Move dice, calling High / Low (the roll is made when the action is applied).
- ``re1`` / ``re2``: rebirth step: put a crab that left at size 12 on empty shell 1 / 2.
- ``adv``: Advance.
- ``b7@2``: Buy shell 7 and insert it at position 2 of your row.
- ``r5``: Rearrange, one step per empty slot of your row from position 1 down: put empty shell 5
  into the next slot (the first step starts the action, the last slot is filled automatically).
- ``new``: New tenants (rolls every die in the centre).
- ``p3.7.11``: New tenants step: place dice on shells 3, 7 and 11 (ascending).

For the page (:mod:`.page`): the discrete moves ``hi``/``lo`` (kind ``move-dice``), ``re1``/
``re2`` (``rebirth``), ``adv`` (``advance``), ``new`` (``new-tenants``) and ``b7@2`` (``buy``);
the placement ``p...`` and the Rearrange steps ``r...`` are the choices ``tenants`` and
``rearrange``, composed pick by pick.

Engine rulings (see the tests): a turn ends only after all its steps. New tenants that empties
the centre sends back the largest crabs among those *not* placed this turn, or, if every crab on
the ring was placed this turn, the largest of those (Y9): the centre is never empty after New
tenants. The safeguard cap (:data:`TURN_CAP` turns, or :data:`ACTION_CAP` actions; Y8, Y10)
ends a game *unfinished*: ``is_over()`` is true, the phase is ``capped``, the result has no
winner, ``tie_break`` ``capped`` and a text saying so, ``finished`` false.

View fields (``_view``): ``phase`` (``turn`` | ``rebirth`` | ``tenants`` | ``rearrange`` |
``over`` | ``capped``), ``turn`` (completed turns), ``turn_cap``, ``start``, ``current``,
``ring`` (counterclockwise from seat 0's piece: ``{"piece": seat}`` or ``{"shell", "crab",
"owner", "position"}``), ``rows`` (per seat: ``{"shell", "position", "crab", "price"}`` from
position 1), ``centre`` (dice in the centre), ``stars`` (per seat ``{"total", "gold", "blue",
"white"}``), ``crabs_in_row``, ``pending`` (the step being chosen: rebirth options, tenants rolls
and placeable shells, rearrange slots), ``last_roll``, ``last_move`` (``seat``, ``call``,
``roll``, ``income_before``, ``growth``, ``left``, ``rebirth``, ``moves``, ``income_after``),
``last_tenants`` (``seat``, ``rolls``, ``placed``, ``evicted``), ``last_action`` (a buy's
``from`` seat and ``where``: the position it had there, which set the price), ``recent`` (the
last turns, oldest first, at most one per player: ``{"turn", "action", "move", "tenants"}``,
the turn's ``last_action`` and its ``last_move`` / ``last_tenants`` when it made one: the table
lists every turn since the viewer's own), ``goal``, ``winners`` and ``capped``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from operator import add
from typing import Any, Self

from pygames.core.errors import BadNotation, RecordError
from pygames.core.protocol import GameState, JSONDict, Result, Tie
from pygames.core.rng import Rng
from pygames.core.text import Text, agree, plural, t
from pygames.core.util import copy_json

DICE = 6
FACES = 12
GOAL = 27
TURN_CAP = 500  # turns; a game still running then ends unfinished (ruling Y8)
ACTION_CAP = 4000  # actions, the same (keeps every record replayable: records hold <= 5000)
ROW_LENGTH = {3: 4, 4: 3}
PRICES = (3, 2, 1)  # positions 1, 2, 3; 0 from position 4 on
REBIRTH_SHELLS = (1, 2)

_NOTATION = re.compile(
    r"^(hi|lo|adv|new)$|^(re)([12])$|^(b)([1-9][0-9]?)@([1-9][0-9]?)$|^(r)([1-9][0-9]?)$|"
    r"^(p)([1-9][0-9]?(?:\.[1-9][0-9]?){0,5})$"
)


@dataclass(frozen=True)
class Action:
    """A parsed action: its kind and its numbers."""

    kind: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "b":
            return f"b{self.args[0]}@{self.args[1]}"
        if self.kind == "p":
            return "p" + ".".join(str(a) for a in self.args)
        return self.kind + "".join(str(a) for a in self.args)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation; :class:`BadNotation` if it is not Yadokashi's notation.

        >>> str(Action.parse("p7.3"))
        'p3.7'
        """
        return _parse(text)

    @classmethod
    def _parse(cls, text: str) -> Action:
        m = _NOTATION.fullmatch(text)
        if not m:
            raise BadNotation(
                t(
                    f"{text!r} is not an action of Yadokashi.",
                    f"「{text}」はヤドカシの手ではありません。",
                )
            )
        parts = [g for g in m.groups() if g is not None]
        kind = parts[0]
        if kind == "p":
            shells = [int(x) for x in parts[1].split(".")]
            if len(set(shells)) != len(shells):
                raise BadNotation(
                    t("A shell may be named only once.", "同じヤドは一度しか指定できません。")
                )
            return cls(kind, tuple(sorted(shells)))
        return cls(kind, tuple(int(p) for p in parts[1:]))


@lru_cache(maxsize=4096)
def _parse(text: str) -> Action:
    """Parsed actions are immutable: the bot's lookahead parses the same few strings often."""
    return Action._parse(text)


def star_pieces(total: int) -> JSONDict:
    """Stars in white units as the fewest gold (9), blue (3) and white (1) pieces."""
    return {"total": total, "gold": total // 9, "blue": total % 9 // 3, "white": total % 3}


def price_at(position: int) -> int:
    """What a buyer pays for a shell at ``position`` (1-based) of its owner's row."""
    return PRICES[position - 1] if position <= len(PRICES) else 0


def freed_by(row: Sequence[int], shell: int, pos: int, crabs: Mapping[int, int]) -> list[int]:
    """The empty shells of the buyer's ``row`` that putting the bought ``shell`` at ``pos``
    leaves at a free position (4 on, where the others take them for nothing) and that were not
    free before: the shell the insertion pushes from position 3 to 4, and the bought shell itself
    when it goes to a free position. A rule that catches beginners: the table says it before the
    buy is made."""
    after = [*row[: pos - 1], shell, *row[pos - 1 :]]
    before = {s: i for i, s in enumerate(row, start=1)}
    return [
        s
        for i, s in enumerate(after, start=1)
        if price_at(i) == 0 and s not in crabs and (s == shell or price_at(before[s]) > 0)
    ]


def _buy_actions(shell: int, slots: int) -> tuple[str, ...]:
    """The notations ``b<shell>@1`` .. ``b<shell>@<slots>``, sorted."""
    return tuple(sorted(f"b{shell}@{pos}" for pos in range(1, slots + 1)))


# the buys of each shell by the number of slots (formatted once: legal actions list them on
# every turn): a row holds at most the 16 shells, so a shell goes to one of at most 17 slots
_BUYS = [[_buy_actions(shell, slots) for shell in range(17)] for slots in range(18)]


# the order of the buys of different shells among sorted notations: ``b<shell>@`` is never the
# start of another shell's, so each shell's buys come together, in the order of this key
_BUY_ORDER = {shell: f"{shell}@" for shell in range(1, 17)}
_PRICE_AT = (*PRICES, *[0] * 17)  # by position from 0: the price of a shell of any row


def _list(values: list[int], sep: str = ", ") -> str:
    return sep.join(str(v) for v in values) if values else "-"


def _grow_text(shells: list[int]) -> str:
    """The growth log line in English: one crab grows, or several do."""
    if len(shells) == 1:
        return f"The crab on shell {shells[0]} grows."
    return f"Crabs grow on shells {_list(shells)}."


def _price_text(cost: int) -> str:
    """What a shell cost, in English: ``for free``, ``for 1 star``, ``for 2 stars``."""
    return "for free" if cost == 0 else f"for {plural(cost, 'star', 'stars')}"


def rebirths(crabs: dict[int, int], left: int) -> tuple[list[int], int]:
    """Crabs that left at size 12 (``left`` of them) reborn on the empty shells 1 and 2 (in
    ``crabs``, changed) while no choice is asked: the shells they were put on, and how many the
    player still places by choice (asked when more of them are empty than crabs are left; none
    is placed when both are taken)."""
    reborn: list[int] = []
    while left:
        empty = [s for s in REBIRTH_SHELLS if s not in crabs]
        if not empty:
            break
        if len(empty) > left:
            return reborn, left
        crabs[empty[0]] = empty[0]
        reborn.append(empty[0])
        left -= 1
    return reborn, 0


def rebirth_chosen(crabs: dict[int, int], shell: int, left: int) -> tuple[list[int], int]:
    """The player's rebirth on the empty ``shell`` (in ``crabs``, changed), one of ``left``
    crabs to place, then the :func:`rebirths` of the others."""
    crabs[shell] = shell
    return rebirths(crabs, left - 1)


def _eviction(crabs: Mapping[int, int], placed: list[int]) -> list[int]:
    """:meth:`YadokashiState.eviction` with these crabs."""
    others = {}
    for shell, size in crabs.items():
        if shell not in placed:
            others[shell] = size
    pool = others or {s: crabs.get(s, s) for s in placed}
    if not pool:
        return []
    largest = max(pool.values())
    return sorted(s for s, z in pool.items() if z == largest)


class Layout:
    """What the rows say about the ring, worked out once for as long as they stand (the rules
    replace the rows whenever they change): each shell's place in the ring counterclockwise
    from seat 0's position 1 (``index``, by shell number), the seat whose row holds it
    (``owner``, by shell number), where each seat's row begins in that ring (``starts``) and
    the number of shells (``size``)."""

    __slots__ = ("index", "owner", "rows", "size", "starts")

    def __init__(self, rows: list[list[int]]) -> None:
        self.rows = rows  # the rows it was worked out from (compared by identity)
        index = [0] * 17  # shells are 1 to 16
        owner = [0] * 17
        starts = [0] * len(rows)
        at = 0
        for seat in [0, *range(len(rows) - 1, 0, -1)] if rows else []:  # ccw from seat 0
            starts[seat] = at
            for shell in rows[seat]:
                index[shell] = at
                owner[shell] = seat
                at += 1
        self.index, self.owner, self.starts, self.size = index, owner, starts, at

    def counts(self, crabs: Mapping[int, int]) -> list[int]:
        """The crabs (of ``crabs``) living in each seat's row."""
        counts = [0] * len(self.starts)
        owner = self.owner
        for shell in crabs:
            counts[owner[shell]] += 1
        return counts

    def moves(self, crabs: dict[int, int], seat: int) -> list[tuple[int, int, int | None]]:
        """Crabs larger than their shell move (in ``crabs``, changed), smallest first, equal
        sizes in ring order from ``seat``'s position 1 (Y3), each to its :meth:`home`, or back
        to the centre (removed): the moves ``(shell, size, home or None)``."""
        index, n, first = self.index, self.size, self.starts[seat]
        big = []  # (size, place in the ring from the seat, shell)
        for shell, size in crabs.items():
            if size > shell:
                big.append((size, (index[shell] - first) % n, shell))
        if not big:
            return []
        big.sort()
        moves: list[tuple[int, int, int | None]] = []
        for size, _, shell in big:
            target = self.home(crabs, index[shell], size)
            del crabs[shell]
            if target is not None:
                crabs[target] = size
            moves.append((shell, size, target))
        return moves

    def home(self, crabs: Mapping[int, int], at: int, size: int) -> int | None:
        """The first shell without a crab (of ``crabs``) of size ``size`` or ``size + 1``
        counterclockwise from the shell at ``at`` of the ring (crabs are at most 12, and every
        game has shells 1 to 13)."""
        index, n = self.index, self.size
        home, best = None, n
        if size not in crabs:
            best = (index[size] - at) % n or n  # the start shell itself is no home
            if best < n:
                home = size
        if size + 1 not in crabs and 0 < (index[size + 1] - at) % n < best:
            home = size + 1
        return home


_NO_LAYOUT = Layout([])  # the layout of no state's rows


class YadokashiState(GameState):
    """A game of Yadokashi for 3 or 4 players."""

    game_id = "yadokashi"

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.rng = Rng(0, 0)
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.crabs: dict[int, int] = {}
        self.centre = DICE
        self.stars = [0] * players
        self.income_total = 0
        self.start = 0
        self.current = 0
        self.turn = 0
        self.phase = "turn"
        self.pending: JSONDict | None = None
        self.last_move: JSONDict | None = None
        self.last_tenants: JSONDict | None = None
        self.last_action: JSONDict | None = None
        self.recent: list[JSONDict] = []
        # lookahead copies (sandbox) write no log and keep no record of the last action
        # (last_move, last_tenants, last_action): nobody reads them
        self.quiet = False
        self.private_log = False  # whether a log line has private wording (none of Yadokashi's)
        self._layout = _NO_LAYOUT  # the layout of the rows, once worked out (:meth:`layout`)

    # --- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> YadokashiState:
        """Shuffle the ring, place pieces for equal rows, add the extra shells, one crab and one
        white star each. ``options['start']``: the start player (``None``: random)."""
        if players not in ROW_LENGTH:
            raise ValueError("Yadokashi is for 3 or 4 players")
        s = cls(players)
        s.rng = Rng.from_seed(seed)
        s.start = s._start_option((options or {}).get("start"))
        s.current = s.start
        deck = list(range(1, 13))
        s.rng.shuffle(deck)
        length = ROW_LENGTH[players]
        for i, seat in enumerate(s.ccw_seats(s.start)):
            s.rows[seat] = deck[i * length : (i + 1) * length]
        s._add_extra_shells()
        for seat in range(players):
            shell = s.rows[seat][1]
            s.crabs[shell] = shell
            s.centre -= 1
        s.stars = [1] * players
        s.say(
            "Setup: {0} starts; everyone has one crab and one white star.",
            "準備：{0}がスタートプレイヤーです。全員がヤドカリ1人と白の星1つを持ちます。",
            [s.start],
        )
        return s

    def _start_option(self, start: Any) -> int:
        if start is None:
            return self.rng.below(self.players)
        if isinstance(start, int) and not isinstance(start, bool) and 0 <= start < self.players:
            return start
        raise RecordError(
            t(
                "The start player must be one of the seats.",
                "スタートプレイヤーは席のどれかでなければなりません。",
            )
        )

    def _add_extra_shells(self) -> None:
        if self.players == 3:
            last = (self.start - 1) % 3
            self.rows[last] = [13, *self.rows[last]]
            return
        extra = [13, 14, 15, 16]
        self.rng.shuffle(extra)
        for seat in range(self.players):
            self.rows[seat] = [extra[seat], *self.rows[seat]]

    # --- the ring ---------------------------------------------------------------------------
    def ccw_seats(self, seat: int) -> list[int]:
        """Seats in counterclockwise order (to the right) starting with ``seat``."""
        return [(seat - k) % self.players for k in range(self.players)]

    def ring_from(self, seat: int) -> list[int]:
        """All shells counterclockwise, starting at ``seat``'s position 1."""
        ring: list[int] = []
        for row in self.rows[seat::-1] + self.rows[:seat:-1]:  # the rows of ccw_seats(seat)
            ring += row
        return ring

    def layout(self) -> Layout:
        """The :class:`Layout` of the rows as they stand (worked out again once they are
        replaced; copies share it with the rows)."""
        layout = self._layout
        if layout.rows is not self.rows:
            layout = self._layout = Layout(self.rows)
        return layout

    def owner(self, shell: int) -> tuple[int, int]:
        """The seat whose row holds ``shell`` and its position there (1-based)."""
        if 0 < shell < 17:
            seat = self.layout().owner[shell]
            row = self.rows[seat]
            if shell in row:
                return seat, row.index(shell) + 1
        raise KeyError(shell)

    def shells(self) -> list[int]:
        """Every shell of this game."""
        return list(range(1, 14 if self.players == 3 else 17))

    def crab_count(self, seat: int) -> int:
        """Crabs living in ``seat``'s row."""
        return self.crab_counts()[seat]

    def crab_counts(self) -> list[int]:
        """Crabs living in each seat's row."""
        return self.layout().counts(self.crabs)

    def empty_in_row(self, seat: int) -> list[int]:
        """The empty shells of ``seat``'s row, in row order."""
        return [shell for shell in self.rows[seat] if shell not in self.crabs]

    # --- queries ----------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        """The seat to act: the current player, during every step of his turn."""
        return [] if self.is_over() else [self.current]

    def is_over(self) -> bool:
        """True once someone reached 27 stars, or when the stall cap ended the game."""
        return self.phase in ("over", "capped")

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of what ``seat`` may do now."""
        if seat != self.current or self.is_over():  # not in to_move()
            return []
        if self.phase == "rebirth":
            acts = [f"re{s}" for s in REBIRTH_SHELLS if s not in self.crabs]
        elif self.phase == "tenants":
            acts = self._placements()
        elif self.phase == "rearrange":
            acts = [f"r{s}" for s in self._rearrange_choices()]
        else:
            return self.turn_actions(seat)
        return sorted(acts)

    def turn_actions(self, seat: int, first_only: bool = False) -> list[str]:
        """The turn's actions of the seat to move, sorted as they are built: ``adv``, the buys,
        ``hi``, ``lo``, ``new``, the Rearrange steps. ``first_only``: only the buys to position
        1 and no Rearrange (a lookahead's shortlist, in the same order)."""
        acts = ["adv"]
        slots = 1 if first_only else len(self.rows[seat]) + 1  # a shell goes to 1..len+1
        buys = _BUYS[slots]
        for shell in sorted(self.buyable(seat), key=_BUY_ORDER.__getitem__):
            acts += buys[shell]
        if self.centre > 0:
            acts += ["hi", "lo", "new"]
        if not first_only and len(self.empty_in_row(seat)) >= 2:
            acts += sorted([f"r{s}" for s in self._rearrange_choices(seat)])
        return acts

    def buyable(self, seat: int) -> list[int]:
        """Empty shells in other rows that ``seat`` can pay for."""
        out = []
        crabs, stars = self.crabs, self.stars[seat]
        for other, row in enumerate(self.rows):
            if other != seat:
                # rows are shorter than _PRICE_AT (zip's keyword: a slower call in CPython 3.11)
                for shell, price in zip(row, _PRICE_AT):  # noqa: B905
                    if price <= stars and shell not in crabs:
                        out.append(shell)
        return out

    def _placements(self) -> list[str]:
        assert self.pending is not None
        options = list(self.pending["placeable"])
        return [
            "p" + ".".join(str(s) for s in combo)
            for k in range(1, len(options) + 1)
            for combo in combinations(options, k)
        ]

    def _rearrange_choices(self, seat: int | None = None) -> list[int]:
        """Shells that may go into the next empty slot (a new Rearrange when ``seat`` is given):
        any still unplaced, except the one that would force the original order back."""
        if seat is not None:
            empties = self.empty_in_row(seat)
            remaining, changed = empties, False
        else:
            assert self.pending is not None
            remaining = self._rearrange_remaining()
            changed = self.rows[self.current] != self.pending["original"]
        if len(remaining) == 2 and not changed:
            return [remaining[1]]
        return list(remaining)

    def _rearrange_remaining(self) -> list[int]:
        assert self.pending is not None
        row = self.rows[self.current]
        return [row[p - 1] for p in self.pending["slots"][self.pending["done"] :]]

    def describe(self, action: str) -> JSONDict | None:
        """A legal action as a move of the page: ``{"a", "kind", ...}``; ``None`` for a step of a
        choice (a placement, a Rearrange step)."""
        act = Action.parse(action)
        if act.kind in ("hi", "lo"):
            return {"a": action, "kind": "move-dice", "call": act.kind}
        if act.kind == "re":
            return {"a": action, "kind": "rebirth", "shell": act.args[0]}
        if act.kind == "adv":
            return {"a": action, "kind": "advance"}
        if act.kind == "new":
            return {"a": action, "kind": "new-tenants"}
        if act.kind == "b":
            owner, where = self.owner(act.args[0])
            return {
                "a": action,
                "kind": "buy",
                "shell": act.args[0],
                "position": act.args[1],
                "price": price_at(where),
                "from": owner,
                "freed": freed_by(self.rows[self.current], act.args[0], act.args[1], self.crabs),
            }
        return None

    def step_words(self, seat: int, action: str) -> Text | None:
        """A step of a Rearrange that does not end it (it writes no line yet): the shell and
        the place it goes to."""
        act = Action.parse(action)
        if act.kind != "r":
            return None
        if self.phase == "rearrange" and self.pending is not None:
            pos = self.pending["slots"][self.pending["done"]]
            return t(
                f"{{0}} puts shell {act.args[0]} at position {pos} of the row.",
                f"{{0}}がヤド{act.args[0]}を{pos}番目に置きます。",
            )
        row = self.rows[seat]
        pos = next(i for i, s in enumerate(row, start=1) if s not in self.crabs)
        return t(
            f"{{0}} rearranges the empty shells: shell {act.args[0]} goes to position {pos} first.",
            f"{{0}}がイレカエ：まずヤド{act.args[0]}を{pos}番目に置きます。",
        )

    @staticmethod
    def placement_action(shells: list[int]) -> str:
        """The New tenants step placing dice on ``shells``."""
        return str(Action("p", tuple(sorted(shells))))

    @staticmethod
    def rearrange_action(shell: int) -> str:
        """The Rearrange step putting ``shell`` into the next empty slot."""
        return str(Action("r", (shell,)))

    def rearrange_shells(self, seat: int) -> list[int]:
        """The shells that may go into the next empty slot of a Rearrange now (a new one in a
        turn, the next step of one under way); empty when none may."""
        if seat not in self.to_move():
            return []
        if self.phase == "rearrange":
            return self._rearrange_choices()
        if self.phase == "turn" and len(self.empty_in_row(seat)) >= 2:
            return self._rearrange_choices(seat)
        return []

    def sandbox(self, rng: Rng | None = None) -> YadokashiState:
        """A copy to try actions on: quiet (no log), drawing from ``rng`` (by default a copy of
        this state's random stream)."""
        s = self._copy(self.rng.copy() if rng is None else rng)
        s.quiet = True
        return s

    # --- illegal actions --------------------------------------------------------------------
    def explain_illegal(self, seat: int, action: str) -> Text:
        """A sentence saying why ``action`` is refused."""
        try:
            act = Action.parse(action)
        except BadNotation as exc:
            return exc.text
        step = self._step_reason(act)
        if step is not None:
            return step
        if act.kind in ("hi", "lo", "new"):
            return self._no_dice()
        if act.kind == "b":
            return self._buy_reason(seat, act.args[0], act.args[1])
        if act.kind == "r":
            return self._rearrange_reason(seat, act.args[0])
        return t(f"{action!r} is not possible now.", f"「{action}」は今はできません。")

    def _step_reason(self, act: Action) -> Text | None:
        expected = {"rebirth": "re", "tenants": "p", "rearrange": "r"}.get(self.phase)
        if expected is not None and act.kind != expected:
            return t(
                "Finish the current step of your turn first.",
                "まず手番の途中の選択を終えてください。",
            )
        if self.phase == "turn" and act.kind in ("re", "p"):
            return t("That choice is not asked now.", "その選択は今は求められていません。")
        if act.kind == "re":
            return t("That shell is not empty.", "そのヤドは空いていません。")
        if act.kind == "p":
            return t(
                "Place dice only on empty shells matching the rolls, at least one.",
                "出目と同じ空きヤドにだけ、1つ以上置いてください。",
            )
        return None

    def _no_dice(self) -> Text:
        return t("There is no die in the centre.", "中央にヤドカリダイスがありません。")

    def _buy_reason(self, seat: int, shell: int, pos: int) -> Text:
        if shell not in self.shells():
            return t(f"There is no shell {shell}.", f"{shell}のヤドはありません。")
        owner, where = self.owner(shell)
        if owner == seat:
            return t("You cannot buy a shell of your own row.", "自分のヤドは買えません。")
        if shell in self.crabs:
            return t("Only an empty shell can be bought.", "買えるのは空きヤドだけです。")
        if price_at(where) > self.stars[seat]:
            return t(
                f"That shell costs {price_at(where)} stars; you have {self.stars[seat]}.",
                f"そのヤドは星{price_at(where)}つです。あなたの星は{self.stars[seat]}つです。",
            )
        top = len(self.rows[seat]) + 1
        return t(
            f"Insert it at a position from 1 to {top}.",
            f"挿入する位置は1から{top}までです。",
        )

    def _rearrange_reason(self, seat: int, shell: int) -> Text:
        if self.phase == "turn" and len(self.empty_in_row(seat)) < 2:
            return t(
                "Rearranging needs at least two empty shells in your row.",
                "イレカエには自分の空きヤドが2つ以上必要です。",
            )
        return t(
            "Choose one of your empty shells not yet placed; the order must change.",
            "まだ並べていない自分の空きヤドを選んでください。並びは変わらなければなりません。",
        )

    # --- applying ---------------------------------------------------------------------------
    #: while a roll and its outcome are played (Move dice, New tenants and the roller's choices
    #: after them), the seat that rolled: the lines written then are its moment (:meth:`say`)
    rolling: int | None = None

    def moment_open(self) -> bool:
        """The roller's choices (rebirths, new tenants) are part of the roll's outcome."""
        return self.phase in ("rebirth", "tenants")

    def _apply(self, seat: int, action: str) -> None:
        act = _parse(action)
        if self.quiet:  # nobody reads the moment of a line a quiet state never writes
            self._play(seat, act)
            return
        self.rolling = None if act.kind in ("adv", "b", "r") else seat
        try:
            self._play(seat, act)
        finally:
            self.rolling = None

    def _play(self, seat: int, act: Action) -> None:
        kind = act.kind  # the steps first: a lookahead tries them most often
        if kind == "p":
            self._place(seat, list(act.args))
        elif kind == "re":
            self._do_rebirth_choice(seat, act.args[0])
        elif kind in ("hi", "lo"):
            self._move_dice(seat, kind == "hi")
        elif kind == "adv":
            self._advance(seat)
        elif kind == "b":
            self._buy(seat, act.args[0], act.args[1])
        elif kind == "r":
            self._rearrange_step(seat, act.args[0])
        else:
            self._new_tenants(seat)

    def say(
        self,
        en: str,
        ja: str,
        seats: list[int] | None = None,
        private: dict[int, Text] | None = None,
        moment: str | None = None,
        moment_for: list[int] | None = None,
    ) -> None:
        """Add a log line (skipped in a bot's lookahead copy). The lines of a roll and its
        outcome are a moment that matters to the seat that rolled (the table holds them on
        screen for a person)."""
        if not self.quiet:
            if moment is None and self.rolling is not None:
                moment, moment_for = "roll", [self.rolling]
            super().say(en, ja, seats, private, moment, moment_for)
            self.private_log = self.private_log or bool(private)

    def roll(self) -> int:
        """One 12-sided die from the game's random stream."""
        return self.rng.below(FACES) + 1

    def pay_income(self, gains: list[int] | None = None) -> list[int]:
        """Every seat gains a star for each crab in its row (``gains``: those counts, when they
        are known); the gains."""
        if gains is None:
            gains = self.layout().counts(self.crabs)
        self.stars = list(map(add, self.stars, gains))
        self.income_total += sum(gains)
        if not self.quiet:
            self.say(
                f"Income: {', '.join(f'{{{s}}} +{g}' for s, g in enumerate(gains))}.",
                f"収入：{'、'.join(f'{{{s}}} +{g}' for s, g in enumerate(gains))}",
                list(range(self.players)),
            )
        return gains

    # Move dice
    def _move_dice(self, seat: int, high: bool) -> None:
        self.move_dice_paid(seat, high, self.pay_income())

    def move_dice_paid(
        self, seat: int, high: bool, before: list[int], value: int | None = None
    ) -> None:
        """Move dice once its first income (``before``) is paid: the roll (``value``: a
        lookahead's chosen face, drawing nothing), growth, rebirths, moves, the second income,
        the end of the turn. (A lookahead pays it once for all rolls.)"""
        if value is None:
            value = self.roll()
        old = self.crabs
        self.crabs, grew, left, reborn, ask = self.grown(value, high)
        self.centre += len(old) - len(self.crabs)
        if not self.quiet:
            self._say_roll(seat, high, value, before, [(s, old[s]) for s in sorted(grew)], left)
            for shell in reborn:
                self._say_rebirth(seat, shell)
        self._rebirths_made(seat, ask)

    def grown(
        self, value: int, high: bool
    ) -> tuple[dict[int, int], list[int], list[int], list[int], int]:
        """A roll of ``value`` worked out on a copy of the crabs, the table left as it is (the
        bot's lookahead reads it): the crabs it reaches grow (High: those of at least
        ``value``; Low: at most), a crab of 12 leaving its shell instead, and :func:`rebirths`.
        The new crabs, the shells whose crabs grew and those whose crabs left (in the crabs'
        order), the shells of the rebirths made, and how many the player still places."""
        crabs = self.crabs.copy()
        grew: list[int] = []
        left: list[int] = []
        for shell, size in self.crabs.items():
            if size < value if high else size > value:
                continue
            grew.append(shell)
            if size == FACES:
                del crabs[shell]
                left.append(shell)
            else:
                crabs[shell] = size + 1
        reborn, ask = rebirths(crabs, len(left)) if left else ([], 0)
        return crabs, grew, left, reborn, ask

    def _say_roll(
        self,
        seat: int,
        high: bool,
        value: int,
        before: list[int],
        grew: list[tuple[int, int]],
        left: list[int],
    ) -> None:
        """The lines and the records of a roll and its growth (``grew``: the shells whose crabs
        grew and their sizes before, in shell order; ``left``: the shells that crabs left)."""
        call = "hi" if high else "lo"
        self.say(
            f"{{0}} calls {'High' if high else 'Low'} and rolls {value}.",
            f"{{0}}が「{'ハイ' if high else 'ロー'}」を宣言して{value}を出しました。",
            [seat],
        )
        growth: list[JSONDict] = [{"shell": s, "from": z, "to": z + 1} for s, z in grew]
        left = sorted(left)
        if growth:
            self.say(
                _grow_text([g["shell"] for g in growth]),
                f"ヤド{_list([g['shell'] for g in growth], '、')}のヤドカリが成長しました。",
            )
        if left:
            self.say(
                f"{agree(len(left), 'A size-12 crab leaves shell', 'Size-12 crabs leave shells')} "
                f"{_list(left)} for the centre.",
                f"大きさ12のヤドカリがヤド{_list(left, '、')}から中央へ戻りました。",
            )
        self.last_move = {
            "seat": seat,
            "call": call,
            "roll": value,
            "income_before": before,
            "growth": growth,
            "left": left,
            "rebirth": [],
            "moves": [],
            "income_after": None,
        }
        self.last_action = {"seat": seat, "kind": "move", "call": call, "roll": value}

    def _rebirths_made(self, seat: int, ask: int) -> None:
        """After the rebirths made: ask the player for the next rebirth shell (``ask``: how many
        crabs are still to be placed), else the moves, the income and the end of the turn."""
        if ask:
            self.phase = "rebirth"
            self.pending = {"kind": "rebirth", "left": ask}
            return
        self.phase = "turn"
        self.pending = None
        crabs = self.crabs
        count = len(crabs)
        moves, gains = self.settle(seat, crabs)
        self.centre += count - len(crabs)
        if not self.quiet:
            for shell, size, target in moves:
                self._say_move(shell, size, target)
        after = self.pay_income(gains)
        if not self.quiet:
            assert self.last_move is not None
            done = [{"from": shell, "to": target, "size": size} for shell, size, target in moves]
            self.last_move = {**self.last_move, "moves": done, "income_after": after}
        self._end_turn(seat)

    def settle(
        self, seat: int, crabs: dict[int, int]
    ) -> tuple[list[tuple[int, int, int | None]], list[int]]:
        """The end of Move dice on ``crabs`` (changed; the bot's lookahead passes those of
        :meth:`grown`): the moves of crabs larger than their shell (:meth:`Layout.moves`, from
        ``seat``'s position 1) and the second income they leave (each seat's crabs)."""
        layout = self.layout()
        moves = layout.moves(crabs, seat)
        return moves, layout.counts(crabs)

    def _say_rebirth(self, seat: int, shell: int) -> None:
        """The line and the record of a crab reborn on ``shell``."""
        assert self.last_move is not None
        self.last_move = {**self.last_move, "rebirth": [*self.last_move["rebirth"], shell]}
        self.say(
            f"{{0}} puts a crab of size {shell} on empty shell {shell}.",
            f"{{0}}が空きヤド{shell}に大きさ{shell}のヤドカリを乗せました。",
            [seat],
        )

    def _do_rebirth_choice(self, seat: int, shell: int) -> None:
        assert self.pending is not None
        reborn, ask = rebirth_chosen(self.crabs, shell, self.pending["left"])
        self.centre -= 1 + len(reborn)
        if not self.quiet:
            for placed in [shell, *reborn]:
                self._say_rebirth(seat, placed)
        self._rebirths_made(seat, ask)

    def _say_move(self, shell: int, size: int, target: int | None) -> None:
        if target is None:
            self.say(
                f"The crab of size {size} on shell {shell} finds no home: back to the centre.",
                f"ヤド{shell}の大きさ{size}のヤドカリは引越し先がなく、中央へ戻りました。",
            )
        else:
            self.say(
                f"The crab of size {size} moves from shell {shell} to shell {target}.",
                f"大きさ{size}のヤドカリがヤド{shell}からヤド{target}へ引越しました。",
            )

    # Advance
    def advanced(self) -> list[list[int]]:
        """The rows after Advance, worked out without it being made (new lists): every row
        begins one shell further clockwise."""
        ring = self.ring_from(0)
        ring = ring[-1:] + ring[:-1]
        rows = self.rows.copy()
        begin = 0
        for p in self.ccw_seats(0):
            end = begin + len(rows[p])
            rows[p] = ring[begin:end]
            begin = end
        return rows

    def _advance(self, seat: int) -> None:
        self.rows = self.advanced()
        if not self.quiet:
            self.last_action = {"seat": seat, "kind": "advance"}
            self.say(
                "{0} advances: every piece moves one shell clockwise.",
                "{0}がゼンシン：全員のコマが時計回りに1つ進みました。",
                [seat],
            )
        self._end_turn(seat)

    # Buy a shell
    def bought(
        self, seat: int, shell: int, pos: int
    ) -> tuple[int, int, int, list[list[int]], list[int]]:
        """Buy worked out without being made (the bot's lookahead reads it): the seller, the
        position the shell had in his row, its price, and the rows and stars after (new
        lists)."""
        owner, where = self.owner(shell)
        cost = _PRICE_AT[where - 1]
        rows = self.rows.copy()
        sold = rows[owner] = rows[owner].copy()  # (each shell is once in the rows)
        del sold[where - 1]
        row = rows[seat] = rows[seat].copy()
        row.insert(pos - 1, shell)
        stars = self.stars.copy()
        stars[seat] -= cost
        stars[owner] += cost
        return owner, where, cost, rows, stars

    def _buy(self, seat: int, shell: int, pos: int) -> None:
        owner, where, cost, self.rows, self.stars = self.bought(seat, shell, pos)
        if not self.quiet:
            self.last_action = {
                "seat": seat,
                "kind": "buy",
                "shell": shell,
                "from": owner,
                "where": where,
                "price": cost,
                "position": pos,
            }
            self.say(
                f"{{0}} buys shell {shell} from position {where} of {{1}}'s row "
                f"{_price_text(cost)} and puts it at position {pos} of their own row.",
                f"{{0}}が{{1}}の列の{where}番目のヤド{shell}を"
                f"{f'星{cost}つ' if cost else '無料'}で買い、自分の列の{pos}番目に置きました。",
                [seat, owner],
            )
        self._end_turn(seat)

    # Rearrange
    def _rearrange_step(self, seat: int, shell: int) -> None:
        row = self.rows[seat]
        if self.phase == "turn":
            slots = [i + 1 for i, s in enumerate(row) if s not in self.crabs]
            self.pending = {"kind": "rearrange", "slots": slots, "original": list(row), "done": 0}
            self.phase = "rearrange"
        assert self.pending is not None
        slot = self.pending["slots"][self.pending["done"]] - 1
        other = row.index(shell)
        row = list(row)  # new lists: copies share the old ones
        self.rows = [*self.rows[:seat], row, *self.rows[seat + 1 :]]
        row[slot], row[other] = row[other], row[slot]
        self.pending["done"] += 1
        if len(self.pending["slots"]) - self.pending["done"] > 1:
            return
        self.phase = "turn"
        self.pending = None
        if not self.quiet:
            self.last_action = {"seat": seat, "kind": "rearrange", "row": list(row)}
            self.say(
                f"{{0}} rearranges the empty shells: the row is now {_list(row)}.",
                f"{{0}}がイレカエ：並びは{_list(row, '、')}になりました。",
                [seat],
            )
        self._end_turn(seat)

    # New tenants
    def _new_tenants(self, seat: int) -> None:
        self.tenants_rolled(seat, [self.roll() for _ in range(self.centre)])

    def tenants_rolled(self, seat: int, rolls: list[int]) -> None:
        """New tenants once its dice are rolled (``rolls``, one per die in the centre; a
        lookahead's chosen faces): dice placed, or the choice of where asked."""
        placeable = self.placeable(rolls)
        if not self.quiet:
            self.last_tenants = {"seat": seat, "rolls": rolls, "placed": [], "evicted": []}
            self.last_action = {"seat": seat, "kind": "tenants", "rolls": rolls}
            self.say(
                f"{{0}} looks for new tenants and rolls {_list(rolls)}.",
                f"{{0}}がニューキョシャボシュウ：出目は{_list(rolls, '、')}です。",
                [seat],
            )
        if len(placeable) >= 2:
            self.phase = "tenants"
            self.pending = {"kind": "tenants", "rolls": rolls, "placeable": placeable}
            return
        if not placeable:
            self.say("No empty shell matches a roll.", "出目と同じ空きヤドはありません。")
        self._place(seat, placeable, only=True)

    def placeable(self, rolls: list[int]) -> list[int]:
        """The empty shells New tenants' ``rolls`` name, in order: the whole table after the
        rolls depends on them alone (the bot's lookahead evaluates such rolls once)."""
        return sorted(set(rolls).difference(self.crabs))

    def placed(self, shells: list[int]) -> tuple[dict[int, int], list[int]]:
        """New tenants' crabs put on ``shells`` worked out on a copy of the crabs, the table left
        as it is (the bot's lookahead reads it), with the :meth:`eviction` when that empties the
        centre: the new crabs and the shells evicted."""
        crabs = self.crabs.copy()
        for shell in shells:
            crabs[shell] = shell
        if not shells or self.centre != len(shells):
            return crabs, []
        evicted = _eviction(crabs, shells)
        for shell in evicted:
            del crabs[shell]
        return crabs, evicted

    def _place(self, seat: int, shells: list[int], only: bool = False) -> None:
        """Put New tenants' crabs on ``shells``; ``only``: no choice was asked (one shell at
        most matched a roll), and the line says why (a beginner wondered)."""
        old = self.crabs
        self.crabs, evicted = self.placed(shells)
        self.centre += len(old) - len(self.crabs)
        if not self.quiet:
            assert self.last_tenants is not None
            self.last_tenants = {**self.last_tenants, "placed": list(shells)}
            if shells and only:
                self.say(
                    f"{{0}} places a crab on shell {shells[0]}: the only empty shell rolled, "
                    "and at least one crab must be placed.",
                    f"{{0}}がヤド{shells[0]}にヤドカリを乗せました（出目と同じ空きヤドはここだけで、"
                    "1人以上乗せる決まりです）。",
                    [seat],
                )
            elif shells:
                self.say(
                    f"{{0}} places {agree(len(shells), 'a crab on shell', 'crabs on shells')} "
                    f"{_list(shells)}.",
                    f"{{0}}がヤド{_list(shells, '、')}にヤドカリを乗せました。",
                    [seat],
                )
        if evicted and not self.quiet:
            just_placed = all(s in shells for s in old)  # Y9: no older crab on the ring
            self._say_evicted(evicted, old.get(evicted[0], evicted[0]), just_placed)
            if self.last_tenants is not None:
                self.last_tenants = {**self.last_tenants, "evicted": evicted}
        self.phase = "turn"
        self.pending = None
        self._end_turn(seat)

    def eviction(self, placed: list[int]) -> list[int]:
        """The shells whose crabs go back to the centre when New tenants empties it having
        placed dice on ``placed``: the largest among the crabs not placed this turn (all of that
        size), or, when every crab on the ring was placed this turn, the largest of those (Y9).
        The same answer before the dice are placed (for the page) as after: a die placed on shell
        n is a crab of size n."""
        return _eviction(self.crabs, placed)

    def _say_evicted(self, evicted: list[int], largest: int, just_placed: bool) -> None:
        """The log line of a New tenants eviction: which crabs went back, and why."""
        if self.quiet:
            return
        one = len(evicted) == 1
        leave = "crab" if one else "crabs"
        shells = f"{'leaves shell' if one else 'leave shells'} {_list(evicted)}"
        where = f"（大きさ{largest}）がヤド{_list(evicted, '、')}から中央へ戻りました。"
        if just_placed:  # Y9
            self.say(
                "The centre is empty and every crab on the ring was placed this turn: the largest "
                f"{leave} (size {largest}) {shells} for the centre.",
                "中央が空になり、輪のヤドカリは全員この手番に入居したばかりなので、その中で最も"
                f"大きいヤドカリ{where}",
            )
            return
        self.say(
            f"The centre is empty: the largest {leave} not placed this turn (size {largest}) "
            f"{shells} for the centre.",
            f"中央が空になったので、この手番に入居したものを除いて最も大きいヤドカリ{where}",
        )

    # End of a turn
    def ends_game(self, stars: list[int]) -> bool:
        """Whether the turn ending now with ``stars`` ends the game: the goal reached, or the
        safeguard cap (ruling Y8)."""
        return max(stars) >= GOAL or self.turn + 1 >= TURN_CAP or self.ply + 1 >= ACTION_CAP

    def _end_turn(self, seat: int) -> None:
        if not self.quiet:
            self._remember_turn()
        if not self.ends_game(self.stars):
            self.turn += 1
            self.current = (seat + 1) % self.players
            return
        self.turn += 1
        if max(self.stars) >= GOAL:
            self.phase = "over"
            if not self.quiet:
                self._say_over()
            return
        self.phase = "capped"
        self.say(
            f"No one reached {GOAL} stars in {self.turn} turns: the app's safeguard limit "
            "stops the game unfinished, with no winner.",
            f"{self.turn}手番のうちに誰も星{GOAL}に届かなかったため、アプリの安全上限で"
            "打ち切りました。勝者なし。",
        )

    def _remember_turn(self) -> None:
        """Add the turn ending now to ``recent`` (the last turns, one per player at most)."""
        action = self.last_action
        kind = None if action is None else action["kind"]
        entry = {
            "turn": self.turn,
            "action": action,
            "move": self.last_move if kind == "move" else None,
            "tenants": self.last_tenants if kind == "tenants" else None,
        }
        self.recent = [*self.recent, entry][-self.players :]

    def _say_over(self) -> None:
        """The last line: who reached the goal (with their stars) and who wins."""
        reached = [p for p in range(self.players) if self.stars[p] >= GOAL]
        winner = self.winners()[0]
        who_en = ", ".join(
            f"{{{i}}} ({plural(self.stars[p], 'star', 'stars')})" for i, p in enumerate(reached)
        )
        who_ja = "、".join(f"{{{i}}}（星{self.stars[p]}）" for i, p in enumerate(reached))
        verb = "has" if len(reached) == 1 else "have"
        self.say(
            f"{who_en} {verb} {GOAL} stars or more: game over. Winner: {{{len(reached)}}}.",
            f"{who_ja}の星が{GOAL}以上になりました。ゲーム終了。勝者：{{{len(reached)}}}",
            [*reached, winner],
        )

    # --- scoring ----------------------------------------------------------------------------
    def breakdown(self, seat: int) -> JSONDict:
        """Stars (as pieces), crabs and shells of the seat's row."""
        data = star_pieces(self.stars[seat])
        data.update(crabs=self.crab_count(seat), shells=len(self.rows[seat]))
        return data

    def result(self) -> Result:
        """The player with most stars wins; a tie goes to the player whose turn it was, then on
        clockwise. A capped game has no winner (``tie_break`` ``capped``)."""
        scores = list(self.stars)
        breakdown = [self.breakdown(s) for s in range(self.players)]
        if self.phase == "capped":
            return Result(
                scores,
                breakdown,
                [],
                "capped",
                t(
                    f"No winner: the app's safeguard limit stopped the game unfinished after "
                    f"{self.turn} turns.",
                    f"勝者なし：アプリの安全上限により{self.turn}手番で打ち切りました。",
                ),
                finished=False,
            )
        top = self._leaders()
        if len(top) == 1:
            return Result(scores, breakdown, top, "none")
        return Result(
            scores,
            breakdown,
            top[:1],
            "turn_order",
            t(
                "Tied on stars: the player whose turn it was (then clockwise) wins.",
                "星が同数のため、手番プレイヤー（以下時計回り）の順で勝者を決めました。",
            ),
        )

    def _leaders(self) -> list[int]:
        """The seats with most stars, from the player whose turn it was on clockwise."""
        best = max(self.stars)
        return [s for s in self._turn_order() if self.stars[s] == best]

    def _turn_order(self) -> list[int]:
        """The seats from the player whose turn it was (the last one) on clockwise."""
        return [(self.current + k) % self.players for k in range(self.players)]

    def tie_break(self, seats: list[int]) -> Tie:
        """Among ``seats`` tied on stars: the player whose turn it was, then on clockwise."""
        first = next(s for s in self._turn_order() if s in seats)
        return Tie(
            [first],
            "turn_order",
            t(
                "Tied on stars: the player whose turn it was comes first, then on clockwise.",
                "星が同数のため、手番プレイヤー（以下時計回り）の順で順位を決めました。",
            ),
        )

    def winners(self) -> list[int]:
        """:meth:`result`'s winners without its breakdown: the first leader, none when the game
        was capped."""
        return [] if self.phase == "capped" else self._leaders()[:1]

    # --- information ------------------------------------------------------------------------
    def _row_view(self, seat: int) -> list[JSONDict]:
        return [
            {"shell": s, "position": i, "crab": self.crabs.get(s), "price": price_at(i)}
            for i, s in enumerate(self.rows[seat], start=1)
        ]

    def _ring_view(self) -> list[JSONDict]:
        out: list[JSONDict] = []
        for p in self.ccw_seats(0):
            out.append({"piece": p})
            for i, s in enumerate(self.rows[p], start=1):
                out.append({"shell": s, "crab": self.crabs.get(s), "owner": p, "position": i})
        return out

    def _pending_view(self) -> JSONDict | None:
        if self.pending is None:
            return None
        if self.phase == "rebirth":
            return {
                "kind": "rebirth",
                "left": self.pending["left"],
                "options": [s for s in REBIRTH_SHELLS if s not in self.crabs],
            }
        if self.phase == "tenants":
            return {
                "kind": "tenants",
                "rolls": list(self.pending["rolls"]),
                "placeable": list(self.pending["placeable"]),
            }
        return {
            "kind": "rearrange",
            "slots": list(self.pending["slots"]),
            "next_slot": self.pending["slots"][self.pending["done"]],
            "original": list(self.pending["original"]),
            "choices": self._rearrange_choices(),
        }

    def _view(self, seat: int | None) -> JSONDict:
        over = self.is_over()
        return {
            "phase": self.phase,
            "turn": self.turn,
            "turn_cap": TURN_CAP,
            "goal": GOAL,
            "start": self.start,
            "current": None if over else self.current,
            "ring": self._ring_view(),
            "rows": [self._row_view(p) for p in range(self.players)],
            "centre": self.centre,
            "stars": [star_pieces(v) for v in self.stars],
            "crabs_in_row": self.crab_counts(),
            "pending": self._pending_view(),
            "last_roll": None if self.last_move is None else self.last_move["roll"],
            "last_move": copy_json(self.last_move),
            "last_tenants": copy_json(self.last_tenants),
            "last_action": copy_json(self.last_action),
            "recent": copy_json(self.recent),
            "winners": self.result().winners if over else [],
            "capped": self.phase == "capped",
        }

    def undo_allowed(self, seat: int, action: str) -> bool:
        """Everything is public, so only chance makes an action final: Move dice and New
        tenants roll dice; Advance, Buy, each Rearrange step, a rebirth shell and the choice of
        new tenants (after the roll was seen) can be taken back."""
        return Action.parse(action).kind not in ("hi", "lo", "new")

    def secret_pending(self) -> bool:
        """Never: everything is public once it happens (future rolls are not actions)."""
        return False

    def determinize(self, seat: int, rng: Rng) -> YadokashiState:
        """Everything on the table is public; only future die rolls are unknown, so the random
        stream is replaced by one drawn from ``rng``. Rolls already made (a pending New tenants
        choice) are kept: the player has seen them."""
        s = self.clone()
        if s.private_log:  # else every seat's log is the whole log
            s.scrub_log(seat)
        s.rng = Rng(rng.next_u32(), rng.next_u32())
        return s

    # --- (de)serialisation ------------------------------------------------------------------
    _NARRATION = ("last_move", "last_tenants", "last_action", "recent")
    _FIELDS = (
        "rows",
        "centre",
        "stars",
        "income_total",
        "start",
        "current",
        "turn",
        "phase",
        "pending",
        "last_move",
        "last_tenants",
        "last_action",
        "recent",
    )

    def to_json(self) -> JSONDict:
        """The whole state: the base class's fields and the crabs (JSON keys are strings, so
        the shell-to-size map is written as pairs)."""
        data = super().to_json()
        data["crabs"] = [[shell, self.crabs[shell]] for shell in sorted(self.crabs)]
        return data

    @classmethod
    def from_json(cls, data: JSONDict) -> Self:
        """Restore from :meth:`to_json`."""
        s = super().from_json(data)
        s.crabs = {int(shell): int(size) for shell, size in data["crabs"]}
        s.private_log = any("private" in entry for entry in s.log)
        return s

    def clone(self) -> YadokashiState:
        """An independent copy (a quiet state's copy has no log either)."""
        s = self._copy(self.rng.copy())
        if not self.quiet:
            s.log = list(self.log)
        return s

    def _copy(self, rng: Rng) -> YadokashiState:
        """A copy without a log, drawing from ``rng``. Log entries, the ``last_*`` records and
        the rows are never changed once written (later steps replace them; changed rows are new
        lists), so the copy shares them, and their :class:`Layout`."""
        s = YadokashiState.__new__(YadokashiState)
        # attribute by attribute, in the order of __init__: the copy keeps CPython's compact
        # attribute layout (a replaced __dict__ loses it, and every later access is slower)
        s.players = self.players
        s.rng = rng
        s.log = []
        s.ply = self.ply
        s.rows = self.rows
        s.crabs = self.crabs.copy()
        s.centre = self.centre
        s.stars = self.stars.copy()
        s.income_total = self.income_total
        s.start = self.start
        s.current = self.current
        s.turn = self.turn
        s.phase = self.phase
        pending = self.pending
        s.pending = None if pending is None else pending.copy()
        s.last_move = self.last_move
        s.last_tenants = self.last_tenants
        s.last_action = self.last_action
        s.recent = self.recent
        s.quiet = self.quiet
        s.private_log = self.private_log
        s._layout = self._layout
        return s

    def invariant_errors(self) -> list[str]:
        """Every shell once in the rows, six dice, crabs fitting their shells between actions,
        stars never negative and equal to the start plus all income (payments only move stars)."""
        errors = []
        if sorted(s for row in self.rows for s in row) != self.shells():
            errors.append(f"shells not conserved: {self.rows}")
        if self.centre < 0 or len(self.crabs) + self.centre != DICE:
            errors.append(f"dice not conserved: {len(self.crabs)} on shells, {self.centre} centre")
        placed = set(self.shells())
        for shell, size in self.crabs.items():
            if shell not in placed or not 1 <= size <= FACES:
                errors.append(f"bad crab {size} on shell {shell}")
            elif size > shell and self.phase != "rebirth":
                errors.append(f"crab {size} too big for shell {shell}")
        if min(self.stars) < 0 or sum(self.stars) != self.players + self.income_total:
            errors.append(f"stars not conserved: {self.stars}, income {self.income_total}")
        return errors
