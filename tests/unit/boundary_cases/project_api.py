"""Boundary cases of the public-API checks (`forge.checks.project_api`) on a real catalogue package
(survey statistics) whose tests run in a bubblewrap sandbox. function_moved: spread moved to
helpers.py, re-exported or with the tests' import updated; a copy left behind, a module without
it, a missing re-export, a test edited, a test still importing the old path, no test on the new
one all fail. alias_kept: median renamed middle_value, the old name a plain alias or a warning
wrapper; no warning, a warning not naming the new name, an alias giving other results, the tests
on the old name, no new def fail. doctests_added: median's examples; code changed, no example, a
wrong output, an example that shows no result, the LAST function undocumented fail. exports_declared:
the module's __all__ (any order) or the package's re-exports; the last name missing, an extra or a
repeated name, a re-export not in the package's __all__, an __all__ naming what it does not import
fail."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case
from workflows.code._all_kinds import make_package


def _package() -> Any:
    faker = Faker()
    faker.seed_instance(5)
    return make_package(random.Random(5), faker, "stats", neighbours=1)


PROJECT = _package()
PKG, MODULE, TESTS = PROJECT.package, PROJECT.module, PROJECT.test_file
SOURCE, TEST_SOURCE = PROJECT.files[MODULE], PROJECT.files[TESTS]
INIT = f"{PKG}/__init__.py"


def case(label: str, files: dict[str, str], passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{MODULE}", **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()},
                originals={"proj": pack_project(PROJECT.files)})


# --- function_moved: spread (the last function) into helpers.py --------------------------------------

SPREAD = SOURCE[SOURCE.index("def spread("):]
WITHOUT = SOURCE[:SOURCE.index("def spread(")].rstrip() + "\n"
HELPERS = f"{PKG}/helpers.py"
REEXPORT = WITHOUT.replace('"""\n', f'"""\n\nfrom {PKG}.helpers import spread  # noqa: F401\n', 1)
TESTS_NEW = TEST_SOURCE.replace(", spread\n", f"\nfrom {PKG}.helpers import spread\n", 1)
MOVE = {"target_file": f"proj/{HELPERS}", "function": "spread"}


def moved(module: str = REEXPORT, helpers: str = '"""Helpers."""\n\n\n' + SPREAD, **more: str) -> dict[str, str]:
    return {**PROJECT.files, MODULE: module, HELPERS: helpers, **more}


CASES: dict[str, list[Case]] = {
    "project.function_moved": [
        case("moved and re-exported, tests untouched", moved(), True, reexport=True, **MOVE),
        case("copied: the old module still defines it", moved(module=SOURCE), False, "still defines spread",
             reexport=True, **MOVE),
        case("the new module lacks the function", moved(helpers='"""Helpers."""\n'), False,
             "defines no top-level function spread", reexport=True, **MOVE),
        case("moved without the re-export asked for", moved(module=WITHOUT), False,
             f"`from {PKG}.stats import spread` does not give the moved function", reexport=True, **MOVE),
        case("re-exported but a test edited", moved(**{TESTS: TESTS_NEW}), False, "was changed", reexport=True, **MOVE),
        case("moved, the tests import it from the new module", moved(module=WITHOUT, **{TESTS: TESTS_NEW}), True,
             reexport=False, **MOVE),
        case("re-exported, a test still imports it from the old module", moved(), False,
             f"still imports spread from {PKG}.stats", reexport=False, **MOVE),
        case("no test imports it from the new module", moved(**{TESTS: TEST_SOURCE.replace(
            ", spread\n", f"\nfrom {PKG} import helpers\nspread = helpers.spread\n", 1)}), False,
             f"no test imports spread from {PKG}.helpers", reexport=False, **MOVE),
    ],
}

# --- alias_kept: median -> middle_value ----------------------------------------------------------------

RENAMED = SOURCE.replace("def median(", "def middle_value(", 1)
TESTS_RENAMED = TEST_SOURCE.replace("median", "middle_value")
WRAPPER = ('\n\ndef median(*args, **kwargs):\n    import warnings\n\n    warnings.warn({message}, DeprecationWarning, '
           'stacklevel=2)\n    return {result}\n')


def aliased(alias: str, module: str = RENAMED, tests: str = TESTS_RENAMED) -> dict[str, str]:
    return {**PROJECT.files, MODULE: module + alias, TESTS: tests}


def warned(message: str = "'median is deprecated; use middle_value'", result: str = "middle_value(*args, **kwargs)") -> str:
    return WRAPPER.format(message=message, result=result)


ALIAS = {"test_file": f"proj/{TESTS}", "old": "median", "new": "middle_value"}
CASES["project.alias_kept"] = [
    case("a wrapper warning DeprecationWarning naming the new name", aliased(warned()), True, warn=True, **ALIAS),
    case("a plain alias where a plain alias was asked", aliased("\n\nmedian = middle_value\n"), True, warn=False,
         **ALIAS),
    case("a plain alias where a deprecation warning was asked", aliased("\n\nmedian = middle_value\n"), False,
         "warns no DeprecationWarning", warn=True, **ALIAS),
    case("the warning does not name the new function", aliased(warned(message="'median is deprecated'")), False,
         "the warning does not name middle_value", warn=True, **ALIAS),
    case("the alias gives another result on an even count (the last test call)", aliased(warned(
        result="sorted(args[0])[len(args[0]) // 2]")), False, "median([4, 1, 3, 2]) gives", warn=True, **ALIAS),
    case("the tests still call the old name", aliased(warned(), tests=TEST_SOURCE), False,
         "still uses the old name median", warn=True, **ALIAS),
    case("no def of the new name, only an assignment", aliased("", module=SOURCE + "\n\nmiddle_value = median\n"),
         False, "defines no top-level function middle_value", warn=False, **ALIAS),
]

# --- doctests_added ------------------------------------------------------------------------------------

MEDIAN_DOC = '"""The middle value; the mean of the two middle values for an even count.'


def documented(examples: str, doc: str = MEDIAN_DOC, source: str = SOURCE) -> str:
    return source.replace(doc + '"""', doc + "\n\n" + examples + '    """', 1)


GOOD_MEDIAN = documented("    >>> median([5, 1, 3])\n    3\n")
DOCS = {name: doc for name, doc in [
    ("mode", '"""The most common value; the smallest one on a tie.'),
    ("percentage", '"""`part` as a percentage of `whole`, rounded to 1 decimal.'),
    ("spread", '"""Highest minus lowest value.')]}
ALL_BUT_LAST = documented("    >>> mode([3, 1, 3, 2, 1])\n    1\n", DOCS["mode"], documented(
    "    >>> percentage(1, 3)\n    33.3\n", DOCS["percentage"], GOOD_MEDIAN))
ALL = documented("    >>> spread([4, 9, 1])\n    8\n", DOCS["spread"], ALL_BUT_LAST)
CASES["project.doctests_added"] = [
    case("median's docstring shows a call and its result", {**PROJECT.files, MODULE: GOOD_MEDIAN}, True,
         function="median"),
    case("the examples added but the code changed too", {**PROJECT.files, MODULE: GOOD_MEDIAN.replace(
        "// 2\n", "// 2 + 0\n", 1)}, False, "code changed", function="median"),
    case("no example at all", dict(PROJECT.files), False, "median's docstring has no >>> example", function="median"),
    case("an example with the wrong output", {**PROJECT.files, MODULE: documented("    >>> median([4, 1, 3, 2])\n"
                                                                                   "    2\n")},
         False, "median's examples fail under doctest", function="median"),
    case("an example that shows no result", {**PROJECT.files, MODULE: documented(
        "    >>> value = median([5, 1, 3])\n")}, False, "still pass when it returns None", function="median"),
    case("a test edited", {**PROJECT.files, MODULE: GOOD_MEDIAN, TESTS: TEST_SOURCE + "\n"}, False, "was changed",
         function="median"),
    case("every function documented", {**PROJECT.files, MODULE: ALL}, True, function=None),
    case("every function but the last", {**PROJECT.files, MODULE: ALL_BUT_LAST}, False,
         "spread's docstring has no >>> example", function=None),
]

# --- exports_declared ----------------------------------------------------------------------------------


def exported(listing: str) -> dict[str, str]:
    return {**PROJECT.files, MODULE: SOURCE.replace('"""\n', f'"""\n\n__all__ = {listing}\n', 1)}


def package(init: str) -> dict[str, str]:
    return {**PROJECT.files, INIT: PROJECT.files[INIT] + init}


NAMES = "median, mode, percentage, spread"
CASES["project.exports_declared"] = [
    case("the module's __all__ lists its four functions", exported(str(["median", "mode", "percentage", "spread"])),
         True, package_level=False),
    case("the same, in another order, as a tuple", exported(str(("spread", "median", "percentage", "mode"))), True,
         package_level=False),
    case("the last function left out", exported(str(["median", "mode", "percentage"])), False,
         "expected ['median', 'mode', 'percentage', 'spread']", package_level=False),
    case("an extra, non-function name", exported(str(["median", "mode", "percentage", "spread", "pytest"])), False,
         "__all__ is", package_level=False),
    case("a name repeated", exported(str(["median", "mode", "percentage", "spread", "spread"])), False,
         "__all__ repeats a name", package_level=False),
    case("no __all__ in the module", dict(PROJECT.files), False, "__all__ is []", package_level=False),
    case("re-exported from the package with its __all__", package(
        f"\nfrom {PKG}.stats import {NAMES}\n\n__all__ = {['median', 'mode', 'percentage', 'spread']}\n"),
         True, package_level=True),
    case("re-exported but the last one missing from the package's __all__", package(
        f"\nfrom {PKG}.stats import {NAMES}\n\n__all__ = {['median', 'mode', 'percentage']}\n"),
         False, "spread is not in the package __all__", package_level=True),
    case("the package's __all__ names a function it does not import", package(
        f"\nfrom {PKG}.stats import median, mode, percentage\n\n__all__ = "
        f"{['median', 'mode', 'percentage', 'spread']}\n"), False, "spread is not exported by the package",
         package_level=True),
    case("only the module's __all__ where the package was asked", exported(str(["median", "mode", "percentage",
                                                                                  "spread"])),
         False, "median is not exported by the package", package_level=True),
    case("exported at package level, a test edited", {**package(
        f"\nfrom {PKG}.stats import {NAMES}\n\n__all__ = {['median', 'mode', 'percentage', 'spread']}\n"),
        TESTS: TEST_SOURCE + "\n"}, False, "was changed", package_level=True),
]
