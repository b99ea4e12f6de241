"""A module's demo code kept from running on import, over `ProjectView`: importing it prints
nothing, `python -m package.module` prints exactly what the ORIGINAL module printed, optionally
through a `main()` function; run in a sandboxed probe next to the project's files
(`forge.checks.project.run_tests`); the tests stay as given and pass."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view
from forge.checks.project_api import _defs, _dotted, _probe
from forge.checks.project_probes import _parsed
from forge.checks.project_refactor import edited_test
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState


def _main_probe(dotted: str, original: str, main: bool) -> str:
    return f'''import contextlib
import importlib
import io
import subprocess
import sys

ORIGINAL = {original!r}


def _printed(run):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run()
    return out.getvalue()


def test_import_is_quiet():
    printed = _printed(lambda: importlib.import_module({dotted!r}))
    assert not printed, "importing {dotted} prints %r" % printed


def test_run_as_script():
    want = _printed(lambda: exec(compile(ORIGINAL, "original", "exec"), {{"__name__": "__main__"}}))
    have = subprocess.run([sys.executable, "-m", {dotted!r}], capture_output=True, text=True, timeout=30)
    assert have.stdout == want, "python -m {dotted} prints %r, the original printed %r %s" % (
        have.stdout, want, have.stderr[-200:])
    if {main!r}:
        module = importlib.import_module({dotted!r})
        printed = _printed(module.main)
        assert printed == want, "main() prints %r, the original printed %r" % (printed, want)
'''


def _guarded(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "__name__" in ast.unparse(node.test) and "__main__" in ast.unparse(node.test)


class MainGuarded(ProjectEdit):
    main: bool = Field(description="The demo lives in a top-level main() that the guard calls.")


@register_check("project.main_guarded", MainGuarded, source="project", view="project")
def main_guarded(state: FinalState, opts: MainGuarded) -> Verdict:
    """No top-level statement of the module calls anything outside an `if __name__ == "__main__":`
    block; with `main`, a top-level main() exists and the block calls it. Importing the module prints
    nothing; running it with -m prints what the original printed (and so does main()). The tests are
    unchanged and pass."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    loose = [n.lineno for n in tree.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    if loose:
        return Verdict.of(False, f"{opts.file} still runs a call at import, on line {loose[0]}")
    guards = [n for n in tree.body if _guarded(n)]
    if not guards:
        return Verdict.of(False, f'{opts.file} has no `if __name__ == "__main__":` block')
    if opts.main:
        if "main" not in _defs(tree):
            return Verdict.of(False, f"{opts.file} defines no top-level main()")
        if not any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == "main"
                   for g in guards for c in ast.walk(g)):
            return Verdict.of(False, f'the `if __name__ == "__main__":` block of {opts.file} does not call main()')
    if path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    if tail := _probe(after.files, _main_probe(_dotted(module), before.files[module], opts.main)):
        return Verdict.of(False, f"the demo does not run as asked: {tail}")
    return Verdict.of(True, "importing is quiet; running the module prints the demo" + (" via main()" if opts.main else ""))
