"""The `explainer` command (`commands`) and what `explainer check` writes besides text (`formats`). The top
of the library: may import every package."""

from explainer.cli.commands import CHECK_FORMATS, DIFF_FORMATS, main

__all__ = ["CHECK_FORMATS", "DIFF_FORMATS", "main"]
