"""Boundary cases of `project.missing_file_handled` on a real catalogue package with a JSON settings
module, run in a bubblewrap sandbox: the missing file answered with DEFAULTS (or, with `fill`, the
partial config filled in too); the wrong fallback, a loader that returns DEFAULTS for everything, a
fill that forgets the partial file, a test that does not test the missing file, no test at all, and
an edited config file all fail."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case
from workflows.code._all_kinds import make_package
from workflows.code._settings import add_settings


def _project() -> tuple[dict[str, str], str, str]:
    faker = Faker()
    faker.seed_instance(7)
    return add_settings(random.Random(7), make_package(random.Random(7), faker, "units", neighbours=1), "json")


FILES, MODULE, TESTS = _project()
SOURCE = FILES[MODULE]
READ = '    with open(path, encoding="utf-8") as handle:\n        return json.load(handle)'


def loader(missing: str, present: str = "json.load(handle)") -> str:
    body = (f'    try:\n        with open(path, encoding="utf-8") as handle:\n            return {present}\n'
            f"    except FileNotFoundError:\n        return {missing}")
    return SOURCE.replace(READ, body)


TEST = ("\n\ndef test_missing_file(tmp_path):\n    assert load_settings(str(tmp_path / 'none.json')) == "
        "{want}\n").replace("{want}", "{'port': 5432, 'log_level': 'INFO', 'region': 'eu-west', 'timeout': 10}")
WEAK = "\n\ndef test_reads_the_config():\n    assert load_settings(str(ROOT / 'config/local.json'))\n"
OPTIONS = {"test_file": f"proj/{TESTS}", "function": "load_settings", "config": "config/settings.json",
           "partial": "config/local.json", "behaviour": "defaults"}


def case(label: str, module: str, passes: bool, says: str = "", tests: str = TEST, edits: dict[str, str] | None = None,
         **options: Any) -> Case:
    files = {**FILES, MODULE: module, TESTS: FILES[TESTS] + tests, **(edits or {})}
    return Case(label, None, {"folder": "proj", "file": f"proj/{MODULE}", **OPTIONS, **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()}, originals={"proj": pack_project(FILES)})


CASES = {
    "project.missing_file_handled": [
        case("a missing file gives a copy of DEFAULTS", loader("dict(DEFAULTS)"), True),
        case("an empty dict where DEFAULTS was asked (its own test agreeing)", loader("{}"), False,
             "load_settings('no/such/folder/settings.json') returns {}, expected",
             tests=TEST.replace(TEST[TEST.index("== ") + 3:].rstrip(), "{}")),
        case("the partial config filled in though not asked", loader("dict(DEFAULTS)", present="{**DEFAULTS, "
                                                                   "**json.load(handle)}"), False,
             "load_settings('config/local.json') returns {'port': 5432, 'log_level': 'INFO'"),
        case("a test that passes on the old loader too", loader("dict(DEFAULTS)"), False,
             "the new tests also pass on the original loader", tests=WEAK),
        case("the partial config edited to suit", loader("dict(DEFAULTS)"), False, "proj/config/local.json was changed",
             edits={"config/local.json": FILES["config/settings.json"]}),
        case("no new test", loader("dict(DEFAULTS)"), False, "has no new test that calls load_settings()", tests=""),
        case("fill: the partial config laid over DEFAULTS", loader("dict(DEFAULTS)", present="{**DEFAULTS, "
                                                                   "**json.load(handle)}"), True, behaviour="fill"),
        case("fill asked, the partial config left as it is", loader("dict(DEFAULTS)"), False,
             "load_settings('config/local.json') returns {'port': 5432}, expected", behaviour="fill"),
    ],
}
