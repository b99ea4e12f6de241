"""A project's CHANGELOG.md in the Keep a Changelog style: a preamble, an Unreleased heading, a few
released versions (newest first, dated), each with ### sections of entries, and (often) compare
links at the foot. What the changelog family edits."""

from __future__ import annotations

import datetime as dt
import random

from pydantic import BaseModel

from forge.checks.text_changelog import SECTION_ORDER

PROJECTS = ["reportkit", "ledger-sync", "pipewatch", "formflow", "tilemap", "mailbridge", "quotaguard", "shiplog"]
ENTRIES = {
    "Added": ["CSV export on the reports page", "A --dry-run option for the import command",
              "Dark mode for the settings screen", "Webhook retries with exponential backoff",
              "Support for Python 3.13", "A health check endpoint at /healthz", "Bulk archive for old projects",
              "Keyboard shortcuts for the editor toolbar"],
    "Changed": ["The default page size is now 50 rows", "Log lines are written as JSON",
                "Upgraded the PDF renderer to version 4", "Error messages name the file and the line",
                "The sync job runs every 10 minutes instead of hourly", "Settings are grouped by section"],
    "Deprecated": ["The v1 REST endpoints, to be removed in the next major release",
                   "The --legacy-auth flag", "The XML export format"],
    "Removed": ["The unused /admin/debug page", "Support for Python 3.8", "The old INI config loader"],
    "Fixed": ["Crash when a project name contains a slash", "Dates shown in UTC instead of local time",
              "Duplicate rows after a failed import", "The search box losing focus after typing",
              "Wrong totals on invoices with discounts", "A memory leak in the file watcher",
              "Timeouts when exporting large reports"],
    "Security": ["Session cookies are now HttpOnly and Secure", "Updated the YAML parser to fix a code execution issue",
                 "Password reset links expire after one hour"],
}


class Release(BaseModel):
    name: str
    date: str | None
    sections: dict[str, list[str]]


class ChangelogDraft(BaseModel):
    project: str
    versions: list[Release]  # Unreleased first
    links: bool

    def tag(self, name: str) -> str:
        return "HEAD" if name == "Unreleased" else f"v{name}"

    def text(self) -> str:
        lines = ["# Changelog", "", "All notable changes to this project will be documented in this file.", "",
                 "The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/),",
                 "and this project adheres to [Semantic Versioning](https://semver.org/spec/v2.0.0.html).", ""]
        for version in self.versions:
            lines += [f"## [{version.name}]" + (f" - {version.date}" if version.date else ""), ""]
            for section in SECTION_ORDER:
                if section in version.sections:
                    lines += [f"### {section}", "", *[f"- {e}" for e in version.sections[section]], ""]
        if self.links:
            base = f"https://github.com/acme/{self.project}"
            for newer, older in zip(self.versions, self.versions[1:], strict=False):
                lines.append(f"[{newer.name}]: {base}/compare/{self.tag(older.name)}...{self.tag(newer.name)}")
            lines.append(f"[{self.versions[-1].name}]: {base}/releases/tag/{self.tag(self.versions[-1].name)}")
        return "\n".join(lines).rstrip() + "\n"


def _sections(rng: random.Random, used: set[str], count: int) -> dict[str, list[str]]:
    pool = ["Added", "Changed", "Fixed"] if rng.random() < 0.7 else list(SECTION_ORDER)
    out = {}
    for section in rng.sample(pool, min(count, len(pool))):
        fresh = [e for e in ENTRIES[section] if e not in used]
        picked = rng.sample(fresh, min(len(fresh), rng.randint(1, 3)))
        used.update(picked)
        out[section] = [f"{e} (#{rng.randint(100, 999)})" for e in picked]
    return {s: v for s, v in out.items() if v}


def make_changelog(rng: random.Random, *, links: bool | None = None) -> ChangelogDraft:
    """An Unreleased heading with 1-3 sections and 3-5 released versions, newest first; compare links at
    the foot when `links` (else a seeded draw)."""
    major, minor, patch = rng.randint(1, 3), rng.randint(5, 12), rng.choice([0, 0, 1])
    day = dt.date(2025, rng.randint(1, 8), rng.randint(1, 28))
    used: set[str] = set()
    versions = [Release(name="Unreleased", date=None, sections=_sections(rng, used, rng.randint(1, 3)))]
    names = []
    for _ in range(rng.randint(3, 5)):
        names.append(f"{major}.{minor}.{patch}")
        if patch and rng.random() < 0.5:
            patch -= 1
        else:
            minor, patch = minor - 1, rng.choice([0, 0, 1, 2])
    for name in names:
        versions.append(Release(name=name, date=day.isoformat(), sections=_sections(rng, used, rng.randint(1, 3))))
        day -= dt.timedelta(days=rng.randint(9, 60))
    return ChangelogDraft(project=rng.choice(PROJECTS), versions=versions, links=rng.random() < 0.6 if links is None else links)


# The reference solution: the changelog edited line by line, the way a person does in an editor.
EDIT_SCRIPT = '''
import re
ORDER = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
operation, version, section, entry = {operation}, {version}, {section}, {entry}
new_version, date = {new_version}, {date}
lines = open({input}, encoding="utf-8").read().splitlines()
def is_end(line):
    return line.startswith("## ") or re.match(r"^\\[[^\\]]+\\]:", line)
if operation == "add":
    top = next(i for i, line in enumerate(lines) if re.match(r"^## \\[?" + re.escape(version) + r"\\]?( |$)", line))
    end = next((i for i in range(top + 1, len(lines)) if is_end(lines[i])), len(lines))
    here = next((i for i in range(top + 1, end) if lines[i].strip() == "### " + section), None)
    if here is not None:
        stop = next((i for i in range(here + 1, end) if lines[i].startswith("### ")), end)
        last = max(i for i in range(here + 1, stop) if lines[i].startswith("- "))
        lines.insert(last + 1, "- " + entry)
    else:
        later = [i for i in range(top + 1, end) if lines[i].startswith("### ")
                 and ORDER.index(lines[i][4:].strip()) > ORDER.index(section)]
        if later:
            lines[later[0]:later[0]] = ["### " + section, "", "- " + entry, ""]
        else:
            at = end
            while at > top + 1 and not lines[at - 1].strip():
                at -= 1
            lines[at:at] = ["", "### " + section, "", "- " + entry]
else:
    top = next(i for i, line in enumerate(lines) if line.startswith("## [Unreleased]"))
    lines[top + 1:top + 1] = ["", f"## [{{new_version}}] - {{date}}"]
    link = next((i for i, line in enumerate(lines) if line.startswith("[Unreleased]:")), None)
    if link is not None:
        base, previous = re.match(r"\\[Unreleased\\]: (.*)/compare/(\\S+)\\.\\.\\.HEAD", lines[link]).groups()
        lines[link:link + 1] = [f"[Unreleased]: {{base}}/compare/v{{new_version}}...HEAD",
                                f"[{{new_version}}]: {{base}}/compare/{{previous}}...v{{new_version}}"]
with open({output}, "w", encoding="utf-8") as out:
    out.write("\\n".join(lines) + "\\n")
print(open({output}, encoding="utf-8").read())
'''
