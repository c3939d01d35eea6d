"""The parts of ``build.py``: the site's build, the engine wheel, the local server, the
installers and the test runner. Not part of the engine wheel (only ``pygames/`` is)."""
