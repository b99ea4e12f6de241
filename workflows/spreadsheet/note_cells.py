"""Leave a reviewer's note (a cell comment) on every cell of one column that meets a rule - above
or below a threshold, one category, a value repeated in the column, or an empty cell - and on no
other cell; optionally clearing the notes an earlier review left on the sheet first."""

from __future__ import annotations

import datetime as dt
import math
from itertools import pairwise
from typing import Any, Literal

from forge.checks.sheet_notes import matching
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook
from workflows.spreadsheet._common import THRESHOLD_STEPS
from workflows.spreadsheet._edit_book import edited
from workflows.spreadsheet.highlight_cells import CATEGORY, IDS

Rule = Literal["greater_than", "less_than", "equal_text", "duplicates", "blank", "before"]
DATES = {"sales": "Date", "employees": "Start Date"}
BLANKABLE = {"sales": ["Customer", "Unit Price"], "employees": ["Bonus", "Start Date"],
             "inventory": ["Unit Cost", "Warehouse"], "budget": ["Manager", "Actual"]}
WHICH = {"greater_than": "whose value is greater than {a}", "less_than": "whose value is less than {a}",
         "equal_text": 'that holds "{a}"', "duplicates": "whose value appears more than once in the column",
         "blank": "that is empty", "before": "whose date is before {a}"}
NOTES = {"greater_than": ["Above limit - please review", "Unusually high, check", "Needs sign-off"],
         "less_than": ["Below target - follow up", "Low value - please confirm", "Check with the owner"],
         "equal_text": ["To be reassigned", "Review with the team lead", "Check this entry"],
         "duplicates": ["Duplicate - check", "Repeated ID, please verify", "Possible double entry"],
         "blank": ["Missing - please fill in", "Value needed", "To be completed"],
         "before": ["Before the cut-off - confirm", "Old record, please review", "Check against the old policy"]}
OLD_NOTES = ["Checked last quarter", "OK per audit", "Reviewed - no action", "Old: verify again", "Seen by finance"]


class Params(BookParams):
    column: str
    rule: Rule
    values: list[float | str]
    which: str
    note: str
    clear: bool


class Options(BookOptions):
    rule: Rule | None = None
    clear: bool | None = None


def _roundest(a: float, b: float) -> float | int | None:
    """The roundest number strictly between `a` and `b` (10, then 5, 1, 0.5 ...), or None."""
    for step in THRESHOLD_STEPS:
        t = round((math.floor(a / step) + 1) * step, 2)
        if a < t < b:
            return int(t) if t == int(t) else t
    return None


def _threshold(ctx: WorkflowContext, numbers: list[float], above: bool) -> float | int:
    """A round threshold strictly between two values (never one of them) picking a fifth to four fifths."""
    n, options = len(numbers), []
    for a, b in pairwise(sorted(set(numbers))):
        t = _roundest(a, b)
        if t is None:
            continue
        picked = sum(v > t if above else v < t for v in numbers)
        if 0.2 * n <= picked <= 0.8 * n:
            options.append(t)
    if not options:
        raise WorkflowError("no round threshold splits the column")
    return ctx.rng.choice(options)


def _cutoff(ctx: WorkflowContext, days: list[Any]) -> str:
    """The first of a month no date falls on, with a fifth to four fifths of the dates before it (ISO)."""
    n, options = len(days), []
    for first in sorted({dt.date(d.year, d.month, 1) for d in days}):
        before = sum(d < first for d in days)
        if first not in days and 0.2 * n <= before <= 0.8 * n:
            options.append(first.isoformat())
    if not options:
        raise WorkflowError("no first of a month splits the dates")
    return ctx.rng.choice(options)


@register_workflow
class NoteCells(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.note_cells", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), add a note (cell comment) reading "{{ note }}" to every '
             "{{ column }} cell {{ which }}, and to no other cell.{% if clear %} The sheet still carries notes from an "
             "earlier review: delete all of them, so only the new notes remain.{% endif %} Do not change any value.",
             "formal"),
            ("Could you go through the {{ sheet }} tab of {{ input }} and leave a comment saying \"{{ note }}\" on "
             "each {{ column }} cell {{ which }}? Nothing on the other cells, please.{% if clear %} Oh, and the old "
             "comments from the last review are still in there - get rid of those, they only confuse people."
             "{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": note "{{ note }}" on each {{ column }} cell {{ which }}, no other notes'
             "{% if clear %} (delete the old review notes){% endif %}; values unchanged.", "terse"),
        ],
        criteria=["Exactly the cells of the column meeting the rule carry the note, with the asked text.",
                  "No other cell carries a note (old notes removed when asked).", "No value changed."],
        checks=[CheckTemplate(func="table.cells_noted", bind={"table": "sheet", "column": "column", "rule": "rule",
                                                               "values": "values", "note": "note"})],
        output="The workbook with the notes",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = choose(ctx, "rule", list(WHICH))
        kind = ctx.rng.choice(sorted(DATES if rule == "before" else CATEGORY))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 120)
        rows = [list(r) for r in table.rows]
        values: list[float | str] = []
        if rule == "equal_text":
            column = ctx.rng.choice(CATEGORY[kind])
            values = [ctx.rng.choice(sorted({str(v) for v in table.column(column)}))]
        elif rule == "before":
            column = DATES[kind]
            values = [_cutoff(ctx, table.column(column))]
        elif rule in ("greater_than", "less_than"):
            column = ctx.rng.choice(table.numeric)
            values = [_threshold(ctx, [float(v) for v in table.column(column)], rule == "greater_than")]
        else:
            column = IDS[kind] if rule == "duplicates" else ctx.rng.choice(BLANKABLE[kind])
            c = table.index(column)
            for target in ctx.rng.sample(range(1, len(rows)), ctx.rng.randint(2, max(2, len(rows) // 8))):
                rows[target][c] = None if rule == "blank" else rows[ctx.rng.randrange(target)][c]
        c = table.index(column)
        hits = matching([r[c] for r in rows], rule, values)
        if not any(hits) or all(hits):
            raise WorkflowError(f"the {rule} rule on {column} picks {'no' if not any(hits) else 'every'} cell")
        clear = choose(ctx, "clear", [False, True])
        a = values[0] if values else ""
        params = Params(**names(ctx, table, "noted"), column=column, rule=rule, values=values,
                        which=WHICH[rule].format(a=int(a) if isinstance(a, float) and a.is_integer() else a),
                        note=ctx.rng.choice(NOTES[rule]), clear=clear)
        data = workbook([(params.sheet, table.headers, rows)], table)
        if clear:  # old notes on cells the rule does not pick, anywhere in the table
            free = [(r, col) for r in range(2, len(rows) + 2) for col in range(1, len(table.headers) + 1)
                    if not (col == c + 1 and hits[r - 2])]
            old = ctx.rng.sample(free, ctx.rng.randint(2, 5))

            def leave_notes(wb: object) -> None:
                from openpyxl.comments import Comment

                for r, col in old:
                    wb[params.sheet].cell(r, col).comment = Comment(ctx.rng.choice(OLD_NOTES), "Reviewer")  # type: ignore[index]

            data = edited(data, leave_notes)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            from openpyxl.comments import Comment
            col = header.index({lit(params.column)}) + 1
            values = [row[col - 1] for row in rows]
            args = {lit(params.values)}
        """, PICK, f"""
            if {lit(params.clear)}:
                old = [cell for line in ws.iter_rows() for cell in line if cell.comment is not None]
                for cell in old:
                    cell.comment = None
                print("removed", len(old), "old notes")
            hits = pick(values, {lit(params.rule)}, args)
            for r, hit in enumerate(hits, start=2):
                if hit:
                    ws.cell(r, col).comment = Comment({lit(params.note)}, "Reviewer")
            print(sum(hits), "notes added of", len(hits), "rows")
        """]
        clear = "I delete the old review notes, then " if params.clear else "I "
        return three_steps(params, body, f"{clear}add the note to each {params.column} cell {params.which}.",
                           f"Note the {params.column} cells")


PICK = '''
import datetime as dt
def pick(values, rule, args):
    isnum = lambda x: isinstance(x, (int, float)) and not isinstance(x, bool)
    if rule == "greater_than":
        return [isnum(x) and x > args[0] for x in values]
    if rule == "less_than":
        return [isnum(x) and x < args[0] for x in values]
    if rule == "equal_text":
        return [x is not None and str(x).strip().casefold() == args[0].casefold() for x in values]
    if rule == "blank":
        return [x is None or str(x).strip() == "" for x in values]
    if rule == "before":
        day = dt.date.fromisoformat(args[0])
        return [isinstance(x, dt.date) and (x.date() if isinstance(x, dt.datetime) else x) < day for x in values]
    keys = [str(x).strip().casefold() for x in values]
    return [x is not None and keys.count(k) > 1 for x, k in zip(values, keys)]
'''  # reference-script helper: which cells the rule picks, as a person would work it out
