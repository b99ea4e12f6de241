"""Boundary cases of `project.prints_logged` on a real catalogue package (shipping's parcel_rate,
which prints a warning for parcels over 30 kg), run in a bubblewrap sandbox: the print turned into a
WARNING record on the module's logger with the same text (the tests as given, or with a caplog test
that fails on the printing module) passes; the print kept, a level one below or one above, the text
changed, the root logger, a quiet call that logs, a weak or missing test, and edited tests fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code.print_to_logging import printing_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: printing_package(rng, faker, "shipping")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
PRINT = "print('heavy parcel: %s kg' % weight_kg)"
HEAD = "FREE_FROM = 50\n"


def logged(call: str = "logger.warning('heavy parcel: %s kg', weight_kg)", condition: str = "weight_kg > 30",
           logger: str = "logging.getLogger(__name__)") -> str:
    text = SOURCE.replace(PRINT, call).replace("if weight_kg > 30:", f"if {condition}:")
    return text.replace(HEAD, HEAD + f"\nimport logging\n\nlogger = {logger}\n")


CAPLOG = ("\n\ndef test_heavy_parcel_logs(caplog):\n    import logging\n    with caplog.at_level(logging.WARNING):\n"
          "        parcel_rate(31.5)\n    assert 'heavy parcel' in caplog.text\n")
WEAK = "\n\ndef test_heavy_parcel_rate():\n    assert parcel_rate(31.5) == 68.5\n"
OPTIONS = {"test_file": f"proj/{TESTS}", "function": "parcel_rate", "level": "warning", "trigger": "parcel_rate(31.5)",
           "quiet": "parcel_rate(2)", "test": False}


def case(label: str, source: str, passes: bool, says: str = "", tests: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: TEST_SOURCE + tests},
                        {"file": f"proj/{MODULE}", **OPTIONS, **options}, passes, says)


CASES = {
    "project.prints_logged": [
        case("a WARNING record with the printed text, tests as given", logged(), True),
        case("the text formatted up front, the same message", logged("logger.warning('heavy parcel: %s kg' % weight_kg)"),
             True),
        case("with a caplog test that fails on the printing module", logged(), True, tests=CAPLOG, test=True),
        case("the print kept beside the record", logged("logger.warning('heavy parcel: %s kg', weight_kg); " + PRINT),
             False, f"{MODULE} still calls print on line 15"),
        case("one level below: INFO", logged("logger.info('heavy parcel: %s kg', weight_kg)"), False,
             "parcel_rate(31.5) writes no warning record to the logger"),
        case("one level above: ERROR", logged("logger.error('heavy parcel: %s kg', weight_kg)"), False,
             "parcel_rate(31.5) writes no warning record to the logger"),
        case("the text reworded", logged("logger.warning('heavy parcel (%s kg)', weight_kg)"), False,
             "the record says 'heavy parcel (31.5 kg)', the original printed 'heavy parcel: 31.5 kg'"),
        case("the root logger instead of the module's", logged(logger="logging.getLogger()"), False,
             "writes no warning record to the logger"),
        case("the quiet call logs too", logged(condition="weight_kg >= 0"), False, "parcel_rate(2) logs ['WARNING']"),
        case("a new test that does not look at the record", logged(), False,
             "the new tests also pass on the printing module", tests=WEAK, test=True),
        case("a test asked, none added", logged(), False, f"{TESTS} has no new test that calls parcel_rate()",
             test=True),
        case("no test asked, the tests edited", logged(), False, f"proj/{TESTS} was changed", tests=CAPLOG),
    ],
}
