"""Boundary cases of `project.module_split` on a real grab-bag (a shop's utils.py: money helpers, one of
them using a text helper, and text helpers), run in a bubblewrap sandbox: the split with utils.py
as a facade, as a facade warning on import, or as one nothing in the project imports any more
passes; nothing done, the LAST function missing from a new module, an extra one, a copy kept in
the facade, a facade handing out other objects, a warning missing or unasked, the old module
still imported (by the tests, by a new module) or deleted, edited tests and a changed result fail."""

from __future__ import annotations

import ast
from typing import Any

from tests.unit.boundary_cases import Case
from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases._code_projects import seeded
from tests.unit.boundary_cases._code_rewrites import line_of
from workflows.code._split_modules import add_split_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_split_module(rng, faker, "shop")[0])
PACKAGE = MODULE.split("/")[0]
SOURCE = FILES[MODULE]
DEFS = {n.name: ast.get_source_segment(SOURCE, n) for n in ast.parse(SOURCE).body if isinstance(n, ast.FunctionDef)}
FIRST, SECOND = ["format_price", "add_vat", "price_tag"], ["slugify", "initials"]
MONEY_PATH, TEXT_PATH = f"{PACKAGE}/money.py", f"{PACKAGE}/text.py"


def module(names: list[str], head: str = "") -> str:
    return '"""Helpers."""\n\n' + head + "\n\n".join(DEFS[n] for n in names) + "\n"


MONEY = module(FIRST, f"from {PACKAGE}.text import slugify\n\n\n")
TEXT = module(SECOND, "import re\n\n\n")
REEXPORTS = (f"from {PACKAGE}.money import format_price, add_vat, price_tag\n"
             f"from {PACKAGE}.text import slugify, initials\n")
FACADE = '"""Re-exports."""\n\n' + REEXPORTS
WARNING = FACADE.replace('"""\n\n', '"""\n\nimport warnings\n\n', 1) + (
    "\nwarnings.warn('utils is deprecated', DeprecationWarning, stacklevel=2)\n")
IMPORT_LINE = FILES[TESTS].split("\n", 1)[0]
NEW_IMPORTS = FILES[TESTS].replace(IMPORT_LINE, REEXPORTS.rstrip("\n"), 1)


def case(label: str, passes: bool, says: str = "", edits: dict[str, str | None] | None = None, **options: Any) -> Case:
    """A case on the project with the split made (`edits` on top; None deletes a file)."""
    files = {**FILES, MONEY_PATH: MONEY, TEXT_PATH: TEXT, MODULE: FACADE, **(edits or {})}
    return Case(label, None, {
        "folder": "proj", "first": f"proj/{MONEY_PATH}", "second": f"proj/{TEXT_PATH}", "old": f"proj/{MODULE}",
        "test_file": f"proj/{TESTS}", "first_functions": FIRST, "second_functions": SECOND, "after": "facade",
        **options}, passes, says, files={f"proj/{k}": v.encode() for k, v in files.items() if v is not None},
        originals={"proj": pack_project(FILES)})


MIGRATED = {TESTS: NEW_IMPORTS}
SHOWN = "the split is not as asked: "

CASES = {
    "project.module_split": [
        case("utils.py as a facade", True),
        case("a facade warning on import", True, edits={MODULE: WARNING}, after="deprecated"),
        case("every import moved to the new modules", True, edits=MIGRATED, after="migrated"),
        case("nothing done", False, f"proj/{MONEY_PATH} does not exist", edits={MONEY_PATH: None, TEXT_PATH: None,
                                                                                MODULE: SOURCE}),
        case("the last function missing from the second module", False,
             f"proj/{TEXT_PATH} defines slugify; expected slugify, initials", edits={TEXT_PATH: module(["slugify"])}),
        case("an extra function in the first module", False,
             f"proj/{MONEY_PATH} defines format_price, add_vat, price_tag, slugify; expected",
             edits={MONEY_PATH: module([*FIRST, "slugify"], "import re\n\n\n")}),
        case("a copy kept in the facade", False, f"proj/{MODULE} still defines initials; it only re-exports now",
             edits={MODULE: FACADE.replace(", initials\n", "\n") + "\n\n" + DEFS["initials"] + "\n"}),
        case("a facade handing out a wrapper", False,
             SHOWN + f"{PACKAGE}.utils.initials is not the function of {PACKAGE}.text",
             edits={MODULE: FACADE.replace(", initials\n", ", initials as _initials\n") +
                    "\ninitials = lambda name: _initials(name)\n"}),
        case("no warning where one is asked", False, SHOWN + f"importing {PACKAGE}.utils gives no DeprecationWarning",
             after="deprecated"),
        case("a warning nobody asked for", False, SHOWN + f"importing {PACKAGE}.utils warns: utils is deprecated",
             edits={MODULE: WARNING}),
        case("the tests still importing the old module", False,
             f"proj/{TESTS} still imports {PACKAGE}.utils (line 1)", after="migrated"),
        case("a new module importing the old one", False,
             f"proj/{MONEY_PATH} still imports {PACKAGE}.utils (line {line_of(MONEY, 'from ')})",
             edits={**MIGRATED, MONEY_PATH: MONEY.replace(f"{PACKAGE}.text import", f"{PACKAGE}.utils import")},
             after="migrated"),
        case("the old module deleted", False, f"proj/{MODULE} does not exist", edits={**MIGRATED, MODULE: None},
             after="migrated"),
        case("the tests edited with a facade", False,
             f"proj/{TESTS} was changed; the old imports keep working, so the tests stay as they were",
             edits={TESTS: NEW_IMPORTS}),
        case("a changed result", False, "the tests do not pass",
             edits={MONEY_PATH: MONEY.replace('f"{slugify(name)}: ', 'f"{slugify(name)} - ')}),
    ],
}
