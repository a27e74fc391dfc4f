"""``python -m scorekeeper.cli``: the console script without installing it."""

import sys

from scorekeeper.cli import main

sys.exit(main())
