"""Load and validate: the site's options, YAML read with the place of every value, the model of records declared
once (and its JSON Schema), the site's words. May import `core` and `text`."""
