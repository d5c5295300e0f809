"""``python -m tui.cli``: the ``parlour`` command."""

import sys

from tui.cli.main import main

sys.exit(main())
