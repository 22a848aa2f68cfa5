"""``python -m dealer_assist.cli``: the ``dealer-assist`` command."""

import sys

from dealer_assist.cli.app import main

sys.exit(main())
