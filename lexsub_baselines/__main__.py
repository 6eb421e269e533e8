"""`python -m lexsub_baselines …`: the `lexsub` command."""

import sys

from lexsub_baselines.cli import main

if __name__ == "__main__":
    sys.exit(main())
