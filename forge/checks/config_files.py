"""Config-file checks over text: settings edited in, or a whole config carried between, INI, YAML,
TOML, .env and JSON.

Every format is read into one shape, sections of keys (`{"server": {"port": 8080}}`); a `.env`
file's `SERVER_PORT` is section `server`, key `port` (split at the first underscore, lower
case). The expected settings are worked out from the task's original file; the options carry
only what the instruction states (the format, the key, the value to write).

INI and .env values are text; YAML, TOML and JSON ones are typed, so "set port to 8443" in a
YAML file must write the number 8443, not the string "8443".
"""

from __future__ import annotations

import configparser
import json
import re
import tomllib
from functools import partial
from typing import Any, Literal

from pydantic import Field

from forge.checks.config import typed_value
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, TextView

ConfigFormat = Literal["ini", "yaml", "toml", "env", "json"]
TYPED = {"yaml", "toml", "json"}
Sections = dict[str, dict[str, Any]]


class ConfigParseError(ValueError):
    """Raised when a config file does not parse as its format (the message says where)."""


def _structured(fmt: str, text: str) -> Any:
    import yaml  # PyYAML: a Prefect dependency, loaded only for YAML checks

    load, error, name = {"yaml": (yaml.safe_load, yaml.YAMLError, "YAML"),
                         "toml": (tomllib.loads, tomllib.TOMLDecodeError, "TOML"),
                         "json": (json.loads, json.JSONDecodeError, "JSON")}[fmt]
    try:
        return load(text)
    except error as exc:
        raise ConfigParseError(f"not valid {name}: {exc}") from None


def _ini(text: str) -> Any:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error as exc:
        raise ConfigParseError(f"not a valid INI file: {exc}") from None
    return {s: dict(parser[s]) for s in parser.sections()}


_ENV_LINE = re.compile(r"^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$")


def _env(text: str) -> Any:
    """KEY=value lines (an `export ` prefix and quotes around the value allowed); any other line
    that is not blank or a comment is an error, not skipped."""
    flat: Sections = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _ENV_LINE.match(line)
        if match is None:
            raise ConfigParseError(f"line {number} is not a NAME=value line: {line[:60]!r}")
        name, value = match.group(1), match.group(2).strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        section, _, key = name.partition("_")
        if not key:
            raise ConfigParseError(f"line {number}: {name!r} is not a SECTION_KEY name")
        flat.setdefault(section.lower(), {})[key.lower()] = value
    return flat


_PARSERS = {"ini": _ini, "env": _env, **{f: partial(_structured, f) for f in ("yaml", "toml", "json")}}


def parse_config(text: str, fmt: ConfigFormat) -> Sections:
    """The file's sections of settings; ConfigParseError when it does not parse or is not sections of keys."""
    return _sections(_PARSERS[fmt](text))


def _sections(value: Any) -> Sections:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ConfigParseError("the top level is not sections of settings")
    return {str(s): {str(k): v for k, v in keys.items()} for s, keys in value.items()}


def as_text(value: Any) -> str:
    """A typed value as INI/.env text (booleans lower case, as they were written)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def for_format(value: Any, fmt: ConfigFormat) -> Any:
    """The value as a file of `fmt` holds it: typed in YAML/TOML/JSON, text in INI/.env."""
    return typed_value(as_text(value)) if fmt in TYPED else as_text(value)


def same_setting(got: Any, want: Any, fmt: ConfigFormat) -> bool:
    """Equal as the format stores them: in a typed format a number written as text is wrong."""
    if fmt not in TYPED:
        return isinstance(got, str) and typed_value(got) == typed_value(as_text(want))
    want = for_format(want, fmt)
    if isinstance(want, bool) or isinstance(got, bool):
        return got is want
    if isinstance(want, (int, float)):
        return isinstance(got, (int, float)) and abs(got - want) < 1e-9
    return got == want


def _read(state: FinalState, path: str, fmt: ConfigFormat, *, original: bool) -> Sections | str:
    read = input_view if original else output_view
    try:
        if fmt == "json":  # a .json file is read by the json file type, strictly
            return _sections(read(state, path, JsonView).value)
        return parse_config(read(state, path, TextView).text, fmt)
    except ConfigParseError as exc:
        return f"{path}: {exc}"


def _compare(expected: Sections, got: Sections, fmt: ConfigFormat, path: str) -> str | None:
    """The first difference between the settings, or None."""
    if sorted(got) != sorted(expected):
        return f"{path} has the sections {sorted(got)}, expected {sorted(expected)}"
    for section, keys in expected.items():
        if sorted(got[section]) != sorted(keys):
            return f"[{section}] of {path} has the keys {sorted(got[section])}, expected {sorted(keys)}"
        for key, want in keys.items():
            if not same_setting(got[section][key], want, fmt):
                return f"{section}.{key} in {path} is {got[section][key]!r}, expected {for_format(want, fmt)!r}"
    return None


# --- text.config_edited -------------------------------------------------------------------------


class ConfigEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    format: ConfigFormat
    operation: Literal["set", "add", "remove", "comment_out", "rename"]
    section: str = Field(description="The section (for .env, the variable's prefix in lower case).")
    key: str = Field(description="The setting changed, added, removed, commented out or renamed.")
    value: str | None = Field(default=None, description="The value to write (set, add), as the instruction gives it.")
    new_key: str | None = Field(default=None, description="The setting's new name (rename).")


def _commented(text: str, fmt: ConfigFormat, option: str, value: Any) -> bool:
    """A comment line still setting `option` to its old `value` (quotes around it free)."""
    marks = "#;" if fmt == "ini" else "#"
    sep = ":" if fmt == "yaml" else "="
    for match in re.finditer(rf"^\s*[{marks}]+\s*{re.escape(option)}\s*{sep}(.*)$", text, re.MULTILINE):
        written = match.group(1).strip().strip("'\"")
        if typed_value(written) == typed_value(as_text(value)):
            return True
    return False


@register_check("text.config_edited", ConfigEdited, view="text")
def config_edited(state: FinalState, opts: ConfigEdited) -> Verdict:
    """The config still parses as its format; the one setting asked for is set, added, removed,
    commented out (gone from the settings, its line kept behind a comment mark) or renamed
    (keeping its value); every other section, key and value is as it was."""
    before = _read(state, opts.input_file, opts.format, original=True)
    after = _read(state, opts.file, opts.format, original=False)
    if isinstance(before, str) or isinstance(after, str):
        return Verdict.of(False, before if isinstance(before, str) else str(after))
    keys = before.get(opts.section)
    if keys is None:
        return Verdict.of(False, f"{opts.input_file} has no section {opts.section!r}")
    exists = opts.key in keys
    if exists == (opts.operation == "add"):
        return Verdict.of(False, f"{opts.section}.{opts.key} {'already exists' if exists else 'does not exist'} in "
                          f"{opts.input_file}; it cannot be {opts.operation}ed")
    expected = {s: dict(k) for s, k in before.items()}
    if opts.operation in ("set", "add"):
        expected[opts.section][opts.key] = typed_value(opts.value or "")
    elif opts.operation == "rename":
        expected[opts.section] = {(opts.new_key or opts.key) if k == opts.key else k: v for k, v in keys.items()}
    else:
        del expected[opts.section][opts.key]
    problem = _compare(expected, after, opts.format, opts.file)
    if problem:
        return Verdict.of(False, problem)
    option = opts.key.upper() if opts.format == "env" else opts.key
    option = f"{opts.section.upper()}_{option}" if opts.format == "env" else option
    if opts.operation == "comment_out" and not _commented(output_view(state, opts.file, TextView).text, opts.format,
                                                          option, keys[opts.key]):
        return Verdict.of(False, f"{opts.file} no longer has {option}, but no commented-out line setting {option} to "
                          f"{as_text(keys[opts.key])!r} either: the line should stay, unchanged, behind a comment mark")
    return Verdict.of(True, f"{opts.section}.{opts.key} {opts.operation} done; everything else unchanged")


# --- text.config_converted ----------------------------------------------------------------------


class ConfigConverted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    source: ConfigFormat = Field(description="The input file's format.")
    target: ConfigFormat = Field(description="The output file's format.")


@register_check("text.config_converted", ConfigConverted, view="text")
def config_converted(state: FinalState, opts: ConfigConverted) -> Verdict:
    """The output parses as the target format and holds exactly the input's sections and settings
    (a .env variable SECTION_KEY being key `key` of section `section`); values typed in YAML, TOML
    and JSON (numbers and true/false as such), text in INI and .env; YAML in its own syntax, not JSON's."""
    before = _read(state, opts.input_file, opts.source, original=True)
    after = _read(state, opts.file, opts.target, original=False)
    if isinstance(before, str) or isinstance(after, str):
        return Verdict.of(False, before if isinstance(before, str) else str(after))
    problem = _compare(before, after, opts.target, opts.file)
    if problem:
        return Verdict.of(False, problem)
    if opts.target == "yaml" and opts.source != "yaml":
        try:  # JSON parses as YAML too: a file still in JSON syntax was not converted
            json.loads(output_view(state, opts.file, TextView).text)
            return Verdict.of(False, f"{opts.file} is still JSON; write YAML's own block style")
        except json.JSONDecodeError:
            pass
    return Verdict.of(True, f"{sum(map(len, before.values()))} settings in {len(before)} sections carried over")
