"""A service's settings written as INI, YAML, TOML, .env or JSON: what the config families edit
and convert. One set of sections (server, database, logging, ...) from the logs corpus, typed
values, a header comment naming the service and its maintainer, as real config files carry.
"""

from __future__ import annotations

import configparser
import io
import json
import random
from typing import Any

from faker import Faker

from forge.checks.config_files import ConfigFormat, Sections, as_text
from preparers._corpora import corpus

EXTENSION = {"ini": "ini", "yaml": "yaml", "toml": "toml", "env": "env", "json": "json"}
NAME = {"ini": "INI", "yaml": "YAML", "toml": "TOML", "env": ".env", "json": "JSON"}
EXTRA_KEYS = {  # settings a task may add: (key, values), per section
    "server": [("keepalive_s", [5, 15, 75]), ("max_body_mb", [10, 25, 100]), ("tls", ["true", "false"])],
    "database": [("ssl_mode", ["require", "disable"]), ("connect_timeout_s", [5, 10, 30]), ("replica", ["pg-replica"])],
    "logging": [("format", ["json", "plain"]), ("retention_days", [7, 14, 30]), ("colour", ["false", "true"])],
    "cache": [("prefix", ["svc:", "app:"]), ("compress", ["true", "false"]), ("eviction", ["lru", "lfu"])],
    "mail": [("reply_to", ["support@example.org"]), ("use_tls", ["true", "false"]), ("retries", [3, 5])],
}
RENAMES = {"timeout_s": "request_timeout_s", "workers": "worker_count", "host": "hostname", "port": "listen_port",
           "pool_size": "max_connections", "level": "log_level", "file": "path", "rotate_mb": "max_size_mb",
           "backend": "engine", "ttl_s": "expiry_s", "max_entries": "capacity", "smtp_host": "relay_host",
           "smtp_port": "relay_port", "sender": "from_address", "name": "database_name"}


def make_settings(rng: random.Random, faker: Faker) -> tuple[str, str, Sections]:
    """(service, maintainer, sections of typed settings): 3-4 sections of the corpus, drawn values."""
    data = corpus("logs")["config_sections"]
    sections = rng.sample(sorted(data), rng.randint(3, 4))
    settings = {s: {k: rng.choice(v) for k, v in data[s].items()} for s in sections}
    if "server" in settings and rng.random() < 0.5:
        settings["server"]["debug"] = rng.choice([True, False])
    return rng.choice(corpus("logs")["services"]), faker.name(), settings


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, (int, float)) else json.dumps(value)


def _yaml_value(value: Any) -> str:
    import yaml

    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def render(fmt: ConfigFormat, settings: Sections, header: str) -> str:
    """The settings as a file of `fmt`, a header comment first (JSON has no comments: none)."""
    lines: list[str] = []
    if fmt == "json":
        return json.dumps(settings, indent=2) + "\n"
    mark = ";" if fmt == "ini" else "#"
    lines.append(f"{mark} {header}")
    for section, keys in settings.items():
        lines.append("")
        if fmt == "env":
            lines.append(f"# {section}")
            lines += [f"{section.upper()}_{k.upper()}={as_text(v)}" for k, v in keys.items()]
        elif fmt == "yaml":
            lines.append(f"{section}:")
            lines += [f"  {k}: {_yaml_value(v)}" for k, v in keys.items()]
        elif fmt == "toml":
            lines.append(f"[{section}]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in keys.items()]
        else:
            parser = configparser.ConfigParser(interpolation=None)
            parser[section] = {k: as_text(v) for k, v in keys.items()}
            buf = io.StringIO()
            parser.write(buf)
            lines += buf.getvalue().strip().splitlines()
    return "\n".join(lines) + "\n"


def written(fmt: ConfigFormat, value: str) -> str:
    """How `value` (as the instruction gives it) is written in a file of `fmt`."""
    from forge.checks.config import typed_value

    return _toml_value(typed_value(value)) if fmt == "toml" else _yaml_value(typed_value(value)) \
        if fmt == "yaml" else value


# The reference's line editor: what a person does in an editor, one line at a time, comments kept.
LINE_EDITOR = r'''
import re
def edit(text, fmt, section, key, operation, line=None, new_key=None):
    """Change the line of `key` in `section` (or add `line` at the section's end)."""
    lines = text.splitlines()
    current, last = None, None
    for i, raw in enumerate(lines):
        s = raw.strip()
        if fmt in ("ini", "toml") and s.startswith("[") and s.endswith("]"):
            current = s[1:-1].strip()
        elif fmt == "yaml" and raw and not raw[0].isspace() and s.endswith(":") and not s.startswith("#"):
            current = s[:-1]
        elif fmt == "env" and "=" in s and not s.startswith("#"):
            current = s.split("_", 1)[0].lower()
        if current != section or not s or s.startswith(("#", ";", "[")):
            continue
        last = i
        name = re.split(r"\s*[:=]", s, maxsplit=1)[0].strip()
        if fmt == "env":
            name = name.split("_", 1)[1].lower()
        if name != key:
            continue
        indent = raw[: len(raw) - len(raw.lstrip())]
        if operation == "set":
            lines[i] = indent + line
        elif operation == "remove":
            del lines[i]
        elif operation == "comment_out":
            lines[i] = indent + (";" if fmt == "ini" else "#") + " " + s
        elif operation == "rename":
            lines[i] = raw.replace(key.upper() if fmt == "env" else key, new_key.upper() if fmt == "env" else new_key, 1)
        return "\n".join(lines) + "\n"
    if operation != "add" or last is None:
        raise SystemExit(f"{section}.{key} not found")
    indent = "  " if fmt == "yaml" else ""
    lines.insert(last + 1, indent + line)
    return "\n".join(lines) + "\n"
'''


def setting_line(fmt: ConfigFormat, section: str, key: str, value: str) -> str:
    """The line that sets `key` to `value` in a file of `fmt`."""
    if fmt == "env":
        return f"{section.upper()}_{key.upper()}={value}"
    if fmt == "yaml":
        return f"{key}: {written(fmt, value)}"
    return f"{key} = {written(fmt, value)}"
