"""A private network for e2e tests of devices that talk by WebRTC (issue 34): the built site and a
Chromium of its own, both inside a network namespace that the test session makes for itself.

Chromium gathers no ICE candidate on loopback alone, nor when the machine has no default route
(``tools/webrtc_probe.py``, ``TOOLCHAIN.md``). So :func:`open_lan` makes a namespace
``pyg-<pid>-<n>`` (``ip netns add``: needs root), gives it ``lo``, a veth pair ``vA``/``vB``
with addresses and a default route through it, and nothing else: no traffic leaves the machine.
Inside it run

- the site's server: this file run as a script (``ip netns exec <ns> python e2e/lan.py serve
  <dist>``), with the very handler the other e2e tests use (``build.start_server``), on the
  namespace's own 127.0.0.1; it prints its port and stops when its standard input closes (when
  the test process ends, however it ends);
- Debian's Chromium, launched by Playwright through a wrapper script that is only ``exec ip
  netns exec <ns> /usr/bin/chromium "$@"`` (Playwright talks to it over a pipe, which the
  namespace does not cut).

Each :meth:`Lan.new_page` is a page in a new browser context: one device. Its requests, console
errors, page errors and CSP violations are recorded by the same logs as every other e2e test's
(conftest: ``request_log``, ``console_log``), so the same checks fail the test at teardown.

The ``lan`` fixture (conftest) holds one :class:`Lan` per test process (a pytest-xdist worker
makes its own namespace); the contexts a test opened are closed after it. A namespace left by a
test process that died (its pid is gone) is deleted when the next one starts.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the server inside the namespace imports only what it needs
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright, ViewportSize

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PREFIX = "pyg-"
NAME = re.compile(rf"^{PREFIX}(\d+)-(\d+)$")
# The network inside the namespace: both ends of a veth pair, and a default route through one
# (as tools/webrtc_probe.py makes it)
NETWORK_SETUP = [
    ["ip", "link", "set", "lo", "up"],
    ["ip", "link", "add", "vA", "type", "veth", "peer", "name", "vB"],
    ["ip", "addr", "add", "10.200.0.2/24", "dev", "vA"],
    ["ip", "addr", "add", "10.200.0.3/24", "dev", "vB"],
    ["ip", "link", "set", "vA", "up"],
    ["ip", "link", "set", "vB", "up"],
    ["ip", "route", "add", "default", "via", "10.200.0.3", "dev", "vA"],
]
# IPv6 gives each end of the veth pair a link-local address, tentative for about 1.5 s of
# duplicate address detection (DAD) after the link comes up; when it turns valid, Chromium sees
# the network change and fails the requests in flight with ERR_NETWORK_CHANGED (a page loaded in
# the first seconds of the session missed its modules). No DAD in the namespace: the addresses
# are valid as soon as they exist, before the browser starts. (A kernel without IPv6 has none.)
NO_DAD = "[ -d /proc/sys/net/ipv6 ] || exit 0; " + "; ".join(
    f"echo {value} > /proc/sys/net/ipv6/conf/{conf}/{key}"
    for key, value in (("accept_dad", 0), ("disable_ipv6", 1))
    for conf in ("default", "all")
)  # and IPv4 only: nothing of IPv6 comes up late
SERVER_START_S = 15.0
_NUMBERS = count(1)


class LanError(RuntimeError):
    """The private network could not be made (not root, no ``ip netns``...)."""


class Watcher(Protocol):
    """What records a context's events (conftest's ``RequestLog`` and ``ConsoleLog``)."""

    def watch(self, context: BrowserContext) -> BrowserContext: ...


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run ``ip <args>``; a failure raises :class:`LanError` with what ``ip`` said."""
    done = subprocess.run(["ip", *args], capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        said = (done.stderr or done.stdout).strip()
        raise LanError(f"`ip {' '.join(args)}` failed ({done.returncode}): {said}")
    return done


def alive(pid: int) -> bool:
    """Whether a process of that id exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def namespaces() -> list[str]:
    """The names of the named network namespaces (``ip netns list``)."""
    listed = ip("netns", "list", check=False).stdout
    return [line.split()[0] for line in listed.splitlines() if line.strip()]


def remove_stale() -> list[str]:
    """Delete the ``pyg-<pid>-<n>`` namespaces whose process is gone; returns their names. (Two
    workers may both try one: deleting it twice is harmless.)"""
    removed = []
    for name in namespaces():
        found = NAME.match(name)
        if found and not alive(int(found[1])):
            ip("netns", "delete", name, check=False)
            removed.append(name)
    return removed


def make_namespace() -> str:
    """A new namespace with its network up; returns its name."""
    if os.geteuid() != 0:
        raise LanError(
            "the lan fixture needs root: it makes a network namespace (ip netns add) so that "
            "Chromium has a network for WebRTC; run the e2e tests as root (as CI does)"
        )
    if shutil.which("ip") is None:
        raise LanError("the lan fixture needs the `ip` command (Debian: apt-get install iproute2)")
    remove_stale()
    name = f"{PREFIX}{os.getpid()}-{next(_NUMBERS)}"
    ip("netns", "add", name)
    try:
        ip("netns", "exec", name, "sh", "-c", NO_DAD)
        for command in NETWORK_SETUP:
            ip("-n", name, *command[1:])
    except BaseException:
        ip("netns", "delete", name, check=False)
        raise
    return name


def kill_inside(name: str) -> None:
    """Kill what still runs in the namespace (only this process's children run there)."""
    for line in ip("netns", "pids", name, check=False).stdout.split():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(line), signal.SIGKILL)


def delete_namespace(name: str) -> None:
    """Kill what runs inside and delete the namespace."""
    kill_inside(name)
    ip("netns", "delete", name, check=False)


class Server:
    """The site served inside the namespace by a child process (see :func:`serve`)."""

    def __init__(self, namespace: str, directory: Path) -> None:
        command = [
            "ip", "netns", "exec", namespace,
            sys.executable, str(Path(__file__).resolve()), "serve", str(directory),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.port = self.read_port()

    def read_port(self) -> int:
        """The port the child says it listens on (its first line), or :class:`LanError`."""
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        deadline = time.monotonic() + SERVER_START_S
        line = ""
        while time.monotonic() < deadline and not line:
            line = stdout.readline()
            if not line and self.process.poll() is not None:
                break
        if not line.startswith("port "):
            self.stop()
            raise LanError(f"the site's server in the namespace did not start: {line!r}")
        return int(line.split()[1])

    def stop(self) -> None:
        """Close its input (it stops), and kill it if it lingers."""
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        if self.process.stdout is not None:
            self.process.stdout.close()


def chromium_wrapper(namespace: str, folder: Path) -> Path:
    """A script that runs Debian's Chromium inside the namespace with the arguments it gets."""
    import build

    path = folder / "chromium-in-namespace"
    path.write_text(
        f'#!/bin/sh\nexec ip netns exec {namespace} {build.CHROMIUM} "$@"\n', encoding="utf-8"
    )
    path.chmod(0o755)
    return path


@dataclass
class Lan:
    """The private network of a test process: ``browser`` runs inside it, the site is served
    at ``base_url`` (``http://127.0.0.1:<port>/``, the namespace's own loopback), and each
    :meth:`new_page` is a device of its own."""

    namespace: str
    browser: Browser
    base_url: str
    watchers: Sequence[Watcher]
    context_args: dict[str, Any] = field(default_factory=dict)
    contexts: list[BrowserContext] = field(default_factory=list)
    #: gives a context the engine's memory snapshot for ``base_url`` (conftest's SnapshotSeed),
    #: so that a host's engine boots as on a device that ran it before
    seed: Callable[[BrowserContext, str], None] | None = None

    def new_context(self, engine: bool = False, **kwargs: Any) -> BrowserContext:
        """A new browser context (a device), watched as every e2e context is; service workers
        are blocked unless ``service_workers="allow"`` is given (as in conftest). ``engine``: a
        device that will run the engine (a host) is given its snapshot first."""
        args = {**self.context_args, "service_workers": "block", **kwargs}
        context = self.browser.new_context(**args)
        for watcher in self.watchers:
            watcher.watch(context)
        self.contexts.append(context)
        if engine and self.seed is not None:
            self.seed(context, self.base_url)
        return context

    def new_page(
        self, viewport: ViewportSize | None = None, engine: bool = False, **kwargs: Any
    ) -> Page:
        """A page in a new browser context: one more device on the network. ``viewport``
        (``{"width": w, "height": h}``) and any other ``browser.new_context`` argument apply
        to that context; ``engine`` as in :meth:`new_context`. It is closed after the test
        (:meth:`close_devices`)."""
        if viewport is not None:
            kwargs["viewport"] = viewport
        return self.new_context(engine=engine, **kwargs).new_page()

    def close_devices(self) -> None:
        """Close every context opened since the last call."""
        contexts, self.contexts = self.contexts, []
        for context in contexts:
            with contextlib.suppress(Exception):
                context.close()


@contextlib.contextmanager
def open_lan(
    playwright: Playwright,
    directory: Path,
    watchers: Sequence[Watcher] = (),
    launch_args: dict[str, Any] | None = None,
    context_args: dict[str, Any] | None = None,
) -> Iterator[Lan]:
    """A namespace, the site ``directory`` served in it and a Chromium in it, for the duration;
    everything is stopped and the namespace deleted on the way out, whatever happened."""
    import build

    namespace = make_namespace()
    server: Server | None = None
    browser: Browser | None = None
    try:
        with tempfile.TemporaryDirectory(prefix=f"{namespace}-") as folder:
            server = Server(namespace, directory)
            args = {
                "args": build.CHROMIUM_ARGS,
                **(launch_args or {}),
                "executable_path": str(chromium_wrapper(namespace, Path(folder))),
            }
            browser = playwright.chromium.launch(**args)
            lan = Lan(
                namespace,
                browser,
                f"http://127.0.0.1:{server.port}/",
                list(watchers),
                dict(context_args or {}),
            )
            try:
                yield lan
            finally:
                lan.close_devices()
    finally:
        try:
            if browser is not None:
                with contextlib.suppress(Exception):
                    browser.close()
            if server is not None:
                server.stop()
        finally:
            delete_namespace(namespace)


# ---------------------------------------------------------------------- inside the namespace


def serve(directory: Path) -> int:
    """Serve ``directory`` on 127.0.0.1 (a free port, printed as ``port <n>``) with the e2e
    tests' handler, until standard input closes."""
    import build

    server, _ = build.start_server(directory, 0)  # in a daemon thread
    print(f"port {server.server_address[1]}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        sys.stdin.read()  # until the test process closes it, or dies
    server.server_close()  # no shutdown(): it waits for the serving loop's half-second poll
    return 0


def main(argv: Sequence[str]) -> int:
    """``lan.py serve <directory>``."""
    if len(argv) != 2 or argv[0] != "serve":
        print("usage: lan.py serve <directory>", file=sys.stderr)
        return 2
    return serve(Path(argv[1]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
