"""Hidden information, for every game: a spectator sees nothing private, and no answer before
the end carries the seed, a share link or the record."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.record import parse_record_text
from pygames.core.registry import all_games
from pygames.core.rng import Rng
from tests.conftest import engine

CASES = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]


def call(**req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(engine().handle(json.dumps(req)))
    return answer


@pytest.mark.parametrize(("game", "players"), CASES)
def test_spectator_view_and_share_link_hold_nothing_private(game: str, players: int) -> None:
    rng = Rng.from_seed(31)
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(players)]
    rec = {"v": 1, "game": game, "players": players, "seed": 7, "options": {}, "seats": seats}
    sid = call(cmd="start", record=rec, seat=None)["session"]
    checked = 0
    for step in range(400):
        session = engine().sessions[sid]
        state = session.state
        if state.is_over():
            break
        if step % 5 == 0:
            spectator = state.view(None)
            table = {k: v for k, v in spectator.items() if k != "log"}
            # every world a seat could imagine shows a spectator the very same table (a world
            # keeps that seat's own log lines, so the log is checked on its own below)
            for seat in range(players):
                world = state.determinize(seat, rng.copy()).view(None)
                assert {k: v for k, v in world.items() if k != "log"} == table, (game, seat)
            # no private log text reaches the spectator: each line is its public text
            private = [e for e in state.log if e.get("private")]
            text = json.dumps(spectator["log"], ensure_ascii=False)
            for entry in private:
                for secret in entry["private"].values():
                    if secret != entry["text"]:
                        assert json.dumps(secret["en"], ensure_ascii=False) not in text
            # no seed, no share link, no record: only the save, which the worker keeps
            snap = call(cmd="view", session=sid, seat=None)
            assert "seed" not in snap and "share" not in snap and snap["record"] is None
            assert parse_record_text(snap["save"]).actions == session.record.actions
            checked += 1
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        call(cmd="act", session=sid, seat=seat, action=legal[rng.below(len(legal))])
    call(cmd="close", session=sid)
    assert checked >= 5
