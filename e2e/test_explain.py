"""Nothing explained by hover only (issue 31, part 3): every mark has a tap path.

A tablet never hovers and a long press selects, so no information may live only in a ``title``.
At a table of each game (a few positions of a bot game, the end screen and the replay viewer),
in English and in Japanese, every visible element with a ``title``, a ``data-explain`` or a
``data-gloss``, every ``.badge``, every ``[role=img]`` and every mark the game's glossary names
(``mark`` of web/rules/<id>.js: the dashed outline of the last bot move...) must explain itself
by a tap (web/ui/explain.js):

* a point of the element is found where a tap lands on it (``elementFromPoint``), not on a
  nested mark with an explanation of its own;
* outside a control, a tap there opens the bubble; on a control (a card on a move button), the
  "?" button first, and the tap must not reach the control (nothing is played); the "?" mode
  stays on until "?" is tapped again;
* the bubble's text is not empty, is not "nothing to explain", holds the element's own text, and
  is in the page's language (Japanese text in Japanese, none in English).

The taps of the sweep are dispatched in the page (one evaluation per position keeps the test
cheap); a few real taps (the mouse) open a bubble per game for the screenshots
(artifacts/screenshots/explain-*.png), in landscape and in portrait. One page per language,
bots at the instant speed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import LANDSCAPE, PORTRAIT, READY, link, record_of, resize, simulate
from playwright.sync_api import Browser, Page, expect

SHOTS = Path(__file__).resolve().parent.parent / "artifacts" / "screenshots"
GAMES = {  # game: (players, seed) of the bot game whose positions are opened
    "marie": (4, 3),
    "hitokai": (5, 4),
    "pharaoh": (3, 2),
    "baggai": (4, 5),
    "yadokashi": (3, 6),
}
LANGS = ("en", "ja")

# Every checked element of the table on screen, each tapped as a person would (see the module's
# docstring); returns the problems found and how many elements were checked.
SWEEP = """async (lang) => {
  const root = document.querySelector('[data-testid=table], [data-testid=replay]');
  const game = root.dataset.game;
  const guide = (await import(new URL(`rules/${game}.js`, document.baseURI).href)).default;
  const marks = guide.glossary.filter((g) => g.mark).map((g) => '.' + CSS.escape(g.mark));
  const own = '[data-explain], [title], [data-gloss], [role=img][aria-label]';
  const explainable = [own, ...marks].join(', ');
  const checked = [own, '.badge', '[role=img]', ...marks].join(', ');
  const CONTROL = 'button, a[href], input, select, textarea, label, summary, [data-action], '
    + '[role=button], [role=tab], [role=option]';
  const JA = /[\\u3040-\\u30ff\\u3400-\\u9fff]/;
  const nothing = lang === 'ja' ? 'ここには説明がありません' : 'Nothing to explain here';
  const problems = [];
  let count = 0;
  const name = (el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') || ''}"`
    + ` ${el.dataset.testid ? `testid=${el.dataset.testid} ` : ''}`
    + `title=${JSON.stringify(el.getAttribute('title') || '')}>`;
  const tap = (el, x, y) => el.dispatchEvent(new MouseEvent('click',
    { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, view: window }));
  const escape = () => document.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  const bubbleText = () => document.querySelector('[data-testid=explain-bubble]')?.textContent;
  for (const el of root.querySelectorAll(checked)) {
    if (el.closest('[aria-hidden=true], .sr-only')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    count += 1;
    // the explanation a tap on this element must give: its own, or its nearest explainable's
    // a picture whose name is only the number it shows (a cake card "3") says nothing more
    const plain = (e) => !e.matches(['[data-explain], [title], [data-gloss]', ...marks].join(', '))
      && e.matches('[role=img]') && /^[\\d\\s]+$/.test(e.getAttribute('aria-label') || '');
    if (plain(el)) continue;
    let owner = el.matches(explainable) ? el : el.parentElement?.closest(explainable);
    while (owner && plain(owner)) owner = owner.parentElement?.closest(explainable);
    if (!owner) { problems.push(`${name(el)}: no explanation at all`); continue; }
    let hit = null;
    for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
      for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const at = document.elementFromPoint(x, y);
        let near = at?.closest(explainable);
        while (near && plain(near)) near = near.parentElement?.closest(explainable);
        if (at && (at === el || el.contains(at)) && near === owner) { hit = { at, x, y }; break; }
      }
      if (hit) break;
    }
    if (!hit) {
      problems.push(`${name(el)}: no point of it can be tapped for its explanation`);
      continue;
    }
    const control = hit.at.closest(CONTROL);
    let reached = false;
    const spy = () => { reached = true; };
    root.addEventListener('click', spy);
    if (control) {
      const ask = root.querySelector('[data-testid=explain]');
      if (!ask) {
        root.removeEventListener('click', spy);
        problems.push(`${name(el)}: no "?" button`);
        continue;
      }
      const a = ask.getBoundingClientRect();
      tap(ask, a.left + 2, a.top + 2);
      reached = false;
    }
    tap(hit.at, hit.x, hit.y);
    root.removeEventListener('click', spy);
    let text = (bubbleText() || '').trim();
    // a term tapped while the game's glossary is still on its way is explained once it has
    // come (ui/explain.js): up to a second later
    for (let i = 0; !text && i < 20; i += 1) {
      await new Promise((resolve) => { setTimeout(resolve, 50); });
      text = (bubbleText() || '').trim();
    }
    const named = owner.getAttribute('role') === 'img' ? owner.getAttribute('aria-label') : '';
    const expected = (owner.getAttribute('data-explain') || owner.getAttribute('title')
      || named || '').trim();
    const say = (what) => problems.push(`${name(el)}: ${what}`);
    if (control && reached) say(`the tap reached its control ${name(control)}`);
    if (!text) say(`a tap opens no explanation${control ? ' (with "?")' : ''}`);
    else if (text.includes(nothing)) say(`"${text}"`);
    else if (expected && !text.includes(expected)) say(`"${text}" lacks "${expected}"`);
    else if (lang === 'ja' && !JA.test(text)) say(`not Japanese: "${text}"`);
    else if (lang === 'en' && JA.test(text)) say(`Japanese in English: "${text}"`);
    escape();
    if (bubbleText() !== undefined) say('Escape leaves the bubble open');
  }
  scrollTo(0, 0);
  return { problems, count };
}"""


@pytest.fixture(scope="module", params=LANGS)
def lang_page(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Page]:
    """One page per language; bots move at once."""
    lang = request.param
    context = browser.new_context(viewport=LANDSCAPE, locale="en-US")
    context.add_init_script(
        "localStorage.setItem('pygames.speed', 'instant');"
        f"localStorage.setItem('pygames.lang', '{lang}');"
    )
    page = context.new_page()
    page.goto(base_url + "#/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    yield page
    context.close()


def record_for(game: str) -> dict[str, Any]:
    """A finished bot game of ``game`` whose seat 0 is a person."""
    players, seed = GAMES[game]
    line = simulate(game, players, seed)
    record = record_of(line)
    seats = [{**s, "kind": "human"} if i == 0 else s for i, s in enumerate(record["seats"])]
    return {**record, "seats": seats}


def cut_before(record: dict[str, Any], share: float) -> dict[str, Any]:
    """The record cut just before seat 0's first action at or after ``share`` of the game."""
    actions = record["actions"]
    for i in range(int(len(actions) * share), len(actions)):
        if actions[i].startswith("0:"):
            return {**record, "actions": actions[:i]}
    raise AssertionError(f"seat 0 never acts after {share:.0%} of the game")


def sweep(page: Page, where: str) -> list[str]:
    """The problems of the table on screen (each prefixed with ``where``)."""
    lang = str(page.evaluate("document.documentElement.lang"))
    found = page.evaluate(SWEEP, lang)
    assert found["count"] > 3, f"{where}: only {found['count']} marks checked"
    return [f"{where}: {p}" for p in found["problems"]]


def real_tap(page: Page, game: str, lang: str) -> None:
    """A mouse tap on the first mark outside a control opens its bubble (screenshots)."""
    marks = page.locator(
        "[data-testid=table] .table-main [data-explain-tab], "
        "[data-testid=replay] [data-explain-tab]"
    )
    target = marks.first
    for i in range(marks.count()):
        if marks.nth(i).is_visible():
            target = marks.nth(i)
            break
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in (LANDSCAPE, PORTRAIT):
        resize(page, size)
        target.scroll_into_view_if_needed()
        page.mouse.click(10, 10)  # close any bubble
        box = target.bounding_box()
        assert box, f"{game}: the mark has no box"
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        bubble = page.get_by_test_id("explain-bubble")
        expect(bubble).to_be_visible()
        assert bubble.inner_text().strip()
        page.screenshot(
            path=str(SHOTS / f"explain-{game}-{lang}-{size['width']}x{size['height']}.png")
        )
        page.keyboard.press("Escape")
        expect(bubble).to_have_count(0)
    resize(page, LANDSCAPE)


# The index of the first of ``sel``'s elements from ``from`` on that lies clear of the bubble (a
# tap there lands on it, not on the bubble), -1 if none does.
CLEAR_OF_BUBBLE = """([sel, from]) => {
  const b = document.querySelector('[data-testid=explain-bubble]').getBoundingClientRect();
  const els = [...document.querySelectorAll(sel)];
  return els.findIndex((el, i) => {
    if (i < from) return false;
    const r = el.getBoundingClientRect();
    const apart = r.right < b.left || r.left > b.right || r.bottom < b.top || r.top > b.bottom;
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.width > 0 && apart && hit?.closest(sel) === el;
  });
}"""


def ask_then_tap(page: Page, game: str, lang: str) -> None:
    """The "?" button, then taps on move buttons: each is explained and nothing is played, the
    mode staying on until "?" is tapped again (a beginner's second tap, meant to ask about
    another button, had played it); then the controls work again."""
    table = page.get_by_test_id("table")
    ply = table.get_attribute("data-ply")
    moves = (  # the controls of the game, not of the status bar
        "[data-testid=table] .table-main > :not([data-testid=status]) "
        "button[data-action]:not([disabled])"
    )
    move = page.locator(moves)
    if not move.count():
        return
    ask, bubble = page.get_by_test_id("explain"), page.get_by_test_id("explain-bubble")
    drawn = table.get_attribute("data-drawn")
    ask.click()
    expect(ask).to_have_attribute("aria-pressed", "true")
    move.first.click()
    expect(bubble).to_be_visible()
    page.screenshot(path=str(SHOTS / f"explain-{game}-{lang}-ask-1024x768.png"))
    expect(ask).to_have_attribute("aria-pressed", "true")  # still on
    other = int(page.evaluate(CLEAR_OF_BUBBLE, [moves, 1]))
    if other > 0:  # another control, still in the "?" mode: explained too, not played
        move.nth(other).click()
        expect(bubble).to_be_visible()
        expect(ask).to_have_attribute("aria-pressed", "true")
    # a tap on the bubble itself closes it (a beginner's covered the buttons under it)
    bubble.click()
    expect(bubble).to_have_count(0)
    assert table.get_attribute("data-ply") == ply, "a tap in the '?' mode played a move"
    assert table.get_attribute("data-drawn") == drawn, "a tap in the '?' mode reached the table"
    ask.click()  # off
    expect(ask).to_have_attribute("aria-pressed", "false")
    move.first.click()  # the control works again
    page.wait_for_function(
        "([ply, drawn]) => { const t = document.querySelector('[data-testid=table]');"
        " return t.dataset.ply !== ply || t.dataset.drawn !== drawn; }",
        arg=[ply, drawn],
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_every_mark_has_a_tap_path(lang_page: Page, base_url: str, game: str) -> None:
    page = lang_page
    lang = str(page.evaluate("document.documentElement.lang"))
    record = record_for(game)
    problems: list[str] = []
    positions = [("start", cut_before(record, 0.0)), ("middle", cut_before(record, 0.5))]
    if game == "pharaoh":  # the person holds the Horus chip and starts: Horus, Start, the bonus
        start = {**record, "options": {**record["options"], "start": 0}, "actions": []}
        positions[0] = ("start", start)
    for where, rec in positions:
        page.goto(base_url + link(rec))
        # the table of this position, not the one the link replaces (still on screen, and ready,
        # until the page has read the new address: its hashchange closes any bubble)
        ready = ", ".join(
            f'{sel}:is([data-game="{game}"][data-ply="{len(rec["actions"])}"])'
            if sel.startswith("[data-testid=table]")
            else sel
            for sel in READY.split(", ")
        )
        page.wait_for_selector(ready, timeout=30_000)
        if game == "hitokai":  # a beginner's "?" found nothing to explain on these
            expect(page.locator("[data-testid^=daughter-][data-explain]")).to_have_count(10)
            expect(page.locator("[data-testid=auction] [data-explain]")).to_have_count(2)  # + bank
            expect(page.get_by_test_id("hand-value")).to_have_attribute("data-gloss", "Worth N now")
        if game == "baggai":  # a beginner's "?" said "Nothing to explain here" on these
            for mark in ("[data-testid=piles-left]", "[data-testid=phase]", ".bg-spot.is-bank"):
                expect(page.locator(mark).first).to_have_attribute("data-explain", re.compile("."))
        if game == "yadokashi":  # a beginner's "?" said nothing of the Centre's title, a
            # piece's part, or what a shell's numbers mean
            centre = page.locator("[data-testid=centre] > .yd-label")
            expect(centre).to_have_attribute("data-gloss", "Centre")
            piece = page.locator("[data-testid=piece-0]")
            expect(piece).to_have_attribute("data-gloss", "piece|row")
            shell = page.locator("[data-testid=ring] [data-testid^=shell-]").first
            expect(shell).to_have_attribute("data-gloss", re.compile(r"^Shell N\|position N"))
        if game == "pharaoh" and where == "start":  # a beginner's "?" on it read its caption again
            rule = {"en": "starts every auction from the next one on", "ja": "次の競りから先手"}
            expect(page.get_by_test_id("pass-horus")).to_have_attribute(
                "data-explain", re.compile(re.escape(rule[lang]))
            )
            # a beginner's "?" on a card said only its name, on the sums and the empty hospital
            # nothing, and the score left out the flag members without saying so
            said = {
                "[data-testid=hand-card] svg": {"en": "declare their sum", "ja": "合計を宣言"},
                "[data-testid=sum-line]": {"en": "Adding 0: the cards picked now", "ja": "追加0"},
                "[data-testid=hospital-empty]": {"en": "a Pharaoh pass", "ja": "ファラオパス"},
                "[data-testid=tscore-0]": {"en": "Flag members are not counted", "ja": "旗の隊員"},
                "[data-testid=hand-pharaoh]": {"en": "every member in the hospital", "ja": "病院"},
            }
            for mark, words in said.items():
                expect(page.locator(mark).first).to_have_attribute(
                    "data-explain", re.compile(re.escape(words[lang]))
                )
        problems += sweep(page, f"{game} {where} ({lang})")
        if where == "middle":
            real_tap(page, game, lang)
        else:
            ask_then_tap(page, game, lang)
    page.goto(base_url + link(record))
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=30_000)
    if game == "baggai":  # a beginner took the brand columns' totals for VP
        expect(page.get_by_test_id("result-note")).to_contain_text(
            {"en": "not VP", "ja": "勝利点ではありません"}[lang]
        )
    problems += sweep(page, f"{game} end ({lang})")
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    page.goto(f"{base_url}#/replay&{link(half)[1:]}")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-loading", "no", timeout=30_000)
    page.get_by_test_id("replay-last").click()
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-ply", str(viewer.get_attribute("data-total")))
    problems += sweep(page, f"{game} replay ({lang})")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_a_beginners_later_taps(lang_page: Page, base_url: str) -> None:
    """What beginners' trials found with nothing to say or hard to see, by tap: the way back to
    the lobby (the brand, away from the lobby: a back mark and words), the "?" button while its
    mode is on (it was white on white under the finger), the round chip, Pharaoh's round-bonus
    mark ("+N" explained "Leading"), and the coach's numbered badges on the table (no key)."""
    page = lang_page
    lang = str(page.evaluate("document.documentElement.lang"))
    words = {
        "en": ("Back to the list of games", "this is round 1", "Round bonus", "Choice 1"),
        "ja": ("ゲーム一覧に戻る", "いまは第1ラウンド", "ラウンドボーナス", "候補1"),
    }[lang]
    bubble = page.get_by_test_id("explain-bubble")
    brand = page.get_by_test_id("brand")
    page.goto(base_url + "#/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.locator(".brand-back")).to_be_hidden()
    home = {"en": "Five Tables", "ja": "五つの卓"}[lang]  # named (its title is hidden on a phone)
    expect(brand).to_have_attribute("aria-label", home)

    # Pharaoh's replay just after the first declaration that took the round bonus
    record = record_for("pharaoh")
    cut = next(
        i
        for i, a in enumerate(record["actions"])
        if a.split(":")[1].startswith("d") and a.endswith("+")
    )
    bonus = {**record, "actions": record["actions"][: cut + 1]}
    page.goto(f"{base_url}#/replay&{link(bonus)[1:]}")
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-loading", "no", timeout=30_000)
    page.get_by_test_id("replay-last").click()
    expect(viewer).to_have_attribute("data-ply", str(cut + 1))
    expect(page.locator(".brand-back")).to_be_visible()
    expect(brand).to_have_attribute("aria-label", re.compile(re.escape(words[0])))
    mark = page.locator(".ph-bonus-mark").first
    mark.click()
    expect(bubble).to_contain_text(words[2])
    page.keyboard.press("Escape")

    # a table: "?" stays visibly on under the finger; the round chip and the brand explain
    marie = {**record_for("marie"), "actions": []}
    page.goto(base_url + link(marie))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    ply = table.get_attribute("data-ply")  # the bots before the person have played
    ask = page.get_by_test_id("explain")
    ask.click()  # the mouse stays on it: its hover
    expect(ask).to_have_attribute("aria-pressed", "true")
    filled = (  # once its colour's transition is over
        "() => { const s = getComputedStyle(document.querySelector('[data-testid=explain]'));"
        " return s.backgroundColor === 'rgb(47, 109, 181)' && s.color === 'rgb(255, 255, 255)'; }"
    )
    page.wait_for_function(filled, timeout=5_000)
    page.get_by_test_id("round").click()
    expect(bubble).to_contain_text(words[1])
    # Marie's "can eat 2" said "Nothing to explain here"
    page.locator("[data-testid=eaten-0] .eats-left").click()
    eats = {"en": "may eat at most 2 cards in the whole game", "ja": "ゲーム全体で2枚までです"}
    expect(bubble).to_contain_text(eats[lang])
    # and the empty place of a seat's pair
    page.locator("[data-testid=seat-1] .pair-empty").click()
    slot = {"en": "The pair this player keeps this round goes here", "ja": "残す2枚が置かれる場所"}
    expect(bubble).to_contain_text(slot[lang])
    hash_before = page.evaluate("location.hash")
    brand.click()  # still in the "?" mode: explained, not followed
    expect(bubble).to_contain_text(words[0])
    assert page.evaluate("location.hash") == hash_before, "the '?' tap on the brand navigated"
    expect(ask).to_have_attribute("aria-pressed", "true")
    ask.click()  # off
    expect(ask).to_have_attribute("aria-pressed", "false")
    # a bubble opened by a tap on a mark: a tap on a control of the table only closes it (a
    # BAG-GAI spot had been chosen by the tap meant to close it)
    page.get_by_test_id("round").click()
    expect(bubble).to_be_visible()
    moves = (  # the table's own controls, not the status bar's
        "[data-testid=table] .table-main > :not([data-testid=status]) "
        "button[data-action]:not([disabled])"
    )
    clear = int(page.evaluate(CLEAR_OF_BUBBLE, [moves, 0]))
    assert clear >= 0, "no control of the table clear of the bubble"
    page.evaluate(  # a listener of the table's own: did the tap reach it?
        "() => { window.reached = false; document.querySelector('[data-testid=table]')"
        ".addEventListener('click', () => { window.reached = true; }); }"
    )
    page.locator(moves).nth(clear).click()
    expect(bubble).to_have_count(0)
    assert table.get_attribute("data-ply") == ply, "the tap that closed the bubble played"
    assert page.evaluate("window.reached") is False, "the tap that closed it reached the table"
    # a tap on Hint closes it and asks the coach at once (a beginner's first tap there had only
    # closed a bubble)
    page.get_by_test_id("round").click()
    expect(bubble).to_be_visible()

    # the coach's badge on the table says what it is
    page.get_by_test_id("hint").click()
    expect(bubble).to_have_count(0)
    expect(page.get_by_test_id("hint-panel")).to_have_attribute(
        "data-state", "done", timeout=30_000
    )
    badge = page.locator("[data-testid=table] .table-main [data-hint-rank='1']").first
    expect(badge).to_be_visible()
    ask.click()
    expect(ask).to_have_attribute("aria-pressed", "true")
    badge.click()
    expect(bubble).to_contain_text(words[3])
    assert table.get_attribute("data-ply") == ply, "the '?' tap played"
    page.keyboard.press("Escape")
    expect(ask).to_have_attribute("aria-pressed", "false")

    # a layer over the table (the pass screen) while "?" is on hides the "?" button: a tap on
    # its Continue ends the mode and does what it does (it had only said "nothing to explain")
    ask.click()
    expect(ask).to_have_attribute("aria-pressed", "true")
    page.evaluate(
        "async () => { const m = await import(new URL('ui/dialogs.js', document.baseURI).href);"
        " window.passed = m.privacyScreen('Bob'); }"
    )
    page.get_by_test_id("privacy-continue").click()
    expect(page.get_by_test_id("privacy-screen")).to_have_count(0)
    expect(ask).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.passed") == "continue"
