"""The names a phrasing template reads, parsed once per template text and remembered across processes.

Every process that loads the workflows checks each phrasing against its params at registration
(`workflows.spec.validate_spec`): 1,431 distinct templates, whose parse cost about 1.2 s of CPU
in each process (the flow's, its workers' fork server, every `forge` command), measured. The names
depend on the text and on how it is parsed (this module's `PARSE_VERSION`, jinja2's version, the
environment's globals and delimiters), so they are kept by a digest of both in
`__pycache__/template-names.json` beside this module (under `sys.pycache_prefix` when set), the
way Python keeps bytecode: written at exit where the process met a template it had not (atomically;
never under PYTHONDONTWRITEBYTECODE), read as a hint keyed by content, so a stale entry is never
asked for and an unreadable file is parsed around.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import sys
import tempfile
import threading
from pathlib import Path

import jinja2
import jinja2.nodes

PARSE_VERSION = "1"  # bump when `_parse` changes what it returns
_HERE = Path(__file__).resolve()


def default_store() -> Path:
    """Where Python would put this module's bytecode, with the cache's own name."""
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix, *_HERE.parent.parts[1:], "template-names.json")
    return _HERE.with_name("__pycache__") / "template-names.json"


class TemplateNames:
    """`names(source)`: the variables a template reads and does not set itself (loop targets,
    `loop`, `set` names, the environment's globals), from its parse tree. `jinja2.meta.
    find_undeclared_variables` compiles each template to Python first, which costs more."""

    def __init__(self, env: jinja2.Environment, store: Path | None = None) -> None:
        self.env, self.store = env, store or default_store()
        self._salt = json.dumps([PARSE_VERSION, jinja2.__version__, sorted(env.globals), env.block_start_string,
                                 env.variable_start_string, env.comment_start_string, env.line_statement_prefix])
        self._known: dict[str, frozenset[str]] | None = None
        self._found: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    def names(self, source: str) -> frozenset[str]:
        key = hashlib.blake2b(f"{self._salt}\n{source}".encode(), digest_size=16).hexdigest()
        with self._lock:
            known = self._load()
            if key not in known:
                known[key] = self._parse(source)
                if not self._found:
                    atexit.register(self.save)
                self._found[key] = sorted(known[key])
            return known[key]

    def _parse(self, source: str) -> frozenset[str]:
        tree = self.env.parse(source)
        names = {(n.name, n.ctx) for n in tree.find_all(jinja2.nodes.Name)}
        local = {name for name, ctx in names if ctx != "load"} | {"loop"} | set(self.env.globals)
        return frozenset({name for name, ctx in names if ctx == "load"} - local)

    def _load(self) -> dict[str, frozenset[str]]:
        if self._known is None:
            self._known = {key: frozenset(names) for key, names in self._read().items()}
        return self._known

    def _read(self) -> dict[str, list[str]]:
        """The store's well-formed entries; none when it is missing or unreadable."""
        with contextlib.suppress(OSError, ValueError):
            stored = json.loads(self.store.read_text())
            if isinstance(stored, dict):
                return {key: names for key, names in stored.items()
                        if isinstance(names, list) and all(isinstance(n, str) for n in names)}
        return {}

    def save(self) -> None:
        """Add what this process parsed to the store (re-read first: other processes write too)."""
        with self._lock:
            if not self._found or sys.dont_write_bytecode:
                return
            merged = {**self._read(), **self._found}
            self._found = {}
            with contextlib.suppress(OSError):  # a read-only install: the next process parses again
                self.store.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=self.store.parent, prefix=".template-names-")
                try:
                    with os.fdopen(fd, "w") as out:
                        os.fchmod(out.fileno(), _HERE.stat().st_mode & 0o666)  # bytecode's mode: its source's
                        json.dump(merged, out, sort_keys=True)
                    os.replace(tmp, self.store)
                finally:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(tmp)
