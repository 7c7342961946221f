"""Two versions of a project compared: a side read from a folder or from a revision's exact blobs, the diff of
records a reader would see, its text and Markdown views (`templates/`), and the corrections log held to it.
May import `site` and everything below."""
