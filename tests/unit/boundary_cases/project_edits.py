"""Boundary cases of the code-editing checks (`forge.checks.project_edits`), on a real generated
project whose tests run in a bubblewrap sandbox: a test that calls the function but asserts nothing,
a docstring missing on the LAST function, one parameter of the last function left bare, a code
change hidden among docstrings or annotations, one import of the old module name left behind."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.code import TYPES, make_project, without_docstrings, without_tests_of
from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case


def _project() -> Any:
    faker = Faker()
    faker.seed_instance(11)
    return make_project(random.Random(11), faker, kind="pricing")


PROJECT = _project()
MODULE, TESTS = PROJECT.module, PROJECT.test_file
PACKAGE, KIND = MODULE.removesuffix(".py").split("/")
SOURCE = PROJECT.files[MODULE]


def case(label: str, files: dict[str, str], options: dict[str, Any], passes: bool, says: str = "",
         given: dict[str, str] | None = None, file: str = MODULE) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{file}", **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()},
                originals={"proj": pack_project(given or PROJECT.files)})


# tests_added: the bulk_discount tests removed; new ones must assert on its result
UNTESTED = {**PROJECT.files, TESTS: without_tests_of(PROJECT.files[TESTS], "bulk_discount")[0]}
ADDED = {"module": f"proj/{MODULE}", "function": "bulk_discount"}


def with_test(body: str) -> dict[str, str]:
    return {**UNTESTED, TESTS: UNTESTED[TESTS] + f"\n\ndef test_bulk_discount_new():\n{body}\n"}


def tests_case(label: str, files: dict[str, str], passes: bool, says: str = "") -> Case:
    return case(label, files, ADDED, passes, says, given=UNTESTED, file=TESTS)


# docstrings_added: the module given without docstrings
BARE = {**PROJECT.files, MODULE: without_docstrings(SOURCE)}


def documented(google: bool = False, skip_last: bool = False, module_doc: bool = False) -> str:
    lines = BARE[MODULE].split("\n")
    names = [n for n in TYPES if f"def {n}(" in BARE[MODULE]]
    for name in reversed(names[:-1] if skip_last else names):
        at = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
        args = lines[at][lines[at].index("(") + 1: lines[at].index(")")].split(", ")
        doc = f"Compute {name}."
        if google:
            doc += "\n\n    Args:\n" + "".join(f"        {a}: the {a}.\n" for a in args) + "\n    Returns:\n        It.\n    "
        lines.insert(at + 1, f'    """{doc}"""')
    return ('"""Pricing."""\n' if module_doc else "") + "\n".join(lines)


def docs_case(label: str, source: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return case(label, {**BARE, MODULE: source}, options, passes, says, given=BARE)


# annotations_added
def annotated(skip_last_param: bool = False, change: bool = False) -> str:
    lines = SOURCE.split("\n")
    for name, (params, returns) in TYPES.items():
        at = next((i for i, line in enumerate(lines) if line.startswith(f"def {name}(")), None)
        if at is None:
            continue
        args = lines[at][lines[at].index("(") + 1: lines[at].index(")")].split(", ")
        typed = [f"{a}: {t}" for a, t in zip(args, params, strict=True)]
        if skip_last_param and name == "order_total":
            typed = args
        lines[at] = f"def {name}({', '.join(typed)}) -> {returns}:"
    text = "\n".join(lines)
    return text.replace("round(quantity * unit_price, 2)", "round(quantity * unit_price, 3)") if change else text


def hints_case(label: str, source: str, passes: bool, says: str = "") -> Case:
    return case(label, {**PROJECT.files, MODULE: source}, {}, passes, says)


# module_renamed
NEW_MODULE = f"{PACKAGE}/billing.py"
RENAME = {"old": f"{PACKAGE}.{KIND}", "new": f"{PACKAGE}.billing"}


def renamed(*, fix_imports: bool = True, keep_old: bool = False) -> dict[str, str]:
    files = {k: v for k, v in PROJECT.files.items() if k != MODULE or keep_old}
    files[NEW_MODULE] = SOURCE
    if fix_imports:
        files[TESTS] = files[TESTS].replace(RENAME["old"], RENAME["new"])
    return files


# rejects_input: order_total must reject an empty order
GUARD = "def order_total(lines):\n    if not lines:\n        raise ValueError('empty order')\n"
REJECT = {"test_file": f"proj/{TESTS}", "calls": ["order_total([])"]}
REJECT_TEST = "\n\ndef test_empty_order():\n    with pytest.raises(ValueError):\n        order_total([])\n"


def guarded(*, guard: bool = True, test: bool = True, error: str = "ValueError") -> dict[str, str]:
    source = SOURCE.replace("def order_total(lines):\n", GUARD.replace("ValueError", error)) if guard else SOURCE
    return {**PROJECT.files, MODULE: source, TESTS: PROJECT.files[TESTS] + (REJECT_TEST if test else "")}


CASES: dict[str, list[Case]] = {
    "project.rejects_input": [
        case("the guard and a test", guarded(), REJECT, True),
        case("a test but no guard", guarded(guard=False), REJECT, False, "raises ValueError"),
        case("the guard but no new test", guarded(test=False), REJECT, False, "no new test"),
        case("the wrong exception", guarded(error="TypeError"), REJECT, False, "raises ValueError"),
        case("the LAST of two bad calls still accepted", guarded(), {**REJECT, "calls": ["order_total([])",
                                                                                          "line_total(-1, 2.0)"]},
             False, "1 of 2"),
    ],
    "project.tests_added": [
        tests_case("a new asserting test", with_test("    assert bulk_discount(1) == 0\n"
                                                     "    assert bulk_discount(10 ** 6) > 0"), True),
        tests_case("a test that calls it but asserts nothing", with_test("    bulk_discount(1)"), False, "returns None"),
        tests_case("no new test", UNTESTED, False, "no new test"),
        tests_case("a new test that fails", with_test("    assert bulk_discount(1) == 5"), False, "do not pass"),
        tests_case("the module changed too", {**with_test("    assert bulk_discount(1) == 0"),
                                              MODULE: SOURCE + "\n# touched\n"}, False, "was changed"),
    ],
    "project.docstrings_added": [
        docs_case("every function documented", documented(), {}, True),
        docs_case("the LAST function undocumented", documented(skip_last=True), {}, False, "order_total"),
        docs_case("a code change among the docstrings", documented().replace("return 0", "return 1"), {}, False,
                  "changed more"),
        docs_case("Google style with Args and Returns", documented(google=True), {"style": "google"}, True),
        docs_case("plain docstrings where Google style was asked", documented(), {"style": "google"}, False, "Args"),
        docs_case("with the module docstring asked for", documented(module_doc=True), {"module_docstring": True}, True),
        docs_case("no module docstring", documented(), {"module_docstring": True}, False, "module docstring"),
    ],
    "project.annotations_added": [
        hints_case("every parameter and return typed", annotated(), True),
        hints_case("the LAST function's parameter bare", annotated(skip_last_param=True), False, "order_total"),
        hints_case("a code change among the annotations", annotated(change=True), False, "changed more"),
        hints_case("a typing import added", "from typing import Any\n" + annotated(), True),
    ],
    "project.module_renamed": [
        case("moved and imports fixed", renamed(), RENAME, True, file=NEW_MODULE),
        case("an import of the old name left", renamed(fix_imports=False), RENAME, False, "still imports",
             file=NEW_MODULE),
        case("the old module kept as well", renamed(keep_old=True), RENAME, False, "still exists", file=NEW_MODULE),
        case("the code changed in the move", {**renamed(), NEW_MODULE: SOURCE.replace("round(", "round( ")
                                              .replace("2)", "3)", 1)}, RENAME, False, "unchanged", file=NEW_MODULE),
    ],
}
