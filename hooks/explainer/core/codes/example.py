"""The example project every code's example is written against: one short seed article, one source, two
people and a claim, with nothing to report (tests/test_error_codes.py checks that it builds clean).

`EXAMPLE_PROJECT` is the project, path -> text. The rest are the pieces examples are made of: the options
(`MKDOCS`), the claim with another text or citation (`claim()`), events with `before:`/`after:` (`events()`,
`GREET`, `REPLY`, `END`, `order()`), a disagreement, a transcript, declared names, an organization and a
corrections entry, each a template to fill with `str.format`.
"""

from __future__ import annotations

import hashlib

EXAMPLE_SEED = """\
A Tiny Headline

Ann Example said “hello there” to Bob Example on March 3.
Bob Example, 40, replied: ‘Hello, hello.’
The Daily Example reported it.
The end. The end.
"""

SOURCES = """\
sources:
  - id: article
    file: seeds/article.txt
    title: A Tiny Headline
    title_kind: headline
topics:
  - id: general
    title: General
"""

PEOPLE = """\
people:
  - id: ann
    name: Ann Example
  - id: bob
    name: Bob Example
    facts:
      - id: bob-age
        text: Reported as 40.
        citations:
          - source: article
            quote: Bob Example, 40,
"""

CLAIMS = """\
claims:
  - id: ann-greets
    topic: general
    text: Ann greets Bob.
    about: [ann, bob]
    citations:
      - source: article
        quote: said “hello there” to Bob
"""

EXAMPLE_PROJECT: dict[str, str] = {
    "seeds/article.txt": EXAMPLE_SEED,
    "content/sources.yaml": SOURCES,
    "content/people.yaml": PEOPLE,
    "content/claims.yaml": CLAIMS,
    "docs/index.md": "# Example\n",
}

# ---- pieces the examples are made of ------------------------------------------------------------

# The explainer's options in mkdocs.yml, to which an example adds its own lines.
MKDOCS = "site_name: Example\nextra:\n  explainer:\n"
# The claim's passage, and where the seed has it.
GREETING = "said “hello there” to Bob"
# The source and the citation lock as `explainer lock` would write them for the example seed.
SEED_SHA256 = hashlib.sha256(EXAMPLE_SEED.encode("utf-8")).hexdigest()
LOCKED_SOURCES = SOURCES.replace("    title: A Tiny", f"    sha256: {SEED_SHA256}\n    title: A Tiny")
GREETING_AT = EXAMPLE_SEED.index(GREETING)
LOCK = f"""\
{{
 "sources": {{
  "article": {{
   "seed": "article.txt",
   "sha256": "{SEED_SHA256}",
   "citations": {{
    "ann-greets | {GREETING}": [{GREETING_AT}, {GREETING_AT + len(GREETING)}]
   }}
  }}
 }}
}}
"""


def claim(text: str = "Ann greets Bob.", *, keys: str = "", citation: str = f"quote: {GREETING}") -> str:
    """The example's claim with another text, more keys (YAML lines) or another citation (its keys but the source)."""
    cited = "".join(f"        {line}\n" for line in citation.splitlines())
    return (
        f"claims:\n  - id: ann-greets\n    topic: general\n    text: {text}\n    about: [ann, bob]\n{keys}"
        f"    citations:\n      - source: article\n{cited}"
    )


def events(*entries: str) -> str:
    """An events file of the entries (GREET, REPLY, END, each formatted with its `keys`)."""
    return "events:\n" + "".join(entries)


GREET = """\
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
{keys}    citations:
      - source: article
        quote: to Bob Example on March 3
"""
REPLY = """\
  - id: reply
    title: Bob replies
    text: Bob replies.
{keys}    citations:
      - source: article
        quote: "replied:"
"""
END = """\
  - id: end
    title: The end
    text: The end.
{keys}    citations:
      - source: article
        quote: The end. The end.
"""


def order(way: str, order_id: str, event: str, quote: str = '"replied:"') -> str:
    """An event's `before:` or `after:` (`way`) naming `event`, as YAML lines of the event."""
    return (
        f"    {way}:\n      - id: {order_id}\n        event: {event}\n        citations:\n"
        f"          - source: article\n            quote: {quote}\n"
    )


GREET_BEFORE_REPLY = order("before", "greet-before-reply", "reply")
DISAGREEMENT = """\
disagreements:
  - id: who-spoke-first
    question: Who spoke first?
{keys}    answers:
      - id: ann-first
        text: Ann spoke first.
{answer}        citations:
          - source: article
            quote: Ann Example said
      - id: bob-first
        text: Bob replied.
        citations:
          - source: article
            quote: "replied:"
"""
TRANSCRIPT = """\
quotes:
  - id: hello-there
    speaker: {{kind: person, person: ann}}
    addressee: bob
    citations:
      - source: article
        quote: “hello there”
transcripts:
  - id: greeting
    title: The greeting
    lines:
      - id: greeting-1
{line}"""
NAMES = """\
names:
  - name: A Tiny Headline
    kind: title
"""
ORGANIZATIONS = """\
organizations:
  - id: daily
    name: The Daily Example
"""
CORRECTION = """\
corrections:
  - id: greeting-fixed
    date: 2026-11-29
    statements: [{statements}]
    wrong: It said Bob greets Ann.
    now: It says Ann greets Bob.
    why: A closer reading of the passage.
"""
