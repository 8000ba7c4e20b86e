"""The frozen app's entry point: the same ``main`` as the ``gpu-planner`` console script.

A separate file rather than ``planner/__main__.py`` because PyInstaller puts the entry script's
folder on its search path, and ``planner/`` on the path would expose our modules under top-level
names (``paths``, ``cli``).
"""

import sys

from planner.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
