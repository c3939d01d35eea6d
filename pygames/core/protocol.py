"""The engine protocol every game implements.

A game state answers who must act (:meth:`GameState.to_move`), which actions a seat may take
(:meth:`GameState.legal_actions`, notation strings), applies one (:meth:`GameState.apply`, which
refuses an illegal action with a typed error and leaves the state unchanged), tells whether the
game is over and its result, and shows each seat exactly what it may see (:meth:`GameState.view`).
:meth:`GameState.determinize` resamples everything a seat cannot see, which is how bots are kept
from reading hidden information.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from pygames.core.errors import IllegalAction, NotYourTurn
from pygames.core.rng import Rng
from pygames.core.text import Text, t
from pygames.core.util import copy_json

JSONDict = dict[str, Any]


@dataclass
class Result:
    """The end of a game: scores, a breakdown per seat, winners and the tie-break used."""

    scores: list[int]
    breakdown: list[JSONDict]
    winners: list[int]
    tie_break: str
    tie_break_text: Text = field(default_factory=lambda: t("", ""))
    #: False for a game stopped by an engine cap (a rule-less end): no winner, not a result
    finished: bool = True

    def to_json(self) -> JSONDict:
        """JSON-safe form."""
        return {
            "scores": list(self.scores),
            "breakdown": self.breakdown,
            "winners": list(self.winners),
            "tie_break": self.tie_break,
            "tie_break_text": dict(self.tie_break_text),
            "finished": self.finished,
        }


@dataclass
class Tie:
    """How a game's tie-break settles seats tied on score (:meth:`GameState.tie_break`): the
    seats it puts ``first`` (several: still tied, they share the place), its ``key`` (``shared``
    when it settled nothing) and its words."""

    first: list[int]
    key: str
    text: Text


@dataclass
class Composed:
    """The engine's judgement of a partial selection of a combinatorial choice.

    ``valid``: the picks so far can still be completed into a legal move; ``complete``: they
    make one now (``actions``, one or more notation strings applied in order); ``next``: the
    picks that may be added and keep the selection valid; ``why``: a sentence when not valid;
    ``warn``: a sentence when the complete selection is a move that can only lose something
    (the table asks before playing it; :attr:`pygames.core.registry.GameInfo.waste`).
    """

    valid: bool
    complete: bool = False
    next: list[Any] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    why: Text | None = None
    #: game-specific figures for the page (a running total, what is still missing...)
    info: JSONDict = field(default_factory=dict)
    warn: Text | None = None

    def to_json(self) -> JSONDict:
        """JSON-safe form."""
        return {
            "valid": self.valid,
            "complete": self.complete,
            "next": list(self.next),
            "actions": list(self.actions),
            "why": dict(self.why) if self.why else None,
            "info": dict(self.info),
            "warn": dict(self.warn) if self.warn else None,
        }


class GameState(ABC):
    """Base class of a game state. Subclasses implement the abstract methods."""

    game_id: ClassVar[str] = ""
    #: the attributes :meth:`to_json` writes and :meth:`from_json` restores (JSON-like data)
    _FIELDS: ClassVar[tuple[str, ...]] = ()

    #: a copy whose log nobody reads (a bot's world, a search world, a lookahead): :meth:`say`
    #: writes nothing, and games may skip building log text (see :meth:`quieten`); never set on
    #: a state whose view or log anyone reads
    quiet: bool = False
    #: fields of :meth:`to_json` that only tell the table what just happened (the last move's
    #: details), which a quiet state may leave unwritten: the rules never read them
    _NARRATION: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int) -> None:
        self.players = players
        self.rng = Rng(0, 0)
        self.log: list[JSONDict] = []
        self.ply = 0

    # --- construction -----------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: JSONDict | None = None) -> GameState:
        """A fresh game; every chance event comes from the game's random stream."""

    @classmethod
    def from_json(cls, data: JSONDict) -> Self:
        """Restore a state written by :meth:`to_json`: the common fields, the random stream and
        every attribute named in ``_FIELDS``. A game with other data extends this (and
        :meth:`to_json`) through ``super()``."""
        state = cls(int(data["players"]))
        state.ply = int(data["ply"])
        state.log = list(data["log"])
        state.rng = Rng.from_state(data["rng"])
        for key in cls._FIELDS:
            setattr(state, key, copy_json(data[key]))
        return state

    def to_json(self) -> JSONDict:
        """The whole state as JSON-safe data (hidden information included: not for players):
        the common fields, the random stream and a copy of every attribute named in
        ``_FIELDS``."""
        data: JSONDict = {
            "game": self.game_id,
            "players": self.players,
            "ply": self.ply,
            "log": self.log,
            "rng": self.rng.get_state(),
        }
        for key in self._FIELDS:
            data[key] = copy_json(getattr(self, key))
        return data

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy."""

    # --- play -------------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that must act now (several at a simultaneous step; none when over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Sorted notation strings of the actions ``seat`` may take now (empty if none)."""

    @abstractmethod
    def _apply(self, seat: int, action: str) -> None:
        """Apply an action already checked to be legal."""

    def explain_illegal(self, seat: int, action: str) -> Text:
        """Why ``action`` is not legal for ``seat`` now; games refine this."""
        return t(
            f"{action!r} is not a legal action now.",
            f"「{action}」は今は指せない手です。",
        )

    def apply(self, seat: int, action: str, legal: list[str] | None = None) -> None:
        """Apply ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing.
        ``legal``: the seat's legal actions in this state, when the caller has them already."""
        if self.is_over():
            raise IllegalAction(t("The game is over.", "ゲームは終了しています。"))
        if seat not in self.to_move():
            raise NotYourTurn(
                t(f"It is not seat {seat}'s turn.", f"席{seat}の手番ではありません。")
            )
        if action not in (self.legal_actions(seat) if legal is None else legal):
            raise IllegalAction(self.explain_illegal(seat, action))
        self._apply(seat, action)
        self.ply += 1

    def apply_unchecked(self, seat: int, action: str) -> None:
        """Apply an action known to be legal (search and rollouts), skipping the checks."""
        self._apply(seat, action)
        self.ply += 1

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self) -> Result:
        """Scores, breakdown, winners and tie-break; only when :meth:`is_over`."""

    def tie_break(self, seats: list[int]) -> Tie:
        """The game's tie-break among ``seats`` tied on score (the one :meth:`result` uses for
        the win; :mod:`pygames.core.places` applies it to every place). By default there is
        none: they share the place."""
        return Tie(list(seats), "shared", t("", ""))

    # --- information ------------------------------------------------------------------------
    @abstractmethod
    def _view(self, seat: int | None) -> JSONDict:
        """The game-specific part of :meth:`view`."""

    def view(self, seat: int | None) -> JSONDict:
        """What ``seat`` may see (``None``: a spectator), JSON-safe."""
        data: JSONDict = {
            "game": self.game_id,
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move(),
            "over": self.is_over(),
            "ply": self.ply,
            "log": self.log_for(seat),
        }
        data.update(self._view(seat))
        if self.moment_open():
            data["moment_open"] = True
        return data

    def moment_open(self) -> bool:
        """True while a moment that matters is still unfolding (:meth:`say`: the payments of an
        auction, the rest of a round's shopping, a roller's choices): the table holds its lines
        only once it is over. Games with such moments refine this."""
        return False

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> GameState:
        """A full state consistent with all ``seat`` has seen; everything hidden resampled."""

    @abstractmethod
    def secret_pending(self) -> bool:
        """True while some action taken so far is still hidden from some seat."""

    def step_words(self, seat: int, action: str) -> Text | None:
        """Words for the legal ``action`` of ``seat`` when applying it writes no log line of its
        own (one step of a move made in several, such as one card of a payment), ``{0}``
        standing for the seat: what a hint shows for it (:mod:`pygames.core.words`). Games with
        such steps refine this; the default has none."""
        return None

    def undo_allowed(self, seat: int, action: str) -> bool:
        """Called before ``action`` is applied: may ``seat`` take it back afterwards? Only if it
        reveals nothing hidden to anyone and draws no chance. Games that allow undo refine this;
        the default is the safe answer."""
        return False

    def after_without_chance(self, seat: int, action: str) -> GameState | None:
        """A copy with the legal ``action`` applied, or None if applying it drew from the
        random stream (a deal, a roll: something nobody may take back). A helper for
        :meth:`undo_allowed`."""
        copy = self.clone()
        before = copy.rng.get_state()
        copy.apply_unchecked(seat, action)
        return copy if copy.rng.get_state() == before else None

    def invariant_errors(self) -> list[str]:
        """Broken invariants (conservation of components and the like); empty when sound."""
        return []

    # --- log --------------------------------------------------------------------------------
    def say(
        self,
        en: str,
        ja: str,
        seats: list[int] | None = None,
        private: dict[int, Text] | None = None,
        moment: str | None = None,
        moment_for: list[int] | None = None,
    ) -> None:
        """Add a log line. ``{0}``, ``{1}``... stand for the names of ``seats``; ``private``
        gives other wording for the seats that may see more. ``moment``: the line is part of a
        moment that matters (a round's results, a roll's outcome...: its kind), which the table
        holds on screen until someone taps; ``moment_for``: the seats it matters to (none said:
        everyone)."""
        if self.quiet:
            return
        entry: JSONDict = {"text": {"en": en, "ja": ja}, "seats": list(seats) if seats else []}
        entry["ply"] = self.ply
        if private:
            entry["private"] = {str(k): dict(v) for k, v in private.items()}
        if moment:
            entry["moment"] = moment
            if moment_for is not None:
                entry["moment_for"] = list(moment_for)
        self.log.append(entry)

    def log_for(self, seat: int | None) -> list[JSONDict]:
        """The log as ``seat`` may read it (new entry dicts; the texts and seat lists are
        shared with the log, which never changes an entry once written)."""
        key = None if seat is None else str(seat)
        out: list[JSONDict] = []
        append = out.append
        for entry in self.log:
            private = entry.get("private")
            if private and key is not None and key in private:
                line = {"text": private[key], "seats": entry["seats"], "ply": entry["ply"]}
            else:
                line = {"text": entry["text"], "seats": entry["seats"], "ply": entry["ply"]}
            if "moment" in entry:  # a moment that matters (:meth:`say`)
                line["moment"] = entry["moment"]
                if "moment_for" in entry:
                    line["moment_for"] = entry["moment_for"]
            append(line)
        return out

    def scrub_log(self, seat: int) -> None:
        """Keep only what ``seat`` could read of the log (used by :meth:`determinize`): what
        :meth:`log_for` gives, sharing the entries that have no private wording (they read the
        same for every seat, and an entry never changes once written). A quiet state's log
        stays empty."""
        if self.quiet:
            self.log = []
            return
        key = str(seat)
        self.log = [
            entry if "private" not in entry else _entry_for(entry, key) for entry in self.log
        ]

    def quieten(self) -> None:
        """Make this state a world whose log nobody reads (a bot's or a search's): its log is
        emptied, :meth:`say` writes nothing from now on, and its clones and determinizations
        are quiet too (the games' ``clone`` copies the attribute). Rules never read the log, so
        play goes on exactly as before."""
        self.quiet = True
        self.log = []

    def quiet_world(self, seat: int, rng: Rng) -> GameState:
        """:meth:`determinize` for a reader that never reads the log (a bot, a search): the same
        world, quiet (see :meth:`quieten`). The state is quiet while it determinizes, so the
        games' ``clone`` and :meth:`scrub_log` copy none of its log; it is as before after."""
        if self.quiet:
            world = self.determinize(seat, rng)
        else:
            self.quiet = True
            try:
                world = self.determinize(seat, rng)
            finally:
                del self.quiet  # back to the class default (see :meth:`_quietly`)
        world.quieten()  # also where a game's clone does not copy the attribute
        return world

    def quiet_clone(self) -> GameState:
        """A quiet clone (see :meth:`quieten`), copying none of the log (as :meth:`quiet_world`
        does): the start of a :meth:`lazy_world`."""
        world = self._quietly(self.clone)
        world.quieten()
        return world

    def _quietly(self, make: Callable[[], GameState]) -> GameState:
        """``make()`` with this state quiet meanwhile; it is as before after."""
        if self.quiet:
            return make()
        self.quiet = True
        try:
            return make()
        finally:
            # back to the class default (False), never through ``__dict__``: reading it would
            # cost this state CPython's compact attribute layout for the rest of the game
            # (attribute reads several times slower)
            del self.quiet

    def lazy_world(self, seat: int, rng: Rng) -> GameState:
        """:meth:`quiet_world` for one bot decision, which may defer the resampling until the
        bot reads a resampled part or draws from ``rng`` (:mod:`pygames.core.lazy`): then it
        runs in full, from the stream as it was, so the world and every later draw are those of
        :meth:`quiet_world`. The caller drops the pending work once the bot has chosen
        (``lazy.drop(rng)``), leaving ``rng`` where it was, and must not change this state
        meanwhile. Games refine this; the default is :meth:`quiet_world`."""
        return self.quiet_world(seat, rng)

    def public_world(self, seat: int) -> GameState | None:
        """A quiet world for ``seat`` with nothing hidden left in it and nothing resampled (the
        parts a determinization would resample made public: a deck's order sorted away, say),
        for a bot that reads no hidden part and never draws (:attr:`Bot.reads_hidden`); None
        (the default) where the game has none, and the bot then gets :meth:`lazy_world`."""
        return None

    def quiet_copy(self) -> GameState:
        """This state if it is quiet, else a quiet clone (for a search that determinizes it
        again and again: its worlds then copy no log)."""
        if self.quiet:
            return self
        copy = self.clone()
        copy.quieten()
        return copy


def _entry_for(entry: JSONDict, key: str) -> JSONDict:
    """A log entry as the seat of ``key`` reads it (its private wording, if it has one)."""
    private = entry["private"]
    text = private[key] if private and key in private else entry["text"]
    return {"text": text, "seats": entry["seats"], "ply": entry["ply"]}
