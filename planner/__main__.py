"""``python -m planner``: the same entry point as the ``gpu-planner`` command."""

import sys

from planner.cli.main import main

sys.exit(main())
