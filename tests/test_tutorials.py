"""Every tutorial (pygames/tutorials/) replays as a legal game to its end, each alternative move
leaves the rest of its script legal, its words are short and in both languages, and it covers
every rule of docs/rules/<id>.md (or says why not)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygames.core.record import Record, replay
from pygames.core.registry import all_games
from pygames.tutorials import Skip, Tutorial, get_tutorial, line
from pygames.web import Bridge
from tests.tutorial_rules import RULES, rule_keys

TUTORIALS = [tut for info in all_games() if (tut := get_tutorial(info.id)) is not None]
IDS = [tut.game for tut in TUTORIALS]
#: the end of a sentence, in either language (a decimal point or "¥1.5" is no end)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")


def finished(tutorial: Tutorial, entries: list[str]) -> bool:
    """Whether the entries bring the tutorial's game to its end."""
    record = tutorial.record()
    return replay(Record(**{**record.__dict__, "actions": entries})).is_over()


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=IDS)
def test_the_script_replays_to_the_end(tutorial: Tutorial) -> None:
    assert finished(tutorial, line(tutorial))


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=IDS)
def test_every_alternative_leads_on_through_the_script(tutorial: Tutorial) -> None:
    for step in tutorial.steps:
        for k in range(1, len(step.expect)):
            assert finished(tutorial, line(tutorial, {step.id: k})), step.id


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=IDS)
def test_the_words_are_short_and_in_both_languages(tutorial: Tutorial) -> None:
    ids = [step.id for step in tutorial.steps]
    assert len(ids) == len(set(ids))
    for step in tutorial.steps:
        for lang in ("en", "ja"):
            text = step.text[lang].strip()
            assert text, (step.id, lang)
            assert len(_SENTENCE_END.findall(text)) <= 2, (step.id, lang, text)
        assert len(step.text["en"]) <= 220, step.id
    assert len(tutorial.names) == tutorial.players


@pytest.mark.skipif(not RULES.is_dir(), reason="docs/rules/ is not here (inside Pyodide)")
@pytest.mark.parametrize("tutorial", TUTORIALS, ids=IDS)
def test_every_rule_is_taught_or_left_out_with_a_reason(tutorial: Tutorial) -> None:
    ids = {step.id for step in tutorial.steps}
    assert sorted(tutorial.covers) == sorted(rule_keys(tutorial.game))
    for key, where in tutorial.covers.items():
        if isinstance(where, Skip):
            assert len(where.why) > 15, key
        else:
            assert where in ids, (key, where)


# ---------------------------------------------------------------- the bridge's `tutorial` request


def ask(bridge: Bridge, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(req)))
    return answer


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=IDS)
def test_the_bridge_answers_the_tutorial_and_each_step_starts_where_it_says(
    tutorial: Tutorial,
) -> None:
    bridge = Bridge()
    ans = ask(bridge, cmd="tutorial", game=tutorial.game)
    assert ans["ok"] and ans["game"] == tutorial.game and ans["learner"] == tutorial.learner
    assert ans["line"] == line(tutorial) and ans["record"]["actions"] == []
    assert ans["names"] == [dict(name) for name in tutorial.names]
    assert [s["id"] for s in ans["steps"]] == [s.id for s in tutorial.steps]
    for step, sent in zip(tutorial.steps, ans["steps"], strict=True):
        assert sent["words"] == dict(step.text) and sent["fast"] == step.fast
        assert sent["play"] == list(step.play) and sent["mark"] == list(step.mark)
        # the position a step starts from (Back, a resumed tutorial): the deal and the line so far
        record = {**ans["record"], "actions": ans["line"][: sent["at"]]}
        snap = ask(bridge, cmd="start", record=record, seat=tutorial.learner)
        assert snap["ok"] and snap["ply"] == sent["at"]
        for entry in step.play:  # the scripted seats' moves apply there, in order
            seat, notation = entry.split(":", 1)
            snap = ask(bridge, cmd="act", session=snap["session"], seat=int(seat), action=notation,
                       view_seat=tutorial.learner)  # fmt: skip
            assert snap["ok"], (step.id, entry)
        for move in sent["expect"]:  # each expected move is one the table offers the learner
            if "a" in move:
                assert move["a"] in [m["a"] for m in snap["moves"]], step.id
            else:
                assert move["choice"] in [c["id"] for c in snap["choices"]], step.id
                picks = {"choice": move["choice"], "picks": move["picks"]}
                composed = ask(
                    bridge, cmd="compose", session=snap["session"], seat=tutorial.learner, **picks
                )
                assert composed["complete"], step.id


def test_a_game_without_a_tutorial_is_refused_in_both_languages() -> None:
    bridge = Bridge()
    without = [info.id for info in all_games() if get_tutorial(info.id) is None]
    for game in without:
        ans = ask(bridge, cmd="tutorial", game=game)
        assert not ans["ok"] and ans["error"]["en"] and ans["error"]["ja"]
    assert ask(bridge, cmd="tutorial", game="chess")["kind"] == "RecordError"
    assert ask(bridge, cmd="tutorial")["kind"] == "BadRequest"


def test_the_catalogue_says_which_games_have_a_tutorial() -> None:
    games = ask(Bridge(), cmd="catalog")["games"]
    for entry in games:
        tutorial = get_tutorial(entry["id"])
        assert entry["tutorial"] == (len(tutorial.steps) if tutorial else None)
