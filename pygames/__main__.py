"""``python -m pygames``."""

import sys

from pygames.cli import main

sys.exit(main())
