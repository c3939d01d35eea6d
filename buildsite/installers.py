"""What ``build.py test`` and ``bench`` install when it is missing: Debian's Chromium and CJK
fonts (apt-get), and ``.venv`` with the pinned tools of requirements-dev.txt (pip)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from buildsite.common import ROOT, VENV, BuildError, check, log, run

REQUIREMENTS = ROOT / "requirements-dev.txt"
CHROMIUM = Path("/usr/bin/chromium")
# How the e2e tests and the browser benchmark launch it (headless, in a container)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    # containers often give /dev/shm only 64 MB; Chromium then hangs or crashes its tabs
    "--disable-dev-shm-usage",
]
APT_PACKAGES = ("chromium", "fonts-noto-cjk")


def privileged(command: list[str]) -> list[str]:
    """Prefix ``sudo`` when not root and sudo exists."""
    if os.geteuid() != 0 and shutil.which("sudo"):
        return ["sudo", *command]
    return command


def apt_install(packages: Sequence[str]) -> None:
    """``apt-get update`` then ``apt-get install -y`` the packages (non-interactive)."""
    os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")
    log(f"apt-get install {' '.join(packages)}")
    check(privileged(["apt-get", "update"]))
    check(privileged(["apt-get", "install", "-y", "--no-install-recommends", *packages]))


def debian_package_missing(name: str) -> bool:
    """Whether dpkg knows ``name`` as not installed (False where there is no dpkg)."""
    if shutil.which("dpkg-query") is None:
        return False
    result = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True, check=False
    )
    return "install ok installed" not in result.stdout


def ensure_chromium() -> None:
    """Install Debian's chromium and CJK fonts when missing."""
    missing = [name for name in APT_PACKAGES if debian_package_missing(name)]
    if not CHROMIUM.exists() and "chromium" not in missing:
        missing.insert(0, "chromium")
    if not missing:
        return
    if shutil.which("apt-get") is None:
        raise BuildError(f"{CHROMIUM} is missing and there is no apt-get to install it")
    apt_install(missing)


def create_venv() -> None:
    """Create .venv; on Debian without ensurepip, install python3-venv first."""
    log("creating .venv")
    if run([sys.executable, "-m", "venv", VENV]) == 0:
        return
    shutil.rmtree(VENV, ignore_errors=True)
    if shutil.which("apt-get") is None:
        raise BuildError("python3 -m venv failed")
    minor = f"python3.{sys.version_info.minor}-venv"
    apt_install(["python3-venv", minor])
    check([sys.executable, "-m", "venv", VENV])


def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt unless the stamp says it is current."""
    python = VENV / "bin" / "python"
    if not python.exists():
        create_venv()
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes() + sys.version.encode()).hexdigest()
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        log("pip install -r requirements-dev.txt")
        check([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        check([python, "-m", "pip", "install", "--quiet", "-r", REQUIREMENTS])
        stamp.write_text(wanted + "\n")
    return python
