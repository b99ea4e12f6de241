"""Project checks on code that reads files: a settings loader made to cope with a missing file (and,
where asked, with settings missing from the file). What the loader must return is worked out by
running the ORIGINAL module on the project's own config files in a sandbox, so the check needs no
parser of its own: the same file must read the same, and the missing cases as the instruction says.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, JsonValue

from forge.checks.project import ProjectEdit, _call_examples, _inside, _tests_verdict, project_view, run_tests
from forge.checks.project_probes import _calls, _new_tests, _only_new, _parsed
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError

MISSING = "no/such/folder/settings"  # a path that exists in no project


class MissingFileHandled(ProjectEdit):
    test_file: OutputPath
    function: str = Field(description="The loader, called as function(path).")
    config: str = Field(description="The project's config file (inside the folder), as the instruction names it.")
    partial: str = Field(description="A second config file that holds only some of the settings.")
    behaviour: Literal["defaults", "empty", "none", "fill"] = Field(
        description="A missing file gives: defaults, a copy of the module's DEFAULTS; empty, {}; none, None; "
                    "fill, DEFAULTS, and any file's settings are laid over DEFAULTS (missing keys filled in).")


def _expected(original: dict[str, str], module: str, opts: MissingFileHandled, paths: list[str]) -> list[JsonValue]:
    """What the loader must return for each path and then for a missing file, from the original module."""
    got = _call_examples(original, module, opts.function, [f"{opts.function}({p!r})" for p in paths])
    defaults = _call_examples(original, module, "DEFAULTS", ["DEFAULTS"])[0]
    if len(got) != len(paths) or not all(isinstance(g, dict) for g in [*got, defaults]):
        raise CheckError(f"the original {module} does not read its own config files: {got[-1] if got else ''}")
    if opts.behaviour == "fill":
        got = [{**defaults, **g} for g in got]  # type: ignore[dict-item]
    missing = {"defaults": defaults, "fill": defaults, "empty": {}, "none": None}[opts.behaviour]
    return [*got, missing]


@register_check("project.missing_file_handled", MissingFileHandled, source="project", view="project")
def missing_file_handled(state: FinalState, opts: MissingFileHandled) -> Verdict:
    """Called on a path that does not exist, the loader returns what the instruction says instead of
    raising; on the project's config files it returns what the original did (laid over DEFAULTS
    with `fill`); a new test calls it and fails on the original module; the other tests are
    unchanged and the whole suite passes (all run in a sandbox)."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    configs = [opts.config, opts.partial]
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, tests, opts.test_file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    fresh = [n for n in _new_tests(before.files.get(tests, ""), tree) if _calls(n, opts.function)]
    if not fresh:
        return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.function}()")
    if path := edited_test(before, after, editable=tests, also=tuple(configs)):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; only {opts.file} and {opts.test_file} may be")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    missing = f"{MISSING}.{opts.config.rsplit('.', 1)[-1]}"
    expected = _expected(before.files, module, opts, configs)
    for paths, wants in (([missing], expected[-1:]), (configs, expected[:-1])):
        got = _call_examples(after.files, module, opts.function, [f"{opts.function}({p!r})" for p in paths])
        if len(got) != len(paths) or (isinstance(got[0], str) and got[0].startswith(("error:", "unreadable"))):
            return Verdict.of(False, f"{opts.function}({paths[0]!r}) fails: {str(got[-1] if got else '')[-300:]}")
        for path, want, have in zip(paths, wants, got, strict=True):
            if have != want:
                return Verdict.of(False, f"{opts.function}({path!r}) returns {have!r}, expected {want!r}")
    old = run_tests({**after.files, module: before.files.get(module, ""), tests: _only_new(before.files.get(tests, ""),
                                                                                          tree)})
    if old.exit_code == 0 and not old.failed and not old.errors:
        return Verdict.of(False, "the new tests also pass on the original loader: they do not test the missing file")
    return Verdict.of(True, f"{opts.function} handles a missing file ({opts.behaviour}); the new test catches the old code")
