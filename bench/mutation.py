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
    "gates/package_gate.py": ["tests/integration/test_package_gate_mutants.py",  # ~20 s: hand-made bundles
                              "tests/integration/test_gates.py"],  # ~30 s: every probe's rejection, in real sandboxes
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

from mutation_equivalents import EQUIVALENT  # noqa: E402  (beside this script: the survivors judged equivalent)


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
