"""The project's scripts (``python3 tools/<name>.py``); a package so that the tests and mypy can
import them by one name (``tools.icons``)."""
