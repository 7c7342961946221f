"""Hold the records to their evidence: references resolved, dates ordered, every citation found in its seed,
counts of articles and what a text quotes, names and numbers checked against the passages it cites; the
hand-written pages' links; `pipeline` runs the whole check. May import `content`, `text` and `core`."""
