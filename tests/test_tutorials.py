"""Every tutorial (pygames/tutorials/) replays as a legal game to its end, each alternative move
leaves the rest of its script legal, its words are short and in both languages, and it covers
every rule of docs/rules/<id>.md (or says why not)."""

from __future__ import annotations

import re

import pytest

from pygames.core.record import Record, replay
from pygames.core.registry import all_games
from pygames.tutorials import Skip, Tutorial, get_tutorial, line
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
