"""Proof that the compact handshake (``web/net/handshake.js``) connects: two Chromium pages open
a WebRTC data channel, passing each other only the compact codes, with no server.

The probe makes its own private network namespace (``unshare -n``: a veth pair and a default
route inside it, as docs of the project's toolchain describe; Chromium gathers no candidate on
loopback alone), so nothing leaves the machine. Inside it, a tiny page and the handshake module
are served on the namespace's 127.0.0.1, and Debian's Chromium (Playwright) opens two pages in
two browser contexts, as two devices:

1. the host page makes an offer with a data channel, waits for ICE gathering to complete and
   gives ``compactOf(offer)``;
2. the guest page gets only that text, sets ``descriptionOf(text)`` as the remote description,
   answers, waits for gathering and gives ``compactOf(answer)``;
3. the host sets the rebuilt answer; the channel opens; a message goes each way.

It prints the handshake time, the code lengths and the QR code version (byte mode, error
correction L) of the invite link ``https://example.github.io/five-tables/#join=<offer code>``,
of a 60-character address with the code, and of the answer code alone. Exit status 0 if the
channel opened and both messages arrived. Needs root (for ``unshare -n``). Not part of the tests
(``python3 build.py test``): a command of its own. Usage::

    .venv/bin/python tools/webrtc_probe.py [--answer-without-candidates] [--verbose]

``--answer-without-candidates`` drops the guest's candidates from its answer code (the host then
learns the guest's address from its connectivity checks, a peer-reflexive candidate).
``--inside`` is how the probe runs itself inside the namespace; it refuses to run in a namespace
that has any network interface but ``lo``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildsite.installers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

MODULE = ROOT / "web" / "net" / "handshake.js"
BUILD_TAG = "probe1"
INVITE_PREFIX = "https://example.github.io/five-tables/#join="
LONGEST_PREFIX = "https://" + "x" * 52 + "#join="  # an address of 60 characters, then #join=
TIMEOUT_MS = 15_000
# The network of the namespace: both ends of a veth pair, and a default route through one
NETWORK_SETUP = [
    ["ip", "link", "set", "lo", "up"],
    ["ip", "link", "add", "vA", "type", "veth", "peer", "name", "vB"],
    ["ip", "addr", "add", "10.200.0.2/24", "dev", "vA"],
    ["ip", "addr", "add", "10.200.0.3/24", "dev", "vB"],
    ["ip", "link", "set", "vA", "up"],
    ["ip", "link", "set", "vB", "up"],
    ["ip", "route", "add", "default", "via", "10.200.0.3", "dev", "vA"],
]
# How many bytes a QR code holds in byte mode at error correction L, versions 1 to 10
# (ISO/IEC 18004, table 7)
QR_BYTES_L = [17, 32, 53, 78, 106, 134, 154, 192, 230, 271]

# The page of both devices: the handshake module and the probe's steps, which the probe calls
# with page.evaluate; each step's wait has a deadline, so a failure says where it stopped
PAGE = """<!doctype html>
<meta charset="utf-8">
<title>WebRTC probe</title>
<script type="module">
import { compactOf, descriptionOf } from '/handshake.js';
const TIMEOUT = __TIMEOUT__;
const state = { received: [], waiters: [] };
const deadline = (promise, what) => Promise.race([promise, new Promise((_, reject) => {
  setTimeout(() => reject(new Error(`no ${what} within ${TIMEOUT} ms`)), TIMEOUT);
})]);
const gathered = (pc) => deadline(new Promise((resolve) => {
  if (pc.iceGatheringState === 'complete') resolve();
  pc.addEventListener('icegatheringstatechange', () => {
    if (pc.iceGatheringState === 'complete') resolve();
  });
}), 'end of ICE gathering');
const listen = (channel) => {
  state.channel = channel;
  channel.onmessage = ({ data }) => {
    const waiter = state.waiters.shift();
    if (waiter) waiter(data); else state.received.push(data);
  };
  return new Promise((resolve) => {
    if (channel.readyState === 'open') resolve(performance.now());
    channel.onopen = () => resolve(performance.now());
  });
};
const remote = (code, build) => {
  const description = descriptionOf(code);
  if (description.build !== build) throw new Error(`other build ${description.build}`);
  return { type: description.type, sdp: description.sdp };
};
window.probe = {
  async host(build) {
    state.start = performance.now();
    state.pc = new RTCPeerConnection();
    state.opened = listen(state.pc.createDataChannel('seat'));
    await state.pc.setLocalDescription();
    await gathered(state.pc);
    const sdp = state.pc.localDescription.sdp;
    return { code: compactOf(state.pc.localDescription, { build }), sdp,
             gatherMs: performance.now() - state.start };
  },
  async guest(code, build, dropCandidates) {
    const start = performance.now();
    state.pc = new RTCPeerConnection();
    state.opened = deadline(new Promise((resolve) => {
      state.pc.ondatachannel = ({ channel }) => resolve(listen(channel));
    }), 'data channel');
    await state.pc.setRemoteDescription(remote(code, build));
    await state.pc.setLocalDescription();
    await gathered(state.pc);
    const sdp = state.pc.localDescription.sdp;
    const kept = dropCandidates ? sdp.replace(/^a=candidate:.*\\r\\n/gm, '') : sdp;
    return { code: compactOf({ type: 'answer', sdp: kept }, { build }), sdp,
             remoteSdp: state.pc.remoteDescription.sdp, gatherMs: performance.now() - start };
  },
  async accept(code, build) {
    const start = performance.now();
    await state.pc.setRemoteDescription(remote(code, build));
    const openAt = await deadline(state.opened, 'open data channel');
    return { connectMs: openAt - start, totalMs: openAt - state.start,
             remoteSdp: state.pc.remoteDescription.sdp };
  },
  async opened() { return deadline(state.opened, 'open data channel'); },
  send(text) { state.channel.send(text); },
  next() {
    if (state.received.length) return state.received.shift();
    return deadline(new Promise((resolve) => state.waiters.push(resolve)), 'message');
  },
};
window.probeReady = true;
</script>
""".replace("__TIMEOUT__", str(TIMEOUT_MS))


def qr_version(length: int) -> str:
    """The smallest QR code version (byte mode, level L) that holds ``length`` bytes."""
    for version, capacity in enumerate(QR_BYTES_L, start=1):
        if length <= capacity:
            return f"{version}-L"
    return "above 10-L"


class Handler(BaseHTTPRequestHandler):
    """The probe's page at ``/`` and the handshake module at ``/handshake.js``; nothing else."""

    def do_GET(self) -> None:
        if self.path == "/":
            self.reply(PAGE.encode(), "text/html; charset=utf-8")
        elif self.path == "/handshake.js":
            self.reply(MODULE.read_bytes(), "text/javascript; charset=utf-8")
        else:
            self.send_error(404)

    def reply(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the probe prints its own report."""


@contextmanager
def served() -> Iterator[str]:
    """The probe's page on the namespace's loopback, for the duration; yields its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def interfaces() -> list[str]:
    """The network interfaces of the current namespace (from /proc/net/dev)."""
    lines = Path("/proc/net/dev").read_text(encoding="utf-8").splitlines()[2:]
    return [line.split(":", 1)[0].strip() for line in lines]


def make_network() -> None:
    """Give a fresh network namespace its veth pair and default route; refuse anywhere else."""
    if interfaces() != ["lo"]:
        raise SystemExit(
            "--inside runs only in a new network namespace (it has interfaces "
            f"{', '.join(interfaces())}): run the probe without --inside"
        )
    for command in NETWORK_SETUP:
        subprocess.run(command, check=True)


def open_page(browser: Any, url: str) -> Page:
    """A page of its own browser context (a device of its own), with the probe loaded."""
    page: Page = browser.new_context().new_page()
    page.set_default_timeout(TIMEOUT_MS + 5_000)
    page.goto(url)
    page.wait_for_function("window.probeReady === true")
    return page


def handshake(host: Page, guest: Page, drop_candidates: bool) -> dict[str, Any]:
    """The offer, the answer and the open channel, only compact codes passing between the
    pages; then a message each way. Returns what was measured."""
    start = time.perf_counter()
    offer = host.evaluate("(build) => window.probe.host(build)", BUILD_TAG)
    answer = guest.evaluate(
        "([code, build, drop]) => window.probe.guest(code, build, drop)",
        [offer["code"], BUILD_TAG, drop_candidates],
    )
    accepted = host.evaluate(
        "([code, build]) => window.probe.accept(code, build)", [answer["code"], BUILD_TAG]
    )
    guest.evaluate("() => window.probe.opened()")
    wall_ms = (time.perf_counter() - start) * 1000
    host.evaluate("() => window.probe.send('ping from the host')")
    to_guest = guest.evaluate("() => window.probe.next()")
    guest.evaluate("() => window.probe.send('pong from the guest')")
    to_host = host.evaluate("() => window.probe.next()")
    return {
        "offer": offer,
        "answer": answer,
        "accepted": accepted,
        "wall_ms": wall_ms,
        "messages": [to_guest, to_host],
    }


def report(result: dict[str, Any], verbose: bool) -> bool:
    """Print the figures; whether the channel carried both messages."""
    offer, answer = result["offer"]["code"], result["answer"]["code"]
    ok = bool(result["messages"] == ["ping from the host", "pong from the guest"])
    accepted = result["accepted"]
    print(f"connected: {'yes' if ok else 'no'} (messages: {result['messages']})")
    print(f"offer code: {len(offer)} characters (SDP {len(result['offer']['sdp'])})")
    print(f"answer code: {len(answer)} characters (SDP {len(result['answer']['sdp'])})")
    print(
        f"handshake: {result['wall_ms']:.0f} ms from the offer to the open channel on both "
        f"pages, as the probe saw it; the host's gathering {result['offer']['gatherMs']:.0f} "
        f"ms, the guest's answer {result['answer']['gatherMs']:.0f} ms, the host's answer "
        f"to open {accepted['connectMs']:.0f} ms (host page: {accepted['totalMs']:.0f} ms)"
    )
    for name, text in [
        ("invite link", INVITE_PREFIX + offer),
        ("invite with a 60-character address", LONGEST_PREFIX + offer),
        ("answer code alone", answer),
    ]:
        print(f"QR {name}: {len(text)} bytes, version {qr_version(len(text))}")
    if verbose:
        print(f"\noffer code: {offer}\nanswer code: {answer}")
        print(f"\nhost's offer SDP:\n{result['offer']['sdp']}")
        print(f"guest's rebuilt offer SDP:\n{result['answer']['remoteSdp']}")
        print(f"guest's answer SDP:\n{result['answer']['sdp']}")
        print(f"host's rebuilt answer SDP:\n{accepted['remoteSdp']}")
    return ok


def probe(args: argparse.Namespace) -> int:
    """The probe itself, inside the namespace."""
    make_network()
    with served() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            host, guest = open_page(browser, url), open_page(browser, url)
            result = handshake(host, guest, args.answer_without_candidates)
        finally:
            browser.close()
    return 0 if report(result, args.verbose) else 1


def relaunch(argv: Sequence[str]) -> int:
    """Run this file again with ``--inside``, in a new network namespace."""
    if os.geteuid() != 0:
        print("The probe needs root to make its network namespace (unshare -n).", file=sys.stderr)
        return 2
    command = ["unshare", "--net", sys.executable, str(Path(__file__).resolve()), "--inside"]
    return subprocess.run([*command, *argv], check=False).returncode


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--answer-without-candidates",
        action="store_true",
        help="drop the guest's candidates from its answer code (peer-reflexive discovery)",
    )
    parser.add_argument("--verbose", action="store_true", help="print the codes and the SDPs")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Relaunch in a namespace, or probe when already in one."""
    given = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(given)
    if args.inside:
        return probe(args)
    return relaunch(given)


if __name__ == "__main__":
    sys.exit(main())
