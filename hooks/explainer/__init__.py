"""The explainer engine: cited YAML in, verified cross-linked MkDocs site out.

The packages are the steps of the pipeline, each importing only those below it (the contracts in
pyproject.toml's [tool.importlinter], checked by `python3 dev.py test`; CONTRIBUTING.md draws them):

    core      diagnostics and their codes, files read and written safely        (imports nothing of ours)
    text      matching passages, quotation marks, sentences, invisible characters
    content   options, YAML with positions, the model and its declarations, validation, loading, the words
    evidence  resolve, verify against the seeds, dates and order, counts, grounding, the pages' links, the lock
    site      the site model, rendering, pictures, structured data, feed, export, publishing
    changes   two versions compared: revisions, the record diff and its views, the base check
    scaffold  the files of a new explainer
    cli       the `explainer` command and its output formats

`explainer.api` is what a project's MkDocs hook imports, and the only path outside the library may rely on.
The library never imports MkDocs.
"""
