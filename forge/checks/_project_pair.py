"""What the project checks that compare a module and its tests with the originals share: both views,
both files parsed, and the prelude a sandboxed probe uses to run the ORIGINAL module beside the
edited one (`before`, a namespace holding the original module's names)."""

from __future__ import annotations

import ast

from forge.checks.project import _inside, project_view
from forge.checks.project_probes import _parsed
from forge.checks.state import FinalState
from forge.views import ProjectView

ORIGINAL_PRELUDE = '''
def _original():
    before = {"__name__": "_forge_original"}
    exec(compile(ORIGINAL, "original", "exec"), before)
    return before


def _raised(call, namespace):
    try:
        eval(call, namespace)
    except Exception as exc:
        return exc
    return None
'''


class Pair:
    """The project before and after, and the module and test file parsed as left (paths inside the folder)."""

    def __init__(self, before: ProjectView, after: ProjectView, module: str, tests: str,
                 tree: ast.Module, test_tree: ast.Module) -> None:
        self.before, self.after, self.module, self.tests = before, after, module, tests
        self.tree, self.test_tree = tree, test_tree


def module_and_tests(state: FinalState, folder: str, file: str, test_file: str) -> Pair | str:
    """Both views and both files parsed, or why one cannot be read."""
    module, tests = _inside(folder, file), _inside(folder, test_file)
    before, after = project_view(state, folder, original=True), project_view(state, folder)
    tree, test_tree = _parsed(after.files, module, file), _parsed(after.files, tests, test_file)
    if isinstance(tree, str):
        return tree
    if isinstance(test_tree, str):
        return test_tree
    return Pair(before, after, module, tests, tree, test_tree)
