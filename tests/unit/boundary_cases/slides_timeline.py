"""Boundary cases of `forge.checks.slides_timeline` on real decks and milestone lists (CSV, xlsx of
real dates, a Markdown list or task list): the milestones oldest first as bullets or a Date |
Milestone table, dates however printed; the LAST two swapped, the last one missing or an extra one,
a wrong date, the status date's cut on both sides (a milestone the day before left out, the day
itself kept), only the open ones (a status not 'Done', an unticked box; a slipped milestone among
the done ones kept), a table where bullets were asked and the reverse, a wrong header, the slide
one place off, another slide touched."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._slide_tables import with_table
from tests.xlsx import xlsx_bytes

LIST = [("Go-live", dt.date(2025, 6, 2)), ("Kick-off workshop", dt.date(2025, 1, 14)),
        ("Beta release", dt.date(2025, 4, 9)), ("Design freeze", dt.date(2025, 2, 27))]
ORDER = sorted(LIST, key=lambda m: m[1])
DONE = {"Kick-off workshop", "Beta release"}  # the design freeze slipped: open though earlier than the beta
STATUS = {m: "Done" if m in DONE else "In progress" for m, _ in LIST}
CSV = write_csv(Table.of("m", [["Milestone", "Owner", "Status", "Due"],
                               *[[m, "Ann", STATUS[m], d.isoformat()] for m, d in LIST]]))
MD = ("# Atlas - milestones\n\nAgreed in the steering group.\n\n"
      + "".join(f"- {m}: {d.day} {d:%B %Y}\n" for m, d in LIST)).encode()
TASKS = ("# Atlas - milestones\n\n"
         + "".join(f"- [{'x' if m in DONE else ' '}] {m}: {d.day} {d:%B %Y}\n" for m, d in LIST)).encode()
OPEN = [ORDER[1], ORDER[3]]  # the design freeze, go-live


def _deck(timeline: SlideContent | None = None, at: int = 2, risk: str = "Supplier delays") -> bytes:
    slides = [SlideContent(layout="title", title="Office Move Update", subtitle="Ann Lee"),
              SlideContent(layout="bullets", title="Budget", bullets=[Bullet(text="On track")]),
              SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text=risk)]),
              SlideContent(layout="title_only", title="Questions")]
    if timeline is not None:
        slides.insert(at, timeline)
    return write_pptx(DeckContent(title="M", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="m", slides=slides))


def bullets(lines: list[str], title: str = "Timeline") -> SlideContent:
    return SlideContent(layout="bullets", title=title, bullets=[Bullet(text=t) for t in lines])


def dated(entries: list[tuple[str, dt.date]], fmt: str = "%Y-%m-%d", sep: str = " - ") -> list[str]:
    return [f"{d.strftime(fmt)}{sep}{m}" for m, d in entries]


def table_deck(grid: list[list[str]], at: int = 2) -> bytes:
    """The deck with a Title Only 'Timeline' slide holding `grid` as a real table."""
    return with_table(_deck(SlideContent(layout="title_only", title="Timeline"), at=at), at, grid)


def case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
         source: str = "csv") -> Case:
    data = {"csv": CSV, "md": MD, "tasks.md": TASKS,
            "xlsx": xlsx_bytes([["Milestone", "Owner", "Status", "Due"], *[[m, "Ann", STATUS[m], d] for m, d in LIST]],
                               "Milestones")}[source]
    source = source.removeprefix("tasks.")
    columns = {} if source == "md" else {"date_column": "Due", "label_column": "Milestone"}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "data_file": f"plan.{source}",
                              "title": "Timeline", "after_title": "Budget", "form": "bullets", **columns, **options},
                passes, says, files={"out.pptx": deck}, originals={"in.pptx": _deck(), f"plan.{source}": data})


WHERE = "slide 3 of out.pptx"
OPEN_ONLY = {"open_only": True, "status_column": "Status"}
TABLE = {"form": "table"}
GRID = [["Date", "Milestone"], *[[d.isoformat(), m] for m, d in ORDER]]

TIMELINE = [
    case("every milestone oldest first", _deck(bullets(dated(ORDER))), {}, True),
    case("from a Markdown list", _deck(bullets(dated(ORDER))), {}, True, source="md"),
    case("from a workbook of real dates", _deck(bullets(dated(ORDER))), {}, True, source="xlsx"),
    case("dates written out, an en dash", _deck(bullets(dated(ORDER, "%d %B %Y", " \u2013 "))), {}, True),
    case("dates as 'Mar 14, 2025' and a colon", _deck(bullets(dated(ORDER, "%b %d, %Y", ": "))), {}, True),
    case("the last two swapped", _deck(bullets(dated([*ORDER[:2], ORDER[3], ORDER[2]]))), {}, False,
         f"entry 3 on {WHERE} is 'Go-live', expected 'Beta release'"),
    case("the last one missing", _deck(bullets(dated(ORDER[:3]))), {}, False,
         f"{WHERE} lists 3 milestones, expected 4"),
    case("an extra one at the end", _deck(bullets([*dated(ORDER), "2025-07-01 - Party"])), {}, False,
         f"{WHERE} lists 5 milestones, expected 4"),
    case("the last date a day off", _deck(bullets([*dated(ORDER[:3]), "2025-06-03 - Go-live"])), {}, False,
         f"entry 4 ('Go-live') on {WHERE} is dated 2025-06-03, expected 2025-06-02"),
    case("a bullet without a date", _deck(bullets([*dated(ORDER[:3]), "Go-live"])), {}, False,
         "the line 'Go-live' on slide 3 of out.pptx is not '<date> - <milestone>'"),
    case("since: the day after the design freeze", _deck(bullets(dated(ORDER[2:]))), {"since": "2025-02-28"}, True),
    case("since: the milestone before the cut kept", _deck(bullets(dated(ORDER[1:]))), {"since": "2025-02-28"},
         False, f"entry 1 on {WHERE} is 'Design freeze', expected 'Beta release'"),
    case("since: a milestone on the day itself kept", _deck(bullets(dated(ORDER[1:]))), {"since": "2025-02-27"},
         True),
    case("since: the milestone on the day left out", _deck(bullets(dated(ORDER[2:]))), {"since": "2025-02-27"},
         False, f"entry 1 on {WHERE} is 'Beta release', expected 'Design freeze'"),
    case("a table as asked", table_deck(GRID), TABLE, True),
    case("a table with written dates", table_deck([GRID[0], *[[f"{d:%d %b %Y}", m] for m, d in ORDER]]), TABLE,
         True),
    case("a table's last row out of order", table_deck([*GRID[:3], GRID[4], GRID[3]]), TABLE, False,
         f"entry 3 on {WHERE} is 'Go-live', expected 'Beta release'"),
    case("a table with the header 'When'", table_deck([["When", "Milestone"], *GRID[1:]]), TABLE, False,
         f"the table on {WHERE} has the header ['when', 'milestone']"),
    case("a table where bullets were asked", table_deck(GRID), {}, False, f"{WHERE} holds a table"),
    case("bullets where a table was asked", _deck(bullets(dated(ORDER))), TABLE, False, f"{WHERE} also has the text"),
    case("the slide one place late", _deck(bullets(dated(ORDER)), at=3), {}, False,
         "slide 3 of out.pptx is titled 'Risks'; the new slide 'Timeline' must come directly after 'Budget' "
         "(it is slide 4)"),
    case("another slide touched", _deck(bullets(dated(ORDER)), risk="Supplier delay"), {}, False,
         "('Risks') of out.pptx reads ['Supplier delay'], expected ['Supplier delays']"),
    case("no timeline slide", _deck(), {}, False, "(no slide has that title)"),
    case("open only: the ones not Done", _deck(bullets(dated(OPEN))), OPEN_ONLY, True),
    case("open only: from a workbook", _deck(bullets(dated(OPEN))), OPEN_ONLY, True, source="xlsx"),
    case("open only: unticked boxes of a task list", _deck(bullets(dated(OPEN))), {"open_only": True}, True,
         source="tasks.md"),
    case("open only: the done beta kept", _deck(bullets(dated(ORDER[1:]))), OPEN_ONLY, False,
         f"entry 2 on {WHERE} is 'Beta release', expected 'Go-live'"),
    case("open only: a ticked box kept", _deck(bullets(dated(ORDER[1:]))), {"open_only": True}, False,
         f"entry 2 on {WHERE} is 'Beta release', expected 'Go-live'", source="tasks.md"),
    case("open only: the slipped freeze left out", _deck(bullets(dated(OPEN[1:]))), OPEN_ONLY, False,
         f"entry 1 on {WHERE} is 'Go-live', expected 'Design freeze'"),
    case("every milestone, done or not", _deck(bullets(dated(ORDER))), {}, True, source="tasks.md"),
    case("a cut after every milestone", _deck(bullets(dated(ORDER))), {"since": "2025-07-01"}, False,
         "no milestone of plan.csv is dated on or after 2025-07-01"),
]

CASES = {"slides.timeline_slide": TIMELINE}
