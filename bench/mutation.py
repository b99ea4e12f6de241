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

# Module -> the tests that speak for it (kept narrow: every mutant reruns them).
TESTS: dict[str, list[str]] = {
    "forge/checks/_compare.py": ["tests/unit/test_table_checks.py", "tests/unit/test_check_boundaries.py"],
    "forge/checks/table.py": ["tests/unit/test_table_checks.py", "tests/unit/test_check_boundaries.py"],
    "gates/duplicates.py": ["tests/unit/test_near_duplicates.py"],
    "forge/dataset/writer.py": ["tests/unit/test_dataset_writer.py"],
}


# Every mutant pays pytest's start: the mapped tests need no shared fixture (tests/conftest.py
# imports Prefect) and no third-party plugin.
PYTEST_ARGS = ["-x", "-q", "-p", "no:cacheprovider", "--noconftest", "-p", "no:faker", "-p", "no:anyio"]


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
    command = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]
    return (
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(module)}\n"
        f"timeout = {timeout_s}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(' '.join(command))}\n"
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


def _signature_annotations(module: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Spans of the function signatures' annotations, in a module with postponed annotations
    (`from __future__ import annotations`): never evaluated there, so a mutant in one is
    equivalent by construction. Class-level annotations are kept: pydantic evaluates them."""
    tree = ast.parse(module.read_text())
    postponed = any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and
                    any(a.name == "annotations" for a in n.names) for n in tree.body)
    if not postponed:
        return []
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            for annotation in [a.annotation for a in every if a is not None] + [node.returns]:
                if annotation is not None:
                    spans.append(((annotation.lineno, annotation.col_offset),
                                  (annotation.end_lineno or annotation.lineno, annotation.end_col_offset or 0)))
    return spans


def _skip_equivalent(session: Path, module: Path) -> int:
    """Mark the mutants inside signature annotations skipped (as cosmic-ray's own filters do)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans = _signature_annotations(module)
    skipped = 0
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in db.work_items:  # tried ones too: they were equivalent all along
            start = tuple(item.mutations[0].start_pos)
            if any(a <= start < b for a, b in spans):
                db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                                      output="inside a signature annotation, never evaluated"))
                skipped += 1
    return skipped


def _results(session: Path) -> tuple[int, dict[str, object]]:
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
                                      "occurrence": mutation.occurrence, "diff": changed})
    return total, {**counts, "survivors": sorted(survivors, key=lambda s: s["line"])}


def _digest(paths: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in paths:
        digest.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    return digest.hexdigest()[:12]


def _session_for(module: str, tests: list[str], sessions: Path) -> Path:
    """Where this module's results are kept, named by the module's contents: a rerun resumes
    (cosmic-ray runs only the mutants not tried yet). When the tests changed since, the survivors
    are tried again (tests only ever get stronger, so a killed mutant stays killed)."""
    session = sessions / f"{module.replace('/', '.')}-{_digest([module])}.sqlite"
    stamp = session.with_suffix(".tests")
    if session.exists() and (not stamp.exists() or stamp.read_text() != _digest(tests)):
        with sqlite3.connect(session) as db:
            db.execute("DELETE FROM work_results WHERE test_outcome = 'SURVIVED'")
    if session.exists():
        stamp.write_text(_digest(tests))
    return session


def mutate(module: str, budget_s: float, per_mutant_s: float, sessions: Path) -> dict[str, object]:
    tests = [t for t in TESTS.get(module, []) if (ROOT / t).exists()]
    if not tests:
        return {"error": f"no tests are mapped to {module}; add them to TESTS in bench/mutation.py"}
    session = _session_for(module, tests, sessions)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="forge-mutation-") as tmp:
        tree = Path(tmp) / "tree"
        _copy_tree(tree)
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
        (tree / "cr.toml").write_text(_config(module, tests, per_mutant_s))
        if not session.exists():
            baseline = subprocess.run([sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests],
                                      cwd=tree, env=env, capture_output=True, text=True, check=False)
            if baseline.returncode != 0:
                return {"error": "the tests fail before any mutation", "tail": baseline.stdout[-1500:]}
            session.parent.mkdir(parents=True, exist_ok=True)
            _cosmic_ray("init", "cr.toml", str(session), cwd=tree, env=env)
            session.with_suffix(".tests").write_text(_digest(tests))
        _skip_equivalent(session, ROOT / module)
        complete = _cosmic_ray("exec", "cr.toml", str(session), cwd=tree, env=env,
                               timeout_s=max(1.0, budget_s - (time.monotonic() - started)))
    total, counts = _results(session)
    tried = counts["killed"] + counts["survived"] + counts["timeout_or_error"]  # type: ignore[operator]
    caught = counts["killed"] + counts["timeout_or_error"]  # type: ignore[operator]
    done = tried + counts["skipped_equivalent"]  # type: ignore[operator]
    return {"mutants": total, "tried": tried, "complete": complete and done == total, "tests": tests,
            "session": str(session), "killed_pct": round(100 * caught / tried, 1) if tried else None,
            "seconds": round(time.monotonic() - started, 1), **counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=list(TESTS), help="module paths (default: %(default)s)")
    parser.add_argument("--budget-s", type=float, default=1200.0, help="wall time per module")
    parser.add_argument("--per-mutant-s", type=float, default=120.0, help="a test run past this kills the mutant")
    parser.add_argument("--jobs", type=int, default=1, help="modules mutated at once")
    parser.add_argument("--sessions", type=Path, default=ROOT / "build" / "mutation",
                        help="where results are kept between runs (a rerun resumes)")
    args = parser.parse_args()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runs = dict(zip(args.modules, pool.map(
            lambda m: mutate(m, args.budget_s, args.per_mutant_s, args.sessions), args.modules)))
    tried = sum(int(r.get("tried", 0)) for r in runs.values())  # type: ignore[call-overload]
    caught = sum(int(r.get("killed", 0)) + int(r.get("timeout_or_error", 0)) for r in runs.values())  # type: ignore[call-overload]
    print(json.dumps({"bench": "mutation", "tool": "cosmic-ray", "modules": runs, "tried": tried,
                      "killed_pct": round(100 * caught / tried, 1) if tried else None}, indent=1))


if __name__ == "__main__":
    main()
