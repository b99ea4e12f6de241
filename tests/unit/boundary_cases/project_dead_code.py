"""Boundary cases of `project.dead_code_removed` on a real catalogue package (car park fees, its
module seeded with two unused imports, a debug print after billable_hours' return, an unused local
in fee and a leftover _old_validated_fee at the END), run in a bubblewrap sandbox: each kind
removed alone or all together passes (comments and blank lines free); the last import, the print,
the local or the old function left, more removed than asked, a kept function changed, the print
moved before the return, and another file or the tests edited fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package
from workflows.code.remove_dead_code import PLANTS, dead_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: dead_package(rng, make_package(rng, faker, "parking", neighbours=1),
                                                              [*PLANTS, "imports"]))
SOURCE = FILES[MODULE]
OTHER = next(p for p in FILES if p.endswith(".py") and p.startswith("williams_core/") and p not in (MODULE,)
             and not p.endswith("__init__.py"))
IMPORTS = "from datetime import date\nimport sys\n"
PRINT = '    print("debug:", minutes)\n'
LOCAL = "    debug = False\n"
OLD = SOURCE[SOURCE.index("\n\ndef _old_validated_fee"):]
DAYS = "    days = max((minutes + 1439) // 1440, 1)\n"


def without(*pieces: str, source: str = SOURCE) -> str:
    for piece in pieces:
        assert piece in source, piece
        source = source.replace(piece, "")
    return source


CLEAN = without(IMPORTS, PRINT, LOCAL, OLD) + "\n"
PRINT_LEFT = without(IMPORTS, LOCAL, OLD)
PRINT_LINE = PRINT_LEFT.split(PRINT)[0].count("\n") + 1


def case(label: str, source: str, passes: bool, says: str = "", dead: str = "all", **edits: str) -> Case:
    options: dict[str, Any] = {"file": f"proj/{MODULE}", "dead": dead}
    return project_case(label, FILES, {MODULE: source, **edits}, options, passes, says)


CASES = {
    "project.dead_code_removed": [
        case("all four kinds removed", CLEAN, True),
        case("all removed, a comment and blank lines added", CLEAN.replace(DAYS, "\n    # whole days, at least one\n"
                                                                           + DAYS), True),
        case("only the imports asked and removed", without(IMPORTS), True, dead="imports"),
        case("only the print after the return asked and removed", without(PRINT), True, dead="unreachable"),
        case("only the unused local asked and removed", without(LOCAL), True, dead="variables"),
        case("only the old function asked and removed", without(OLD) + "\n", True, dead="functions"),
        case("the last unused import left", without("import sys\n"), False,
             f"proj/{MODULE} still imports date, which nothing uses", dead="imports"),
        case("the old function at the end left", without(IMPORTS, PRINT, LOCAL), False,
             f"proj/{MODULE} still defines _old_validated_fee(), which nothing calls"),
        case("the print after the return left", PRINT_LEFT, False,
             f"proj/{MODULE} still has a statement that can never run, on line {PRINT_LINE}"),
        case("the unused local left", without(IMPORTS, PRINT, OLD), False,
             f"proj/{MODULE} still assigns a local never read (fee: debug)"),
        case("the imports asked, the old function removed too", without(IMPORTS, OLD), False,
             f"proj/{MODULE} was changed beyond removing the dead code: _old_validated_fee is gone", dead="imports"),
        case("all removed, validated_fee's rounding changed", CLEAN.replace("round(amount / 2, 2)", "round(amount / 2)"),
             False, f"proj/{MODULE} was changed beyond removing the dead code: validated_fee was changed"),
        case("the print moved before the return", SOURCE.replace("    return (minutes - 60 + 59) // 60\n" + PRINT,
                                                                 PRINT + "    return (minutes - 60 + 59) // 60\n"),
             False, "billable_hours was changed", dead="unreachable"),
        case("all removed, another module edited", CLEAN, False,
             f"proj/{OTHER} was changed; only proj/{MODULE} is to be cleaned", **{OTHER: FILES[OTHER] + "\n# seen\n"}),
        case("all removed, the tests edited", CLEAN, False, f"proj/{TESTS} was changed",
             **{TESTS: FILES[TESTS] + "\n# seen\n"}),
        case("a syntax error", CLEAN.replace("def fee(minutes):", "def fee(minutes)"), False, "does not parse"),
    ],
}
