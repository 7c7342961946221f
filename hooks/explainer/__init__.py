"""Citation-verified explainer: load cited YAML, check it against the seed articles, render pages.

The pipeline runs one way: load -> validate -> resolve -> verify -> render -> write.
`explainer.pipeline.check_project` runs everything up to rendering; the MkDocs hook and the
`explainer` command both call it.
"""
