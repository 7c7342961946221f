"""Text rules, each written once: how a passage is found in an article, what a quotation mark is, what counts as
a sentence, which characters cannot be seen. Pure functions over strings; may import `core`."""
