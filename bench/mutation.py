"""Mutation score of the core: how many small deliberate bugs the tests catch, by module.

Each module is mutated with cosmic-ray (one operator application at a time) in a private copy of
the tree, never in the work tree, and its tests run against each mutant: a failing test run kills
the mutant, a passing one lets it survive. Prints ONE JSON object: per module, mutants tried,
killed, survived, timed out, and each survivor (line, operator, occurrence) to kill or to list
as equivalent in docs/testing.md.

    .venv/bin/python bench/mutation.py                                # the default modules, 20 min each
    .venv/bin/python bench/mutation.py --budget-s 600 gates/duplicates.py

A module whose budget runs out reports what it tried so far ("complete": false); its results are
kept under build/mutation/ (by the module's and its tests' contents), so the next run resumes.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Module -> the tests that speak for it (kept narrow: every mutant reruns them). A pytest node id
# (`file::test`) narrows to one test function; the module order is the default run's order (the
# cheapest tests and the most-used code first).
BOUNDARIES = "tests/unit/test_check_boundaries.py::test_boundary"  # the contract's cases, not its bookkeeping
TESTS: dict[str, list[str]] = {
    "forge/checks/table.py": ["tests/unit/test_table_checks.py", "tests/unit/test_table_edges.py", BOUNDARIES],
    "forge/checks/_compare.py": ["tests/unit/test_table_checks.py", "tests/unit/test_table_edges.py", BOUNDARIES],
    "forge/store/store.py": ["tests/unit/test_store.py", "tests/unit/test_store_edges.py"],
    "forge/store/tables.py": ["tests/unit/test_store.py", "tests/unit/test_store_edges.py"],
    "forge/store/_ledger.py": ["tests/unit/test_ledger_mutants.py", "tests/unit/test_llm_ledger.py",
                               "tests/unit/test_store.py"],
    "gates/duplicates.py": ["tests/unit/test_near_duplicates.py", "tests/unit/test_gates_edges.py"],
    "forge/dataset/writer.py": ["tests/unit/test_dataset_writer.py"],
    "gates/consistency.py": ["tests/unit/test_gates_edges.py", "tests/unit/test_barrier_numbers.py",
                             "tests/integration/test_gates.py"],
    "gates/_numbers.py": ["tests/unit/test_gates_edges.py", "tests/unit/test_barrier_numbers.py"],
    "gates/spec.py": ["tests/unit/test_gates_edges.py", "tests/integration/test_gates.py"],
    "gates/file_gate.py": ["tests/unit/test_file_gate_mutants.py", "tests/unit/test_gates_edges.py"],
    "flows/stages.py": ["tests/integration/test_stages_mutants.py", "tests/integration/test_stages_edges.py",
                        "tests/integration/test_stages.py"],
    "forge/sandbox/_limits.py": ["tests/unit/test_limits_mutants.py"],
    "gates/_offload.py": ["tests/unit/test_offload.py"],
    "gates/package_gate.py": ["tests/integration/test_gates.py",  # every probe's rejection, in real sandboxes
                              "tests/integration/test_package_gate_mutants.py"],
}

# A `-k` expression narrowing a module's tests (the boundary contract holds every check's cases;
# a table mutant needs only the table ones, and those after the slow sandboxed project cases).
SELECT: dict[str, str] = {"forge/checks/table.py": "table", "forge/checks/_compare.py": "table"}

# The boundary-case modules a module's mutants need (tests/unit/boundary_cases): the table
# library's cases are in the test file itself; building every other module's documents at each
# mutant's collection costs ~10 s on a loaded machine.
CASE_MODULES: dict[str, dict[str, str]] = {m: {"BOUNDARY_CASE_MODULES": ""} for m in SELECT}

# Folders whose files speak for a module's tests beyond the test files themselves (cases read by a test).
TEST_DATA: dict[str, list[str]] = {BOUNDARIES: ["tests/unit/boundary_cases"]}

# Survivors judged equivalent (no test can tell them from the original, or only a nondeterministic
# one): module -> (a fragment of the removed line, a fragment of the added line, why). Matched on
# the diff's text, not on line numbers, so an edit elsewhere in the module keeps them matched.
# docs/testing.md explains each; a survivor matching none is "open" (a test to write).
_INTERNED = "CPython interns these short literals (and caches ints under 257): `is` behaves as `==` here"
_LOCK = ("a second guard for writers in one process: SQLite's own locking and busy timeout serialise the "
         "tests' concurrent writers either way, and BEGIN IMMEDIATE matters for writers in OTHER processes; "
         "no deterministic single-process test tells them apart")
_ROLES = 'a role is "input" or "output" (a Literal): only "input" is <= "input", only "output" >= "output"'
_BUSY = ("only how long or how often remove() retries an rmdir that fails with EBUSY before the same warning: the one "
         "EBUSY a test can make (a child cgroup) never clears, and a transient one (tasks still exiting) cannot be "
         "made on demand; no test asserts a duration")
_KILL_WAIT = ("only whether _kill_and_wait returns at the last exit or waits out its deadline (1 s): every process "
              "is SIGKILLed and has exited either way (the tests check both); no test asserts a duration")
_CLOEXEC = ("the flags come out as O_WRONLY alone: the fd lives only inside _write (opened, written, closed), so "
            "losing O_CLOEXEC matters only to an exec on another thread in that window")
EQUIVALENT: dict[str, list[tuple[str, str, str]]] = {
    "forge/checks/_compare.py": [
        ("len(output.header) > len(original.header)", "len(output.header) != len(original.header)",
         "a shorter header is reported by the loop above first (a missing header cell)"),
        ("len(output.header) > len(original.header)", "len(output.header) is not len(original.header)",
         "a shorter header is reported by the loop above first; " + _INTERNED),
        ("if len(got) < len(expected):", "if len(got) <= len(expected):", "reached only when the lengths differ"),
        ('if operator == "==":', 'if operator is "==":', _INTERNED),
        ("isinstance(a, str) and isinstance(b, str)", "not isinstance(a, str) and isinstance(b, str)",
         "both branches compare with ==: a str and a non-str are unequal either way"),
        ("isinstance(a, str) and isinstance(b, str)", "isinstance(a, str) or isinstance(b, str)",
         "a str against a non-str is unequal either way (the fallback `a == b`)"),
        ("return (3, 0)", "return (3, 1)", "every blank gets the same key, still after every other group"),
        ("return (3, 0)", "return ( 4, 0)", "blanks still sort after every other group"),
        ("return (0, float(value))", "return ( -1, float(value))", "numbers still sort before every other group"),
        ("abs(scaled - round(scaled)) <= 1e-6", "abs(scaled - round(scaled)) < 1e-6",
         "a distance exactly equal to a slack carrying 1e-12*|x| has measure zero"),
        (", *, ", ", /, ", "every caller passes the parameters before `*` by position and the ones after it by keyword"),
    ],
    "forge/checks/table.py": [
        ("abs(got - exact) <= band", "abs(got - exact) < band",
         "equality with a band that carries a 1e-9 float slack has measure zero"),
        ("(i if i < len(output.header) else None)", "(i if i is not len(output.header) else None)",
         "the loop stops at the first i equal to the output's width (a lost column): no i past it is reached"),
        ("(i if i < len(output.header) else None)", "(i if i != len(output.header) else None)",
         "the loop stops at the first i equal to the output's width (a lost column): no i past it is reached"),
        ('opts.operation == "ratio"', 'opts.operation is "ratio"', _INTERNED),
    ],
    "forge/store/_ledger.py": [
        ("_tx(write=True)", "_tx(write=False)", _LOCK),
        ("return self._cost_lines(None, run_id)[0]", "return self._cost_lines(None, run_id)[ -1]",
         "an ungrouped aggregate query returns exactly one row: its first is its last"),
        ('return [_line("total", rows[0])]', 'return [_line("total", rows[ -1])]',
         "an ungrouped aggregate query returns exactly one row: its first is its last"),
        ("def _tx(self, write: bool = False)", "def _tx(self, write: bool = True)",
         "the mixin's placeholder: Store's own `_tx`, with its own default, is the one every call reaches"),
        ("@property", "", "pydantic's `computed_field` wraps a bare method in a property itself"),
    ],
    "forge/store/store.py": [
        ("_tx(write=True)", "_tx(write=False)", _LOCK),
        ("def _tx(self, write: bool = False)", "def _tx(self, write: bool = True)",
         "reads inside a write transaction: the same results, only more locking"),
        ('sqlite = self._engine.dialect.name == "sqlite"', "sqlite = self._engine.dialect.name", _LOCK),
        ("threading.RLock() if sqlite else None", "threading.RLock() if not sqlite else None", _LOCK),
        ("lock = self._lock if (write or self._memory) and self._lock is not None", "lock = self._lock if", _LOCK),
        ("{schema.WRITE_OPTION: True}", "{schema.WRITE_OPTION: False}", _LOCK),
        ("if len(wanted) != len(episode_ids):", "if len(wanted) < len(episode_ids):",
         "`wanted` is `episode_ids` without repeats: never longer, so `<` is `!=`"),
        ("expire_on_commit=False", "expire_on_commit=True",
         "every record is built inside its session; no row object is read after the commit"),
    ],
    "forge/store/tables.py": [
        ("String(", "String( ", "SQLite, the store's engine, does not enforce VARCHAR lengths"),
        ("timezone=True", "timezone=False",
         "SQLite keeps a DateTime as text either way; the store makes the values it reads UTC-aware"),
        ("index=True", "index=False", "an index changes speed, not results"),
        ("default=0", "default= ", "every writer sets the column itself (save_episode, the ledger's record)"),
    ],
    "forge/dataset/writer.py": [
        ("os.O_WRONLY | os.O_CREAT | os.O_EXCL", "os.O_",
         ("the flag bits are disjoint, so + and ^ give the same value; the fd is closed unused, so the access "
         "mode does not matter; losing O_EXCL matters only on a collision of 48 random bits")),
        ("secrets.token_hex(6)", "secrets.token_hex(", "the temporary name's length"),
        ("leftover.unlink(missing_ok=True)", "leftover.unlink(missing_ok=False)",
         "the leftover was just listed under the lock: it exists"),
    ],
    "gates/file_gate.py": [
        ('if spec.role == "output":', 'if spec.role is "output":', _INTERNED),
        ('if spec.role == "input":', 'if spec.role is "input":', _INTERNED),
        ('if spec.role == "input":', 'if spec.role <= "input":', _ROLES),
        ('if spec.role == "output":', 'if spec.role >= "output":', _ROLES),
    ],
    "gates/spec.py": [
        ("round(time.perf_counter() - started, 4)", "round(time.perf_counter() - started, ",
         "a timing's precision"),
        ("round(time.perf_counter() - started, 4)", "round(time.perf_counter() % started, 4)",
         "t % s is t - s while a gate runs for less time than the process has lived (s < t < 2s)"),
    ],
    "gates/package_gate.py": [
        ("self.seconds[probe] = round(time.perf_counter() - started, 4)",
         "self.seconds[probe] = round(time.perf_counter() - started, ", "a probe timing's precision"),
        ("self.seconds[probe] = round(time.perf_counter() - started, 4)",
         "self.seconds[probe] = round(time.perf_counter() % started, 4)",
         "t % s is t - s while a probe runs for less time than the process has lived (s < t < 2s)"),
    ],
    "flows/stages.py": [
        ("if match is None:", "if match is not None:", ("`_seen` only spares re-reading a task the index holds; claiming "
         "it again is a no-op (its own id is skipped, never inserted twice), and a refused look-alike is never "
         "accepted later")),
        ("if match is None:", "if not match is None:", "as `is not None`: `_seen` only spares a re-read"),
        ('if result.status == "error"', 'if result.status is "error"', _INTERNED),
        ("len(batch) < ctx.shard_max_rows", "len(batch) is not ctx.shard_max_rows",
         "a batch is never longer than the limit it was read with, so `<` is `!=`; " + _INTERNED),
        ("len(batch) < ctx.shard_max_rows", "len(batch) != ctx.shard_max_rows",
         "a batch is never longer than the limit it was read with, so `<` is `!=`"),
        ("if len(ctx.harnesses) == 1 else", "if len(ctx.harnesses) <= 1 else", "a run has at least one harness"),
        ("if len(ctx.harnesses) == 1 else", "if len(ctx.harnesses) is 1 else", _INTERNED),
    ],
    "forge/sandbox/_limits.py": [
        ("_KILL_ROUNDS = 200", "_KILL_ROUNDS = ", "a bound reached only by a task that outlives 200 rounds of SIGKILL"),
        ("_RMDIR_WAIT_S = 2.0", "_RMDIR_WAIT_S = ", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() - _RMDIR_WAIT_S", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() / _RMDIR_WAIT_S", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno == errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno is errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno > errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno >= errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno is not errno.EBUSY or", _INTERNED),
        ("time.sleep(0.001)", "time.sleep( 1.001)", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() % _RMDIR_WAIT_S", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno <= errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno < errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if not exc.errno != errno.EBUSY or", _BUSY),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() <= deadline",
         "a clock read exactly at the deadline has measure zero, and it would only poll once more"),
        ("def join(self, pid: int = 0)", "def join(self, pid: int = ",
         "no caller in the tree uses the default (the warm-python server joins through join_cgroups_of); a test of it "
         "would, under the mutant, move the host's pid 1 into a 64 MiB sandbox cgroup"),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY ** os.O_CLOEXEC", _CLOEXEC),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY % os.O_CLOEXEC", _CLOEXEC),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY + os.O_CLOEXEC", "the flag bits are disjoint: + is |"),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY ^ os.O_CLOEXEC", "the flag bits are disjoint: ^ is |"),
        ('if hierarchy.version == 2 and (path / "cgroup.kill")', 'if hierarchy.version <= 2 and (path / "cgroup.kill")',
         "a v1 cgroup has no cgroup.kill file"),
        ('if hierarchy.version == 2 and (path / "cgroup.kill")', 'if hierarchy.version == 2 or (path / "cgroup.kill")',
         "a v1 cgroup has no cgroup.kill file"),
        ('"memory" in hierarchy.controllers and hierarchy.version == 1', "hierarchy.version <= 1",
         "a hierarchy is version 1 or 2"),
        ("if exc.errno == errno.EBUSY:", "if exc.errno is errno.EBUSY:", _INTERNED),
        ("self._removed = True", "self._removed = False",
         "a second remove() finds no task to kill and no dir to remove (rmdir: not found)"),
        ("_EXIT_WAIT_S = 1.0", "_EXIT_WAIT_S = ", _KILL_WAIT),
        ("waiting -= 1", "waiting -= ", _KILL_WAIT),
        ("for fd, _ in poller.poll(", "for fd, _ in []:", _KILL_WAIT),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() != deadline", _KILL_WAIT),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() is not deadline",
         _KILL_WAIT),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() // _RMDIR_WAIT_S", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() != deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() < deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() <= deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() is not deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() >= deadline:",
         "a clock read exactly at the deadline has measure zero"),
        ("else hierarchy.controllers[0]", "else hierarchy.controllers[ -1]",
         "every controller of a co-mounted v1 hierarchy names the same path in /proc/<pid>/cgroup (paths_of)"),
        ("entry.is_dir(follow_symlinks=False)", "entry.is_dir(follow_symlinks=True)",
         "rmdir never follows a symlink: a link named like a dead host's cgroup fails (ENOTDIR, suppressed) either way"),
        ("if hierarchy.version == 2", "if hierarchy.version >= 2", "a hierarchy is version 1 or 2"),
        ("secrets.token_hex(6)", "secrets.token_hex(", "the random part's length (the sweep's pattern takes any)"),
        ("_kill_and_wait(pids, wait_s=0)", "_kill_and_wait(pids, wait_s= -1)", "a deadline already past is 0"),
        ("_kill_and_wait(pids, wait_s=0)", "_kill_and_wait(pids, wait_s= 1)",
         "close would wait for the exits the removal thread waits for anyway (kill_all): a duration"),
        ("break", "continue", ("remove()'s loop is the module's only one with a break: after a successful rmdir the "
                               "next finds the dir gone and stops (after the other two it would loop for ever: a timeout)")),
        ("while waiting and time.monotonic() < deadline", "while waiting or time.monotonic() < deadline",
         "with every process gone the loop polls nothing until its deadline: a duration"),
        ("poller.poll(max(1, int((deadline - time.monotonic()) * 1000)))", "poller.poll(max(",
         "poll returns at the first exit whatever its timeout; the timeout matters only to a process that "
         "outlives SIGKILL"),
    ],
    "gates/_numbers.py": [
        ("def numbers_in(text: str, *, distinctive", "def numbers_in(text: str, /, distinctive",
         "every caller passes `distinctive` by keyword"),
    ],
    "gates/consistency.py": [
        ('if role == "output" else inputs', 'if role >= "output" else inputs',
         'a role is "input" or "output": only "output" is >= "output"'),
        ("typing.get_origin(annotation) is Literal", "typing.get_origin(annotation) == Literal",
         "typing.Literal is a singleton: == is `is`"),
        ("annotation is bool or", "annotation == bool or", "a class compares by identity: == is `is`"),
        ('if role == "output" else inputs', 'if role is "output" else inputs', _INTERNED),
        ("a is type(None)", "a == type(None)", "NoneType is a singleton class: == on classes is `is`"),
    ],
    "gates/duplicates.py": [
        ("continue  # a resumed run meeting its own task", "break  # a resumed run meeting its own task",
         ("the index never holds two near-duplicates (claim refuses the second), so nothing above the threshold "
         "follows the task's own id")),
    ],
}


def _equivalent(module: str, diff: list[str]) -> str | None:
    removed = " ".join(line[1:].strip() for line in diff if line.startswith("-"))
    added = " ".join(line[1:].strip() for line in diff if line.startswith("+"))
    return next((why for old, new, why in EQUIVALENT.get(module, []) if old in removed and new in added), None)


# Every mutant pays pytest's start: the mapped tests need no shared fixture (tests/conftest.py
# imports Prefect) and no third-party plugin, except those under a folder with its own conftest.
PYTEST_ARGS = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:faker", "-p", "no:anyio"]
NEEDS_CONFTEST = ("tests/integration/", "tests/security/")


def _pytest_args(module: str, tests: list[str]) -> list[str]:
    conftest = any(t.startswith(NEEDS_CONFTEST) for t in tests)
    select = ["-k", SELECT[module]] if module in SELECT else []
    return [*PYTEST_ARGS, *([] if conftest else ["--noconftest"]), *select]


def _test_files(tests: list[str]) -> list[str]:
    """The files (and data folders' files) whose contents decide what the tests do."""
    files = [t.split("::")[0] for t in tests]
    for test in tests:
        for folder in TEST_DATA.get(test, []):
            files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.py"))
    return files


def _copy_tree(dest: Path) -> None:
    """The tracked and untracked-but-not-ignored files: the tree as a fresh checkout would have it."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def _config(module: str, tests: list[str], timeout_s: float) -> str:
    command = [sys.executable, "-m", "pytest", *_pytest_args(module, tests), *tests]
    return (
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(module)}\n"
        f"timeout = {timeout_s}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(shlex.join(command))}\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )


def _cosmic_ray(*args: str, cwd: Path, env: dict[str, str], timeout_s: float | None = None) -> bool:
    """Run a cosmic-ray command in its own process group; False when it ran out of time (killed)."""
    proc = subprocess.Popen([sys.executable, "-m", "cosmic_ray.cli", *args], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return False
    if proc.returncode != 0:
        raise RuntimeError(f"cosmic-ray {args[0]} failed: {err.decode(errors='replace')[-2000:]}")
    return True


def _span(node: ast.expr) -> tuple[tuple[int, int], tuple[int, int]]:
    return (node.lineno, node.col_offset), (node.end_lineno or node.lineno, node.end_col_offset or 0)


def _local_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """A function body's statements, nested blocks included, but not a class's (pydantic evaluates those)."""
    found = []
    for statement in body:
        if isinstance(statement, ast.ClassDef):
            continue
        found.append(statement)
        for field in ("body", "orelse", "finalbody", "handlers"):
            found += _local_statements(getattr(statement, field, []))
    return found


def _signature_annotations(module: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Spans of the annotations Python never evaluates, so a mutant in one is equivalent by
    construction: a local variable's (`x: T = ...` in a function body, never evaluated at all),
    and, in a module with postponed annotations (`from __future__ import annotations`), the
    function signatures' and the module-level variables'. Class-level annotations are kept:
    pydantic evaluates them."""
    tree = ast.parse(module.read_text())
    postponed = any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and
                    any(a.name == "annotations" for a in n.names) for n in tree.body)
    spans = [_span(n.annotation) for n in tree.body if postponed and isinstance(n, ast.AnnAssign)]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans += [_span(n.annotation) for n in _local_statements(node.body) if isinstance(n, ast.AnnAssign)]
            if not postponed:
                continue
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            spans += [_span(a) for a in [a.annotation for a in every if a is not None] + [node.returns]
                      if a is not None]
    return spans


def _skip_equivalent(session: Path, module: Path) -> int:
    """Mark the mutants inside never-evaluated annotations skipped (as cosmic-ray's own filters do)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans = _signature_annotations(module)
    skipped = 0
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in db.work_items:  # tried ones too: they were equivalent all along
            start = tuple(item.mutations[0].start_pos)
            if any(a <= start < b for a, b in spans):
                db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                                      output="inside an annotation Python never evaluates"))
                skipped += 1
    return skipped


def _results(module: str, session: Path) -> tuple[int, dict[str, object]]:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    counts = {"killed": 0, "survived": 0, "timeout_or_error": 0, "skipped_equivalent": 0}
    survivors = []
    with use_db(str(session), WorkDB.Mode.open) as db:
        total = db.num_work_items
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                counts["skipped_equivalent"] += 1
            elif result.worker_outcome != WorkerOutcome.NORMAL or result.test_outcome == TestOutcome.INCOMPETENT:
                counts["timeout_or_error"] += 1  # a mutant that hangs, crashes or breaks import is caught
            elif result.test_outcome == TestOutcome.KILLED:
                counts["killed"] += 1
            else:
                counts["survived"] += 1
                for mutation in item.mutations:
                    changed = [line for line in (result.diff or "").splitlines()
                               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
                    survivors.append({"line": mutation.start_pos[0], "operator": mutation.operator_name,
                                      "occurrence": mutation.occurrence, "diff": changed,
                                      "equivalent": _equivalent(module, changed)})
    survivors.sort(key=lambda s: s["line"])
    counts["survived_equivalent"] = sum(1 for s in survivors if s["equivalent"])
    return total, {**counts, "survived_open": counts["survived"] - counts["survived_equivalent"],
                   "survivors": survivors}


def _digest(paths: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in paths:
        digest.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    return digest.hexdigest()[:12]


def _kept_session(module: str, sessions: Path) -> Path:
    return sessions / f"{module.replace('/', '.')}-{_digest([module])}.sqlite"


def _session_for(module: str, tests: list[str], sessions: Path) -> Path:
    """Where this module's results are kept, named by the module's contents: a rerun resumes
    (cosmic-ray runs only the mutants not tried yet). When the tests changed since, the survivors
    are tried again (tests only ever get stronger, so a killed mutant stays killed)."""
    session = _kept_session(module, sessions)
    stamp = session.with_suffix(".tests")
    tests_digest = _digest(_test_files(tests)) + SELECT.get(module, "") + str(CASE_MODULES.get(module, ""))
    if session.exists() and (not stamp.exists() or stamp.read_text() != tests_digest):
        with sqlite3.connect(session) as db:
            db.execute("DELETE FROM work_results WHERE test_outcome = 'SURVIVED'")
    if session.exists():
        stamp.write_text(tests_digest)
    return session


def mutate(module: str, budget_s: float, per_mutant_s: float, sessions: Path) -> dict[str, object]:
    tests = [t for t in TESTS.get(module, []) if (ROOT / t.split("::")[0]).exists()]
    if not tests:
        return {"error": f"no tests are mapped to {module}; add them to TESTS in bench/mutation.py"}
    session = _session_for(module, tests, sessions)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="forge-mutation-") as tmp:
        tree = Path(tmp) / "tree"
        _copy_tree(tree)
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1", **CASE_MODULES.get(module, {})}
        (tree / "cr.toml").write_text(_config(module, tests, per_mutant_s))
        if not session.exists():
            baseline = subprocess.run([sys.executable, "-m", "pytest", *_pytest_args(module, tests), *tests],
                                      cwd=tree, env=env, capture_output=True, text=True, check=False)
            if baseline.returncode != 0:
                return {"error": "the tests fail before any mutation", "tail": baseline.stdout[-1500:]}
            session.parent.mkdir(parents=True, exist_ok=True)
            _cosmic_ray("init", "cr.toml", str(session), cwd=tree, env=env)
            session.with_suffix(".tests").write_text(_digest(_test_files(tests)) + SELECT.get(module, "")
                                                     + str(CASE_MODULES.get(module, "")))
        _skip_equivalent(session, ROOT / module)
        complete = _cosmic_ray("exec", "cr.toml", str(session), cwd=tree, env=env,
                               timeout_s=max(1.0, budget_s - (time.monotonic() - started)))
    return {**_figures(module, session), "complete_run": complete, "tests": tests,
            "seconds": round(time.monotonic() - started, 1)}


def _figures(module: str, session: Path) -> dict[str, object]:
    """A module's figures from its kept results: killed of tried, and killed of the tried that are not
    equivalent (the goal's measure: an equivalent mutant is no bug)."""
    total, counts = _results(module, session)
    tried = counts["killed"] + counts["survived"] + counts["timeout_or_error"]  # type: ignore[operator]
    caught = counts["killed"] + counts["timeout_or_error"]  # type: ignore[operator]
    done = tried + counts["skipped_equivalent"]  # type: ignore[operator]
    meaningful = tried - counts["survived_equivalent"]  # type: ignore[operator]
    return {"mutants": total, "tried": tried, "complete": done == total, "session": str(session),
            "killed_pct": round(100 * caught / tried, 1) if tried else None,
            "killed_pct_of_non_equivalent": round(100 * caught / meaningful, 1) if meaningful else None, **counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=list(TESTS), help="module paths (default: %(default)s)")
    parser.add_argument("--budget-s", type=float, default=1200.0, help="wall time per module")
    parser.add_argument("--per-mutant-s", type=float, default=120.0, help="a test run past this kills the mutant")
    parser.add_argument("--jobs", type=int, default=1, help="modules mutated at once")
    parser.add_argument("--sessions", type=Path, default=ROOT / "build" / "mutation",
                        help="where results are kept between runs (a rerun resumes)")
    parser.add_argument("--report", action="store_true",
                        help="mutate nothing: the figures kept for each module's current contents")
    args = parser.parse_args()
    if args.report:
        runs = {m: _figures(m, s) if (s := _kept_session(m, args.sessions)).exists() else {"error": "not run yet"}
                for m in args.modules}
    else:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            runs = dict(zip(args.modules, pool.map(
                lambda m: mutate(m, args.budget_s, args.per_mutant_s, args.sessions), args.modules)))
    tried = sum(int(r.get("tried", 0)) for r in runs.values())  # type: ignore[call-overload]
    caught = sum(int(r.get("killed", 0)) + int(r.get("timeout_or_error", 0)) for r in runs.values())  # type: ignore[call-overload]
    print(json.dumps({"bench": "mutation", "tool": "cosmic-ray", "modules": runs, "tried": tried,
                      "killed_pct": round(100 * caught / tried, 1) if tried else None}, indent=1))


if __name__ == "__main__":
    main()
