"""What the class checks that may ask for a new test share (serialisation, special methods): the
tests as asked, a new test (calling a method, when named) or every test file as given."""

from __future__ import annotations

import ast

from forge.checks._project_pair import Pair
from forge.checks.project_probes import _new_tests
from forge.checks.project_refactor import edited_test


def class_tests_as_asked(pair: Pair, test: bool, folder: str, test_file: str, method: str | None = None) -> str | None:
    """Why the tests are not as asked: with `test`, no new test (calling `method`); else a test file changed."""
    if test:
        new = _new_tests(pair.before.files.get(pair.tests, ""), pair.test_tree)
        if method is not None:
            new = [t for t in new if any(isinstance(n, ast.Attribute) and n.attr == method for n in ast.walk(t))]
        if not new:
            return f"{test_file} has no new test" + (f" that calls {method}()" if method else "")
    elif path := edited_test(pair.before, pair.after):
        return f"{folder}/{path} was changed; the tests must stay as they were"
    return None
