"""`explainer new`: the files of a new, buildable explainer (`project`), made from the templates in `files/`.
May import `site` and everything below."""

from explainer.scaffold.project import ScaffoldError, SeedFile, project_files

__all__ = ["ScaffoldError", "SeedFile", "project_files"]
