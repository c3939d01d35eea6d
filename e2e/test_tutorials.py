"""Learn to play (issue 31): each game's tutorial is played to its end on the real table by
tapping only what the table marks (``[data-tutorial=target]``) and the panel's Next.

For each game with a tutorial (asked of the CPython engine: pygames.tutorials.get_tutorial), one
page: the other language through its first ten steps, then the whole lesson in one language (the
games alternate English and Japanese). At each step the words are the step's, the marked controls
are exactly the expected move's (at least one, nothing else), and a screenshot is saved (portrait
too for a few steps). One tap elsewhere per tutorial is explained in the panel and changes
nothing. Bots play at the instant speed; nothing sleeps. Another test runs axe at two steps of
each tutorial (its own context: axe is an inline script the site's CSP refuses).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.conftest import INSTANT_BOTS, LANDSCAPE, Shot, resize, wait_engine, wait_true
from e2e.test_a11y import BLOCKING, axe, readable
from pygames.core.registry import all_games
from pygames.tutorials import get_tutorial, tutorial_json

TUTORIALS = [tutorial_json(tut) for g in all_games() if (tut := get_tutorial(g.id)) is not None]
IDS = [data["game"] for data in TUTORIALS]
FIRST = 10  # the steps played in the other language
# the panel's words while a round summary holds the table, and the badge on the mark
HOLD = {
    "en": "Tap the marked button to go on.",
    "ja": "印のついたボタンをタップして先へ進みましょう。",
}
TAP_HERE = {"en": "Tap here", "ja": "ここをタップ"}
# the other accepted ways each tutorial's play takes where its table offers them (a composed
# move's picks in another order, a step's other accepted move): at least these (BAG-GAI's other
# accepted ranges are its first's picks in another order, both marked already)
DETOURS = {
    "marie": {"alternative"},
    "hitokai": {"order", "alternative"},
    "pharaoh": {"order", "alternative"},
    "yadokashi": {"order"},
}

# what the page shows now: the panel's step and phase, the table's ply and the marked controls
STATE = """() => {
  const panel = document.querySelector('[data-testid=tutorial-panel]');
  const table = document.querySelector('[data-testid=table]');
  const targets = [...document.querySelectorAll('[data-tutorial]')].map((el) => ({
    testid: el.getAttribute('data-testid'), a: el.getAttribute('data-a'),
    reach: el.getAttribute('data-reach'), pick: el.getAttribute('data-pick'),
    unpick: el.getAttribute('data-unpick'), choice: el.getAttribute('data-choice'),
    confirm: el.getAttribute('data-confirm'), choose: el.getAttribute('data-choose'),
    reset: el.getAttribute('data-reset'), release: el.hasAttribute('data-release'),
    action: el.getAttribute('data-action'), kind: el.getAttribute('data-tutorial'),
  }));
  return panel && table && {
    step: Number(panel.dataset.step), phase: panel.dataset.phase, ply: Number(table.dataset.ply),
    drawn: Number(table.dataset.drawn), waiting: table.dataset.waiting, targets,
    words: panel.querySelector('[data-testid=tutorial-words]').textContent,
    wrong: Boolean(panel.querySelector('[data-testid=tutorial-wrong]')),
  };
}"""
SETTLED = "['read', 'do', 'end', 'hold']"
# the marks whose ring (the outline outside the element) a scrolling box around them cuts off
CLIPPED = """() => [...document.querySelectorAll('[data-tutorial]')].filter((el) => {
  const cs = getComputedStyle(el);
  const ring = Math.max(0, parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth));
  const r = el.getBoundingClientRect();
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflow === 'visible') continue;
    const b = box.getBoundingClientRect();
    return r.left - ring < b.left || r.right + ring > b.right || r.top - ring < b.top;
  }
  return false;
}).map((el) => el.getAttribute('data-testid'))"""
# a move or pick control the step does not expect (for the wrong tap), marked for the test
OTHER = """() => {
  const sel = '[data-action=move], [data-a], [data-reach], [data-pick], [data-unpick], '
    + '[data-confirm], [data-reset]';
  const el = [...document.querySelectorAll(`[data-testid=table] :is(${sel})`)].find((e) =>
    !e.hasAttribute('data-tutorial') && !e.disabled && e.getClientRects().length);
  if (el) el.setAttribute('data-test-wrong', '');
  return Boolean(el);
}"""


def state(page: Page) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate(STATE)
    return value


def waiting(test: str) -> str:
    """A JavaScript expression: the page waits for the learner (a read, do, hold step or the
    end; a do step with its marks drawn) and ``test`` (about ``s``, the state) holds."""
    return (
        f"(() => {{ const s = ({STATE})(); if (!s || !{SETTLED}.includes(s.phase)) return false;"
        f" if (s.phase === 'do' && !s.targets.length) return false; return {test}; }})()"
    )


def wait_for(page: Page, expression: str, what: str) -> None:
    """Wait for ``expression`` (at most 20 s); the failure says what was awaited and the state."""
    try:
        wait_true(page, expression, timeout=20_000)
    except AssertionError:
        raise AssertionError(f"{what}: still waiting; now {state(page)}") from None


def wait_settled(page: Page, step: int) -> dict[str, Any]:
    """Wait until step ``step`` (or a later one) waits for the learner, and return the state."""
    wait_for(page, waiting(f"s.step >= {step}"), f"step {step}")
    return state(page)


def expected_marks(step: dict[str, Any], target: dict[str, Any]) -> bool:
    """Whether a marked control is one of the step's expected move's controls."""
    if target["release"]:
        return True
    if not step["expect"]:
        return target["testid"] in step["mark"]
    want = step["expect"][0]
    if "a" in want:
        return target["a"] == want["a"] or want["a"] in (target["reach"] or "").split()
    if target["choice"] == want["choice"] and (target["pick"] or target["unpick"]) is not None:
        return True
    return want["choice"] in (target["confirm"], target["choose"], target["reset"])


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage)."""
    return warm_page


def set_lang(page: Page, lang: str) -> None:
    page.get_by_test_id(f"lang-{lang}").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def open_lesson(page: Page, game: str) -> None:
    """Open the game's lesson from its first step (its progress forgotten)."""
    page.evaluate(f"localStorage.removeItem('pygames.tutorial.{game}')")
    page.evaluate("() => { location.hash = '#/'; }")
    page.get_by_test_id(f"learn-{game}").first.click()
    page.wait_for_selector("[data-testid=tutorial-panel]", timeout=60_000)


# a control of another way the step accepts than the marked one: the first pick of a composed
# move in another order than the script's (its choice's order not mattering: the page marks
# every pick not made yet), else the first control of the step's last accepted move
DETOUR = """([step, texts]) => {
  const seen = (el) => !el.disabled && el.getClientRects().length;
  const want = step.expect[0];
  if (step.expect.length === 1 && 'choice' in want) {
    const marked = [...document.querySelectorAll('[data-tutorial=target][data-pick]')].filter((e) =>
      e.getAttribute('data-choice') === want.choice && seen(e));
    const el = marked.find((e) => e.getAttribute('data-pick') !== texts[0][0]);
    if (!el || !marked.some((e) => e.getAttribute('data-pick') === texts[0][0])) return null;
    el.setAttribute('data-test-detour', 'order');
    return 'order';
  }
  if (step.expect.length < 2) return null;
  const last = step.expect[step.expect.length - 1];
  const sel = 'a' in last ? `[data-a="${CSS.escape(last.a)}"]`
    : `[data-choice="${CSS.escape(last.choice)}"][data-pick="${CSS.escape(texts[1][0])}"]`;
  const el = [...document.querySelectorAll(`[data-testid=table] ${sel}`)].find(seen);
  if (!el || el.hasAttribute('data-tutorial')) return null;
  el.setAttribute('data-test-detour', 'alternative');
  return 'alternative';
}"""


def pick_texts(move: dict[str, Any]) -> list[str]:
    """A composed move's picks as the page writes them in ``data-pick``."""
    picks = move.get("picks", [])
    return [p if isinstance(p, str) else json.dumps(p, separators=(",", ":")) for p in picks]


def detour(page: Page, step: dict[str, Any]) -> str | None:
    """Tap a control of another way the step accepts (:data:`DETOUR`); the panel does not refuse
    it. Returns which ('order', 'alternative'), or None when the table offers none now."""
    texts = [pick_texts(step["expect"][0]), pick_texts(step["expect"][-1])]
    kind: str | None = page.evaluate(DETOUR, [step, texts])
    if kind is None:
        return None
    now = state(page)
    page.locator("[data-test-detour]").first.click()
    wait_for(page, changed(now), f"the detour ({kind})")
    assert not state(page)["wrong"], f"the tap of another accepted way ({kind}) was refused"
    return kind


def do_step(page: Page, data: dict[str, Any], k: int, detours: list[str] | None = None) -> None:
    """Tap the marked controls until the step is done; with ``detours``, first another accepted
    way when the table offers one at the first tap (noted in ``detours``)."""
    step = data["steps"][k]
    tried = detours is None or not step["expect"]
    for _ in range(40):
        now = state(page)
        if now["step"] > k or now["phase"] == "end":
            return
        if now["phase"] == "read":
            page.get_by_test_id("tutorial-next").click()
        elif not tried and now["phase"] == "do":  # the first tap only: nothing picked yet
            tried = True
            if (kind := detour(page, step)) is not None:
                assert detours is not None
                detours.append(f"{step['id']}:{kind}")
                continue
            page.locator("[data-tutorial=target]").first.click()
        else:
            page.locator("[data-tutorial=target]").first.click()
        wait_for(page, changed(now), f"{data['game']} step {k}: the tap's effect")
    raise AssertionError(f"{data['game']}: step {k} did not end")


def signature(s: dict[str, Any]) -> str:
    return json.dumps([s["step"], s["phase"], s["ply"], s["drawn"]], separators=(",", ":"))


def changed(now: dict[str, Any]) -> str:
    """A JavaScript expression: the page waits for the learner again, in another state than
    ``now``: another step, phase or position, or drawn again (a tap redraws the table with its
    effect: the next pick marked...)."""
    sig = json.dumps(signature(now))
    return waiting(f"JSON.stringify([s.step, s.phase, s.ply, s.drawn]) !== {sig}")


def wrong_tap(page: Page) -> bool:
    """Tap a control the step does not expect: the panel explains, the game does not change."""
    if not page.evaluate(OTHER):
        return False
    before = state(page)
    page.locator("[data-test-wrong]").first.click()
    wait_true(page, f"({STATE})().wrong")
    after = state(page)
    assert after["ply"] == before["ply"] and after["step"] == before["step"]
    assert after["targets"] == before["targets"], "a wrong tap changed the selection"
    expect(page.get_by_test_id("tutorial-wrong")).to_be_visible()
    return True


def hold(page: Page, data: dict[str, Any], lang: str, k: int) -> dict[str, Any]:
    """A round summary holds the table: the panel says to tap the marked button (its "Tap here"
    badge on it), which lets go; the state once the page waits again."""
    now = wait_settled(page, k)
    while now["phase"] == "hold":
        expect(page.get_by_test_id("tutorial-doing")).to_have_text(HOLD[lang])
        # (the release itself: once it lets go, the next step's mark may be drawn already)
        target = page.locator("[data-tutorial=target][data-release]")
        expect(page.locator("[data-tutorial=target]")).to_have_count(1)
        expect(target).to_have_attribute("data-tutorial-tip", TAP_HERE[lang])
        target.click()
        # the table on screen says "hold" until its next drawing: wait for that one (the hold let
        # go, or the next hold), not the drawing the click landed on
        wait_for(page, waiting(f"s.drawn !== {now['drawn']}"), f"step {k}: the release's effect")
        now = wait_settled(page, k)
    return now


def play(
    page: Page,
    data: dict[str, Any],
    lang: str,
    steps: int,
    shot: Shot | None,
    detours: list[str] | None = None,
) -> bool:
    """Play the first ``steps`` steps (with ``detours``, taking another accepted way where the
    table offers one: :func:`detour`); returns whether a wrong tap was tried."""
    wronged = False
    for k, step in enumerate(data["steps"][:steps]):
        now = hold(page, data, lang, k)
        assert now["step"] == k, (data["game"], k, now)
        assert now["words"] == step["words"][lang], (data["game"], k)
        expect(page.get_by_test_id("tutorial-progress")).to_have_text(
            f"{k + 1} / {len(data['steps'])}"
        )
        marked = now["targets"]
        if step["expect"]:
            assert marked, f"{data['game']} step {k}: nothing marked"
        # a step to read rings what it points at as a thing to look at, a move as one to tap
        kinds = {t["kind"] for t in marked if not t["release"]}
        assert kinds <= ({"target"} if now["phase"] == "do" else {"look"}), (k, now["phase"], kinds)
        bad = [t for t in marked if not expected_marks(step, t)]
        assert not bad, f"{data['game']} step {k} ({step['id']}): marked {bad}"
        # the side column's panels end on screen (Marie's scoring table ran off a 768 px tablet
        # beside a long step)
        below = page.evaluate(
            """() => [...document.querySelectorAll('.table-side > .side-panel')]
                 .filter((p) => p.getBoundingClientRect().bottom > innerHeight + 1)
                 .map((p) => p.className)"""
        )
        assert not below, f"{data['game']} step {k}: {below} run off the screen"
        if shot is not None:
            portrait = k in (0, len(data["steps"]) // 2, len(data["steps"]) - 1)
            shot(page, f"tutorial-{data['game']}-{k + 1:02d}-{lang}", both=portrait)
        tips = page.locator("[data-tutorial-tip]")
        if now["phase"] == "do":  # one "Tap here" badge, on a mark (none on a piece drawn in SVG)
            assert tips.count() <= 1
            if tips.count():
                expect(tips).to_have_attribute("data-tutorial-tip", TAP_HERE[lang])
                expect(tips).to_have_attribute("data-tutorial", "target")
        else:
            expect(tips).to_have_count(0)
        if now["waiting"] == "over":  # the end screen's marks are drawn where they show
            hidden = page.evaluate(CLIPPED)
            assert not hidden, f"{data['game']} step {k}: marks cut off by their box: {hidden}"
        if step["expect"] and not wronged:
            wronged = wrong_tap(page)
        if k + 1 < len(data["steps"]) or now["phase"] != "end":
            do_step(page, data, k, detours)
    return wronged


@pytest.mark.parametrize("data", TUTORIALS, ids=IDS)
def test_each_tutorial_is_played_by_tapping_only_what_is_marked(
    page: Page, base_url: str, shot: Shot, data: dict[str, Any]
) -> None:
    game = data["game"]
    main = "en" if IDS.index(game) % 2 == 0 else "ja"
    other = "ja" if main == "en" else "en"
    page.evaluate(INSTANT_BOTS)
    set_lang(page, other)
    open_lesson(page, game)
    play(page, data, other, min(FIRST, len(data["steps"]) - 1), None)
    set_lang(page, main)
    open_lesson(page, game)
    detours: list[str] = []
    wronged = play(page, data, main, len(data["steps"]), shot, detours)
    assert wronged, f"{game}: no step offered a control to tap wrongly"
    kinds = {d.split(":")[1] for d in detours}
    assert DETOURS.get(game, set()) <= kinds, f"{game}: the detours taken: {detours}"
    # the end: the real end screen, the last step's words and marks, and a real game with the
    # same seats named as the setup names them
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    expect(page.get_by_test_id("tutorial-words")).to_have_text(data["steps"][-1]["words"][main])
    # or the setup first (players, bots' levels): a learner went back to the lobby for it
    setup = page.get_by_test_id("tutorial-setup")
    expect(setup).to_have_attribute("href", f"#/setup/{game}")
    expect(setup).to_have_text({"en": "Choose the players", "ja": "参加者を選ぶ"}[main])
    page.get_by_test_id("tutorial-real").click()
    page.wait_for_selector("[data-testid=table]:not(:has([data-testid=tutorial-panel]))")
    assert "#play/" in page.url
    default = {"en": ("Player {}", "Bot {}"), "ja": ("プレイヤー{}", "ボット{}")}[main]
    for s, seat in enumerate(data["record"]["seats"]):
        name = default[0 if seat["kind"] == "human" else 1].format(s + 1)
        expect(page.get_by_test_id("table")).to_contain_text(name)
    # left before any move, that game is not kept: the lobby lists no game at move 0
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    moved = table.get_attribute("data-ply") != "0"
    page.evaluate("() => { location.hash = '#/'; }")
    expect(page.get_by_test_id(f"learned-{game}")).to_be_visible()
    expect(page.get_by_test_id("save-continue")).to_have_count(1 if moved else 0)


def test_a_lesson_resumes_where_it_was_left_and_back_goes_a_step_back(
    page: Page, base_url: str
) -> None:
    if not TUTORIALS:
        pytest.skip("no tutorial yet")
    data = TUTORIALS[0]
    game = data["game"]
    page.evaluate(INSTANT_BOTS)
    open_lesson(page, game)
    play(page, data, "en", 3, None)
    wait_settled(page, 3)
    page.get_by_test_id("tutorial-back").click()
    wait_for(page, waiting("s.step === 2"), "back to step 3")
    page.get_by_test_id("tutorial-leave").click()
    link = page.get_by_test_id(f"learn-{game}").first
    expect(link).to_have_attribute("data-resume", "yes")
    expect(link).to_contain_text(f"3 / {len(data['steps'])}")
    link.click()
    wait_for(page, waiting("s.step === 2"), "resumed at step 3")
    # the language switch redraws the words
    set_lang(page, "ja")
    expect(page.get_by_test_id("tutorial-words")).to_have_text(data["steps"][2]["words"]["ja"])


def test_tutorials_are_accessible(browser: Browser, base_url: str) -> None:
    if not TUTORIALS:
        pytest.skip("no tutorial yet")
    context = browser.new_context(bypass_csp=True, viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        page.add_init_script(INSTANT_BOTS)
        page.goto(base_url)
        wait_engine(page)
        problems = []
        for data in TUTORIALS:
            open_lesson(page, data["game"])
            for k in range(2):
                wait_settled(page, k)
                bad = [
                    v
                    for v in axe(page, f"tutorial-{data['game']}-{k + 1}")
                    if v["impact"] in BLOCKING
                ]
                problems += [f"{data['game']} step {k + 1}:\n{readable(bad)}"] if bad else []
                do_step(page, data, k)
        assert not problems, "\n".join(problems)
    finally:
        context.close()


# whether an element is seen whole: inside the screen and inside its panel's box (not clipped by
# its scrolling box), and what the screen shows at its top and bottom rows is itself
SEEN_WHOLE = """(el) => {
  const r = el.getBoundingClientRect();
  const p = el.closest('[data-testid=tutorial-panel]').getBoundingClientRect();
  if (r.top < Math.max(0, p.top) || r.bottom > Math.min(innerHeight, p.bottom)) {
    return { words: [r.top, r.bottom], panel: [p.top, p.bottom], screen: innerHeight };
  }
  for (const y of [r.top + 4, r.bottom - 4]) {
    const hit = document.elementFromPoint(r.left + r.width / 2, y);
    if (!hit || !el.contains(hit)) return { at: y, hit: hit?.outerHTML.slice(0, 80) };
  }
  return true;
}"""


def test_a_phone_keeps_the_lesson_in_sight(page: Page, base_url: str) -> None:
    """A beginner's phone trial: the lesson's panel sat at the end of the one column, squeezed to
    24 px (Back, Leave and Next only; its words hidden). On a phone it stays at the bottom of the
    screen, whole, and every mark of the first steps can still be tapped above it."""
    data = TUTORIALS[IDS.index("hitokai")]
    resize(page, {"width": 390, "height": 844})
    try:
        page.evaluate(INSTANT_BOTS)
        set_lang(page, "en")
        open_lesson(page, "hitokai")
        words = page.get_by_test_id("tutorial-words")
        for k in range(5):
            now = hold(page, data, "en", k)
            if now["phase"] == "read":
                expect(words).to_have_text(data["steps"][k]["words"]["en"])
                seen = words.evaluate(SEEN_WHOLE)
                assert seen is True, f"step {k}: the words are not seen whole: {seen}"
            do_step(page, data, k)  # its marks tapped as a person would: not under the panel
    finally:
        resize(page, LANDSCAPE)
