"""`python -m game` runs the countertop command line."""

import sys

from game.cli import main

sys.exit(main())
