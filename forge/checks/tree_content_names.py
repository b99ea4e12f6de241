"""Tree checks for files renamed after what they hold, not what the scanner or the export called them:
OCR'd invoices (`scan_0007.txt`) named by the invoice number written on them, meeting notes
(`Untitled (2).md`) named `YYYY-MM-DD <title>.md` by their date line and first heading (dates
written as people do: 2024-03-12, 12 March 2024, March 12, 2024). Renamed in place or copied into a
folder under the new names; identical copies that would share a name are kept once. The folder is
in place: the check works out the whole folder from the original archive and accounts for every
file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.views import Entry, TextView

Kind = Literal["invoice", "notes"]
EXTENSION = {"invoice": ".txt", "notes": ".md"}
_INVOICE = re.compile(r"^\s*(?:invoice\s*(?:no\.?|number|#)|inv\.\s*no\.?)\s*[:#]?\s*(?P<n>[A-Za-z0-9][A-Za-z0-9-]*)",
                      re.IGNORECASE)
_DATE = re.compile(r"^\s*date:\s*(?P<d>.+?)\s*$", re.IGNORECASE)
DATE_FORMATS = ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y")


class RenamedByContent(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level files are renamed, in place.")
    kind: Kind = Field(description="invoice: '<invoice number>.txt' from the 'Invoice no:' line; notes: "
                                   "'YYYY-MM-DD <first heading>.md' from the 'Date:' line.")
    target: str | None = Field(default=None, description="Copies go into this folder under the new names; None: "
                                                         "the files are renamed where they are.")


def _date(text: str) -> str | None:
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    return None


def content_name(lines: list[str], kind: Kind) -> str | None:
    """The name the file's own text gives it, or None when its text lacks what names it."""
    if kind == "invoice":
        number = next((m["n"] for line in lines if (m := _INVOICE.match(line))), None)
        return f"{number}.txt" if number else None
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), None)
    date = next((_date(m["d"]) for line in lines if (m := _DATE.match(line))), None)
    return f"{date} {title}.md" if title and date else None


def _original(state: FinalState, folder: str) -> dict[str, bytes]:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    return read_tar(state.originals[folder], folder, max_members=5000)


@register_check("tree.renamed_by_content", RenamedByContent, source="tree", view="tree")
def renamed_by_content(state: FinalState, opts: RenamedByContent) -> Verdict:
    """Every top-level file of the kind's extension is under the name its text gives (in `target`
    as a copy, the original staying, or renamed in place), identical files sharing that name kept
    once; every other file stays where it was; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    given = _original(state, opts.folder)
    renames: dict[str, str] = {}
    for path in sorted(p for p in before if "/" not in p and PurePosixPath(p).suffix.lower() == EXTENSION[opts.kind]):
        view = read_view(given[path], f"{opts.folder}/{path}", TextView, file_type="md" if opts.kind == "notes"
                         else "txt")
        if (name := content_name(view.lines, opts.kind)) is None:
            raise CheckError(f"{opts.folder}/{path} does not say what it should be named: the task is ambiguous")
        renames[path] = f"{opts.target}/{name}" if opts.target else name
    if not renames:
        raise CheckError(f"no {EXTENSION[opts.kind]} file at the top of {opts.folder}/: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in renames or opts.target:
            place_entry(expected, path, entry, opts.folder)
        if path in renames:
            place_entry(expected, renames[path], entry, opts.folder)
    where = f"copied into {opts.target}/" if opts.target else "renamed"
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{len(renames)} files {where} by their content")
