"""Boundary cases of `project.fstrings_used` on a real label module (%-formatting, str.format() and `+`
twice each, format specs included), run in a bubblewrap sandbox: every style rewritten passes, and
so does only the asked style with the others left; nothing done, the LAST function still
concatenating (a chain's last `+` alone too), one %-format or one .format() left, a join or a
.format() instead of an f-string, a format spec lost (the tests fail), edited tests and a function
gone fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import line_of
from tests.unit.boundary_cases._code_rewrites import rewritten as replaced
from workflows.code._format_modules import add_format_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_format_module(rng, faker, "labels")[0])
SOURCE = FILES[MODULE]
OLD = {
    "percent": [('"%s\\n%s\\n%s" % (name, street, city.upper())', 'f"{name}\\n{street}\\n{city.upper()}"'),
                ('"%.1f kg" % kg', 'f"{kg:.1f} kg"')],
    "format": [('"{}-{}".format(carrier.upper(), code)', 'f"{carrier.upper()}-{code}"'),
               ('"Arrives in {} day{}".format(days, "" if days == 1 else "s")',
                'f"Arrives in {days} day{\'\' if days == 1 else \'s\'}"')],
    "concat": [('"*" + code + "*"', 'f"*{code}*"'), ('start + " -> " + end', 'f"{start} -> {end}"')],
}


def rewritten(*styles: str, source: str = SOURCE) -> str:
    return replaced(source, [pair for style in styles for pair in OLD[style]])


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: FILES[TESTS] if tests is None else tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "percent": True, "str_format": True, "concat": True,
        **options}, passes, says)


ALL = rewritten("percent", "format", "concat")
LAST_LEFT = ALL.replace('f"{start} -> {end}"', 'start + " -> " + end')
TAIL = 'f"{start} -> " + end'
TAIL_LEFT = ALL.replace('f"{start} -> {end}"', TAIL)
PERCENT_LEFT = ALL.replace('f"{kg:.1f} kg"', '"%.1f kg" % kg')
FORMAT_LEFT = ALL.replace('f"{carrier.upper()}-{code}"', '"{}-{}".format(carrier.upper(), code)')

CASES = {
    "project.fstrings_used": [
        case("every style rewritten", ALL, True),
        case("only %-formatting asked and rewritten", rewritten("percent"), True, str_format=False, concat=False),
        case("only concatenation asked, the rest left", rewritten("concat"), True, percent=False, str_format=False),
        case("nothing done", SOURCE, False,
             f"proj/{MODULE} still uses %-formatting on line {line_of(SOURCE, '%s')}"),
        case("the last function still concatenating", LAST_LEFT, False,
             f"still uses + between strings on line {line_of(LAST_LEFT, 'start + ')}"),
        case("a chain's last + left", TAIL_LEFT, False,
             f"still uses + between strings on line {line_of(TAIL_LEFT, TAIL)}"),
        case("one %-format left", PERCENT_LEFT, False,
             f"still uses %-formatting on line {line_of(PERCENT_LEFT, '%.1f')}"),
        case("one .format() left", FORMAT_LEFT, False,
             f"still uses str.format() on line {line_of(FORMAT_LEFT, '{}-{}')}"),
        case("a join instead of an f-string", rewritten("percent", "format", source=rewritten("concat").replace(
            'f"*{code}*"', '"".join(["*", code, "*"])')), False, "barcode builds its text without an f-string"),
        case("str.format() put in for %-formatting", ALL.replace(
            'f"{kg:.1f} kg"', '"{:.1f} kg".format(kg)'), False, "weight_label builds its text without an f-string",
             str_format=False, concat=False),
        case("a format spec lost", ALL.replace('f"{kg:.1f} kg"', 'f"{kg} kg"'), False, "the tests do not pass"),
        case("the tests edited", ALL, False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=FILES[TESTS] + "\n\ndef test_more():\n    assert True\n"),
        case("a function gone", ALL.split("\n\n\ndef route")[0] + "\n", False, f"proj/{MODULE} no longer defines route"),
    ],
}
