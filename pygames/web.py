"""The JSON bridge the browser calls: :func:`handle` takes a request string, returns a string.

Requests are ``{"cmd": ..., ...}``; answers are ``{"ok": true, ...}`` or
``{"ok": false, "error": {"en": ..., "ja": ...}}``. The page only ever receives a seat's view, the
legal actions of that seat, and a share link that stops before any still-hidden action; the full
record leaves the engine only once the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pygames.core.bots import bot_rng
from pygames.core.errors import GameError, NotYourTurn, RecordError, ReplayError
from pygames.core.play import bot_move
from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import (
    Record,
    new_state,
    parse_record_text,
    record_from_json,
    replay,
    split_action,
    strict_json,
)
from pygames.core.registry import all_games
from pygames.core.review import (
    MISTAKE,
    Appraisal,
    Budget,
    Review,
    Verdict,
    chosen_seats,
    evaluator,
    hint_rng,
    summary,
)
from pygames.core.search import Search, SearchBot
from pygames.core.text import t
from pygames.core.words import action_words, advice, words_rng


@dataclass
class Session:
    """A game being played: its record, its state, the public prefix of its actions, and a bot's
    search in progress (kept between slices of thinking)."""

    record: Record
    state: GameState
    public_len: int = 0
    search: Search | None = None
    undoable: bool = False
    #: a hint's search in progress or done, and the (seat, actions played) it was asked at
    hint: Appraisal | None = None
    hint_at: tuple[int, int] = (-1, -1)
    #: the words of the hint's moves (by notation), made once each for the decision
    hint_words: dict[str, list[JSONDict]] = field(default_factory=dict)

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
        if not self.state.secret_pending():
            self.public_len = len(self.record.actions)


_SESSIONS: dict[str, Session] = {}
_COUNTER = [0]


def _load(record: Record) -> Session:
    actions = list(record.actions)
    record.actions = []
    session = Session(record, new_state(record))
    for i, entry in enumerate(actions):
        seat, notation = split_action(entry, i, record.players)
        try:
            session.push(seat, notation)
        except GameError as exc:
            raise ReplayError(i, entry, exc.text) from exc
    return session


def _seat(req: JSONDict, key: str, session: Session) -> int | None:
    value = req.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(t("No such seat.", "その席はありません。"))
    if not 0 <= value < session.state.players:
        raise RecordError(t("No such seat.", "その席はありません。"))
    return value


#: the most log entries one answer carries: a page that lacks more keeps only the newest ones
LOG_WINDOW = 100


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


def snapshot(sid: str, seat: int | None, log_from: int = 0) -> JSONDict:
    """What the page may show for ``seat`` (``None``: a spectator). The view's log holds only
    the entries from ``log_start`` on (:func:`window_log`): a seat's log entries never change once
    written, so a page that already holds the first ``log_from`` entries for this seat keeps them
    and appends the rest."""
    session = _SESSIONS[sid]
    state, record = session.state, session.record
    over = state.is_over()
    movable = seat is not None and not over and seat in state.to_move()
    view = state.view(seat)
    log_start = window_log(view, log_from)
    return {
        "ok": True,
        "session": sid,
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "seats": [s.to_json() for s in record.seats],
        "to_move": state.to_move(),
        "over": over,
        "ply": state.ply,
        "view": view,
        "log_start": log_start,
        "moves": state.moves(seat) if seat is not None and movable else [],
        "choices": state.choices(seat) if seat is not None and movable else [],
        "result": state.result().to_json() if over else None,
        "share": _share(session),
        "record": record.to_json() if over else None,
        "secret_pending": state.secret_pending(),
        "can_undo": seat is not None and _can_undo(session, seat),
        "save": record.to_fragment(),
        "hints": record.hints_allowed(),
        "hints_used": record.hints_counts(),
    }


def _share(session: Session) -> str:
    """The game's share link: its record up to the last public point (all of it once over)."""
    record = session.record
    over = session.state.is_over()
    return Record(
        record.game,
        record.players,
        record.seed,
        record.options,
        record.seats,
        record.actions if over else record.actions[: session.public_len],
        hints_used=record.hints_used,
    ).to_fragment()


def _can_undo(session: Session, seat: int) -> bool:
    """The seat's own last action may be taken back: it is the last action of the game, by a
    human, and revealed nothing and drew no chance."""
    actions = session.record.actions
    if not actions or not session.undoable or session.state.is_over():
        return False
    last_seat, _ = split_action(actions[-1], len(actions) - 1, session.record.players)
    return last_seat == seat and session.record.seats[seat].kind == "human"


def _log_from(req: JSONDict) -> int:
    """The request's ``log_from`` (0 when absent): how many log entries the page already has."""
    value = req.get("log_from", 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(t("The request is unreadable.", "要求が読めません。"))
    return value


def _session(req: JSONDict) -> tuple[str, Session]:
    sid = req.get("session")
    if not isinstance(sid, str) or sid not in _SESSIONS:
        raise RecordError(t("That game is no longer open.", "そのゲームはもう開いていません。"))
    return sid, _SESSIONS[sid]


def cmd_catalog(req: JSONDict) -> JSONDict:
    """The games for the lobby."""
    return {"ok": True, "games": [g.to_json() for g in all_games()]}


def cmd_start(req: JSONDict) -> JSONDict:
    """Open a game from a record (``record``: an object) or a link (``link``: text)."""
    if "link" in req:
        link = req["link"]
        if not isinstance(link, str):
            raise RecordError(t("The link is unreadable.", "リンクが読めません。"))
        record = parse_record_text(link)
    else:
        record = record_from_json(req.get("record"))
    session = _load(record)
    _COUNTER[0] += 1
    sid = f"s{_COUNTER[0]}"
    _SESSIONS[sid] = session
    return snapshot(sid, _seat(req, "seat", session))


def cmd_view(req: JSONDict) -> JSONDict:
    """A seat's snapshot."""
    sid, session = _session(req)
    return snapshot(sid, _seat(req, "seat", session), _log_from(req))


def _actions(req: JSONDict) -> list[str]:
    """The request's ``action`` (one notation string) or ``actions`` (a composed move: one or
    more strings from a :func:`cmd_compose` answer, applied in order)."""
    if "actions" in req:
        actions = req["actions"]
        if (
            isinstance(actions, list)
            and 0 < len(actions) <= MAX_ACTIONS
            and all(isinstance(a, str) for a in actions)
        ):
            return list(actions)
    elif isinstance(req.get("action"), str):
        return [req["action"]]
    raise RecordError(t("An action needs a seat and a move.", "手には席と内容が必要です。"))


MAX_ACTIONS = 64  # the longest composed move (a payment card by card, a rearrangement)


def cmd_act(req: JSONDict) -> JSONDict:
    """Apply a human's action for ``seat`` (``action``), or a composed move (``actions``): the
    first must be legal (else nothing changes); the rest are applied while the seat is still to
    move and each is legal, and the answer's ``applied`` says how many were (the engine may
    have completed the rest itself, as it does a payment with one way left)."""
    sid, session = _session(req)
    seat = _seat(req, "seat", session)
    if seat is None:
        raise RecordError(t("An action needs a seat and a move.", "手には席と内容が必要です。"))
    actions = _actions(req)
    log_from = _log_from(req)
    viewer = _seat(req, "view_seat", session) if "view_seat" in req else seat
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
    out = snapshot(sid, viewer, log_from)
    out["applied"] = applied
    return out


def cmd_compose(req: JSONDict) -> JSONDict:
    """Judge a partial selection of a combinatorial choice (``choice``: its id, ``picks``: the
    picks so far) for ``seat``, the seat to move: ``{ok, choice, picks, valid, complete, next,
    actions, why, info}`` (see :class:`pygames.core.protocol.Composed`). The state is not
    changed; a complete selection is played by ``act`` with its ``actions``."""
    _, session = _session(req)
    seat = _seat(req, "seat", session)
    choice = req.get("choice")
    picks = req.get("picks", [])
    if seat is None or not isinstance(choice, str) or not isinstance(picks, list):
        raise RecordError(t("The request is unreadable.", "要求が読めません。"))
    state = session.state
    if state.is_over() or seat not in state.to_move():
        raise NotYourTurn(t("It is not your turn.", "あなたの手番ではありません。"))
    if len(picks) > MAX_PICKS:
        raise RecordError(t("The request is unreadable.", "要求が読めません。"))
    composed = state.compose(seat, choice, picks)
    return {"ok": True, "choice": choice, "picks": picks, **composed.to_json()}


MAX_PICKS = 64


THINK_SLICE = 0.15  # seconds of search per request, so the worker answers other requests


def _bot_action(session: Session, seat: int, slice_seconds: float) -> str | None:
    """The bot's action, or ``None`` while a search needs more slices."""
    record, state = session.record, session.state
    bot = record.info().make_bot(record.seats[seat].level or "random")
    if not isinstance(bot, SearchBot):
        return bot_move(record, state, seat)
    search = session.search
    if search is None or search.seat != seat:
        rng = bot_rng(record.seed, state.ply, seat)
        search = bot.start(state.determinize(seat, rng), seat, rng)
        session.search = search
    if not search.run(slice_seconds):
        return None
    return search.best()


def cmd_bot(req: JSONDict) -> JSONDict:
    """Let the bot of ``seat`` think for a slice and play when it has decided; answer with
    ``view_seat``'s snapshot (``thinking: true`` and no action while it is still searching)."""
    sid, session = _session(req)
    seat = _seat(req, "seat", session)
    if seat is None or session.record.seats[seat].kind != "bot":
        raise RecordError(t("That seat is not a bot.", "その席はボットではありません。"))
    if seat not in session.state.to_move():
        raise RecordError(t("That bot is not to move.", "そのボットの手番ではありません。"))
    log_from = _log_from(req)
    viewer = _seat(req, "view_seat", session)
    action = _bot_action(session, seat, THINK_SLICE)
    if action is None:
        out = snapshot(sid, viewer, log_from)
        out.update(
            thinking=True, actor=seat, iterations=session.search.iterations if session.search else 0
        )
        return out
    session.push(seat, action)
    out = snapshot(sid, viewer, log_from)
    out.update(action=action, actor=seat, thinking=False)
    return out


HINT_SECONDS = 1.0  # search per hint in all, in slices of THINK_SLICE


HINT_WORDS = 3  # the hint's best moves that carry their words (the page shows three)


def _hint_seat(req: JSONDict, session: Session) -> int:
    """The seat a hint is asked for: a human seat to move at a table that allows hints, or a
    readable refusal."""
    seat = _seat(req, "seat", session)
    if seat is None:
        raise RecordError(t("No such seat.", "その席はありません。"))
    if not session.record.hints_allowed():
        raise RecordError(
            t(
                "Hints are off at this table (an option of the game's setup).",
                "このゲームではヒントを使えません(ゲームの準備で決める設定です)。",
            )
        )
    if session.record.seats[seat].kind == "bot":
        raise RecordError(
            t(
                "Hints are for a player's own seat, not a bot's.",
                "ヒントはボットの席には出せません。",
            )
        )
    state = session.state
    if state.is_over() or seat not in state.to_move():
        raise NotYourTurn(
            t(
                "A hint is only for the seat to move, and it is not this seat's turn.",
                "ヒントは手番の席にだけ出せます。この席の手番ではありません。",
            )
        )
    return seat


def cmd_hint(req: JSONDict) -> JSONDict:
    """Search for a slice from ``seat``'s information (a human seat to move, at a table that
    allows hints) and rank its moves: ``{ok, thinking, moves: [{a, win, visits, words?}],
    iterations, progress, hints_used, share, save}``, best first, ``win`` the estimated chance
    to win after the move, the first :data:`HINT_WORDS` with their ``words`` (log entries, as
    the seat reads them: :mod:`pygames.core.words`). While ``thinking`` is true, ``moves`` is
    the ranking so far: ask again to go on; stop asking to drop it. The first request at a
    decision counts one hint for the seat (kept in the record: ``hints_used``, and the ``share``
    link and ``save`` that now carry it). The game and its random stream are untouched: the
    search looks at a determinized copy, with a random stream of its own."""
    _, session = _session(req)
    seat = _hint_seat(req, session)
    record, state = session.record, session.state
    at = (seat, len(record.actions))
    hint = session.hint
    if hint is None or session.hint_at != at:
        rng = hint_rng(record.seed, state.ply, seat)
        bot = evaluator(record.info())
        hint = Appraisal(bot, state, seat, rng, Budget(seconds=HINT_SECONDS))
        session.hint, session.hint_at, session.hint_words = hint, at, {}
        record.count_hint(seat)
    done = hint.run(THINK_SLICE)
    moves: list[JSONDict] = []
    for rank, e in enumerate(hint.ranking()):
        move: JSONDict = {"a": e.action, "win": e.win, "visits": e.visits}
        if rank < HINT_WORDS:
            move["words"] = _hint_words(session, seat, e.action)
        moves.append(move)
    return {
        "ok": True,
        "thinking": not done,
        "moves": moves,
        "iterations": hint.iterations,
        "progress": round(min(1.0, hint.progress), 3) if not done else 1.0,
        "hints_used": record.hints_counts(),
        "share": _share(session),
        "save": record.to_fragment(),
    }


def _hint_words(session: Session, seat: int, action: str) -> list[JSONDict]:
    """The words of a hint's move (made once for the decision)."""
    words = session.hint_words.get(action)
    if words is None:
        rng = words_rng(session.record.seed, session.state.ply, seat)
        words = advice(action_words(session.state, seat, action, rng))
        session.hint_words[action] = words
    return words


# --- the replay viewer's analysis -------------------------------------------------------------

#: the analysis's version: a new one when its budget or its answer changes, so that a page
#: holding an analysis of another version knows it is stale
ANALYSIS_VERSION = 1
#: the search of one decision of an analysis, in iterations (never the clock: the same analysis
#: in every run and every browser), per game: about 1 s a decision in the browser at most, and
#: a whole seat of a usual game in well under a minute (docs/bots.md, "Reviews and hints")
ANALYSIS_ITERATIONS: dict[str, int] = {
    "marie": 600,
    "hitokai": 200,
    "pharaoh": 250,
    "baggai": 100,
    "yadokashi": 100,
}
ANALYSIS_DEFAULT = 200  # a game not in the table


def analysis_budget(game: str) -> Budget:
    """The budget of one decision of ``game``'s analysis."""
    return Budget(iterations=ANALYSIS_ITERATIONS.get(game, ANALYSIS_DEFAULT))


def analysis_version(game: str) -> str:
    """What a stored analysis of ``game`` must carry to be current: the analysis's version and
    the budget of its decisions."""
    return f"{ANALYSIS_VERSION}/{analysis_budget(game).iterations}"


@dataclass
class Analysing:
    """The analysis under way or done (one at a time: another record's replaces it)."""

    key: str
    review: Review
    lines: list[JSONDict]


_ANALYSIS: list[Analysing] = []


def _record_arg(req: JSONDict) -> Record:
    """The request's record: ``link`` (text) or ``record`` (an object)."""
    link = req.get("link")
    if isinstance(link, str):
        return parse_record_text(link)
    return record_from_json(req.get("record"))


def _analysis_seats(req: JSONDict, record: Record) -> list[int]:
    """The seats to analyse: the request's ``seats``, else the human seats (every seat when
    there is none)."""
    seats = req.get("seats")
    if seats is None:
        humans = [s for s, seat in enumerate(record.seats) if seat.kind == "human"]
        return humans or list(range(record.players))
    if (
        not isinstance(seats, list)
        or not seats
        or len(seats) > record.players
        or any(isinstance(s, bool) or not isinstance(s, int) for s in seats)
    ):
        raise RecordError(t("No such seat.", "その席はありません。"))
    return chosen_seats(record, seats)


def _analysis_line(verdict: Verdict, view: GameState, seed: int) -> JSONDict:
    """A verdict for the page: its figures, and the words of the move played and of the better
    one, as the seat reads them (from the world its appraisal searched: never the true
    state)."""
    line = verdict.to_json()
    rng = words_rng(seed, verdict.ply, verdict.seat)
    words = {"played": action_words(view, verdict.seat, verdict.played, rng.copy())}
    if verdict.best != verdict.played:
        words["best"] = action_words(view, verdict.seat, verdict.best, rng.copy())
    line["words"] = words
    return line


def cmd_analyse(req: JSONDict) -> JSONDict:
    """Review the decisions of chosen seats of a finished game (``record`` or ``link``;
    ``seats``: default the human seats, or all) for a slice, and answer the progress; once done,
    the verdicts with the words of each move, and a summary per seat. Ask again while
    ``thinking`` is true; stop asking to drop it; another record (or other seats) replaces it."""
    record = _record_arg(req)
    seats = _analysis_seats(req, record)
    key = json.dumps([record.to_fragment(), seats])
    job = _ANALYSIS[0] if _ANALYSIS and _ANALYSIS[0].key == key else None
    if job is None:
        lines: list[JSONDict] = []
        seed = record.seed

        def keep(verdict: Verdict, view: GameState) -> None:
            lines.append(_analysis_line(verdict, view, seed))

        review = Review(record, seats, analysis_budget(record.game), each=keep)
        job = Analysing(key, review, lines)
        _ANALYSIS[:] = [job]
    done = job.review.run(THINK_SLICE)
    out: JSONDict = {
        "ok": True,
        "thinking": not done,
        "game": record.game,
        "seats": seats,
        "done": len(job.lines),
        "total": job.review.total,
        "progress": round(job.review.progress, 4),
        "version": analysis_version(record.game),
        "iterations": job.review.budget.iterations,
    }
    if done:
        out["verdicts"] = job.lines
        out["summary"] = summary(job.review.verdicts, seats)
        out["mistake"] = MISTAKE
    return out


def cmd_undo(req: JSONDict) -> JSONDict:
    """Take back ``seat``'s last action when the rule allows it (replaying the rest)."""
    sid, session = _session(req)
    seat = _seat(req, "seat", session)
    if seat is None or not _can_undo(session, seat):
        raise RecordError(
            t("That move can no longer be taken back.", "その手はもう取り消せません。")
        )
    record = session.record
    rebuilt = _load(
        Record(
            record.game,
            record.players,
            record.seed,
            record.options,
            record.seats,
            record.actions[:-1],
            hints_used=record.hints_used,
        )
    )
    _SESSIONS[sid] = rebuilt
    return snapshot(sid, seat)


def cmd_replay(req: JSONDict) -> JSONDict:
    """A position of a record for the replay viewer: the spectator's view after ``ply``
    actions; with ``reveal`` (only for a finished game) every seat's view as well."""
    link = req.get("link")
    if isinstance(link, str):
        record = parse_record_text(link)
    else:
        record = record_from_json(req.get("record"))
    total = len(record.actions)
    ply = req.get("ply", total)
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise RecordError(t("Unknown position.", "その局面はありません。"))
    ply = max(0, min(total, ply))
    state = replay(record, ply)
    finished = state.is_over() if ply == total else replay(record).is_over()
    view = state.view(None)
    log_total = len(view["log"])
    out: JSONDict = {
        "ok": True,
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "seats": [s.to_json() for s in record.seats],
        "ply": ply,
        "total": total,
        "actions": list(record.actions),
        "finished": finished,
        "over": state.is_over(),
        "view": view,
        "log_start": window_log(view),
        "log_total": log_total,
        "result": state.result().to_json() if state.is_over() else None,
        "hints_used": record.hints_counts(),
        # the version a kept analysis of this game must have to be current (None: unfinished)
        "analysis": analysis_version(record.game) if finished else None,
    }
    if req.get("reveal") and finished:
        out["views"] = [_view_diff(view, state.view(s)) for s in range(record.players)]
    return out


def _view_diff(spectator: JSONDict, seat_view: JSONDict) -> JSONDict:
    """What a seat's view adds to the spectator's: the fields whose value differs (the page
    reads ``{...view, ...views[s]}``). The log stays the spectator's (``view``, ``log`` pages)."""
    return {
        key: value
        for key, value in seat_view.items()
        if key != "log" and (key not in spectator or spectator[key] != value)
    }


LOG_PAGE = 200


def cmd_log(req: JSONDict) -> JSONDict:
    """A page of the spectator's log of a record (``record`` or ``link``) after ``ply`` actions
    (default: all): the entries from ``from`` on, at most :data:`LOG_PAGE` of them, and the
    log's ``total``; the replay viewer reads a whole game's log this way."""
    link = req.get("link")
    record = (
        parse_record_text(link) if isinstance(link, str) else record_from_json(req.get("record"))
    )
    total_actions = len(record.actions)
    ply = req.get("ply", total_actions)
    start = req.get("from", 0)
    for value in (ply, start):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RecordError(t("The request is unreadable.", "要求が読めません。"))
    log = replay(record, min(ply, total_actions)).view(None)["log"]
    return {"ok": True, "from": start, "total": len(log), "log": log[start : start + LOG_PAGE]}


def cmd_close(req: JSONDict) -> JSONDict:
    """Forget a session."""
    sid = req.get("session")
    if isinstance(sid, str):
        _SESSIONS.pop(sid, None)
    return {"ok": True}


COMMANDS: dict[str, Callable[[JSONDict], JSONDict]] = {
    "catalog": cmd_catalog,
    "start": cmd_start,
    "view": cmd_view,
    "act": cmd_act,
    "compose": cmd_compose,
    "bot": cmd_bot,
    "hint": cmd_hint,
    "analyse": cmd_analyse,
    "undo": cmd_undo,
    "replay": cmd_replay,
    "log": cmd_log,
    "close": cmd_close,
}


def handle(request: str) -> str:
    """Answer one JSON request with one JSON answer; errors become ``{"ok": false, ...}``."""
    try:
        req: Any = strict_json(request)  # no nesting deep enough to overflow Pyodide's stack
        if not isinstance(req, dict) or req.get("cmd") not in COMMANDS:
            raise RecordError(t("Unknown request.", "不明な要求です。"))
        answer = COMMANDS[req["cmd"]](req)
    except GameError as exc:
        answer = {"ok": False, "error": dict(exc.text), "kind": type(exc).__name__}
    except (ValueError, RecursionError):
        answer = {
            "ok": False,
            "error": t("The request is unreadable.", "要求が読めません。"),
            "kind": "RecordError",
        }
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
