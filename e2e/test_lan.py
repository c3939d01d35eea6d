"""The private network of the ``lan`` fixture (e2e/lan.py) carries WebRTC: two devices (two
browser contexts) open a data channel with nothing passing between them but the compact codes of
``web/net/handshake.js``, as ``tools/webrtc_probe.py`` does with a page of its own.

The pages stand on a document of the served site, its icon ``icons/icon.svg`` (the app's origin,
without booting the app and its engine), and import the site's own ``net/handshake.js``. That
document has no Content-Security-Policy (the site's policy is a ``<meta>`` of its HTML pages); the
steps run by ``page.evaluate``, which goes through the debugging protocol, and the import is of
the page's own origin, which the site's policy (``script-src 'self'``) would allow too.
"""

from __future__ import annotations

import time
from typing import Any

from lan import Lan
from playwright.sync_api import Page

TIMEOUT_MS = 15_000
PHONE = {"width": 390, "height": 844}

# The steps of a device, as window.rtc, taken from tools/webrtc_probe.py's page; each wait has a
# deadline, so a failure says where it stopped
RTC = """async ([url, timeout]) => {
  const { compactOf, descriptionOf } = await import(url);
  const peers = {};
  const deadline = (promise, what) => Promise.race([promise, new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`no ${what} within ${timeout} ms`)), timeout);
  })]);
  const gathered = (pc) => deadline(new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') resolve();
    });
  }), 'end of ICE gathering');
  const listen = (peer, channel) => {
    peer.channel = channel;
    channel.onmessage = ({ data }) => {
      const waiter = peer.waiters.shift();
      if (waiter) waiter(data); else peer.received.push(data);
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
  const peer = (name) => {
    peers[name] = { pc: new RTCPeerConnection(), received: [], waiters: [] };
    return peers[name];
  };
  window.rtc = {
    async host(name, build) {
      const p = peer(name);
      p.opened = listen(p, p.pc.createDataChannel('seat'));
      await p.pc.setLocalDescription();
      await gathered(p.pc);
      return compactOf(p.pc.localDescription, { build });
    },
    async guest(name, code, build) {
      const p = peer(name);
      p.opened = deadline(new Promise((resolve) => {
        p.pc.ondatachannel = ({ channel }) => resolve(listen(p, channel));
      }), 'data channel');
      await p.pc.setRemoteDescription(remote(code, build));
      await p.pc.setLocalDescription();
      await gathered(p.pc);
      return compactOf(p.pc.localDescription, { build });
    },
    async accept(name, code, build) {
      await peers[name].pc.setRemoteDescription(remote(code, build));
    },
    opened(name) { return deadline(peers[name].opened, 'open data channel'); },
    send(name, text) { peers[name].channel.send(text); },
    next(name) {
      const p = peers[name];
      if (p.received.length) return p.received.shift();
      return deadline(new Promise((resolve) => p.waiters.push(resolve)), 'message');
    },
    close() { for (const p of Object.values(peers)) p.pc.close(); },
  };
}"""


def device(lan: Lan, **context_args: Any) -> Page:
    """A new device on a document of the site, with ``window.rtc`` ready."""
    page = lan.new_page(**context_args)
    page.set_default_timeout(TIMEOUT_MS + 5_000)
    # Chromium asks for /favicon.ico for a document that links no icon (the site's index.html
    # links icons/icon.svg), and the site has none: a 404 that the console check would count
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(lan.base_url + "icons/icon.svg")
    page.evaluate(RTC, [lan.base_url + "net/handshake.js", TIMEOUT_MS])
    return page


def build_tag(page: Page, base_url: str) -> str:
    """The site's build, cut to the 8 characters a code holds."""
    site: str = page.evaluate(
        "async (url) => (await (await fetch(url)).json()).site", base_url + "build.json"
    )
    return site[:8]


def connect(host: Page, guest: Page, name: str, build: str) -> tuple[str, str]:
    """The host offers the connection ``name``, the guest answers, both see it open; nothing
    passes between the pages but the two compact codes, which are returned."""
    offer: str = host.evaluate("([n, build]) => window.rtc.host(n, build)", [name, build])
    answer: str = guest.evaluate(
        "([n, code, build]) => window.rtc.guest(n, code, build)", [name, offer, build]
    )
    host.evaluate("([n, code, build]) => window.rtc.accept(n, code, build)", [name, answer, build])
    host.evaluate("(n) => window.rtc.opened(n)", name)
    guest.evaluate("(n) => window.rtc.opened(n)", name)
    return offer, answer


def exchange(host: Page, guest: Page, name: str) -> None:
    """One message each way on the connection ``name``."""
    host.evaluate("(n) => window.rtc.send(n, `ping ${n}`)", name)
    assert guest.evaluate("(n) => window.rtc.next(n)", name) == f"ping {name}"
    guest.evaluate("(n) => window.rtc.send(n, `pong ${n}`)", name)
    assert host.evaluate("(n) => window.rtc.next(n)", name) == f"pong {name}"


def test_two_devices_connect_by_compact_codes(lan: Lan) -> None:
    """Host and guest connect with only the short codes passing, and a message goes each way."""
    host, guest = device(lan), device(lan, viewport=PHONE)
    assert host.context is not guest.context
    build = build_tag(host, lan.base_url)

    start = time.perf_counter()
    offer, answer = connect(host, guest, "seat", build)
    connect_ms = (time.perf_counter() - start) * 1000
    exchange(host, guest, "seat")
    print(
        f"\nlan {lan.namespace}: connected in {connect_ms:.0f} ms "
        f"(offer {len(offer)} characters, answer {len(answer)})"
    )
    assert 0 < len(offer) < 200, offer
    assert 0 < len(answer) < 200, answer
    for page in (host, guest):
        page.evaluate("() => window.rtc.close()")
