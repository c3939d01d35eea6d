"""The QR path of seats on other devices (issue 34), end to end: the codes the pages draw are read
back by the page's own decoder (web/net/scan.js ``decodeImage``), and the host's camera
(web/ui/camera.js ``scanWithCamera``) reads a guest's answer from Chromium's fake video capture.

- The host is a tablet in a Chromium of this module's own, launched inside the ``lan`` fixture's
  network namespace (real WebRTC) with ``--use-fake-device-for-media-stream`` and
  ``--use-file-for-fake-video-capture=<answer.y4m>``; its contexts are watched as every e2e
  context is (request log, console oracle). The guest is a phone in the ``lan`` fixture's browser.
- The invite's QR code (``invite-qr-<seat>``, an SVG) is drawn into a canvas in the host's page
  and decoded there: it reads as the invite link shown beside it. The guest's answer QR code
  (``join-qr``) likewise reads as the answer code shown as text (``join-answer``).
- First the camera sees a white picture: the dialog plays it live, and closing it resolves null
  with the camera's tracks stopped. Then the pixels of that very answer QR code become the
  camera's YUV4MPEG2 video; the host's ``scanWithCamera()`` resolves with exactly the answer
  code, the dialog goes and the camera's tracks are all stopped. The host then connects with
  the code it read (what the Devices dialog's "Scan it with this camera" does) and the guest's
  seat is joined.
- Where no camera can start (permission refused, no camera), the dialog says so in English and in
  Japanese, and closing it resolves null.
"""

from __future__ import annotations

import base64
import contextlib
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_true
from lan import Lan, chromium_wrapper
from playwright.sync_api import Browser, Page, Playwright, expect
from test_devices import PHONE, host_table

import build

# The video of the host's fake camera: Chromium reads the file each time a page starts the camera
# (the file need not exist before), so the test writes it once it knows what the camera must see.
# 640x480, gray only (4:2:0, chroma 128), a few frames, played in a loop
VIDEO = "answer.y4m"
WIDTH, HEIGHT, FRAMES = 640, 480, 3
PX_PER_MODULE = 6

# Every stream getUserMedia gives the page (window.__streams), to see that the camera stops
WATCH_STREAMS = """() => {
  window.__streams = [];
  const get = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await get(constraints);
    window.__streams.push(stream);
    return stream;
  };
}"""
TRACKS = "window.__streams.flatMap((s) => s.getTracks()).map((t) => t.readyState)"

# Draw the SVG of `testid` into a canvas, PX_PER_MODULE pixels a module (its viewBox counts
# modules, quiet zone included), through an <img> of a data: URL (the page's CSP allows
# img-src data:); decode those pixels with the page's own decodeImage. Returns the text read,
# and the pixels' gray levels (one byte each, base64) with the side in pixels.
READ_QR = """async ([testid, scale]) => {
  const el = document.querySelector(`[data-testid="${testid}"]`);
  const side = el.viewBox.baseVal.width * scale;
  const text = new XMLSerializer().serializeToString(el);
  const img = new Image(side, side);
  img.src = 'data:image/svg+xml;base64,' + btoa(text);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(img, 0, 0, side, side);
  const pixels = ctx.getImageData(0, 0, side, side);
  const { decodeImage } = await import(new URL('net/scan.js', document.baseURI).href);
  const read = await decodeImage(pixels);
  let gray = '';
  for (let i = 0; i < pixels.data.length; i += 4) gray += String.fromCharCode(pixels.data[i]);
  return { read, side, gray: btoa(gray) };
}"""

# The camera's picture is on screen: the dialog's video plays the camera's frames
PLAYING = (
    "(() => { const v = document.querySelector('[data-testid=camera-video]');"
    " return !!v && v.readyState >= 2 && v.videoWidth === 640 && !v.paused; })()"
)
SCAN = "import(new URL('ui/camera.js', document.baseURI).href).then((m) => m.scanWithCamera())"
START_SCAN = f"() => {{ window.__scan = {SCAN}; }}"


SAY = """async ([key, lang]) => {
  const i18n = await import(new URL('i18n.js', document.baseURI).href);
  i18n.setLang(lang);
  return i18n.STRINGS[key][lang];
}"""


def read_qr(page: Page, testid: str) -> dict[str, Any]:
    """The text the page's decoder reads from the drawn QR code ``testid``, and its pixels."""
    expect(page.get_by_test_id(testid)).to_be_visible(timeout=20_000)
    found: dict[str, Any] = page.evaluate(READ_QR, [testid, PX_PER_MODULE])
    return found


def y4m(gray: bytes, side: int) -> bytes:
    """A YUV4MPEG2 video of FRAMES frames showing the ``side`` x ``side`` gray picture in the
    middle of a white WIDTH x HEIGHT frame."""
    assert side <= HEIGHT, side
    top, left = (HEIGHT - side) // 2, (WIDTH - side) // 2
    luma = bytearray(b"\xff" * (WIDTH * HEIGHT))
    for row in range(side):
        start = (top + row) * WIDTH + left
        luma[start : start + side] = gray[row * side : (row + 1) * side]
    chroma = b"\x80" * (WIDTH * HEIGHT // 2)
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    return header + (b"FRAME\n" + bytes(luma) + chroma) * FRAMES


@pytest.fixture(scope="module")
def camera_browser(
    playwright: Playwright, lan: Lan, browser_type_launch_args: dict[str, Any]
) -> Iterator[tuple[Browser, Path]]:
    """A Chromium inside the lan's namespace (launched as the lan's is) whose camera is the
    video at the path given (written before a page starts its camera), for the module."""
    with tempfile.TemporaryDirectory(prefix="qr-path-") as folder:
        video = Path(folder) / VIDEO
        # a camera that sees white until a test writes its picture (a camera with no video file
        # is no camera at all: a test that runs first would see "no camera" for any case)
        video.write_bytes(y4m(b"\xff" * 64 * 64, 64))
        browser = playwright.chromium.launch(
            **{
                **browser_type_launch_args,
                "executable_path": str(chromium_wrapper(lan.namespace, Path(folder))),
                "args": [
                    *build.CHROMIUM_ARGS,
                    "--use-fake-device-for-media-stream",
                    f"--use-file-for-fake-video-capture={video}",
                ],
            }
        )
        try:
            yield browser, video
        finally:
            with contextlib.suppress(Exception):
                browser.close()


@pytest.fixture
def camera_host(lan: Lan, camera_browser: tuple[Browser, Path]) -> Iterator[tuple[Lan, Path]]:
    """The camera's browser as a :class:`Lan` whose devices are watched as the fixture's are
    and may use the camera; the devices a test opened are closed after it (before the console
    check)."""
    browser, video = camera_browser
    host = Lan(
        lan.namespace,
        browser,
        lan.base_url,
        lan.watchers,
        {**lan.context_args, "permissions": ["camera"]},
        seed=lan.seed,
    )
    try:
        yield host, video
    finally:
        host.close_devices()


@pytest.mark.timeout(120)
def test_the_host_reads_the_guests_answer_with_its_camera(
    lan: Lan, camera_host: tuple[Lan, Path]
) -> None:
    devices, video = camera_host
    host = host_table(devices, "marie", 3, ["device", "bot", "bot"])
    host.evaluate(WATCH_STREAMS)

    # the invite, drawn and read back by the host's own decoder
    invite = read_qr(host, "invite-qr-0")
    link = host.get_by_test_id("invite-link-0").input_value()
    assert invite["read"] == link, (invite["read"], link)

    # the guest's answer, drawn and read back by the guest's own decoder
    guest = lan.new_page(viewport=PHONE)
    guest.goto(link)
    # the join page names the game and the seat the invite is for
    expect(guest.get_by_test_id("join-for")).to_have_text("Marie's Table: seat 1")
    answer = read_qr(guest, "join-qr")
    code = guest.get_by_test_id("join-answer").input_value()
    assert answer["read"] == code, (answer["read"], code)

    # a camera that sees no code: the dialog shows it live, reads frame after frame, and closing
    # it resolves null with the camera stopped
    side = answer["side"]
    video.write_bytes(y4m(b"\xff" * side * side, side))
    host.evaluate(START_SCAN)
    dialog = host.get_by_test_id("camera-dialog")
    expect(dialog.get_by_test_id("camera-status")).to_have_text(
        host.evaluate(SAY, ["cameraLooking", "en"])
    )
    wait_true(host, PLAYING)
    host.wait_for_timeout(600)  # a few frames read, none with a code
    dialog.get_by_test_id("dialog-close").click()
    assert host.evaluate("window.__scan") is None
    assert set(host.evaluate(TRACKS)) == {"ended"}

    # that very picture of the answer is the host's camera: the host reads the code with it
    video.write_bytes(y4m(base64.b64decode(answer["gray"]), side))
    started = time.monotonic()
    scanned = host.evaluate(SCAN)
    took = time.monotonic() - started
    assert scanned == code, (scanned, code)
    native = host.evaluate("typeof BarcodeDetector === 'function'")
    print(f"read by the camera in {took:.2f} s ({'BarcodeDetector' if native else 'decoder'})")
    expect(host.get_by_test_id("camera-dialog")).to_have_count(0)
    tracks = host.evaluate(TRACKS)
    assert tracks and set(tracks) == {"ended"}, tracks

    # the Devices dialog's own button: the camera reads the answer, the seat joins with it
    host.get_by_test_id("answer-scan-0").click()
    expect(host.get_by_test_id("camera-dialog")).to_be_visible()
    expect(guest.get_by_test_id("table")).to_be_visible(timeout=20_000)
    expect(host.get_by_test_id("answer-input-0")).to_have_count(0)  # joined: no invite left
    expect(host.get_by_test_id("camera-dialog")).to_have_count(0)
    expect(host.get_by_test_id("device-state-0")).to_have_attribute("data-state", "joined")


@pytest.mark.parametrize("case", ["denied", "none"])
def test_without_a_camera_the_dialog_says_why_and_closes_with_null(
    lan: Lan, camera_host: tuple[Lan, Path], case: str
) -> None:
    # refused: the camera's browser, the camera not allowed; none: the lan's browser, which has
    # no camera at all, the camera allowed. A page of the site that runs no engine (a join
    # address that is not an invite).
    devices = camera_host[0] if case == "denied" else lan
    page = devices.new_page(permissions=[] if case == "denied" else ["camera"])
    key = "cameraDenied" if case == "denied" else "cameraNone"
    page.goto(lan.base_url + "#join=not-an-invite")
    expect(page.get_by_test_id("join-error")).to_be_visible()
    page.evaluate(WATCH_STREAMS)
    page.evaluate(START_SCAN)
    dialog = page.get_by_test_id("camera-dialog")
    error = dialog.get_by_test_id("camera-error")
    for lang in ("en", "ja"):
        expect(error).to_have_text(page.evaluate(SAY, [key, lang]))
        expect(dialog.get_by_role("heading")).to_have_text(
            page.evaluate(SAY, ["cameraTitle", lang])
        )
        expect(dialog.get_by_test_id("dialog-close")).to_be_visible()
    dialog.get_by_test_id("dialog-close").click()
    expect(dialog).to_have_count(0)
    assert page.evaluate("window.__scan") is None
    assert page.evaluate("window.__streams.length") == 0
