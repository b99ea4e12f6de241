"""Action items collected from several meetings' minutes (PDF: the meeting's date after 'Date:'
and a table Action, Owner, Due, Status) into one csv for a follow-up: every action, one person's,
those due before a day, or those still open; meeting by meeting (oldest first) or by due date.
Rows come from the minutes' own text and tables; what is kept and the order from the instruction."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView

HEADER = ["meeting", "action", "owner", "due"]
_DATE = re.compile(r"Date\s*:\s*(\d{4}-\d{2}-\d{2})")


class ActionsCollected(CheckOptions):
    file: OutputPath = Field(description="The csv: meeting,action,owner,due.")
    first_file: InputPath = Field(description="The minutes, in any order.")
    second_file: InputPath
    third_file: InputPath | None = None
    owner: str | None = Field(default=None, description="Only this person's actions.")
    due_before: dt.date | None = Field(default=None, description="Only the actions due before this day.")
    open_only: bool = Field(default=False, description="Only the actions whose Status reads Open.")
    by_due: bool = Field(default=False, description="Earliest due first (ties by meeting, then as printed); else "
                         "meeting by meeting, oldest first, each as printed.")


def minutes_actions(state: FinalState, path: str) -> list[dict[str, Any]]:
    """A meeting's actions: its date and each row of its Action/Owner/Due/Status table."""
    date = _DATE.search("\n".join(input_view(state, path, PdfView).pages))
    if date is None:
        raise CheckError(f"{path} prints no 'Date: YYYY-MM-DD'")
    found = []
    for table in input_view(state, path, TableView).tables:
        names = [fold(str(h)).casefold() for h in table.rows[0]]
        if names[:4] != ["action", "owner", "due", "status"]:
            continue
        for row in table.rows[1:]:
            found.append({"meeting": dt.date.fromisoformat(date.group(1)), "action": fold(str(row[0])),
                          "owner": fold(str(row[1])), "due": dt.date.fromisoformat(str(row[2]).strip()),
                          "status": fold(str(row[3]))})
    if not found:
        raise CheckError(f"{path} has no Action, Owner, Due, Status table")
    return found


@register_check("pdf.actions_collected", ActionsCollected, view="table")
def actions_collected(state: FinalState, opts: ActionsCollected) -> Verdict:
    """The csv's header is meeting,action,owner,due, then one row per action kept (the owner's,
    due before the day, or still open, when asked) with the meeting's date, the action and owner as
    printed and the due date (dates as YYYY-MM-DD), in the order asked; nothing else."""
    actions = [a for p in (opts.first_file, opts.second_file, opts.third_file) if p
               for a in minutes_actions(state, p)]
    actions.sort(key=lambda a: a["meeting"])  # stable: each meeting's actions stay as printed
    if opts.owner is not None:
        actions = [a for a in actions if a["owner"].casefold() == fold(opts.owner).casefold()]
    if opts.due_before is not None:
        actions = [a for a in actions if a["due"] < opts.due_before]
    if opts.open_only:
        actions = [a for a in actions if a["status"].casefold() == "open"]
    if opts.by_due:
        actions.sort(key=lambda a: a["due"])
    want = [HEADER, *([a["meeting"], a["action"], a["owner"], a["due"]] for a in actions)]
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, 0.0)
