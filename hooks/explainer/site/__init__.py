"""Render and write: the site model (what every page shows), the pages through their templates (`templates/`,
the theme overrides in `theme/`, scripts and styles in `assets/`), pictures, structured data, the feed, the
export and the Content-Security-Policy. May import `evidence` and everything below; never `changes`."""
