"""Checks over a hosts file (the team's shared copy of /etc/hosts, a QA lab's, a home network's)
edited by hand: a name added for an address, a name pointed at a new address, an alias added to a
line, a line removed or commented out, a site blocked by pointing it (and its www name) at 0.0.0.0.

A hosts file is read as entries: an address and its names (the first is the canonical one, the
aliases after it in any order), and commented-out entries (`# 10.0.0.5 old.example.com`); plain
comments and blank lines are free, and so are the spaces or tabs between the fields. Addresses
compare as IP addresses (`10.0.0.5` is `10.0.0.5`, however it is spaced).
"""

from __future__ import annotations

import ipaddress
from typing import Literal, NamedTuple

from pydantic import Field

from forge.checks._line_entries import entries_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Operation = Literal["add", "repoint", "alias", "remove", "disable", "block"]


class Entry(NamedTuple):
    kind: str  # host | off | bad
    address: str
    names: tuple[str, ...]
    line: int

    @property
    def key(self) -> tuple[str, str, str, frozenset[str]]:
        return (self.kind, self.address, self.names[0].lower() if self.names else "",
                frozenset(n.lower() for n in self.names[1:]))


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def _entry(text: str, kind: str, line: int) -> Entry | None:
    parts = text.split("#", 1)[0].split()
    address = _address(parts[0]) if parts else None
    if address is None or len(parts) < 2:
        return None
    return Entry(kind, address, tuple(parts[1:]), line)


def entries(view: TextView) -> list[Entry]:
    """The file's entries and commented-out entries in order; any other line that is not a comment is `bad`."""
    found: list[Entry] = []
    for number, raw in enumerate(view.lines, start=1):
        line = raw.strip()
        if not line:
            continue
        commented = line.startswith("#")
        entry = _entry(line.lstrip("#").strip() if commented else line, "off" if commented else "host", number)
        if entry is not None:
            found.append(entry)
        elif not commented:
            found.append(Entry("bad", "", (line,), number))
    return found


def _shown(entry: Entry) -> str:
    what = {"host": "entry", "off": "commented-out entry", "bad": "line"}[entry.kind]
    return f"{what} {' '.join(filter(None, (entry.address, *entry.names)))!r}"


def _same(a: Entry, b: Entry) -> bool:
    return a.key == b.key


class HostsEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Operation = Field(description="add `name` at `address`; repoint the line naming `name` to "
                                 "`address`; alias: add `alias` to that line; remove or disable (comment out) "
                                 "that line; block: `name` and `www.<name>` at `address` (0.0.0.0).")
    name: str = Field(description="The host name the edit is about.")
    address: str | None = Field(default=None, description="add/repoint/block: the address asked.")
    alias: str | None = Field(default=None, description="alias: the extra name for the line.")


def _wanted(original: list[Entry], opts: HostsEdited, path: str) -> tuple[list[Entry], dict[str, str]]:
    """The input's entries with the edit made, and the names a task adds as new lines (name -> address)."""
    if opts.operation in ("add", "block"):
        names = [opts.name, f"www.{opts.name}"] if opts.operation == "block" else [opts.name]
        address = _address(opts.address or "")
        if address is None:
            raise CheckError(f"the asked address {opts.address!r} is not an IP address")
        return original, {n.lower(): address for n in names}
    hits = [k for k, e in enumerate(original) if e.kind == "host" and opts.name.lower() in (n.lower() for n in e.names)]
    if len(hits) != 1:
        raise CheckError(f"{path} has {len(hits)} entries naming {opts.name!r}; not for this check")
    k, old = hits[0], original[hits[0]]
    if opts.operation == "remove":
        return original[:k] + original[k + 1:], {}
    address = _address(opts.address or "") if opts.operation == "repoint" else old.address
    if address is None or not (opts.alias or opts.operation != "alias"):
        raise CheckError(f"{opts.operation} needs {'an alias' if opts.operation == 'alias' else 'an IP address'}")
    new = {"repoint": old._replace(address=address), "alias": old._replace(names=(*old.names, opts.alias or "")),
           "disable": old._replace(kind="off")}[opts.operation]
    return [*original[:k], new, *original[k + 1:]], {}


@register_check("text.hosts_edited", HostsEdited, view="text")
def hosts_edited(state: FinalState, opts: HostsEdited) -> Verdict:
    """The one edit is made (names added at the address asked, on one line or several, anywhere; a line
    pointed elsewhere, given an alias, removed or commented out) and every other entry and commented-out
    entry is unchanged and in order. Comments, blank lines and spacing are free."""
    original = entries(input_view(state, opts.input_file, TextView))
    if any(e.kind == "bad" for e in original):
        raise CheckError(f"{opts.input_file} is not a hosts file")
    want, added = _wanted(original, opts, opts.input_file)
    got = entries(output_view(state, opts.file, TextView))
    bad = next((e for e in got if e.kind == "bad"), None)
    if bad:
        return Verdict.of(False, f"line {bad.line} of {opts.file} is not a hosts entry or a comment: "
                          f"{bad.names[0][:80]!r}")
    if added:
        new = [e for e in got if e.kind == "host" and any(n.lower() in added for n in e.names)]
        named = [n.lower() for e in new for n in e.names]
        for name, address in sorted(added.items()):
            hits = [e for e in new if name in (n.lower() for n in e.names)]
            if len(hits) != 1 or hits[0].address != address:
                where = ", ".join(f"{e.address} (line {e.line})" for e in hits) or "nowhere"
                return Verdict.of(False, f"{opts.file} maps {name} to {where}, expected {address} once")
        stray = sorted(set(named) - set(added))
        if stray:
            return Verdict.of(False, f"{opts.file}: the new entry also names {', '.join(stray)}")
        got = [e for e in got if e not in new]
    problem = entries_diff(want, got, opts.file, _shown, _same, "entries")
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{opts.operation} {opts.name}: {len(want) + len(added)} names and entries as asked")
