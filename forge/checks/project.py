"""The project check library: checks over `ProjectView`, a code project's files plus the result of
running its tests IN A SANDBOX (never on the host: the code was written by the agent).

Where the state lives is this library's own source, `project`: a folder in the job dir (the run's
result) or the project archive the task gave (the original). Test runs are cached by the files'
content, so the gate's probes and a rubric's several checks run each version's tests once.

    view = project_view(state, "shop_pricing")                  # after the run, tests included
    before = project_view(state, "shop_pricing", original=True)
"""

from __future__ import annotations

import ast
import hashlib
from collections import OrderedDict
import json
import re
import shlex
import shutil
import tempfile
import threading
from pathlib import Path, PurePosixPath
from typing import Literal, TypeVar

from pydantic import Field, JsonValue

from forge.checks._compare import is_number
from forge.checks.source import SOURCES, input_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.tree import TreeLimitError, TreeLimits, TreeReader, walk
from forge.views import ProjectView, TableView, TestRun, View

V = TypeVar("V", bound=View)
# `--tb=line`: each failure's `E   ...` lines and its place, without the long report, which tokenizes the
# source around every failing test (~5 ms a failure, most of a failing run's time)
TEST_COMMAND = "python3 -m pytest -q -p no:cacheprovider --tb=line"
TEST_TIMEOUT_S = 60.0
SOURCE_SUFFIXES = (".py", ".md", ".txt", ".ini", ".cfg", ".toml", ".json", ".csv")
_SUMMARY = re.compile(r"(\d+) (passed|failed|errors?)")
_LIMITS = TreeLimits(max_depth=12, max_entries=2000, max_file_bytes=2 * 1024 * 1024, max_total_bytes=32 * 1024 * 1024)
KEPT_RUNS = 512  # test runs remembered by content (a probe's versions of a project), oldest dropped first
_runs: OrderedDict[str, TestRun] = OrderedDict()
_runs_lock = threading.Lock()


def _folder_files(state: FinalState, folder: str) -> dict[str, str]:
    """The folder's source files as the run left them, read without following links, bounded."""
    root = state.job_dir / folder
    if not root.is_dir() or root.is_symlink():
        raise CheckError(f"the project folder {folder}/ does not exist")
    reader = TreeReader(root, _LIMITS)
    files: dict[str, str] = {}
    try:
        for entry in walk(root, _LIMITS):
            parts = PurePosixPath(entry.rel).parts
            if entry.kind != "file" or "__pycache__" in parts or not entry.rel.endswith(SOURCE_SUFFIXES):
                continue
            files[entry.rel] = reader.read(entry).decode("utf-8")
    except TreeLimitError as exc:
        raise CheckError(f"the project folder {folder}/ is out of bounds: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise CheckError(f"a file in {folder}/ is not UTF-8 text: {exc}") from exc
    return files


def run_tests(files: dict[str, str], target: str = "") -> TestRun:
    """Run the tests (of `target`, a folder among `files`; default all) in a fresh sandbox over a copy
    of `files`; cached by content."""
    key = hashlib.sha256(json.dumps([files, target], sort_keys=True).encode()).hexdigest()
    with _runs_lock:
        if key in _runs:
            return _runs[key]
    from forge.sandbox import open_sandbox

    scratch = Path(tempfile.mkdtemp(prefix="forge-project-"))
    try:
        _write_files(scratch, files)
        with open_sandbox(scratch) as box:
            result = box.run(f"PYTHONDONTWRITEBYTECODE=1 {TEST_COMMAND} {shlex.quote(target) if target else ''}",
                             timeout_s=TEST_TIMEOUT_S)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    output = (result.stdout + result.stderr)[-4000:]
    summary = next((line for line in reversed(output.splitlines()) if _SUMMARY.search(line) and " in " in line), "")
    counts = {kind.rstrip("s"): int(n) for n, kind in _SUMMARY.findall(summary)}
    run = TestRun(command=TEST_COMMAND, exit_code=None if result.timed_out else result.exit_code,
                  passed=counts.get("passed", 0), failed=counts.get("failed", 0), errors=counts.get("error", 0),
                  output=output)
    _remember(key, run)
    return run


def _write_files(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _remember(key: str, run: TestRun) -> None:
    with _runs_lock:
        _runs[key] = run
        while len(_runs) > KEPT_RUNS:
            _runs.popitem(last=False)


class ProjectSource:
    """A project folder in the job dir (the run's result), or the archive the task gave (`original`)."""

    name = "project"

    def view(self, state: FinalState, locator: str, view: type[V], *, original: bool = False) -> V:
        if view is not ProjectView:
            raise CheckError(f"the project source reads ProjectView, not {view.__name__}")
        if original:
            if locator not in state.originals:
                raise CheckError(f"{locator} is not one of the task's input files")
            files = read_view(state.originals[locator], locator, ProjectView, file_type="project").files
        else:
            files = _folder_files(state, locator)
        return ProjectView(source=locator, files=files)  # type: ignore[return-value]  (tests: `tested`)


SOURCES.add("project", ProjectSource())


def project_view(state: FinalState, folder: str, *, original: bool = False) -> ProjectView:
    """The project's files; its tests have not run yet (`tested`), so cheap checks can fail first."""
    return SOURCES.get("project").view(state, folder, ProjectView, original=original)


def tested(view: ProjectView) -> ProjectView:
    """`view` with the result of running its tests in a sandbox (cached by the files' content)."""
    return view if view.tests is not None else view.model_copy(update={"tests": run_tests(view.files)})


def _inside(folder: str, path: str) -> str:
    """`path` relative to `folder`; CheckError when it is not inside it."""
    prefix = folder.rstrip("/") + "/"
    if not path.startswith(prefix):
        raise CheckError(f"{path} is not inside the project folder {folder}/")
    return path[len(prefix):]


def _tests_verdict(after: ProjectView, before: ProjectView) -> str | None:
    """Why the result's tests do not pass as a whole suite at least as large as the original's."""
    after, before = tested(after), tested(before)
    run = after.tests
    assert run is not None and before.tests is not None
    if run.exit_code != 0 or run.failed or run.errors:
        tail = " | ".join(line for line in run.output.splitlines()[-4:] if line.strip())
        return f"the tests do not pass ({run.passed} passed, {run.failed} failed, {run.errors} errors): {tail[-300:]}"
    collected = before.tests.passed + before.tests.failed
    if run.passed < collected:
        return f"only {run.passed} tests ran, fewer than the project's {collected}: tests were removed or skipped"
    return None


def _test_files(view: ProjectView) -> dict[str, str]:
    return {p: t for p, t in view.files.items() if PurePosixPath(p).name.startswith("test_")}


class ProjectEdit(CheckOptions):
    folder: str = Field(description="The project folder, as the instruction names it.")
    file: OutputPath = Field(description="The module the task changes (inside the folder).")


# --- project.tests_pass ---------------------------------------------------------------------------


class TestsPass(ProjectEdit):
    keep_tests: bool = Field(default=True, description="The test files must stay exactly as given.")


@register_check("project.tests_pass", TestsPass, source="project", view="project")
def tests_pass(state: FinalState, opts: TestsPass) -> Verdict:
    """The project's whole test suite passes in a sandbox, with no fewer tests than it had, and (by
    default) its test files unchanged: the code was fixed, not the tests."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    if module not in after.files:
        return Verdict.of(False, f"{opts.file} does not exist")
    if opts.keep_tests:
        for path, text in _test_files(before).items():
            if after.files.get(path) != text:
                return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{tested(after).tests.passed} tests pass")  # type: ignore[union-attr]


# --- project.function_renamed --------------------------------------------------------------------


class FunctionRenamed(ProjectEdit):
    test_file: OutputPath
    old: str
    new: str


def _names_used(source: str) -> set[str]:
    tree = ast.parse(source)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    return names | {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def _defines(source: str, function: str) -> bool:
    return any(isinstance(n, ast.FunctionDef) and n.name == function for n in ast.parse(source).body)


@register_check("project.function_renamed", FunctionRenamed, source="project", view="project")
def function_renamed(state: FinalState, opts: FunctionRenamed) -> Verdict:
    """The module defines the function under its new name, no Python file of the project uses the
    old name any more (definitions, calls, imports), and the tests still pass."""
    module, _ = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    try:
        if not _defines(after.files.get(module, ""), opts.new):
            return Verdict.of(False, f"{opts.file} defines no function {opts.new!r}")
        left = sorted(p for p, t in after.files.items() if p.endswith(".py") and opts.old in _names_used(t))
    except SyntaxError as exc:
        return Verdict.of(False, f"a Python file of {opts.folder}/ does not parse: {exc}")
    if left:
        return Verdict.of(False, f"{opts.old!r} is still used in {', '.join(left)}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.old!r} renamed to {opts.new!r}; tests pass")


# --- project.function_added ----------------------------------------------------------------------


class FunctionAdded(ProjectEdit):
    test_file: OutputPath
    function: str
    calls: list[str] = Field(min_length=1, description="Example calls the instruction gives, e.g. 'f([1, 2])'.")
    results: list[JsonValue] = Field(min_length=1, description="What each example call returns.")


@register_check("project.function_added", FunctionAdded, source="project", view="project")
def function_added(state: FinalState, opts: FunctionAdded) -> Verdict:
    """The module defines the function at top level and it returns what the instruction's examples
    say (run in a sandbox); the test file has a new test that calls it; the whole suite passes."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    try:
        if not _defines(after.files.get(module, ""), opts.function):
            return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function!r}")
        if opts.function not in _names_used(after.files.get(tests, "")):
            return Verdict.of(False, f"{opts.test_file} has no test that calls {opts.function!r}")
    except SyntaxError as exc:
        return Verdict.of(False, f"a Python file of {opts.folder}/ does not parse: {exc}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    after, before = tested(after), tested(before)
    if after.tests.passed <= before.tests.passed + before.tests.failed:  # type: ignore[union-attr]
        return Verdict.of(False, f"the suite has no more tests than before ({after.tests.passed})")  # type: ignore[union-attr]
    got = _call_examples(after.files, module, opts.function, opts.calls)
    for call, want, have in zip(opts.calls, opts.results, got, strict=False):
        if have != want:
            return Verdict.of(False, f"{call} returns {have!r}, expected {want!r}")
    if len(got) != len(opts.calls):
        return Verdict.of(False, f"the examples could not all run: {got[-1] if got else 'no output'}")
    return Verdict.of(True, f"{opts.function} behaves as the examples say; {after.tests.passed} tests pass")  # type: ignore[union-attr]


def _call_examples(files: dict[str, str], module: str, function: str, calls: list[str]) -> list[JsonValue]:
    """Each call's JSON-normalised result, evaluated in a sandbox next to the project's files."""
    dotted = module.removesuffix(".py").replace("/", ".")
    script = (f"import json\nfrom {dotted} import {function}\n"
              f"print(json.dumps([{', '.join(calls)}]))\n")
    key = "examples:" + hashlib.sha256((json.dumps(files, sort_keys=True) + script).encode()).hexdigest()
    with _runs_lock:
        cached = _runs.get(key)
    if cached is None:
        from forge.sandbox import open_sandbox

        scratch = Path(tempfile.mkdtemp(prefix="forge-examples-"))
        try:
            _write_files(scratch, {**files, "_forge_examples.py": script})
            with open_sandbox(scratch) as box:
                result = box.run("PYTHONDONTWRITEBYTECODE=1 python3 _forge_examples.py", timeout_s=TEST_TIMEOUT_S)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        cached = TestRun(command="examples", exit_code=result.exit_code, output=result.stdout.strip()[-4000:]
                         if result.exit_code == 0 else (result.stderr or result.stdout)[-400:])
        _remember(key, cached)
    if cached.exit_code != 0:
        return [f"error: {cached.output}"]
    try:
        values = json.loads(cached.output.splitlines()[-1])
    except (ValueError, IndexError):
        return [f"unreadable output: {cached.output[-200:]}"]
    return values if isinstance(values, list) else [values]


# --- project.data_function -------------------------------------------------------------------------

AGGREGATES = {"sum": sum, "max": max, "min": min}


class DataFunction(ProjectEdit):
    test_file: OutputPath
    input_file: InputPath = Field(description="The data file (a table: csv, xlsx) the function reads.")
    function: str = Field(description="Called as function(path, column).")
    column: str
    aggregate: Literal["sum", "max", "min"] = "sum"


@register_check("project.data_function", DataFunction, source="project", view="project")
def data_function(state: FinalState, opts: DataFunction) -> Verdict:
    """The new module's function, called in a sandbox on the data file and the named column, returns
    the column's aggregate (rounded to 2 decimals); the folder's tests call it and pass."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    files = project_view(state, opts.folder).files
    try:
        if not _defines(files.get(module, ""), opts.function):
            return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function!r}")
        if opts.function not in _names_used(files.get(tests, "")):
            return Verdict.of(False, f"{opts.test_file} has no test that calls {opts.function!r}")
    except SyntaxError as exc:
        return Verdict.of(False, f"a Python file of {opts.folder}/ does not parse: {exc}")
    table = input_view(state, opts.input_file, TableView).get()
    col = table.need_col(opts.column, opts.input_file)
    values = [row[col] for row in table.body if is_number(row[col])]
    expected = round(AGGREGATES[opts.aggregate](values), 2)
    data = state.originals[opts.input_file].decode("utf-8")
    everything = {f"{opts.folder}/{p}": t for p, t in files.items()} | {opts.input_file: data}
    got = _call_examples(everything, opts.file, opts.function, [f"{opts.function}({opts.input_file!r}, {opts.column!r})"])
    # the instruction asks for the total rounded to 2 decimals: an unrounded 3.281 is not 3.28
    if not got or not is_number(got[0]) or abs(got[0] - expected) > 0.005 or abs(got[0] - round(got[0], 2)) > 1e-9:
        return Verdict.of(False, f"{opts.function}({opts.input_file!r}, {opts.column!r}) returns {got[0] if got else None!r}, "
                          f"expected {expected} (rounded to 2 decimals)")
    run = run_tests(everything, opts.folder)
    if run.exit_code != 0 or not run.passed:
        tail = " | ".join(line for line in run.output.splitlines()[-4:] if line.strip())
        return Verdict.of(False, f"the tests in {opts.folder}/ do not pass ({run.passed} passed, {run.failed} failed): "
                          f"{tail[-300:]}")
    return Verdict.of(True, f"{opts.function} returns {expected}; {run.passed} tests pass")
