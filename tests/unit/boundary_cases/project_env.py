"""Boundary cases of `project.env_overrides` on a real catalogue package with a JSON settings module
(prefix WILLIAMS_CORE), run in a bubblewrap sandbox: variables overriding the file's settings, or
every DEFAULTS key, with ints kept ints and a monkeypatch test, pass; the wrong scope either way, no
int conversion, the last key forgotten, another prefix, lower-case names, stray prefixed variables
taken in, an edited config, and a missing or weak test fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case
from tests.unit.boundary_cases.project_io import FILES, MODULE, READ, SOURCE, TESTS  # the same JSON settings project
INT = "int(text) if isinstance(settings.get(key, DEFAULTS.get(key)), int) else text"


def loader(keys: str = "settings", value: str = INT, name: str = "'WILLIAMS_CORE_' + key.upper()") -> str:
    body = ('    with open(path, encoding="utf-8") as handle:\n        settings = json.load(handle)\n'
            f"    for key in sorted({keys}):\n        text = os.environ.get({name})\n"
            f"        if text is not None:\n            settings[key] = {value}\n    return settings")
    return SOURCE.replace("import json", "import json\nimport os").replace(READ, body)


TEST = ("\n\ndef test_port_from_environment(monkeypatch):\n    monkeypatch.setenv('WILLIAMS_CORE_PORT', '6000')\n"
        "    assert load_settings(str(ROOT / 'config/settings.json'))['port'] == 6000\n")
WEAK = "\n\ndef test_still_loads():\n    assert load_settings(str(ROOT / 'config/settings.json'))\n"
GREEDY = loader().replace("    return settings", "    for name, text in os.environ.items():\n"
                          "        if name.startswith('WILLIAMS_CORE_'):\n"
                          "            settings.setdefault(name[14:].lower(), text)\n    return settings")


def case(label: str, module: str, passes: bool, says: str = "", tests: str = TEST,
         edits: dict[str, str] | None = None, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: module, TESTS: FILES[TESTS] + tests, **(edits or {})}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "config": "config/settings.json",
        "partial": "config/local.json", "prefix": "WILLIAMS_CORE", "widen": False, **options}, passes, says)


CASES = {
    "project.env_overrides": [
        case("the file's settings overridden, ints kept", loader(), True),
        case("every DEFAULTS key settable", loader("set(settings) | set(DEFAULTS)"), True, widen=True),
        case("every DEFAULTS key asked, only the file's taken", loader(), False,
             "config/local.json with WILLIAMS_CORE_* variables set returns {'port': 5433}, expected", widen=True),
        case("the file's keys asked, DEFAULTS keys added too", loader("set(settings) | set(DEFAULTS)"), False,
             "config/local.json with WILLIAMS_CORE_* variables set returns"),
        case("numbers left as text", loader(value="text"), False, "returns {'port': '5433'",
             tests=TEST.replace("== 6000", "== '6000'")),
        case("the last key forgotten", loader("list(settings)[:-1]"), False, "'timeout': 5}, expected"),
        case("another prefix", loader(name="'WILLIAMS_' + key.upper()"), False,
             "config/settings.json with WILLIAMS_CORE_* variables set returns {'port': 5432",
             tests=TEST.replace("WILLIAMS_CORE_PORT", "WILLIAMS_PORT")),
        case("lower-case variable names", loader(name="'WILLIAMS_CORE_' + key"), False,
             "with WILLIAMS_CORE_* variables set returns {'port': 5432",
             tests=TEST.replace("WILLIAMS_CORE_PORT", "WILLIAMS_CORE_port")),
        case("every prefixed variable taken in", GREEDY, False, "'not_a_setting': 'x'"),
        case("the config edited", loader(), False, "proj/config/settings.json was changed",
             edits={"config/settings.json": FILES["config/local.json"]}),
        case("no new test", loader(), False, f"{TESTS} has no new test that calls load_settings()", tests=""),
        case("a test that sets nothing", loader(), False, "the new tests also pass on the original loader", tests=WEAK),
    ],
}
