"""The JSON bridge the browser calls: a :class:`Bridge` answers JSON requests with JSON answers.

Requests are ``{"cmd": ..., ...}``; answers are ``{"ok": true, ...}`` or
``{"ok": false, "error": {"en": ..., "ja": ...}, "kind": ...}`` (docs/protocol.md). A game's
answers carry a seat's view and the legal actions of that seat, never the seed; ``share`` and
``record`` (the finished record) only once the game is over. ``save``, the whole record on every
answer that starts or changes a game, is the engine worker's to keep: web/worker.js takes it out
of each answer before the page sees it ("What the page may receive", docs/protocol.md).

The bridge's caller creates it (the engine's worker, web/worker.js, makes one; each test its
own): it owns the games open on it and the analysis under way. This module keeps no state of its
own. Requests are read by :mod:`pygames.request`; hints and analyses are :mod:`pygames.coach`'s.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from pygames import coach, tutorials
from pygames.core.bots import bot_rng
from pygames.core.errors import GameError, NotYourTurn, ReplayError
from pygames.core.places import places
from pygames.core.play import bot_move
from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import Record, Seat, new_state, replay, split_action
from pygames.core.registry import all_games, get_game
from pygames.core.search import Search, SearchBot
from pygames.core.text import Text, t
from pygames.request import Request, bad, unreadable


@dataclass
class Session:
    """A game being played: its record, its state, a bot's search in progress (kept between
    slices of thinking) and a hint's."""

    record: Record
    state: GameState
    search: Search | None = None
    undoable: bool = False
    hint: coach.Hint | None = None

    @classmethod
    def load(cls, record: Record) -> Session:
        """Open ``record``'s game at its last action, replaying the actions one by one (a
        :class:`ReplayError` names the first that does not apply)."""
        session = cls(replace(record, actions=[]), new_state(record))
        for i, entry in enumerate(record.actions):
            seat, notation = split_action(entry, i, record.players)
            try:
                session.push(seat, notation)
            except GameError as exc:
                raise ReplayError(i, entry, exc.text) from exc
        return session

    def push(self, seat: int, action: str) -> None:
        """Apply and record one action (raises, unchanged, if illegal). The legal list is
        computed once, for the undo rule and the check."""
        state = self.state
        movable = not state.is_over() and seat in state.to_move()
        legal = state.legal_actions(seat) if movable else []
        undoable = state.undo_allowed(seat, action) if action in legal else False
        state.apply(seat, action, legal)
        self.undoable = undoable
        self.search = None
        self.record.actions.append(f"{seat}:{action}")

    def share(self) -> str | None:
        """The game's share link once it is over (the finished record), else ``None``: a link
        of a game in progress would carry its seed, and with it every hidden card."""
        return self.record.to_fragment() if self.state.is_over() else None

    def can_undo(self, seat: int) -> bool:
        """The seat's own last action may be taken back: it is the last action of the game, by a
        human, and revealed nothing and drew no chance."""
        actions = self.record.actions
        if not actions or not self.undoable or self.state.is_over():
            return False
        last_seat, _ = split_action(actions[-1], len(actions) - 1, self.record.players)
        return last_seat == seat and self.record.seats[seat].kind == "human"


#: the most log entries one answer carries: a page that lacks more keeps only the newest ones
LOG_WINDOW = 100
LOG_PAGE = 200  # the most log entries of a ``log`` answer
MAX_ACTIONS = 64  # the longest composed move (a payment card by card, a rearrangement)
MAX_PICKS = 64  # the most picks of a selection to compose
THINK_SLICE = 0.15  # seconds of search per request, so the worker answers other requests


def window_log(view: JSONDict, log_from: int = 0) -> int:
    """Cut the view's log to the entries from ``log_start`` on and return ``log_start``: the
    entries the page lacks (from ``log_from``, or less if the log is now shorter), and never more
    than :data:`LOG_WINDOW` of them (a page further behind keeps only the newest)."""
    log = view.get("log")
    if not isinstance(log, list):
        return 0
    log_start = max(min(log_from, len(log)), len(log) - LOG_WINDOW)
    view["log"] = log[log_start:]
    return log_start


def result_json(state: GameState) -> JSONDict:
    """The result of a finished game as the page gets it: :class:`Result`'s fields, plus
    ``places`` and ``ties`` (:func:`pygames.core.places.places`; None for a game stopped
    unfinished)."""
    out = state.result().to_json()
    ranked = places(state)
    out["places"] = None if ranked is None else ranked["places"]
    out["ties"] = None if ranked is None else ranked["ties"]
    return out


def snapshot(sid: str, session: Session, seat: int | None, log_from: int = 0) -> JSONDict:
    """What the page may show of session ``sid`` for ``seat`` (``None``: a spectator), and the
    ``save`` the engine worker keeps for itself. No seed; ``share`` (the finished record's link)
    and ``record`` only once the game is over. The view's log holds only the entries from
    ``log_start`` on (:func:`window_log`): a seat's log entries never change once written, so a
    page that already holds the first ``log_from`` entries for this seat keeps them and appends
    the rest."""
    state, record = session.state, session.record
    info = get_game(record.game)
    over = state.is_over()
    movable = seat is not None and not over and seat in state.to_move()
    view = state.view(seat)
    log_start = window_log(view, log_from)
    out: JSONDict = {
        "ok": True,
        "session": sid,
        "game": record.game,
        "players": record.players,
        "seats": [s.to_json() for s in record.seats],
        "to_move": state.to_move(),
        "over": over,
        "ply": state.ply,
        "view": view,
        "log_start": log_start,
        "moves": info.page_moves(state, seat) if seat is not None and movable else [],
        "choices": info.choices(state, seat) if seat is not None and movable else [],
        "unavailable": (
            {k: dict(v) for k, v in info.unavailable(state, seat).items()}
            if seat is not None and movable
            else {}
        ),
        "result": result_json(state) if over else None,
        "record": record.to_json() if over else None,
        "secret_pending": state.secret_pending(),
        "can_undo": seat is not None and session.can_undo(seat),
        "save": record.to_fragment(),
        "hints": record.hints_allowed(),
        "hints_used": record.hints_counts(),
    }
    share = session.share()
    if share is not None:
        out["share"] = share
    return out


def bot_action(session: Session, seat: int, slice_seconds: float) -> str | None:
    """The action of the bot at ``seat``, or ``None`` while its search needs more slices."""
    record, state = session.record, session.state
    bot = record.info().make_bot(record.seats[seat].level or "random")
    if not isinstance(bot, SearchBot):
        return bot_move(record, state, seat)
    search = session.search
    if search is None or search.seat != seat:
        rng = bot_rng(record.seed, state.ply, seat)
        search = bot.start(state.quiet_world(seat, rng), seat, rng)
        session.search = search
    if not search.run(slice_seconds):
        return None
    return search.best()


def view_diff(spectator: JSONDict, seat_view: JSONDict) -> JSONDict:
    """What a seat's view adds to the spectator's: the fields whose value differs (the page
    reads ``{...view, ...views[s]}``). The log stays the spectator's (``view``, ``log`` pages)."""
    return {
        key: value
        for key, value in seat_view.items()
        if key != "log" and (key not in spectator or spectator[key] != value)
    }


def internal_error() -> Text:
    """The sentence that answers a request that made the engine fail (a bug): no traceback
    reaches the page."""
    return t(
        "The engine could not answer this request: an error of its own.",
        "エンジンがこの要求に答えられませんでした（エンジン自身のエラーです）。",
    )


def error_answer(text: Text, kind: str) -> JSONDict:
    """The answer to a request that failed: the sentence in both languages and the error's
    class."""
    return {"ok": False, "error": dict(text), "kind": kind}


class Bridge:
    """The engine as the page sees it: :meth:`handle` answers one JSON request with one JSON
    answer (docs/protocol.md). It owns the games open on it (its sessions, ``"s1"``,
    ``"s2"``...) and the analysis under way; one bridge per page's engine."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.opened = 0  # sessions opened so far: the next one's id is "s<opened + 1>"
        #: the analysis under way or done (one at a time: another record's replaces it)
        self.analysis: coach.Analysis | None = None
        self.commands: dict[str, Callable[[Request], JSONDict]] = {
            "catalog": self.cmd_catalog,
            "deal": self.cmd_deal,
            "start": self.cmd_start,
            "view": self.cmd_view,
            "act": self.cmd_act,
            "compose": self.cmd_compose,
            "bot": self.cmd_bot,
            "seat": self.cmd_seat,
            "hint": self.cmd_hint,
            "analyse": self.cmd_analyse,
            "undo": self.cmd_undo,
            "replay": self.cmd_replay,
            "log": self.cmd_log,
            "close": self.cmd_close,
            "tutorial": self.cmd_tutorial,
        }

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer; errors become ``{"ok": false, ...}``.

        It never raises: a request that is not text, is longer than
        :data:`pygames.request.MAX_REQUEST` or is not JSON is refused as unreadable, and an
        error of the engine's own (a bug: none is known) becomes an ``InternalError`` answer
        with no traceback."""
        try:
            answer = self.answer(Request.parse(request))
        except GameError as exc:
            answer = error_answer(exc.text, type(exc).__name__)
        except (ValueError, RecursionError):  # an untyped error: never for a readable request
            refusal = unreadable()
            answer = error_answer(refusal.text, type(refusal).__name__)
        except Exception:  # the last resort: the page always gets an answer
            answer = error_answer(internal_error(), "InternalError")
        return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))

    def answer(self, req: Request) -> JSONDict:
        """The answer to a request that was read (raises a :class:`GameError` to refuse it)."""
        command = self.commands.get(req.cmd())
        if command is None:
            raise bad("Unknown request.", "不明な要求です。")
        return command(req)

    def session(self, req: Request) -> tuple[str, Session]:
        """The request's open session, with its id."""
        sid = req.session()
        session = self.sessions.get(sid)
        if session is None:
            raise bad("That game is no longer open.", "そのゲームはもう開いていません。")
        return sid, session

    def cmd_catalog(self, req: Request) -> JSONDict:
        """The games for the lobby."""
        return {"ok": True, "games": [g.to_json() for g in all_games()]}

    def cmd_deal(self, req: Request) -> JSONDict:
        """A new deal to share (the setup's "share this deal"): the request's record (``record``
        or ``link``) with no actions and its seed, drawn by the engine when it has none:
        ``{ok, record, link}``, ``link`` the record's ``g=...``. Opens no game."""
        record = replace(req.record(draw_seed=True), actions=[], hints_used=[])
        return {"ok": True, "record": record.to_json(), "link": record.to_fragment()}

    def cmd_start(self, req: Request) -> JSONDict:
        """Open a game from a record (``record``: an object) or a link (``link``: text); a
        record without a seed (absent or null) is a new deal, its seed drawn by the engine."""
        session = Session.load(req.record(draw_seed=True))
        seat = req.seat(session.state.players)
        self.opened += 1
        sid = f"s{self.opened}"
        self.sessions[sid] = session
        return snapshot(sid, session, seat)

    def cmd_view(self, req: Request) -> JSONDict:
        """A seat's snapshot."""
        sid, session = self.session(req)
        return snapshot(sid, session, req.seat(session.state.players), req.count("log_from"))

    def cmd_act(self, req: Request) -> JSONDict:
        """Apply a human's action for ``seat`` (``action``), or a composed move (``actions``):
        the first must be legal (else nothing changes); the rest are applied while the seat is
        still to move and each is legal, and the answer's ``applied`` says how many were (the
        engine may have completed the rest itself, as it does a payment with one way left)."""
        sid, session = self.session(req)
        players = session.state.players
        seat = req.seat(players)
        if seat is None:
            raise bad("An action needs a seat and a move.", "手には席と内容が必要です。")
        actions = req.actions(MAX_ACTIONS)
        log_from = req.count("log_from")
        viewer = req.seat(players, "view_seat") if req.has("view_seat") else seat
        session.push(seat, actions[0])
        applied = 1
        for action in actions[1:]:
            state = session.state
            if state.is_over() or seat not in state.to_move():
                break
            if action not in state.legal_actions(seat):
                break
            session.push(seat, action)
            applied += 1
        out = snapshot(sid, session, viewer, log_from)
        out["applied"] = applied
        return out

    def cmd_compose(self, req: Request) -> JSONDict:
        """Judge a partial selection of a combinatorial choice (``choice``: its id, ``picks``:
        the picks so far) for ``seat``, the seat to move: ``{ok, choice, picks, valid, complete,
        next, actions, why, info}`` (see :class:`pygames.core.protocol.Composed`). The state is
        not changed; a complete selection is played by ``act`` with its ``actions``."""
        _, session = self.session(req)
        state = session.state
        seat = req.seat(state.players)
        if seat is None:
            raise unreadable()
        choice, picks = req.choice(), req.picks(MAX_PICKS)
        if state.is_over() or seat not in state.to_move():
            raise NotYourTurn(t("It is not your turn.", "あなたの手番ではありません。"))
        composed = get_game(session.record.game).page_compose(state, seat, choice, picks)
        return {"ok": True, "choice": choice, "picks": picks, **composed.to_json()}

    def cmd_bot(self, req: Request) -> JSONDict:
        """Let the bot of ``seat`` think for a slice and play when it has decided; answer with
        ``view_seat``'s snapshot (``thinking: true`` and no action while it is still
        searching)."""
        sid, session = self.session(req)
        players = session.state.players
        seat = req.seat(players)
        if seat is None or session.record.seats[seat].kind != "bot":
            raise bad("That seat is not a bot.", "その席はボットではありません。")
        if seat not in session.state.to_move():
            raise bad("That bot is not to move.", "そのボットの手番ではありません。")
        log_from = req.count("log_from")
        viewer = req.seat(players, "view_seat")
        action = bot_action(session, seat, THINK_SLICE)
        if action is None:
            out = snapshot(sid, session, viewer, log_from)
            iterations = session.search.iterations if session.search else 0
            out.update(thinking=True, actor=seat, iterations=iterations)
            return out
        session.push(seat, action)
        out = snapshot(sid, session, viewer, log_from)
        out.update(action=action, actor=seat, thinking=False)
        return out

    def cmd_seat(self, req: Request) -> JSONDict:
        """Hand ``seat`` of a game in progress to a bot of ``level``: its person left the table
        (their device is gone, issue 34). The record says so from now on (the ``save``); the
        seat keeps its name. Answer with ``view_seat``'s snapshot."""
        sid, session = self.session(req)
        players = session.state.players
        seat = req.seat(players)
        if seat is None:
            raise bad("No such seat.", "その席はありません。")
        if session.state.is_over():
            raise bad("The game is over.", "ゲームは終わっています。")
        level = req.data.get("level")
        if not isinstance(level, str):
            raise unreadable()
        get_game(session.record.game).make_bot(level)  # an unknown level: a RecordError
        old = session.record.seats[seat]
        session.record.seats[seat] = Seat(old.name, "bot", level)
        session.search = None
        viewer = req.seat(players, "view_seat")
        return snapshot(sid, session, viewer, req.count("log_from"))

    def cmd_hint(self, req: Request) -> JSONDict:
        """Search for a slice from ``seat``'s information (a human seat to move, at a table that
        allows hints) and rank its moves: ``{ok, thinking, basis, moves: [{a, win, visits, place,
        points, about?, words?, why?}], iterations, progress, hints_used, save}``, best first by
        the figure shown (``win``, the estimated chance to win after the move, or on the
        ``place`` basis the expected place), the first :data:`pygames.coach.HINT_WORDS` with
        their ``words`` (log entries, as the seat reads them: :mod:`pygames.core.words`) and,
        once done, their reason ``why`` (docs/protocol.md). While
        ``thinking`` is true, ``moves`` is the ranking so far: ask again to go on; stop asking
        to drop it. The first request at a decision counts one hint for the seat (kept in the
        record: ``hints_used``, and the ``save`` that now carries it; a hint is asked in a game in
        progress, so there is no ``share``). The game
        and its random stream are untouched: the search looks at a determinized copy, with a
        random stream of its own."""
        _, session = self.session(req)
        record, state = session.record, session.state
        seat = req.seat(state.players)
        if seat is None:
            raise bad("No such seat.", "その席はありません。")
        coach.check_hint(record, state, seat)
        session.hint = coach.hint_at(session.hint, record, state, seat)
        return {
            "ok": True,
            **coach.hint_answer(session.hint, state, THINK_SLICE),
            "hints_used": record.hints_counts(),
            "save": record.to_fragment(),
        }

    def cmd_analyse(self, req: Request) -> JSONDict:
        """Review the decisions of chosen seats of a finished game (``record`` or ``link``;
        ``seats``: default the human seats, or all) for a slice, and answer the progress; once
        done, the verdicts with the words of each move, and a summary per seat. Ask again while
        ``thinking`` is true; stop asking to drop it; another record (or other seats) replaces
        it."""
        record = req.record()
        seats = coach.analysis_seats(req.seats(record.players), record)
        self.analysis = coach.analysis_of(self.analysis, record, seats)
        return coach.analysis_answer(self.analysis, THINK_SLICE)

    def cmd_undo(self, req: Request) -> JSONDict:
        """Take back ``seat``'s last action when the rule allows it (replaying the rest); the
        answer is ``view_seat``'s snapshot when given (null: the spectator's; a cover is up and
        the device is not in that seat's hands), else ``seat``'s."""
        sid, session = self.session(req)
        players = session.state.players
        seat = req.seat(players)
        viewer = req.seat(players, "view_seat") if req.has("view_seat") else seat
        if seat is None or not session.can_undo(seat):
            raise bad("That move can no longer be taken back.", "その手はもう取り消せません。")
        record = session.record
        rebuilt = Session.load(replace(record, actions=record.actions[:-1]))
        self.sessions[sid] = rebuilt
        return snapshot(sid, rebuilt, viewer)

    def cmd_replay(self, req: Request) -> JSONDict:
        """A position of a record for the replay viewer: the spectator's view after ``ply``
        actions; with ``reveal`` (only for a finished game) every seat's view as well."""
        record = req.record()
        total = len(record.actions)
        ply = req.ply(total)
        state = replay(record, ply)
        finished = state.is_over() if ply == total else replay(record).is_over()
        view = state.view(None)
        log_total = len(view["log"])
        out: JSONDict = {
            "ok": True,
            "game": record.game,
            "players": record.players,
            "seats": [s.to_json() for s in record.seats],
            "ply": ply,
            "total": total,
            "actions": list(record.actions),
            "finished": finished,
            "over": state.is_over(),
            "view": view,
            "log_start": window_log(view),
            "log_total": log_total,
            "result": result_json(state) if state.is_over() else None,
            "hints_used": record.hints_counts(),
            # the version a kept analysis of this game must have to be current (None: unfinished)
            "analysis": coach.analysis_version(record.game) if finished else None,
        }
        if finished:  # the seed of a game in progress is never in an answer
            out["seed"] = record.seed
        if req.flag("reveal") and finished:
            out["views"] = [view_diff(view, state.view(s)) for s in range(record.players)]
            # what each seat to move could do here (the analysis marks its moves on the table)
            info = record.info()
            out["decisions"] = {
                str(s): {"moves": info.page_moves(state, s), "choices": info.choices(state, s)}
                for s in ([] if state.is_over() else state.to_move())
            }
        return out

    def cmd_log(self, req: Request) -> JSONDict:
        """A page of the spectator's log of a record (``record`` or ``link``) after ``ply``
        actions (default: all): the entries from ``from`` on, at most :data:`LOG_PAGE` of them,
        and the log's ``total``; the replay viewer reads a whole game's log this way."""
        record = req.record()
        total_actions = len(record.actions)
        ply = req.count("ply", total_actions)
        start = req.count("from")
        log = replay(record, min(ply, total_actions)).view(None)["log"]
        return {"ok": True, "from": start, "total": len(log), "log": log[start : start + LOG_PAGE]}

    def cmd_tutorial(self, req: Request) -> JSONDict:
        """The guided first game of ``game`` ("Learn to play"): :func:`tutorials.tutorial_json`
        (its deal is public by design); a game with none is refused in both languages. Opens no
        game: the page starts it with ``start`` (the record and the ``line`` up to a step)."""
        game = req.data.get("game")
        if not isinstance(game, str):
            raise unreadable()
        info = get_game(game)
        tutorial = tutorials.get_tutorial(game)
        if tutorial is None:
            raise bad(
                f"{info.titles['en']} has no guided first game yet.",
                f"{info.titles['ja']}にはまだ「遊び方を学ぶ」がありません。",
            )
        return {"ok": True, **tutorials.tutorial_json(tutorial)}

    def cmd_close(self, req: Request) -> JSONDict:
        """Forget a session."""
        sid = req.data.get("session")
        if isinstance(sid, str):
            self.sessions.pop(sid, None)
        return {"ok": True}
