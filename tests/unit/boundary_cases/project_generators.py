"""Boundary cases of `project.generator_made` on a real parcel dispatch module (`batches` builds a
list of lists, `batch_count` takes its len()), run in a bubblewrap sandbox: made a generator in
place (its caller and the tests' list comparisons adapted), or a generator beside it that the list
function builds from, with or without a new laziness test, pass; nothing done, an iterator over a
finished list, a generator that reads everything first, the LAST short batch dropped (tests edited
to match), the caller's result changed, the list function not built from the generator, edited
tests where they must stay, a new test that passes on the original, no new test, the generator or
the function missing fail."""

from __future__ import annotations

import re
from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import rewritten
from workflows.code._lazy_modules import add_lazy_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_lazy_module(rng, faker, "batches")[0])
SOURCE, TEST_TEXT = FILES[MODULE], FILES[TESTS]
LOOP = ("    result = []\n    batch = []\n    for parcel in parcels:\n        batch.append(parcel)\n"
        "        if len(batch) == size:\n            result.append(batch)\n            batch = []\n"
        "    if batch:\n        result.append(batch)\n    return result\n")
LAZY = ("    batch = []\n    for parcel in parcels:\n        batch.append(parcel)\n        if len(batch) == size:\n"
        "            yield batch\n            batch = []\n    if batch:\n        yield batch\n")
COUNT = "    return len(batches(parcels, size))\n"
IN_PLACE = rewritten(SOURCE, [(LOOP, LAZY), (COUNT, "    return len(list(batches(parcels, size)))\n")])
SUMMED = rewritten(SOURCE, [(LOOP, LAZY), (COUNT, "    return sum(1 for _ in batches(parcels, size))\n")])
BESIDE = rewritten(SOURCE, [("def batches(", "def iter_batches("), (LOOP, LAZY + '\n\ndef batches(parcels, size):\n'
                            '    """The batches as a list."""\n    return list(iter_batches(parcels, size))\n')])
LISTED = re.sub(r"assert batches\((.*)\) == ", r"assert list(batches(\1)) == ", TEST_TEXT)
IMPORT = "from williams_lib.dispatch import batches, batch_count\n"
LAZY_TEST = ("\n\ndef test_iter_batches_is_lazy():\n    def parcels():\n        yield from ['A', 'B', 'C']\n"
             "        raise AssertionError('read past the end')\n\n"
             "    assert next(iter_batches(parcels(), 2)) == ['A', 'B']\n")
WITH_TEST = rewritten(TEST_TEXT, [(IMPORT, IMPORT + "from williams_lib.dispatch import iter_batches\n")]) + LAZY_TEST
SHORT = "['PCL-82226', 'PCL-65642', 'PCL-17747']"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = LISTED, generator: str = "batches",
         **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "batches", "generator": generator,
        "test": False, **options}, passes, says)


CASES = {
    "project.generator_made": [
        case("in place, the caller and the list comparisons adapted", IN_PLACE, True),
        case("in place, the caller counting by sum()", SUMMED, True),
        case("beside it, the tests as given", BESIDE, True, tests=TEST_TEXT, generator="iter_batches"),
        case("beside it, with a laziness test", BESIDE, True, tests=WITH_TEST, generator="iter_batches", test=True),
        case("nothing done", SOURCE, False, "returns a list, not a generator", tests=TEST_TEXT),
        case("an iterator over a finished list", rewritten(SOURCE, [("    return result\n", "    return iter(result)\n"),
                                                                    (COUNT, "    return len(list(batches(parcels, "
                                                                            "size)))\n")]),
             False, "reads its whole input before its first item"),
        case("a generator that reads everything first", rewritten(IN_PLACE, [(
            "    for parcel in parcels:", "    for parcel in list(parcels):")]), False,
             "reads its whole input before its first item"),
        case("the last short batch dropped, tests edited to match",
             rewritten(IN_PLACE, [("    if batch:\n        yield batch\n", "")]), False,
             "expected [['PCL-38140'", tests=LISTED.replace(", " + SHORT + "]", "]").replace("== 3", "== 2")),
        case("the caller left on len()", rewritten(SOURCE, [(LOOP, LAZY)]), False, "the tests do not pass"),
        case("the caller's result changed, tests edited to match",
             rewritten(SOURCE, [(LOOP, LAZY), (COUNT, "    return sum(1 for b in batches(parcels, size) "
                                                      "if len(b) == size)\n")]),
             False, "returns 2, expected 3", tests=LISTED.replace("== 3", "== 2")),
        case("beside it, the loop copied instead of used", rewritten(SOURCE, [("def batches(", "def iter_batches("),
                                                                              (LOOP, LAZY)]) + "\n\n" + SOURCE.split(
            "\n\n\n")[1] + "\n", False, "batches does not build its list from iter_batches", tests=TEST_TEXT,
             generator="iter_batches"),
        case("beside it, the tests edited", BESIDE, False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=LISTED, generator="iter_batches"),
        case("a new test that passes on the original", IN_PLACE, True, tests=LISTED + "\n\ndef test_batches_list():\n"
             "    assert list(batches(['A'], 2)) == [['A']]\n", test=False),
        case("a new test that passes on the original, one asked", IN_PLACE, False,
             "the new tests also pass on the original module", tests=LISTED + "\n\ndef test_batches_list():\n"
             "    assert list(batches(['A'], 2)) == [['A']]\n", test=True),
        case("no new test", BESIDE, False, f"proj/{TESTS} has no new test that calls iter_batches()", tests=TEST_TEXT,
             generator="iter_batches", test=True),
        case("no generator beside it", SOURCE, False, f"proj/{MODULE} defines no function iter_batches",
             tests=TEST_TEXT, generator="iter_batches"),
        case("the list function gone", rewritten(SOURCE, [("def batches(", "def iter_batches("), (LOOP, LAZY),
                                                         (COUNT, "    return len(list(iter_batches(parcels, size)))\n")]),
             False, f"proj/{MODULE} no longer defines batches", tests=TEST_TEXT, generator="iter_batches"),
    ],
}
