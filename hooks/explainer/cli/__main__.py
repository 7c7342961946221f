"""`python -m explainer.cli`: the `explainer` command."""

import sys

from explainer.cli.commands import main

sys.exit(main())
