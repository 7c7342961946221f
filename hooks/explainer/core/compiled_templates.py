"""Compiled Jinja templates kept for the life of the process and between processes.

`mkdocs serve` builds again on every save with a new environment (the site's words may have changed), and every
`mkdocs build` or `explainer` command is a new process: compiling the engine's and Material's 60-odd templates
from source each time was a sixth of a build. Jinja checks each entry against its template's source, so an
edited template (the engine's, the theme's or a site's own) is compiled again.

Between processes the entries live in Jinja's own per-user cache folder in the system's temporary folder
(`FileSystemBytecodeCache`'s default: created private, and refused unless it is this user's, a folder and
private), never in the project: compiled code is run as it is loaded, so a file a pull request carries must
never be taken for one. Where no such folder can be had, entries are kept for the process only.

The compiled code depends on the environment too: a filter that takes the context (`prose`) is called with
it, one unknown when the template was compiled is looked up at run time without it; the environment's syntax
and whitespace options change the code itself. An entry is therefore kept per set of filters and tests, what
each takes, and those options, not only per template."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import jinja2
import jinja2.bccache


class CompiledTemplates(jinja2.BytecodeCache):
    """Entries in memory, and in the cache `shared` makes (one other processes of this user read and write) when
    it makes one; it is asked on the first template, so that importing the engine touches no folder."""

    def __init__(self, shared: Callable[[], jinja2.BytecodeCache | None]) -> None:
        self._store: dict[str, bytes] = {}
        self._make_shared = shared
        self._shared: jinja2.BytecodeCache | None = None
        self._asked = False

    def _shared_cache(self) -> jinja2.BytecodeCache | None:
        if not self._asked:
            self._asked = True
            self._shared = self._make_shared()
        return self._shared

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        key = f"{self.get_cache_key(name, filename)}-{compiled_with(environment)}"
        bucket = jinja2.bccache.Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)
            return
        shared = self._shared_cache()
        if shared is not None:
            shared.load_bytecode(bucket)
            # A stale or unreadable entry leaves the bucket empty (Jinja compares the checksum and the format).
            if bucket.code is not None:
                self._store[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()
        shared = self._shared_cache()
        if shared is not None:
            try:
                shared.dump_bytecode(bucket)  # written whole, then renamed: a reader never sees half of it
            except OSError:
                pass  # a full disk or a removed folder costs only the next process's compiling


def compiled_with(environment: jinja2.Environment) -> str:
    """What compiled code takes from its environment: the names of its filters and tests and, for each (and for
    the finalizer), what it is passed (the context, the environment, or nothing: `jinja_pass_arg`), and the
    options that shape the code (syntax, whitespace, autoescaping, extensions)."""

    def passes(function: object) -> str:
        return str(getattr(function, "jinja_pass_arg", ""))

    autoescape = environment.autoescape
    signature = repr(
        [
            [
                sorted((name, passes(function)) for name, function in table.items())
                for table in (environment.filters, environment.tests)
            ],
            passes(environment.finalize) if environment.finalize is not None else None,
            autoescape if isinstance(autoescape, bool) else getattr(autoescape, "__qualname__", repr(autoescape)),
            sorted(environment.extensions),
            [
                getattr(environment, option)
                for option in (
                    "block_start_string",
                    "block_end_string",
                    "variable_start_string",
                    "variable_end_string",
                    "comment_start_string",
                    "comment_end_string",
                    "line_statement_prefix",
                    "line_comment_prefix",
                    "trim_blocks",
                    "lstrip_blocks",
                    "newline_sequence",
                    "keep_trailing_newline",
                    "optimized",
                )
            ],
        ]
    )
    return hashlib.sha1(signature.encode("utf-8"), usedforsecurity=False).hexdigest()[:16]


def users_cache() -> jinja2.BytecodeCache | None:
    """Jinja's per-user cache folder, or None where it cannot be had."""
    try:
        return jinja2.FileSystemBytecodeCache(pattern="__explainer_%s.cache")
    except (OSError, RuntimeError):
        # RuntimeError: the folder exists but is not this user's own private folder (Jinja refuses it).
        return None


COMPILED = CompiledTemplates(users_cache)
