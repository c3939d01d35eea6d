"""Marie's Table (マリーの食卓): the rules engine.

Notation (seat-relative actions, chess-UCI style):
``pile3`` choose pile 3 (1-based, as dealt); ``pick35`` keep a 3 and a 5 from the draft hand;
``up`` / ``down`` vote satisfied / dissatisfied; ``take2`` take seat 2's pair; ``keep`` keep both
cards; ``eat3`` eat the 3 and keep the other; ``eat35`` eat both.

Keep or eat: after a redistribution each taker decides as he takes (M2); otherwise every seat
decides for its own pair at the same time, in secret until all are in (M4).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pygames.core.errors import BadNotation, RecordError
from pygames.core.lazy import can_defer, defer
from pygames.core.protocol import GameState, JSONDict, Result, Tie
from pygames.core.rng import Rng
from pygames.core.text import Text, t
from pygames.core.util import copy_json, reshuffle
from pygames.games.marie import lines
from pygames.games.marie.lines import Line

NUMBERS = range(1, 8)
NUMBER_KEYS = tuple(str(n) for n in NUMBERS)
COPIES = 8
DECK_SIZE = 56
MAX_EATEN = 2
EAT_POINTS = 1  # points per eaten card
PILES = {3: (6, 6), 4: (5, 8), 5: (5, 10)}  # players -> (number of piles, cards per pile)
POINTS = {0: 0, 1: -3, 2: -1, 3: 1, 4: 3, 5: 5, 6: 6, 7: 7, 8: 8}

#: the scoring rules as the page shows them (the view's ``scoring``)
SCORING: JSONDict = {
    "points": [{"count": c, "points": p} for c, p in POINTS.items() if c > 0],
    "eaten": EAT_POINTS,
    "max_eaten": MAX_EATEN,
}

_NOTATION = re.compile(
    r"^(pile)([1-9])$|^(pick)([1-7])([1-7])$|^(up|down|keep)$|"
    r"^(take)([0-9])$|^(eat)([1-7])([1-7])?$"
)


@dataclass(frozen=True)
class Action:
    """A parsed action: its kind and its numbers."""

    kind: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.kind + "".join(str(a) for a in self.args)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation; :class:`BadNotation` if it is not Marie's notation. An action, once
        parsed, is remembered (it depends on the text alone, and is never changed).

        >>> str(Action.parse("pick53"))
        'pick35'
        """
        act = _PARSED.get(text)
        if act is None:
            act = _PARSED[text] = cls._read(text)
        return act

    @classmethod
    def _read(cls, text: str) -> Action:
        m = _NOTATION.match(text)
        if not m:
            raise BadNotation(
                t(
                    f"{text!r} is not an action of Marie's Table.",
                    f"「{text}」はマリーの食卓の手ではありません。",
                )
            )
        parts = [g for g in m.groups() if g is not None]
        kind, nums = parts[0], tuple(int(p) for p in parts[1:])
        if kind in ("pick", "eat"):
            nums = tuple(sorted(nums))
        return cls(kind, nums)


#: every notation parsed so far, and its action (a few dozen texts in all)
_PARSED: dict[str, Action] = {}


def points_for(count: int) -> int:
    """Points for holding ``count`` kept cards of one number."""
    return POINTS[count]


def without(cards: list[int], taken: list[int]) -> list[int]:
    """``cards`` (sorted) less one copy of each of ``taken``."""
    rest = sorted(cards)
    for c in taken:
        rest.remove(c)
    return rest


#: the method applying each kind of action
_HANDLERS = {
    "pile": "_do_pile",
    "pick": "_do_pick",
    "up": "_do_vote",
    "down": "_do_vote",
    "take": "_do_take",
    "keep": "_do_decide",
    "eat": "_do_decide",
}
PILE_TEXT = tuple(f"pile{i + 1}" for i in range(9))
TAKE_TEXT = tuple(f"take{o}" for o in range(10))


@cache
def pick_pairs(hand: tuple[int, ...]) -> tuple[tuple[int, int, str], ...]:
    """Every pair ``a`` <= ``b`` a drafter may keep from ``hand`` (sorted), once each, with its
    notation, in the order of the notation."""
    pairs = {(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]}
    return tuple((a, b, f"pick{a}{b}") for a, b in sorted(pairs))


@cache
def picks(hand: tuple[int, ...]) -> tuple[str, ...]:
    """The sorted notation of every pair a drafter may keep from ``hand`` (sorted)."""
    return tuple(act for _, _, act in pick_pairs(hand))


@cache
def decide_options(a: int, b: int, left: int) -> tuple[tuple[str, int], ...]:
    """The keep/eat actions for the pair ``a`` <= ``b`` with ``left`` eats left, in notation
    order, each with what it does: 0 keeps both cards, 1 eats ``a``, 2 eats ``b`` (one action
    when ``a`` is ``b``), 3 eats both."""
    acts = {"keep": 0}
    if left >= 1:
        acts[f"eat{a}"] = 1
        acts[f"eat{b}"] = 2
    if left >= 2:
        acts[f"eat{a}{b}"] = 3
    return tuple(sorted(acts.items()))


@cache
def decide_actions(a: int, b: int, left: int) -> tuple[str, ...]:
    """The sorted keep/eat notation for the pair ``a`` <= ``b`` with ``left`` eats left."""
    return tuple(act for act, _ in decide_options(a, b, left))


class MarieState(GameState):
    """A game of Marie's Table for 3 to 5 players."""

    game_id = "marie"

    def __init__(self, players: int) -> None:
        #: the log lines told and not yet written out (:meth:`tell`): the line, its values, ply
        self.untold: list[tuple[Callable[..., Line], tuple[Any, ...], int, str | None]] = []
        #: a world's readings still to do (:meth:`determinize`), in order: a seat and how many
        #: of the first entries (the log's, once written out) are read as that seat reads them
        self.readers: tuple[tuple[int, int], ...] = ()
        self._log: list[JSONDict] = []
        super().__init__(players)
        self.rng = Rng(0, 0)
        self.piles: list[list[int]] = []
        self.pile_used: list[bool] = []
        self.unused: list[int] = []
        self.rounds = 0
        self.round = 0
        self.elder = 0
        self.phase = "pile"
        self.order: list[int] = []
        self.drafter_pos = 0
        self.hand: list[int] = []
        self.pairs: list[list[int] | None] = [None] * players
        self.revealed = False
        self.votes: list[bool | None] = [None] * players
        self.redistribute = False
        self.take_pos = 0
        self.holding: list[int] | None = None
        self.holding_from: int | None = None
        self.kept: list[list[int]] = [[0] * 8 for _ in range(players)]
        self.eaten: list[list[int]] = [[] for _ in range(players)]
        self.history: list[list[JSONDict]] = [[] for _ in range(players)]
        self.last_votes: list[bool] | None = None
        #: M4: each seat's secret keep/eat decision (the cards it eats) until all are in
        self.decisions: list[list[int] | None] = [None] * players
        #: each seat's keep/eat decision once all may see it ({eat, keep, round}); kept
        #: on show through the next round's draft, until its pairs are revealed
        self.settled: list[JSONDict | None] = [None] * players

    # --- log ----------------------------------------------------------------------------------
    @property
    def log(self) -> list[JSONDict]:
        """The log: the lines told since it was last read are written out first, and a world
        reads its first entries as its seat reads them (:meth:`determinize`)."""
        return self.write_log()

    @log.setter
    def log(self, entries: list[JSONDict]) -> None:
        self._log = entries
        self.untold = []
        self.readers = ()

    def write_log(self) -> list[JSONDict]:
        """Write the log out (:attr:`log`). Only reading a state's own log writes it:
        :meth:`determinize` copies the lines still untold and the readings still to do into its
        world, and writes nothing of the state's."""
        readers, self.readers = self.readers, ()
        if self.untold:
            self._write_out()
        for seat, length in readers:  # (a reading leaves no private wording to read again)
            rest = self._log[length:]
            self._log = self._log[:length]
            self._log = self.log_for(seat) + rest
        return self._log

    def tell(self, line: Callable[..., Line], *values: Any, moment: str | None = None) -> None:
        """Add a log line, to be written out (:meth:`GameState.say`, as of this ply) from these
        values when the log is read: the search's worlds never read theirs. The values are
        never changed afterwards (numbers, tuples). A quiet state keeps none. ``moment``: the
        line is part of a moment that matters (:meth:`GameState.say`)."""
        if not self.quiet:
            self.untold.append((line, values, self.ply, moment))

    def _write_out(self) -> None:
        untold, self.untold = self.untold, []
        ply = self.ply
        try:
            for line, values, told, moment in untold:
                self.ply = told
                self.say(*line(*values), moment=moment)
        finally:
            self.ply = ply

    # --- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> MarieState:
        """Shuffle, make the piles and choose the first elder (random or ``options['elder']``)."""
        if players not in PILES:
            raise ValueError("Marie's Table is for 3 to 5 players")
        options = options or {}
        s = cls(players)
        s.rng = Rng.from_seed(seed)
        deck = [n for n in NUMBERS for _ in range(COPIES)]
        s.rng.shuffle(deck)
        count, size = PILES[players]
        s.piles = [deck[i * size : (i + 1) * size] for i in range(count)]
        s.pile_used = [False] * count
        s.unused = deck[count * size :]
        s.rounds = count
        elder = options.get("elder")
        if elder is None:
            s.elder = s.rng.below(players)
        elif isinstance(elder, int) and not isinstance(elder, bool) and 0 <= elder < players:
            s.elder = elder
        else:
            raise RecordError(
                t(
                    "The first elder must be one of the seats.",
                    "最初の兄者は席のどれかでなければなりません。",
                )
            )
        s._start_round()
        return s

    def _start_round(self) -> None:
        n = self.players
        self.order = [(self.elder + k) % n for k in range(n)]
        self.phase = "pile"
        self.drafter_pos = 0
        self.hand = []
        self.pairs = [None] * n
        self.revealed = False
        self.votes = [None] * n
        self.redistribute = False
        self.take_pos = 0
        self.holding = None
        self.holding_from = None
        self.decisions = [None] * n
        self.tell(lines.round_starts, self.round + 1, self.elder)

    # --- queries ----------------------------------------------------------------------------
    @property
    def youngest(self) -> int:
        """The youngest brother this round: the seat to the elder's right."""
        return self.order[-1]

    def take_order(self) -> list[int]:
        """Youngest first, elder last."""
        return list(reversed(self.order))

    def taker(self) -> int:
        """The seat taking (or deciding) now in the take step of a redistribution (the
        :meth:`take_order`'s ``take_pos``-th)."""
        return self.order[-1 - self.take_pos]

    @property
    def simultaneous(self) -> bool:
        """True while every seat decides keep or eat for its own pair at once (M4)."""
        return self.phase == "decide" and not self.redistribute

    def must_decide(self, seat: int) -> bool:
        """In the simultaneous decision (M4): ``seat`` has not decided yet and may still eat
        (a seat with no eats left keeps its pair without a decision)."""
        return self.decisions[seat] is None and len(self.eaten[seat]) < MAX_EATEN

    def held(self, seat: int) -> list[int]:
        """The pair ``seat`` decides about now: its own (M4), or the one it took (M2)."""
        if self.simultaneous:
            return sorted(self.pairs[seat] or [])
        return sorted(self.holding or [])

    def to_move(self) -> list[int]:
        """Seats that must act now."""
        phase = self.phase
        if phase == "vote":
            return [s for s, vote in enumerate(self.votes) if vote is None]
        if phase == "draft":
            return [self.order[self.drafter_pos]]
        if phase == "pile":
            return [self.elder]
        if self.simultaneous:
            return [s for s in range(self.players) if self.must_decide(s)]
        if self.phase in ("take", "decide"):
            return [self.taker()]
        return []

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of what ``seat`` may do now (pile and seat numbers have one
        digit, so their notation sorts as the numbers do)."""
        if seat not in self.to_move():
            return []
        phase = self.phase
        if phase == "pile":
            return [PILE_TEXT[i] for i, used in enumerate(self.pile_used) if not used]
        if phase == "draft":
            return list(picks(tuple(sorted(self.hand))))
        if phase == "vote":
            return ["down", "up"]
        if phase == "take":
            return [TAKE_TEXT[o] for o in self.available_pairs(seat)]
        return self._decide_actions(seat)

    def available_pairs(self, seat: int) -> list[int]:
        """Owners of the pairs ``seat`` may take in a redistribution."""
        return [o for o, p in enumerate(self.pairs) if p is not None and o != seat]

    def _decide_actions(self, seat: int) -> list[str]:
        pair = self.held(seat)
        assert len(pair) == 2
        return list(decide_actions(pair[0], pair[1], MAX_EATEN - len(self.eaten[seat])))

    def is_over(self) -> bool:
        """True after the last round."""
        return self.phase == "over"

    def explain_illegal(self, seat: int, action: str) -> Text:
        """A sentence saying why ``action`` is refused."""
        try:
            act = Action.parse(action)
        except BadNotation as exc:
            return exc.text
        if act.kind == "pile":
            return t("That pile is not on the table.", "その山はもうありません。")
        if act.kind == "pick":
            return t(
                "You can only keep two cards from the hand you hold.",
                "手元のカードから2枚だけ残せます。",
            )
        if act.kind == "take":
            return t(
                "You may take only another brother's pair that is still on the table.",
                "取れるのは場に残っている他の兄弟の2枚だけです。",
            )
        if act.kind == "eat":
            return t(
                "You may eat at most 2 cards in a game, and only cards you just took.",
                "食べられるのはゲーム中2枚まで、いま取ったカードだけです。",
            )
        return t(f"{action!r} is not possible now.", f"「{action}」は今はできません。")

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: str) -> None:
        act = Action.parse(action)
        getattr(self, _HANDLERS[act.kind])(seat, act)

    def _do_pile(self, seat: int, act: Action) -> None:
        index = act.args[0] - 1
        self.pile_used[index] = True
        self.hand = list(self.piles[index])
        self.piles[index] = []
        self.phase = "draft"
        self.tell(lines.pile_chosen, seat, index + 1)

    def _do_pick(self, seat: int, act: Action) -> None:
        pair = list(act.args)
        passed = list(self.hand)
        for c in pair:
            passed.remove(c)
        nxt = self.order[self.drafter_pos + 1]
        self.history[seat] = [
            *self.history[seat],
            {
                "round": self.round + 1,
                "saw": sorted(self.hand),
                "kept": pair,
                "passed": sorted(passed),
            },
        ]
        self.tell(lines.picked, seat, nxt, act.args, tuple(passed))
        self.pairs[seat] = pair
        self.hand = passed
        self.drafter_pos += 1
        if self.drafter_pos == self.players - 1:
            self._youngest_keeps()

    def _youngest_keeps(self) -> None:
        young = self.youngest
        pair = sorted(self.hand)
        self.history[young] = [
            *self.history[young],
            {"round": self.round + 1, "saw": pair, "kept": pair, "passed": []},
        ]
        self.pairs[young] = pair
        self.hand = []
        self.tell(
            lines.plain,
            "{0} receives the last 2 cards.",
            "{0}が最後の2枚を受け取りました。",
            (young,),
        )
        self.revealed = True
        self.phase = "vote"
        self.settled = [None] * self.players  # the last round's decisions leave the table
        for s in self.order:
            self.tell(lines.reveals, s, tuple(self.pairs[s] or ()), moment="pairs")

    def _do_vote(self, seat: int, act: Action) -> None:
        self.votes[seat] = act.kind == "up"
        self.tell(lines.voted, seat, act.kind == "up")
        if None not in self.votes:
            self._resolve_votes()

    def _resolve_votes(self) -> None:
        votes = [bool(v) for v in self.votes]
        self.last_votes = votes
        downs = tuple(s for s in range(self.players) if not votes[s])
        ups = tuple(s for s in range(self.players) if votes[s])
        if ups:
            self.tell(lines.satisfied, ups)
        if downs:
            self.tell(lines.dissatisfied, downs)
        self.redistribute = len(downs) >= 2
        if self.redistribute:
            self.tell(
                lines.plain,
                "Two or more are dissatisfied: the pairs change hands, youngest first.",
                "不満が2人以上：末の弟から順に、他の兄弟の2枚を取ります。",
            )
            self.take_pos = 0
            self._advance_take()
            return
        self._start_decisions()

    def _start_decisions(self) -> None:
        """M4: every seat that may still eat decides at once; none left: reveal at once."""
        self.take_pos = 0
        self.decisions = [None] * self.players
        self.phase = "decide"
        if self.to_move():
            self.tell(
                lines.plain,
                "Fewer than two are dissatisfied: everyone takes his own pair and decides, in "
                "secret, to keep or eat.",
                "不満は2人未満：全員が自分の2枚を獲得し、確定するか食べるかを秘密で決めます。",
            )
            return
        self.tell(
            lines.plain,
            "Fewer than two are dissatisfied: everyone takes his own pair; no one may eat any "
            "more, so every pair is kept.",
            "不満は2人未満：全員が自分の2枚を獲得します。もう誰も食べられないので、すべて確定します。",
        )
        self._reveal_decisions()

    def _advance_take(self) -> None:
        """Move the take step of a redistribution (M2) on, applying what no one has a choice
        about: taking the last pair left (the elder's exception included), keeping when no eat
        is left."""
        while self.take_pos < self.players:
            taker = self.taker()
            if self.holding is None:
                choices = self.available_pairs(taker)
                if len(choices) >= 2:
                    self.phase = "take"
                    return
                self._take(taker, choices[0] if choices else taker)
            if len(self.eaten[taker]) < MAX_EATEN:
                self.phase = "decide"
                return
            self._settle(taker, [])
        self._end_round()

    def _take(self, taker: int, owner: int) -> None:
        pair = self.pairs[owner]
        assert pair is not None
        self.pairs[owner] = None
        self.holding = pair
        self.holding_from = owner
        self.tell(lines.taken, taker, owner, tuple(pair))

    def _do_take(self, seat: int, act: Action) -> None:
        self._take(seat, act.args[0])
        self._advance_take()

    def _do_decide(self, seat: int, act: Action) -> None:
        eat = list(act.args) if act.kind == "eat" else []
        if self.simultaneous:
            self._decide_in_secret(seat, eat)
            return
        self._settle(seat, eat)
        self._advance_take()

    def _decide_in_secret(self, seat: int, eat: list[int]) -> None:
        """M4: the decision stays the seat's own (its log line too) until all are in."""
        self.decisions[seat] = eat
        self.tell(lines.decided, seat, tuple(without(self.held(seat), eat)), tuple(eat))
        if not self.to_move():
            self._reveal_decisions()

    def _reveal_decisions(self) -> None:
        """M4: every decision is shown at once, one line each, youngest first; a seat with no
        eats left keeps its pair."""
        self.tell(
            lines.plain, "All decisions are in:", "全員の決定がそろいました。", moment="round"
        )
        for seat in self.take_order():
            pair = self.pairs[seat]
            assert pair is not None
            self.pairs[seat] = None
            self._record_decision(seat, seat, pair, self.decisions[seat] or [])
        self.decisions = [None] * self.players
        self._end_round()

    def _settle(self, seat: int, eat: list[int]) -> None:
        """M2: the taker's decision about the pair he holds, seen by all at once."""
        assert self.holding is not None and self.holding_from is not None
        self._record_decision(seat, self.holding_from, self.holding, eat)
        self.holding = None
        self.holding_from = None
        self.take_pos += 1

    def _record_decision(self, seat: int, owner: int, pair: list[int], eat: list[int]) -> None:
        """``seat`` keeps or eats (``eat``) the cards of ``pair``, the one ``owner`` kept in the
        draft; everyone sees it now."""
        keep = without(pair, eat)
        self._record_fate(owner, seat, keep, eat)
        kept = list(self.kept[seat])
        for c in keep:
            kept[c] += 1
        self.kept[seat] = kept
        self.eaten[seat] = self.eaten[seat] + eat
        self.settled[seat] = {"eat": sorted(eat), "keep": keep, "round": self.round + 1}
        # the round's results: every decision when they are shown at once (M4), else the last
        # one, which ends the round (the others were each shown as they were made)
        last = self.simultaneous or self.take_pos == self.players - 1
        self.tell(lines.settles, seat, tuple(keep), tuple(eat), moment="round" if last else None)

    def _record_fate(self, owner: int, seat: int, keep: list[int], eat: list[int]) -> None:
        """What became of the pair ``owner`` kept in this round's draft (his draft history):
        who got it (``by``) and what he kept and ate of it. A new entry replaces the round's."""
        history = self.history[owner]
        if not history or history[-1]["round"] != self.round + 1:
            return  # (a world of another seat's, determinized in the draft, forgot the entry)
        fate = {"by": seat, "keep": sorted(keep), "eat": sorted(eat)}
        self.history[owner] = [*history[:-1], {**history[-1], "fate": fate}]

    def _end_round(self) -> None:
        self.round += 1
        self.elder = self.youngest
        if self.round >= self.rounds:
            self.phase = "over"
            self.order = []
            self.tell(lines.game_over, tuple(self.ranking()[1]))
            return
        self._start_round()

    # --- scoring ----------------------------------------------------------------------------
    def breakdown(self, seat: int) -> JSONDict:
        """Each number's kept count and points, eaten cards, and the total."""
        numbers = {
            key: {"count": count, "points": points_for(count)}
            for key, count in zip(NUMBER_KEYS, self.kept[seat][1:], strict=True)
        }
        eaten = len(self.eaten[seat])
        return {
            "numbers": numbers,
            "eaten": eaten,
            "eaten_cards": list(self.eaten[seat]),
            "eaten_points": eaten * EAT_POINTS,
            "total": self.score(seat),
        }

    def score(self, seat: int) -> int:
        """The seat's score now: each number's points for its kept count, and the eaten cards'
        (``kept`` counts by number, from 1; its place 0 is unused)."""
        points = sum([POINTS[count] for count in self.kept[seat][1:]])
        return points + len(self.eaten[seat]) * EAT_POINTS

    def result(self) -> Result:
        """Scores, breakdown, winners and the tie-break."""
        scores, top, tie_break, text = self.ranking()
        breakdown = [self.breakdown(s) for s in range(self.players)]
        return Result(scores, breakdown, top, tie_break, text)

    def ranking(self) -> tuple[list[int], list[int], str, Text]:
        """Scores, winners, the tie-break (kept 7s, then 6s, ... then 1s) and its words."""
        scores = [self.score(s) for s in range(self.players)]
        top = [s for s in range(self.players) if scores[s] == max(scores)]
        tie_break, text = "none", t("", "")
        if len(top) > 1:
            tie = self.tie_break(top)
            top, tie_break, text = tie.first, tie.key, tie.text
            if tie_break == "shared":
                text = t(
                    "Still tied on every number: a shared win.",
                    "すべての数字で同数のため、勝利を分け合います。",
                )
        return scores, top, tie_break, text

    def tie_break(self, seats: list[int]) -> Tie:
        """Among ``seats`` tied on points: more kept 7s, then 6s, ... then 1s."""
        top = list(seats)
        for n in range(7, 0, -1):
            most = max(self.kept[s][n] for s in top)
            top = [s for s in top if self.kept[s][n] == most]
            if len(top) == 1:
                return Tie(
                    top,
                    f"{n}s",
                    t(
                        f"Tie on points, decided by the number of kept {n}s.",
                        f"同点のため、確定した{n}の枚数で決着しました。",
                    ),
                )
        return Tie(
            top,
            "shared",
            t(
                "Still tied on every number.",
                "すべての数字で同数です。",
            ),
        )

    # --- information ------------------------------------------------------------------------
    def _pair_view(self, owner: int, seat: int | None) -> JSONDict | None:
        pair = self.pairs[owner]
        if pair is None:
            return None
        if self.revealed or owner == seat:
            return {"cards": sorted(pair), "face_up": self.revealed}
        return {"cards": None, "face_up": False}

    def _vote_view(self, owner: int, seat: int | None) -> str | None:
        if self.phase == "vote":
            vote = self.votes[owner]
            if vote is None:
                return "waiting"
            if owner == seat:
                return "up" if vote else "down"
            return "voted"
        if self.last_votes is not None and self.phase in ("take", "decide"):
            return "up" if self.last_votes[owner] else "down"
        return None

    def _decision_view(self, owner: int, seat: int | None) -> JSONDict | None:
        """M4: ``waiting`` / ``decided`` (what, to the owner only) / ``forced`` (no eats left:
        keeps); after the reveal (and as each is made in M2) ``revealed`` for all, until the next
        round's pairs are revealed."""
        if self.simultaneous:
            return {**self._pending_view(owner, seat), "round": self.round + 1}
        shown = self.settled[owner]
        if shown is None:
            return None
        return {"status": "revealed", **copy_json(shown)}

    def _pending_view(self, owner: int, seat: int | None) -> JSONDict:
        pair = self.pairs[owner] or []
        pending = self.decisions[owner]
        if pending is None and len(self.eaten[owner]) >= MAX_EATEN:
            return {"status": "forced", "eat": [], "keep": sorted(pair)}
        if pending is None:
            return {"status": "waiting", "eat": None, "keep": None}
        if owner == seat:
            return {"status": "decided", "eat": sorted(pending), "keep": without(pair, pending)}
        return {"status": "decided", "eat": None, "keep": None}

    def _view(self, seat: int | None) -> JSONDict:
        drafting = self.order[self.drafter_pos] if self.phase == "draft" else None
        seats = []
        for s in range(self.players):
            seats.append(
                {
                    "pair": self._pair_view(s, seat),
                    "vote": self._vote_view(s, seat),
                    "decision": self._decision_view(s, seat),
                    "kept": {str(n): self.kept[s][n] for n in NUMBERS},
                    "eaten": list(self.eaten[s]),
                    "eats_left": MAX_EATEN - len(self.eaten[s]),
                    "score": self.score(s),
                    "breakdown": self.breakdown(s),
                }
            )
        taking = self.phase in ("take", "decide")
        one_taker = taking and not self.simultaneous
        return {
            "phase": self.phase,
            "round": min(self.round + 1, self.rounds),
            "rounds": self.rounds,
            "elder": self.elder if self.phase != "over" else None,
            "youngest": self.youngest if self.order else None,
            "order": list(self.order),
            "piles": [
                {"index": i + 1, "size": len(p), "used": u}
                for i, (p, u) in enumerate(zip(self.piles, self.pile_used, strict=True))
            ],
            "unused_count": len(self.unused),
            "drafter": drafting,
            "hand_size": len(self.hand) if self.phase == "draft" else 0,
            "hand": sorted(self.hand) if drafting is not None and drafting == seat else None,
            "revealed": self.revealed,
            "redistribute": self.redistribute if taking else None,
            "simultaneous": self.simultaneous,
            "taker": self.taker() if one_taker else None,
            "holding": sorted(self.holding) if self.holding else None,
            "holding_from": self.holding_from,
            "seats": seats,
            "history": list(self.history[seat]) if seat is not None else [],
            "scoring": copy_json(SCORING),
        }

    def secret_pending(self) -> bool:
        """True while a kept pair, a vote or a keep/eat decision (M4) is hidden."""
        if self.phase == "draft":
            return self.drafter_pos > 0
        if self.phase == "vote":
            return any(v is not None for v in self.votes)
        if self.simultaneous:
            return any(d is not None for d in self.decisions)
        return False

    def determinize(self, seat: int, rng: Rng) -> MarieState:
        """Resample every card ``seat`` has not seen, keeping what it knows (its own hand, its
        pair, and that what it passed on lies downstream); forget other seats' pending votes and
        keep/eat decisions (M4) (resampled among their legal ones), their private log lines and
        their draft history of this round.

        The result depends only on what ``seat`` knows and on ``rng``: two states the seat
        cannot tell apart determinize to the same state.
        """
        s = self.clone()
        general = []  # the piles left and the unused cards: copies, to be dealt anew
        for i, used in enumerate(s.pile_used):
            if not used:
                s.piles[i] = s.piles[i].copy()
                general.append(s.piles[i])
        s.unused = s.unused.copy()
        general.append(s.unused)
        downstream = s._draft_unseen(seat, general) if s.phase == "draft" else []
        reshuffle(general, rng)
        if downstream:  # (nothing to deal draws nothing)
            reshuffle(downstream, rng)
        if s.phase == "vote":  # that a seat has voted is public; how it voted is not
            s.votes = [
                v if i == seat or v is None else rng.below(2) == 1 for i, v in enumerate(s.votes)
            ]
        if s.simultaneous:  # that a seat has decided is public; what it decided is not
            for i, pending in enumerate(s.decisions):
                if i != seat and pending is not None:
                    s.decisions[i] = list(Action.parse(rng.choice(s._decide_actions(i))).args)
        # the log as the seat reads it, read when the world's log is read (a bot's never is)
        s.readers = (*s.readers, (seat, len(s._log) + len(s.untold)))
        s.rng = Rng(rng.next_u32(), rng.next_u32())
        return s

    def lazy_world(self, seat: int, rng: Rng) -> GameState:
        """:meth:`determinize` deferred (:mod:`pygames.core.lazy`): a quiet clone without the
        parts it resamples or forgets (:meth:`_resampled`), which a bot mostly never reads."""
        if not can_defer(rng):
            return self.quiet_world(seat, rng)
        world = self.quiet_clone()
        return defer(self, seat, rng, world, self._resampled(seat))

    def _resampled(self, seat: int) -> list[str]:
        """The attributes :meth:`determinize` may change for ``seat`` in this phase (its
        stream always; the piles left and the unused cards; in the draft the pairs, the hand
        unless ``seat`` holds it, and the draft history; the votes; the M4 decisions)."""
        names = ["rng", "piles", "unused"]
        if self.phase == "draft":
            names += ["pairs", "history"]
            if self.order[self.drafter_pos] != seat:
                names.append("hand")
        elif self.phase == "vote":
            names.append("votes")
        if self.simultaneous:
            names.append("decisions")
        return names

    def _draft_unseen(self, seat: int, general: list[list[int]]) -> list[list[int]]:
        """In the draft, for :meth:`determinize` (on its copy): copy the pairs kept so far and
        the hand; add those ``seat`` has not seen upstream to ``general`` and return those it
        has passed on (downstream, dealt among themselves); forget other seats' draft history of
        this round."""
        downstream = []
        pos = self.order.index(seat)
        for p in range(self.drafter_pos):
            owner = self.order[p]
            pair = self.pairs[owner]
            assert pair is not None
            owner_pair = self.pairs[owner] = list(pair)
            if p < pos:
                general.append(owner_pair)
            elif p > pos:
                downstream.append(owner_pair)
        self.hand = list(self.hand)
        if pos < self.drafter_pos:
            downstream.append(self.hand)
        elif pos > self.drafter_pos:
            general.append(self.hand)
        for other, history in enumerate(self.history):  # (one entry a round, in order)
            if other != seat and history and history[-1]["round"] > self.round:
                self.history[other] = [h for h in history if h["round"] <= self.round]
        return downstream

    # --- (de)serialisation ------------------------------------------------------------------
    _FIELDS = (
        "piles", "pile_used", "unused", "rounds", "round", "elder", "phase", "order",
        "drafter_pos", "hand", "pairs", "revealed", "votes", "redistribute", "take_pos",
        "holding", "holding_from", "kept", "eaten", "history", "last_votes", "decisions",
        "settled",
    )  # fmt: skip

    def clone(self) -> MarieState:
        """An independent copy. A list inside the state (a pile, the hand, a pair, a seat's kept
        counts, eaten cards or history) is never changed in place once the state holds it: a
        change puts a new list in its place (:meth:`determinize` copies what it reshuffles).
        So the copy shares those lists, as it shares the log's and history's entries, which are
        never changed once written; it copies only the lists whose items change."""
        s = MarieState.__new__(MarieState)
        s.__dict__ = self.__dict__.copy()
        s._log = self._log.copy()
        s.untold = self.untold.copy()
        s.rng = self.rng.copy()
        s.piles = self.piles.copy()
        s.pile_used = self.pile_used.copy()
        s.pairs = self.pairs.copy()
        s.votes = self.votes.copy()
        s.kept = self.kept.copy()
        s.eaten = self.eaten.copy()
        s.history = self.history.copy()
        s.decisions = self.decisions.copy()
        s.settled = self.settled.copy()
        return s

    def undo_allowed(self, seat: int, action: str) -> bool:
        """A take, a keep/eat choice (M2), or a vote or a secret keep/eat choice (M4) that is
        not the last one can be taken back. Choosing a pile shows it to the elder and a pick
        hands cards to the next brother (or reveals all pairs): those are final. The last vote
        reveals every vote, the last secret decision every decision: final too."""
        kind = Action.parse(action).kind
        if kind in ("keep", "eat") and self.simultaneous:
            return len(self.to_move()) > 1
        if kind in ("take", "keep", "eat"):
            return True
        if kind in ("up", "down"):
            return sum(v is None for v in self.votes) > 1
        return False

    def invariant_errors(self) -> list[str]:
        """The 56 cards are all somewhere, eight of each number; nobody ate more than two."""
        errors = []
        count = self.deck_count()
        if any(count[n] != COPIES for n in NUMBERS) or sum(count.values()) != DECK_SIZE:
            errors.append(f"cards not conserved: {dict(count)}")
        if any(len(e) > MAX_EATEN for e in self.eaten):
            errors.append("a seat ate more than two cards")
        return errors

    def deck_count(self) -> Counter[int]:
        """Every card wherever it lies (for conservation checks)."""
        c: Counter[int] = Counter()
        for p in self.piles:
            c.update(p)
        c.update(self.unused)
        c.update(self.hand)
        for pair in self.pairs:
            c.update(pair or [])
        c.update(self.holding or [])
        for s in range(self.players):
            for n in NUMBERS:
                c[n] += self.kept[s][n]
            c.update(self.eaten[s])
        return c
