"""The engine's side that knows MkDocs (the library, `explainer`, never imports it): what the hook needs beyond
adapting events, such as rendering a save again in part while `mkdocs serve` runs (serving.py)."""
