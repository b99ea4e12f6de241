"""Checks over a Keep a Changelog file (CHANGELOG.md): an entry added under the right version and
section, or the Unreleased changes cut into a release, its compare links updated.

The file is read as a structure (the preamble, each version heading with its ### sections and
their bullet entries, the link references at the foot), so blank lines and the bullet marker do
not matter while every heading, entry and link does. The expected structure is the original's
with the one change the instruction states.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

SECTION_ORDER = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
_VERSION = re.compile(r"^##\s+\[?([^\]\s]+)\]?(?:\s+-\s+(\S+))?\s*$")
_LINK = re.compile(r"^\[([^\]]+)\]:\s*(\S+)\s*$")
_ITEM = re.compile(r"^\s*[-*+]\s+(.*)$")


class Version(BaseModel):
    name: str
    date: str | None
    sections: list[tuple[str, list[str]]] = Field(default_factory=list)


class Changelog(BaseModel):
    preamble: list[str]
    versions: list[Version]
    links: list[tuple[str, str]]


def parse_changelog(text: str) -> Changelog:
    """The changelog's structure; text outside a bullet list under a section is kept as an entry too."""
    preamble: list[str] = []
    versions: list[Version] = []
    links: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if link := _LINK.match(line):
            links.append((link[1], link[2]))
        elif version := _VERSION.match(line):
            versions.append(Version(name=version[1], date=version[2]))
        elif versions and line.startswith("### "):
            versions[-1].sections.append((line[4:].strip(), []))
        elif versions and versions[-1].sections:
            items = versions[-1].sections[-1][1]
            item = _ITEM.match(line)
            if item or not items:
                items.append(" ".join((item[1] if item else line).split()))
            else:  # a wrapped entry's next line
                items[-1] = f"{items[-1]} {' '.join(line.split())}"
        elif versions:
            raise CheckError(f"the changelog has text under {versions[-1].name!r} outside any ### section: {line!r}")
        else:
            preamble.append(" ".join(line.split()))
    return Changelog(preamble=preamble, versions=versions, links=links)


class ChangelogEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Literal["add", "release"]
    version: str = Field(default="Unreleased", description="add: the version heading the entry goes under.")
    section: str | None = Field(default=None, description="add: the ### section (created in Keep a Changelog's "
                                "order when the version has none).")
    entry: str | None = Field(default=None, description="add: the entry's text, appended at the end of the section.")
    new_version: str | None = Field(default=None, description="release: the version the Unreleased changes become.")
    date: str | None = Field(default=None, description="release: its date, YYYY-MM-DD.")


def _added(log: Changelog, opts: ChangelogEdited) -> Changelog:
    target = next((v for v in log.versions if v.name.casefold() == opts.version.casefold()), None)
    if target is None or opts.section is None or opts.entry is None:
        raise CheckError(f"the changelog has no version {opts.version!r}, or the check lacks section/entry")
    names = [name for name, _ in target.sections]
    if opts.section in names:
        target.sections[names.index(opts.section)][1].append(opts.entry)
    else:
        rank = SECTION_ORDER.index(opts.section)
        at = next((i for i, n in enumerate(names) if n in SECTION_ORDER and SECTION_ORDER.index(n) > rank), len(names))
        target.sections.insert(at, (opts.section, [opts.entry]))
    return log


def _released(log: Changelog, opts: ChangelogEdited) -> Changelog:
    if not log.versions or log.versions[0].name.casefold() != "unreleased" or not opts.new_version:
        raise CheckError("a release needs an Unreleased heading first and the check a new_version")
    unreleased = log.versions[0]
    log.versions[0:1] = [Version(name=unreleased.name, date=None),
                         Version(name=opts.new_version, date=opts.date, sections=unreleased.sections)]
    names = [name.casefold() for name, _ in log.links]
    if "unreleased" in names:
        at = names.index("unreleased")
        url = log.links[at][1]
        previous = re.search(r"compare/(v?)(.+?)\.\.\.HEAD$", url)
        if previous is None:
            raise CheckError(f"the Unreleased link {url!r} is not a .../compare/<tag>...HEAD link")
        tag = f"{previous[1]}{opts.new_version}"
        base = url[: previous.start()]
        log.links[at:at + 1] = [(log.links[at][0], f"{base}compare/{tag}...HEAD"),
                                (opts.new_version, f"{base}compare/{previous[1]}{previous[2]}...{tag}")]
    return log


def _difference(want: Changelog, got: Changelog) -> str | None:
    if got.preamble != want.preamble:
        return "the text above the first version heading changed"
    for n, w in enumerate(want.versions):
        if n >= len(got.versions):
            return f"version heading {n + 1} ({w.name}) is missing"
        g = got.versions[n]
        if (g.name.casefold(), g.date) != (w.name.casefold(), w.date):
            return f"version heading {n + 1} is {g.name!r} dated {g.date!r}, expected {w.name!r} dated {w.date!r}"
        if [s for s, _ in g.sections] != [s for s, _ in w.sections]:
            return f"{w.name} has the sections {[s for s, _ in g.sections]}, expected {[s for s, _ in w.sections]}"
        for (section, items), (_, have) in zip(w.sections, g.sections, strict=True):
            if have != items:
                return f"{w.name} / {section} lists {have}, expected {items}"
    if len(got.versions) > len(want.versions):
        return f"an extra version heading {got.versions[len(want.versions)].name!r}"
    if got.links != want.links:
        return f"the link references are {got.links}, expected {want.links}"
    return None


@register_check("text.changelog_edited", ChangelogEdited, view="text")
def changelog_edited(state: FinalState, opts: ChangelogEdited) -> Verdict:
    """The changelog is the original with exactly the stated change: the entry appended at the end of
    the named section of the named version (a missing section created in Keep a Changelog's order),
    or the Unreleased changes moved under a new version heading with its date, an empty Unreleased
    heading left above it, and (where the file has compare links) the Unreleased link moved on to the
    new tag and a link for the new version added below it. Every other heading, entry and link is as
    it was."""
    original = parse_changelog(input_view(state, opts.input_file, TextView).text)
    want = _added(original, opts) if opts.operation == "add" else _released(original, opts)
    got = parse_changelog(output_view(state, opts.file, TextView).text)
    if msg := _difference(want, got):
        return Verdict.of(False, f"{opts.file}: {msg}")
    what = f"{opts.entry!r} under {opts.version} / {opts.section}" if opts.operation == "add" else \
        f"Unreleased released as {opts.new_version} ({opts.date})"
    return Verdict.of(True, f"{opts.file}: {what}; the rest unchanged")
