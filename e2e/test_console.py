"""The console oracle of ``conftest.py`` itself: on the site's real page it records a console
error of the page and of a Web Worker, an uncaught error and a Content-Security-Policy violation,
and a CSP violation stays unexpected whatever a test's marker allows."""

from __future__ import annotations

import re

from conftest import ConsoleLog, unexpected, wait_true
from playwright.sync_api import Page, Route

PROBE_WORKER = "console-probe-worker.js"
# how each entry starts, and a text it holds
WANTED = (
    ("console error (http", "probe: from the page"),
    ("console error (worker", "probe: from a worker"),
    ("uncaught error", "probe: uncaught"),
    ("CSP violation", "style-src"),
)


def found(entries: list[str], kind: str, text: str) -> bool:
    """Whether an entry of that kind holds that text."""
    return any(entry.startswith(kind) and text in entry for entry in entries)


def test_console_errors_page_errors_and_csp_violations_are_recorded(
    page: Page, base_url: str, console_log: ConsoleLog
) -> None:
    def worker(route: Route) -> None:
        route.fulfill(
            status=200,
            content_type="text/javascript",
            body="console.error('probe: from a worker');",
        )

    page.route(base_url + PROBE_WORKER, worker)
    page.goto(base_url)
    page.wait_for_selector("[data-testid=lobby]")
    console_log.unchecked()  # what the site logged so far is the other tests' business
    page.evaluate("console.error('probe: from the page')")
    page.evaluate(f"new Worker({PROBE_WORKER!r})")
    page.evaluate("setTimeout(() => { throw new Error('probe: uncaught'); })")
    # the site's CSP (style-src 'self') refuses a style attribute written as text
    page.evaluate("document.body.setAttribute('style', 'outline: 1px solid red')")
    wait_true(page, "getComputedStyle(document.body).outlineStyle !== 'solid'")
    for _ in range(100):
        if all(found(console_log.entries[console_log.checked :], k, v) for k, v in WANTED):
            break
        page.wait_for_timeout(100)
    seen = console_log.unchecked()  # taken: the autouse check after the test finds none
    for kind, text in WANTED:
        assert found(seen, kind, text), (kind, text, seen)
    csp = [entry for entry in seen if entry.startswith("CSP violation")]
    # Chromium's own line about it counts as a violation too, not as a console error
    assert not [entry for entry in seen if "Content Security Policy" in entry and entry not in csp]
    # a marker that allows everything still leaves the CSP violations
    assert unexpected(seen, [re.compile(".*")]) == csp
