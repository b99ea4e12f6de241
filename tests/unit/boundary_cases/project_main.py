"""Boundary cases of `project.main_guarded` on a real catalogue package (unit conversion, whose
module ends with four demo prints), run in a bubblewrap sandbox: the demo under an `if __name__ ==
"__main__":` block, or in a main() the block calls, passes; main() asked but missing or not called,
the last print left at module level, the demo deleted, its last line dropped, an inverted guard, a
main() that prints nothing itself, and edited tests fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code.main_guard import demo_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: demo_package(rng, faker, "units"))
SOURCE = FILES[MODULE]
HEAD, DEMO = SOURCE.split("# quick demo while developing\n")
PRINTS = DEMO.rstrip("\n").split("\n")
LAST_LINE = SOURCE.rstrip("\n").count("\n") + 1


def indented(lines: list[str]) -> str:
    return "".join(f"    {line}\n" for line in lines)


def guarded(lines: list[str] = PRINTS, test: str = '__name__ == "__main__"', after: str = "") -> str:
    return HEAD + f"if {test}:\n" + indented(lines) + after


MAIN = HEAD + "def main():\n" + indented(PRINTS) + '\n\nif __name__ == "__main__":\n    main()\n'
RETURNS = (HEAD + "def main():\n    return '\\n'.join([" + ", ".join(repr(p[7:-1]) for p in PRINTS[:1]) + "])\n\n\n"
           + guarded(PRINTS)[len(HEAD):])


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    edits = {MODULE: source, **({TESTS: tests} if tests is not None else {})}
    return project_case(label, FILES, edits, {"file": f"proj/{MODULE}", "main": False, **options}, passes, says)


CASES = {
    "project.main_guarded": [
        case("the demo under the __main__ guard", guarded(), True),
        case("the demo in main(), called by the guard", MAIN, True, main=True),
        case("main() asked, the guard holds the demo itself", guarded(), False, f"{MODULE} defines no top-level main()",
             main=True),
        case("main() defined but not called by the guard", RETURNS, False,
             f'the `if __name__ == "__main__":` block of proj/{MODULE} does not call main()', main=True),
        case("the last print left at module level", guarded(PRINTS[:-1], after=PRINTS[-1] + "\n"), False,
             f"{MODULE} still runs a call at import, on line {LAST_LINE}"),
        case("the demo deleted", HEAD, False, f'{MODULE} has no `if __name__ == "__main__":` block'),
        case("the last demo line dropped", guarded(PRINTS[:-1]), False, "python -m williams_tools.units prints"),
        case("an inverted guard", guarded(test='__name__ != "__main__"'), False, "importing williams_tools.units prints"),
        case("main() prints nothing, the guard prints the demo and calls it",
             HEAD + "def main():\n    return 1\n\n\n" + guarded([*PRINTS, "main()"])[len(HEAD):], False,
             "main() prints '', the original printed", main=True),
        case("the tests edited", guarded(), False, f"proj/{TESTS} was changed", tests=FILES[TESTS] + "\n# reviewed\n"),
    ],
}
