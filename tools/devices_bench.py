#!/usr/bin/env python3
"""Seats on other devices (issue 34): the three figures of the issue's acceptance, measured with
real WebRTC between browser contexts. Not part of CI: a command of its own, run by hand.

Usage (as root: it makes a network namespace, as the e2e ``lan`` fixture does)::

    .venv/bin/python build.py build            # the site in dist/ (or give --dist DIR)
    .venv/bin/python tools/devices_bench.py [--moves 60] [--repeats 5] [--json FILE]

Everything runs inside a private network namespace made by ``e2e/lan.py`` (``open_lan``: a veth
pair with a default route, Debian's Chromium inside it, no traffic leaves the machine; Chromium
gathers no ICE candidate on loopback alone). A host (a tablet page, no seat of its own) sets up
Marie's Table with seats 0 and 1 on "Own device" and seat 2 a bot, a fixed deal, and two guests
(phone pages, 390x844, each a browser context of its own) join through the app's own codes:
the invite link the host's Devices dialog shows, and the answer code the guest shows, pasted.

1. **First visit.** Guest A is a fresh context with service workers allowed. It is served by a
   second server of the same ``dist/``, inside the namespace on a port of its own (``serve-
   counted``, below), which prints every answer it sends: its path, its body bytes (after gzip,
   as sent) and its bytes on the wire (status line and headers included). Only guest A uses that
   port (the invite link's origin is rewritten to it; the handshake codes do not carry an
   origin), so whatever reaches it is guest A's: the page, its workers, the service worker's
   precache and any revalidation. Counted after the table is on screen, the service worker
   controls the page, ``html[data-offline=ready]`` is set, and the server has sent nothing for
   1.5 s. The paths are checked for ``/pyodide/``, ``/wheels/`` and the engine's worker.
2. **Repeat visit** (``--repeats``, 5). Guest A's page is closed; the host's seat goes ``gone``
   and the host opens its Devices dialog, which makes a fresh invite for that seat; guest A opens
   it in a new page of the same context (HTTP cache warm, service worker installed, the seat's
   token in ``localStorage``, so it rejoins its seat). An init script in the guest's page records
   ``performance.now()`` when its data channel is open (the handshake complete: at the
   ``datachannel`` event if the channel is open then, else at its ``open`` event) and when
   ``[data-testid=table]`` enters the DOM (a ``MutationObserver``), then the next animation frame
   and the task after it (the frame that shows it painted). The figure is channel open ->
   that paint; the guest's ``hello`` and ``view`` round trips within it are shown next to it.
3. **Round trip.** An init script in each guest's page wraps ``RTCDataChannel.prototype.send``
   and the channel's ``message`` listener: each message ``{id, cmd, ...}`` sent is timed until
   the message ``{re: id, ...}`` is delivered to the page's own listener. The two guests play
   Marie's Table to the end (``e2e/policies.py``'s ``marie_act`` policy), game after game
   while fewer than ``--moves`` ``act`` round trips are recorded. The host's page has the same
   wrapper: for each guest message, the time from its delivery on the host to the host's send of
   the answer (the referee and the host's engine), so each round trip splits into the host's
   part and the rest (transport both ways and the two pages' event loops).

It prints a table and writes the figures as JSON (``artifacts/bench/devices.json`` by default).
Subcommand for the namespace: ``devices_bench.py serve-counted DIR`` (what the bench runs).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import platform
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

    from e2e.lan import Lan

DEFAULT_OUT = ROOT / "artifacts" / "bench" / "devices.json"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SEED = 20261127
GUEST_SEATS = (0, 1)
KINDS = ["device", "device", "bot"]
BUDGET_BYTES = 1_500_000
REPEAT_TARGET_MS = 1000.0
ROUND_TRIP_TARGET_MS = 50.0
ENGINE_PATHS = ("/pyodide/", "/wheels/", "/worker.js", "/vault.js")
QUIET_MS = 1500
STEPS = 900


def log(message: str) -> None:
    """Progress on stderr (the table and the JSON are the output)."""
    print(f"[devices] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# What runs in the pages (init scripts)

# Both sides: every data channel's messages with an id (sent) or a re (delivered), timed with
# performance.now(). Only the head of a message is read (a regular expression, no parsing), and
# the time is taken before anything else, so the probe adds next to nothing to what it times.
PROBE = r"""
(() => {
  const probe = { out: [], in: [], opens: [], table: null, pcs: [] };
  window.__probe = probe;
  try { localStorage.setItem('pygames.speed', 'fast'); } catch (_) {}
  const index = new WeakMap();
  let channels = 0;
  const idOf = (ch) => {
    if (!index.has(ch)) { channels += 1; index.set(ch, channels); }
    return index.get(ch);
  };
  const HEAD = /^\{"(id|re)":(\d+)(?:,"cmd":"([a-z-]+)")?/;
  const SEAT = /^\{"re":\d+,"ok":true,"seat":(\d+)/;
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    const t = performance.now();
    if (typeof data === 'string') {
      const head = data.slice(0, 64);
      const m = HEAD.exec(head);
      if (m) {
        const seat = SEAT.exec(head);
        probe.out.push({ ch: idOf(this), kind: m[1], n: Number(m[2]), cmd: m[3] || null,
          seat: seat ? Number(seat[1]) : null, t, bytes: data.length });
      }
    }
    return send.call(this, data);
  };
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, fn, options) {
    if (type !== 'message') return add.call(this, type, fn, options);
    const channel = this;
    const wrapped = function (ev) {
      const t = performance.now();
      if (typeof ev.data === 'string') {
        const m = HEAD.exec(ev.data.slice(0, 64));
        if (m) probe.in.push({ ch: idOf(channel), kind: m[1], n: Number(m[2]), cmd: m[3] || null,
          t, bytes: ev.data.length });
      }
      return fn.call(this, ev);
    };
    return add.call(this, type, wrapped, options);
  };
  const PC = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends PC {
    constructor(...args) {
      super(...args);
      probe.pcs.push(this);
      this.addEventListener('datachannel', (ev) => {
        const ch = ev.channel;
        const mark = () => probe.opens.push(performance.now());
        if (ch.readyState === 'open') mark();
        else ch.addEventListener('open', mark, { once: true });
      });
    }
  };
  const seen = () => {
    if (probe.table || !document.querySelector('[data-testid=table]')) return false;
    const table = { dom: performance.now(), frame: null, painted: null };
    probe.table = table;
    requestAnimationFrame(() => {
      table.frame = performance.now();
      const after = new MessageChannel();
      after.port1.onmessage = () => { table.painted = performance.now(); };
      after.port2.postMessage(null);
    });
    return true;
  };
  const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true });
})();
"""

# Close the page's peer connections (as the page's unload does), so that the host sees the
# channel close at once
CLOSE_PCS = "() => { for (const pc of window.__probe.pcs) pc.close(); }"


# --------------------------------------------------------------------------------------------
# The counting server (runs inside the namespace)


class _CountingWriter:
    """A writer that counts what goes through it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.count = 0

    def write(self, data: bytes) -> int:
        """Write and count."""
        self.count += len(data)
        written: int = self.inner.write(data)
        return written

    def flush(self) -> None:
        """Flush the inner writer."""
        self.inner.flush()

    def close(self) -> None:
        """Close the inner writer."""
        self.inner.close()

    @property
    def closed(self) -> bool:
        """Whether the inner writer is closed."""
        return bool(self.inner.closed)


_PRINT = threading.Lock()


class CountingHandler(build.SiteHandler):
    """The site's own handler (build.py), printing ``sent <wire> <body> <status> <path>`` for
    each answer: the bytes written to the socket (status line, headers, body) and the body's."""

    body = 0

    def setup(self) -> None:
        """Count what is written to the client."""
        super().setup()
        self.wfile = _CountingWriter(self.wfile)  # type: ignore[assignment]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the file and count its bytes."""
        start = source.tell()
        super().copyfile(source, outputfile)
        self.body += source.tell() - start

    def send_response(self, code: int, message: str | None = None) -> None:
        """Keep the status."""
        self.status = code
        super().send_response(code, message)

    def handle_one_request(self) -> None:
        """Serve one request and print what it cost."""
        writer = self.wfile
        before = writer.count if isinstance(writer, _CountingWriter) else 0
        self.body = 0
        self.status = 0
        super().handle_one_request()
        if not getattr(self, "raw_requestline", b""):
            return
        wire = (writer.count if isinstance(writer, _CountingWriter) else 0) - before
        path = str(getattr(self, "path", "?")).split("?")[0]
        with _PRINT:
            print(f"sent {wire} {self.body} {self.status} {path}", flush=True)


def serve_counted(directory: Path) -> int:
    """Serve ``directory`` on 127.0.0.1 (a free port, printed as ``port <n>``) with the counting
    handler, until standard input closes."""
    handler = functools.partial(CountingHandler, directory=str(directory), prefix="/")
    server = build.SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"port {server.server_address[1]}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        sys.stdin.read()
    server.server_close()
    return 0


@dataclass
class Answer:
    """One answer of the counting server."""

    path: str
    wire: int
    body: int
    status: int


@dataclass
class CountedServer:
    """The counting server, a child process in the namespace; its answers as they come."""

    process: subprocess.Popen[str]
    port: int
    answers: list[Answer] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def start(cls, namespace: str, directory: Path) -> CountedServer:
        """Start it in ``namespace``; wait for its port."""
        command = [
            "ip", "netns", "exec", namespace,
            sys.executable, str(Path(__file__).resolve()), "serve-counted", str(directory),
        ]  # fmt: skip
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        stdout: IO[str] | None = process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line.startswith("port "):
            process.kill()
            raise RuntimeError(f"the counting server did not start: {line!r}")
        served = cls(process, int(line.split()[1]))
        threading.Thread(target=served.read, args=(stdout,), daemon=True).start()
        return served

    def read(self, stdout: IO[str]) -> None:
        """Collect the answers the child prints."""
        for line in stdout:
            parts = line.split(" ", 4)
            if len(parts) == 5 and parts[0] == "sent":
                answer = Answer(parts[4].strip(), int(parts[1]), int(parts[2]), int(parts[3]))
                with self.lock:
                    self.answers.append(answer)

    def seen(self) -> list[Answer]:
        """The answers so far."""
        with self.lock:
            return list(self.answers)

    def stop(self) -> None:
        """Close its input (it stops); kill it if it lingers."""
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def settled(
    page: Page, served: CountedServer, since: int, quiet_ms: int = QUIET_MS
) -> list[Answer]:
    """Wait until the counting server has sent nothing for ``quiet_ms``; its answers from the
    index ``since``."""
    seen = -1
    answers = served.seen()
    while len(answers) != seen:
        seen = len(answers)
        page.wait_for_timeout(quiet_ms)
        answers = served.seen()
    return answers[since:]


# --------------------------------------------------------------------------------------------
# The pages


def expect_visible(page: Page, testid: str, timeout: float = 20_000) -> None:
    """Wait until the element of ``testid`` is visible."""
    from playwright.sync_api import expect

    expect(page.get_by_test_id(testid).first).to_be_visible(timeout=timeout)


def setup_game(host: Page, base_url: str, seed: int) -> None:
    """On the host's page: Marie's Table, seats 0 and 1 on their own devices, seat 2 a bot, the
    deal ``seed``, seat 0 the elder; started, with the Devices dialog open."""
    host.goto(base_url + "#/setup/marie")
    expect_visible(host, "start-game", 180_000)
    host.get_by_test_id(f"players-{len(KINDS)}").click()
    for seat, kind in enumerate(KINDS):
        host.get_by_test_id(f"seat-kind-{seat}-{kind}").click()
    host.get_by_test_id("seed-fixed").click()
    host.get_by_test_id("seed-input").fill(str(seed))
    host.get_by_test_id("opt-elder").select_option("0")
    host.get_by_test_id("start-game").click()
    expect_visible(host, "devices-dialog", 180_000)


def host_page(lan: Lan) -> Page:
    """The host's page (a tablet), its probe installed."""
    host = lan.new_page(viewport=TABLET)  # type: ignore[arg-type]
    host.add_init_script(PROBE)
    host.emulate_media(reduced_motion="reduce")
    return host


def invite_link(host: Page, seat: int) -> str:
    """The invite link the host's Devices dialog shows for ``seat`` (opened if closed)."""
    if not host.get_by_test_id("devices-dialog").count():
        host.get_by_test_id("devices").click()
    expect_visible(host, f"invite-qr-{seat}")
    link = host.get_by_test_id(f"invite-link-{seat}").input_value()
    invite = r"http://127\.0\.0\.1:\d+/#join=[A-Za-z0-9_-]+&t=[\w-]+&s=\d+&g=[a-z]+"
    if not re.fullmatch(invite, link):
        raise RuntimeError(f"not an invite link: {link!r}")
    return link


def join(host: Page, context: BrowserContext, link: str, seat: int) -> Page:
    """A page of ``context`` opens ``link``; the host takes its answer code; returns the page
    once its seat's table is on screen."""
    from playwright.sync_api import expect

    guest = context.new_page()
    guest.emulate_media(reduced_motion="reduce")
    guest.goto(link)
    answer = guest.get_by_test_id("join-answer")
    expect(answer).to_be_visible(timeout=30_000)
    host.get_by_test_id(f"answer-input-{seat}").fill(answer.input_value())
    host.get_by_test_id(f"answer-connect-{seat}").click()
    expect(guest.get_by_test_id("table")).to_be_visible(timeout=30_000)
    expect(host.get_by_test_id(f"device-state-{seat}")).to_have_attribute("data-state", "joined")
    if guest.get_attribute("html", "data-engine") != "idle":
        raise RuntimeError("the guest's page started an engine")
    return guest


def close_dialog(host: Page) -> None:
    """Close the host's Devices dialog if it is open."""
    if host.get_by_test_id("devices-dialog").count():
        host.get_by_test_id("dialog-close").click()


def play_to_end(guests: Sequence[Page]) -> int:
    """Each guest acts on its phone when its seat is to act, until both say the game is over.
    Returns the number of moves made on the phones."""
    moves = 0
    for _ in range(STEPS):
        over = 0
        for guest in guests:
            table = guest.get_by_test_id("table")
            waiting = table.get_attribute("data-waiting")
            if waiting == "over":
                over += 1
            elif waiting == "hold":
                for testid in ("moment-continue", "summary-continue"):
                    if guest.get_by_test_id(testid).count():
                        guest.get_by_test_id(testid).first.click()
            elif (
                waiting == "human"
                and guest.locator("[data-testid=table][data-waiting=human]").count()
            ):
                if guest.get_by_test_id("summary-continue").count():
                    guest.get_by_test_id("summary-continue").click()
                    continue
                from e2e.policies import marie_act

                marie_act(guest, str(table.get_attribute("data-phase")))
                moves += 1
        if over == len(guests):
            return moves
        guests[0].wait_for_timeout(40)
    raise RuntimeError("the game did not end")


# --------------------------------------------------------------------------------------------
# What the probes recorded


def probe_of(page: Page) -> dict[str, Any]:
    """The page's probe (``window.__probe``), without its connections."""
    found: dict[str, Any] = page.evaluate(
        "() => { const { pcs, ...rest } = window.__probe; "
        "return { ...rest, origin: performance.timeOrigin }; }"
    )
    return found


def guest_trips(probe: dict[str, Any]) -> list[dict[str, Any]]:
    """The guest's round trips: ``{cmd, id, ms, sent, back, bytes}`` for each message it sent
    that was answered (the first delivery of its ``re``); ``sent`` and ``back``: the times of the
    send and of the answer's delivery, in ms since the epoch (``performance.timeOrigin``)."""
    answered: dict[tuple[int, int], dict[str, Any]] = {}
    for msg in probe["in"]:
        if msg["kind"] == "re":
            answered.setdefault((msg["ch"], msg["n"]), msg)
    trips = []
    for msg in probe["out"]:
        back = answered.get((msg["ch"], msg["n"])) if msg["kind"] == "id" else None
        if back is not None:
            trips.append(
                {
                    "cmd": msg["cmd"],
                    "id": msg["n"],
                    "ms": back["t"] - msg["t"],
                    "sent": probe["origin"] + msg["t"],
                    "back": probe["origin"] + back["t"],
                    "bytes": back["bytes"],
                }
            )
    return trips


def host_parts(probe: dict[str, Any]) -> dict[int, dict[int, tuple[float, float]]]:
    """The host's side of each guest message: by seat, by message id, the times of its delivery
    and of the answer's send (ms since the epoch), for the latest connection of each seat."""
    seat_of: dict[int, int] = {}
    for msg in probe["out"]:
        if msg["seat"] is not None:
            seat_of[msg["seat"]] = msg["ch"]  # the latest connection of the seat
    received: dict[tuple[int, int], float] = {}
    for msg in probe["in"]:
        if msg["kind"] == "id":
            received.setdefault((msg["ch"], msg["n"]), msg["t"])
    parts: dict[int, dict[int, tuple[float, float]]] = {}
    origin = float(probe["origin"])
    for seat, ch in seat_of.items():
        parts[seat] = {}
        for msg in probe["out"]:
            if msg["ch"] == ch and msg["kind"] == "re" and (ch, msg["n"]) in received:
                got = origin + received[(ch, msg["n"])]
                parts[seat].setdefault(msg["n"], (got, origin + msg["t"]))
    return parts


def percentile(values: Sequence[float], q: int) -> float:
    """The ``q`` percentile, linear between the closest ranks (as tools/bench_report.py)."""
    from tools.bench_report import percentile as between

    return between(values, q)


def spread(values: Sequence[float]) -> dict[str, Any]:
    """n, p50, p95, max (ms, one decimal)."""
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "max": round(max(values), 1),
    }


# --------------------------------------------------------------------------------------------
# The three measures


def first_visit(
    host: Page, context: BrowserContext, served: CountedServer, seat: int
) -> tuple[Page, dict[str, Any]]:
    """Guest A's first visit, counted at its own server."""
    guest = join(host, context, counted_link(invite_link(host, seat), served), seat)
    guest.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
    guest.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    answers = settled(guest, served, 0)
    paths = [a.path for a in answers]
    engine = [p for p in paths if p.startswith(ENGINE_PATHS)]
    heaviest = sorted(answers, key=lambda a: -a.wire)[:5]
    return guest, {
        "requests": len(answers),
        "wire_bytes": sum(a.wire for a in answers),
        "body_bytes": sum(a.body for a in answers),
        "engine_paths": engine,
        "pyodide_or_wheel": [p for p in paths if p.startswith(("/pyodide/", "/wheels/"))],
        "heaviest": [[a.path, a.wire] for a in heaviest],
        "statuses": sorted({a.status for a in answers}),
        "fetched_twice": sorted({p for p in paths if paths.count(p) > 1}),
        "answers": [[a.path, a.status, a.wire, a.body] for a in answers],
    }


def repeat_visits(
    host: Page,
    context: BrowserContext,
    served: CountedServer,
    guest: Page,
    seat: int,
    repeats: int,
) -> tuple[Page, list[dict[str, Any]]]:
    """Guest A's page closed and a fresh invite of its seat opened in the same context,
    ``repeats`` times; per visit the ms from its channel open to its table painted."""
    from playwright.sync_api import expect

    rows = []
    for number in range(repeats):
        guest.evaluate(CLOSE_PCS)
        guest.close()
        if not host.get_by_test_id("devices-dialog").count():
            host.get_by_test_id("devices").click()
        expect(host.get_by_test_id(f"device-state-{seat}")).not_to_have_attribute(
            "data-state", "joined", timeout=30_000
        )
        link = counted_link(invite_link(host, seat), served)
        before = len(served.seen())
        guest = join(host, context, link, seat)
        guest.wait_for_function("window.__probe.table && window.__probe.table.painted !== null")
        probe = probe_of(guest)
        opened = probe["opens"][-1]
        table = probe["table"]
        trips = {
            t["cmd"]: round(t["ms"], 1) for t in guest_trips(probe) if t["cmd"] in ("hello", "view")
        }
        controlled = guest.evaluate("navigator.serviceWorker.controller !== null")
        answers = served.seen()[before:]
        row = {
            "visit": number + 1,
            "open_to_dom_ms": round(table["dom"] - opened, 1),
            "open_to_paint_ms": round(table["painted"] - opened, 1),
            "hello_ms": trips.get("hello"),
            "first_view_ms": trips.get("view"),
            "sw_controlled": controlled,
            "requests": len(answers),
            "wire_bytes": sum(a.wire for a in answers),
            "paths": [a.path for a in answers],
        }
        log(f"repeat visit {number + 1}: {row}")
        rows.append(row)
    close_dialog(host)
    return guest, rows


def game_trips(host: Page, guests: Sequence[Page]) -> list[dict[str, Any]]:
    """The round trips of the guests' pages of the game just played: ``{seat, cmd, id, ms,
    bytes, host_ms, up_ms, down_ms}`` (``host_ms``: the host's part, from the message's delivery
    on the host to its answer's send; ``up_ms`` and ``down_ms``: guest -> host and host -> guest,
    from the pages' common clock; None if the host has no record of it)."""
    parts = host_parts(probe_of(host))
    trips = []
    for seat, guest in zip(GUEST_SEATS, guests, strict=True):
        for trip in guest_trips(probe_of(guest)):
            side = parts.get(seat, {}).get(trip["id"])
            split: dict[str, float | None] = {"host_ms": None, "up_ms": None, "down_ms": None}
            if side is not None:
                got, answered = side
                split = {
                    "host_ms": answered - got,
                    "up_ms": got - trip["sent"],
                    "down_ms": trip["back"] - answered,
                }
            trips.append({"seat": seat, **trip, **split})
    return trips


def trips_summary(trips: Sequence[dict[str, Any]], games: int, moves: int) -> dict[str, Any]:
    """Per command: the round trips, the host's part, the rest, and the rest's two ways
    (p50/p95/max)."""
    keys = {"by_cmd": "ms", "host_part": "host_ms", "up": "up_ms", "down": "down_ms"}
    found: dict[str, dict[str, list[float]]] = {key: {} for key in [*keys, "rest"]}
    for trip in trips:
        for key, field_name in keys.items():
            if trip[field_name] is not None:
                found[key].setdefault(trip["cmd"], []).append(trip[field_name])
        if trip["host_ms"] is not None:
            found["rest"].setdefault(trip["cmd"], []).append(trip["ms"] - trip["host_ms"])
    acts = [t for t in trips if t["cmd"] == "act"]
    slowest = sorted(acts, key=lambda a: -a["ms"])[:5]
    summary: dict[str, Any] = {"games": games, "moves_on_phones": moves}
    for key, values in found.items():
        summary[key] = {cmd: spread(v) for cmd, v in sorted(values.items())}
    summary["slowest_acts"] = [
        {
            k: round(v, 1) if isinstance(v, float) else v
            for k, v in a.items()
            if k not in ("sent", "back")
        }
        for a in slowest
    ]
    return summary


# --------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    load = os.getloadavg()
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit + ("+dirty" if dirty else ""),
        "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load],
        "python": platform.python_version(),
        "chromium": str(build.CHROMIUM),
    }


@contextlib.contextmanager
def bench_lan(dist: Path) -> Iterator[tuple[Lan, CountedServer]]:
    """The private network with the site, a Chromium, and the counting server."""
    from playwright.sync_api import sync_playwright

    from e2e.lan import open_lan

    with sync_playwright() as playwright, open_lan(playwright, dist) as lan:
        served = CountedServer.start(lan.namespace, dist)
        try:
            yield lan, served
        finally:
            served.stop()


def counted_link(link: str, served: CountedServer) -> str:
    """The invite ``link`` at the counting server's origin (guest A's)."""
    base = re.match(r"http://127\.0\.0\.1:\d+/", link)
    assert base is not None
    return f"http://127.0.0.1:{served.port}/" + link[base.end() :]


def run(dist: Path, moves: int, repeats: int) -> dict[str, Any]:
    """The whole bench; its figures."""
    report: dict[str, Any] = {"machine": machine(), "dist": str(dist)}
    with bench_lan(dist) as (lan, served):
        log(f"namespace {lan.namespace}: site at {lan.base_url}, guest A's server at {served.port}")
        started = time.monotonic()
        host = host_page(lan)
        setup_game(host, lan.base_url, SEED)
        log(f"host's table up in {time.monotonic() - started:.1f} s (engine booted)")
        device_a = lan.new_context(service_workers="allow", viewport=PHONE)
        device_a.add_init_script(PROBE)
        guest_a, report["first_visit"] = first_visit(host, device_a, served, GUEST_SEATS[0])
        log(f"first visit: {report['first_visit']}")
        device_b = lan.new_context(viewport=PHONE)
        device_b.add_init_script(PROBE)
        guest_b = join(host, device_b, invite_link(host, GUEST_SEATS[1]), GUEST_SEATS[1])
        close_dialog(host)
        guest_a, rows = repeat_visits(host, device_a, served, guest_a, GUEST_SEATS[0], repeats)
        paints = [float(r["open_to_paint_ms"]) for r in rows]
        report["repeat_visit"] = {
            "visits": rows,
            "open_to_paint_ms": {
                "median": round(percentile(paints, 50), 1),
                "max": round(max(paints), 1),
            },
        }
        trips: list[dict[str, Any]] = []
        games = played = 0
        while True:
            played += play_to_end([guest_a, guest_b])
            games += 1
            trips += game_trips(host, [guest_a, guest_b])
            acts = sum(1 for t in trips if t["cmd"] == "act")
            log(f"game {games} over: {played} moves on the phones, {acts} act round trips")
            if acts >= moves:
                break
            # another deal: the host sets up a new table, both guests join it from new pages
            setup_game(host, lan.base_url, SEED + games)
            for page in (guest_a, guest_b):
                page.evaluate(CLOSE_PCS)
                page.close()
            link = counted_link(invite_link(host, GUEST_SEATS[0]), served)
            guest_a = join(host, device_a, link, GUEST_SEATS[0])
            guest_b = join(host, device_b, invite_link(host, GUEST_SEATS[1]), GUEST_SEATS[1])
            close_dialog(host)
        report["round_trip"] = trips_summary(trips, games, played)
    return report


def ranks(s: dict[str, Any]) -> str:
    """``p50 x p95 y max z``."""
    return f"p50 {s['p50']} p95 {s['p95']} max {s['max']}"


def lines(report: dict[str, Any]) -> list[str]:
    """The short table."""
    m = report["machine"]
    fv = report["first_visit"]
    rv = report["repeat_visit"]["open_to_paint_ms"]
    rt = report["round_trip"]
    act = rt["by_cmd"].get("act", {"n": 0})
    out = [
        f"{m['date']}, commit {m['commit']}, {m['cores']} cores, load before {m['load_before']}",
        f"{'figure':<44} {'measured':>26} {'target':>12}",
        f"{'first visit: bytes (wire / bodies)':<44} "
        f"{fv['wire_bytes']:>12,} / {fv['body_bytes']:>11,} {'< 1,500,000':>12}",
        f"{'first visit: requests, pyodide/wheel paths':<44} "
        f"{fv['requests']:>17}, {len(fv['pyodide_or_wheel']):>6} {'0':>12}",
        f"{'repeat: channel open -> table painted (ms)':<44} "
        f"{'median ' + str(rv['median']) + ', max ' + str(rv['max']):>26} {'< 1000':>12}",
    ]
    out.append(
        f"round trips over {rt['games']} game(s), {rt['moves_on_phones']} moves on the phones"
    )
    for cmd, s in rt["by_cmd"].items():
        if not s["n"]:
            continue
        target = "p95 < 50" if cmd == "act" else ""
        out.append(
            f"{'round trip ' + cmd + ' (ms), n=' + str(s['n']):<44} {ranks(s):>26} {target:>12}"
        )
        for key, label in (
            ("host_part", "  host: delivered -> answer sent"),
            ("rest", "  the rest (transport, event loops)"),
            ("up", "    guest -> host delivered"),
            ("down", "    host -> guest delivered"),
        ):
            part = rt[key].get(cmd, {})
            if part.get("n"):
                out.append(f"{label:<44} {ranks(part):>26}")
    met = [
        fv["wire_bytes"] < BUDGET_BYTES and not fv["pyodide_or_wheel"],
        rv["max"] < REPEAT_TARGET_MS,
        bool(act.get("n")) and act["p95"] < ROUND_TRIP_TARGET_MS,
    ]
    out.append(
        "targets: first visit {}, repeat visit {}, act p95 {}".format(
            *("met" if ok else "MISSED" for ok in met)
        )
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; ``serve-counted DIR`` is the server the bench runs in the namespace."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["serve-counted"] and len(args_list) == 2:
        return serve_counted(Path(args_list[1]))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the built site (dist/)")
    parser.add_argument(
        "--moves", type=int, default=60, help="act round trips at least (game after game)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="repeat visits")
    parser.add_argument("--json", type=Path, default=DEFAULT_OUT, help="where the figures go")
    args = parser.parse_args(args_list)
    if not (args.dist / "index.html").is_file():
        print(f"no site in {args.dist}: run `python build.py build` first", file=sys.stderr)
        return 2
    report = run(args.dist.resolve(), args.moves, args.repeats)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("\n".join(lines(report)))
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
