"""A settings module for a catalogue package: `load_settings(path)` reads the app's config file (JSON,
INI or KEY=VALUE lines in a .cfg), next to a DEFAULTS dict it does not use yet, with a test on the shipped
config and a second, partial config file. What file-handling tasks are made of: the loader crashes
on a missing file and ignores DEFAULTS, as first versions do.

    files, module, tests = add_settings(rng, project, "ini")
"""

from __future__ import annotations

import configparser
import io
import json
import random
from typing import Literal

from preparers.code import ProjectContent

Format = Literal["json", "ini", "env"]
KEYS = {"host": ["localhost", "db.internal", "10.0.0.12"], "port": [5432, 8080, 8443, 6379],
        "timeout": [5, 10, 30], "log_level": ["INFO", "WARNING", "DEBUG"], "region": ["eu-west", "us-east"],
        "retries": [2, 3, 5]}
_READERS = {
    "json": ("import json", "    with open(path, encoding=\"utf-8\") as handle:\n        return json.load(handle)",
             "The settings in the JSON file at `path`, as a dict."),
    "ini": ("import configparser", "    parser = configparser.ConfigParser()\n"
            "    with open(path, encoding=\"utf-8\") as handle:\n        parser.read_file(handle)\n"
            "    return dict(parser[\"app\"])", "The [app] section of the INI file at `path`, as a dict of strings."),
    "env": ("", "    settings = {}\n    with open(path, encoding=\"utf-8\") as handle:\n        for line in handle:\n"
            "            line = line.strip()\n            if line and not line.startswith(\"#\"):\n"
            "                key, _, value = line.partition(\"=\")\n                settings[key.strip().lower()] = "
            "value.strip()\n    return settings", "KEY=VALUE lines of the file at `path`, keys lower-cased, "
            "as a dict of strings."),
}
EXT = {"json": "json", "ini": "ini", "env": "cfg"}  # the check source reads .cfg, not .env


def _text(fmt: Format, values: dict[str, object]) -> str:
    if fmt == "json":
        return json.dumps(values, indent=2) + "\n"
    if fmt == "ini":
        parser = configparser.ConfigParser()
        parser["app"] = {k: str(v) for k, v in values.items()}
        out = io.StringIO()
        parser.write(out)
        return out.getvalue()
    return "# app settings\n" + "".join(f"{k.upper()}={v}\n" for k, v in values.items())


def add_settings(rng: random.Random, project: ProjectContent, fmt: Format) -> tuple[dict[str, str], str, str]:
    """The project's files with `settings.py`, its tests and two config files; (files, module, tests)."""
    keys = rng.sample(sorted(KEYS), 4)
    typed = (lambda v: v) if fmt == "json" else str
    defaults = {k: typed(rng.choice(KEYS[k])) for k in keys}
    full = {k: typed(rng.choice(KEYS[k])) for k in keys}
    partial = {k: full[k] for k in keys[:rng.randint(1, 2)]}
    imports, body, doc = _READERS[fmt]
    kind = {"json": "JSON", "ini": "INI", "env": "KEY=VALUE"}[fmt]
    source = (f'"""Settings for {project.package}: read from a {kind} config file."""\n\n'
              + (f"{imports}\n\n" if imports else "")
              + f"DEFAULTS = {defaults!r}\n\n\ndef load_settings(path):\n    \"\"\"{doc}\"\"\"\n{body}\n")
    config, spare = f"config/settings.{EXT[fmt]}", f"config/local.{EXT[fmt]}"
    want = full if fmt == "json" else {k: str(v) for k, v in full.items()}
    tests = (f"import pathlib\n\nfrom {project.package}.settings import load_settings\n\n"
             "ROOT = pathlib.Path(__file__).resolve().parent.parent\n\n\n"
             f"def test_load_settings():\n    assert load_settings(str(ROOT / {config!r})) == {want!r}\n")
    files = {**project.files, f"{project.package}/settings.py": source, "tests/test_settings.py": tests,
             config: _text(fmt, full), spare: _text(fmt, partial)}
    files["README.md"] = files["README.md"].replace("\n\nRun the tests", f"\n- `{project.package}/settings.py`: "
                                                    f"settings from `{config}`.\n\nRun the tests", 1)
    return files, f"{project.package}/settings.py", "tests/test_settings.py"

