"""`python -m kb.cli`: the `lawkb` command."""

import sys

from kb.cli import main

sys.exit(main())
