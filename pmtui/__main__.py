"""`python -m pmtui` runs the same command as `pmtui`."""

import sys

from pmtui.cli import main

sys.exit(main())
