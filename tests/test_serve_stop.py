"""``build.py serve`` stops cleanly: a SIGTERM (or Ctrl-C) says "stopping" and exits 0, and a
second signal while it stops (a supervisor and its child both signalled) prints no traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT

# The server of buildsite.serve.serve, with the build left out: it serves an empty folder
SERVE = """
import sys
from pathlib import Path
import buildsite.serve as s
s.build = lambda: None
s.DIST = Path(sys.argv[1])
sys.exit(s.serve(0))
"""


def test_two_signals_stop_the_server_once_and_quietly(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # "[build.py] serving ... (Ctrl-C stops)"
        assert "serving" in line, line
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.05)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
        out = line + out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "stopping" in out and "Traceback" not in err, (out, err)
