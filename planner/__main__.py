"""``python -m planner``: the same entry point as the ``gpu-planner`` command."""

import sys

from planner.cli import main

sys.exit(main())
