"""Settings overridden from the environment, over `ProjectView`: a settings loader lets
`<PREFIX>_<KEY>` environment variables replace what the config file says (numbers converted back to
numbers), for the file's own settings or for every setting DEFAULTS names.

The loader is run in a sandboxed probe next to the project's files (`forge.checks.project.run_tests`)
with variables set through pytest's monkeypatch, against the ORIGINAL loader's result for the same
file; the project's own suite must pass and a new test must fail on the original loader.
"""

from __future__ import annotations

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict, run_tests
from forge.checks.project_api import _dotted, _probe
from forge.checks.project_probes import _calls, _new_tests, _only_new
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _env_probe(dotted: str, original: str, paths: list[str], prefix: str, widen: bool) -> str:
    return f'''import {dotted} as m

ORIGINAL, PATHS, PREFIX, WIDEN = {original!r}, {paths!r}, {prefix!r}, {widen!r}


def _alt(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value + 1), value + 1
    return "override-" + str(value), "override-" + str(value)


def test_overrides(monkeypatch):
    before = _original()
    defaults = before["DEFAULTS"]
    for path in PATHS:
        base = before["load_settings"](path)
        plain = m.load_settings(path)
        assert plain == base, "%s with no variables set returns %r, the original %r" % (path, plain, base)
        want = dict(base)
        for key in sorted(set(base) | set(defaults)):
            text, typed = _alt(base[key] if key in base else defaults[key])
            monkeypatch.setenv(PREFIX + "_" + key.upper(), text)
            if key in base or WIDEN:
                want[key] = typed
        monkeypatch.setenv(PREFIX + "_NOT_A_SETTING", "x")
        monkeypatch.setenv("OTHER_" + sorted(base)[0].upper(), "y")
        have = m.load_settings(path)
        assert have == want, "%s with %s_* variables set returns %r, expected %r" % (path, PREFIX, have, want)
        for key in sorted(set(base) | set(defaults)):
            monkeypatch.delenv(PREFIX + "_" + key.upper())
''' + ORIGINAL_PRELUDE


class EnvOverrides(ProjectEdit):
    test_file: OutputPath = Field(description="The settings tests, with a new one.")
    config: str = Field(description="The project's config file (inside the folder), as the instruction names it.")
    partial: str = Field(description="A second config file that holds only some of the settings.")
    prefix: str = Field(description="The variables' prefix: PREFIX_KEY (the key upper-cased) overrides key.")
    widen: bool = Field(description="Every key of DEFAULTS may be set from the environment; otherwise only the "
                        "settings the file holds are overridden.")


@register_check("project.env_overrides", EnvOverrides, source="project", view="project")
def env_overrides(state: FinalState, opts: EnvOverrides) -> Verdict:
    """For both config files: with no variable set load_settings returns what the original did; with
    PREFIX_KEY set for every setting (and for every DEFAULTS key) each setting of the file (with
    `widen`, of DEFAULTS too) takes the variable's value, converted to an int where the value it
    replaces is one, and nothing else changes (another prefix and unknown keys are ignored). A new
    test calls load_settings and fails on the original loader; the config files and other tests are
    unchanged; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests = pair.before, pair.after, pair.module, pair.tests
    if not any(_calls(n, "load_settings") for n in _new_tests(before.files.get(tests, ""), pair.test_tree)):
        return Verdict.of(False, f"{opts.test_file} has no new test that calls load_settings()")
    if path := edited_test(before, after, editable=tests, also=(opts.config, opts.partial)):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; only {opts.file} and {opts.test_file} may be")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    probe = _env_probe(_dotted(module), before.files[module], [opts.config, opts.partial], opts.prefix, opts.widen)
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"load_settings does not take {opts.prefix}_* variables as asked: {tail}")
    old = run_tests({**after.files, module: before.files[module],
                     tests: _only_new(before.files.get(tests, ""), pair.test_tree)})
    if old.exit_code == 0 and not old.failed and not old.errors:
        return Verdict.of(False, "the new tests also pass on the original loader: they do not set a variable")
    return Verdict.of(True, f"{opts.prefix}_* variables override the settings; the new test catches the old loader")
