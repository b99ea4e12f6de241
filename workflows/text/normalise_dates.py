"""Put every date of a project's status notes in one format, as a style guide or a shared tracker
asks: the notes were kept by people in two offices, so the same day reads 03/05/2024, 3 May 2024,
May 3rd, 2024 or 2024-05-03. ISO dates or dates written out; numeric dates read day first (the
London office's) or month first (the New York office's); quarters, times and versions left alone."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from forge.checks.text_dates import DATE, MONTHS, Target
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

EVENTS = ["Kick-off held on {d}.", "Vendor contract signed {d}.", "Design review moved to {d} (was {d}).",
          "Beta slipped from {d} to {d}.", "Security audit booked for {d}, report due {d}.",
          "Budget of 12,500 approved on {d}.", "Go-live planned for {d}, the week after the Q3 {y} freeze.",
          "Training sessions on {d} and {d} at 14:30.", "Version 2.4 shipped {d}.", "Next steering group: {d}."]


def _forms(rng: random.Random, day: dt.date, day_first: bool) -> str:
    """The day as one person or another wrote it; numeric in the office's order."""
    month = MONTHS[day.month - 1].capitalize()
    suffix = "th" if 10 <= day.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
    numeric = (f"{day.day:02d}/{day.month:02d}/{day.year}" if day_first else f"{day.month:02d}/{day.day:02d}/{day.year}")
    return rng.choice([numeric, numeric, f"{day.day} {month} {day.year}", f"{day.day} {month[:3]} {day.year}",
                       f"{month} {day.day}, {day.year}", f"{month} {day.day}{suffix}, {day.year}",
                       day.isoformat()])


def status_notes(rng: random.Random, faker: Faker, day_first: bool) -> str:
    """A project's status notes: a title, who keeps them, then dated entries in mixed date forms;
    at least two numeric dates whose day and month could be swapped, so the office's order matters."""
    year = rng.choice([2024, 2025])
    days = sorted(dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(360)) for _ in range(16))
    ambiguous = [dt.date(year, rng.randint(1, 12), rng.randint(1, 12)) for _ in range(2)]
    lines = [f"# {faker.word().capitalize()} project - status notes", "",
             f"Kept by {faker.name()} ({'London' if day_first else 'New York'} office) and {faker.name()}.", ""]
    it = iter(days)
    for k, event in enumerate(rng.sample(EVENTS, 7)):
        forms = [_forms(rng, next(it), day_first) for _ in range(event.count("{d}"))]
        if k < 2:  # these two are written numerically and could be read either way
            d = ambiguous[k]
            forms[0] = f"{d.day:02d}/{d.month:02d}/{year}" if day_first else f"{d.month:02d}/{d.day:02d}/{year}"
        text = event.replace("{y}", str(year))
        for form in forms:
            text = text.replace("{d}", form, 1)
        lines.append(f"- {text}")
    return "\n".join(lines) + "\n"


class Options(SkillParams):
    target: Target | None = None
    day_first: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    target: Target
    day_first: bool


_FORMAT = ("write every date in {{ input }} {% if target == 'iso' %}as YYYY-MM-DD (2024-01-31 style){% else %}"
           "written out as day, full month name and year (31 January 2024 style){% endif %}")
_REST = ("Dates written with slashes are {% if day_first %}day/month/year (the London office wrote them){% else %}"
         "month/day/year (the New York office wrote them){% endif %}. Leave everything else as it is, quarters, "
         "times and version numbers included.")


@register_workflow
class NormaliseDates(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.normalise_dates", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Our style guide wants one date format. Please " + _FORMAT + ". " + _REST + " " + SAVE["formal"],
            "The status notes are a mess of date formats since two offices edit them. Could you " + _FORMAT + "? "
            + _REST + " " + SAVE["chatty"],
            "Dates in {{ input }}: " + _FORMAT + ". " + _REST + " " + SAVE["terse"],
        ],
        criteria=["Every date is in the one format asked, read in the office's order.",
                  "Nothing else changed."],
        files=[FileSlot(param="input", type="md", role="input", description="A project's status notes"),
               FileSlot(param="output", type="md", description="The notes with one date format")],
        checks=[CheckTemplate(func="text.dates_normalised", bind={"target": "target", "day_first": "day_first"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        day_first = opts.day_first if opts.day_first is not None else rng.random() < 0.5
        text = status_notes(rng, ctx.faker, day_first)
        params = Params(**edit_paths(ctx, "status_notes", "md", "dates", ["", "notes/", "projects/"]),
                        target=opts.target or rng.choice(["iso", "long"]), day_first=day_first)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime as dt, re
            DATE = re.compile({lit(DATE.pattern)})
            MONTHS = {lit(MONTHS)}
            month = lambda name: next(n for n, m in enumerate(MONTHS, 1) if m.startswith(name.lower()[:3]))
            def rewrite(m):
                g = m.groups()
                if g[0]:
                    day = dt.date(int(g[0]), int(g[1]), int(g[2]))
                elif g[3]:
                    a, b = int(g[3]), int(g[4])
                    day = dt.date(int(g[5]), b, a) if {params.day_first!r} else dt.date(int(g[5]), a, b)
                elif g[6]:
                    day = dt.date(int(g[8]), month(g[7]), int(g[6]))
                else:
                    day = dt.date(int(g[11]), month(g[9]), int(g[10]))
                if {lit(params.target)} == "iso":
                    return day.isoformat()
                return f"{{day.day}} {{MONTHS[day.month - 1].capitalize()}} {{day.year}}"
            text = open({lit(params.input)}, encoding="utf-8").read()
            out = "\\n".join(DATE.sub(rewrite, line) for line in text.split("\\n"))
            open({lit(params.output)}, "w", encoding="utf-8").write(out)
            print(out)
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see how its dates are written.",
                                    f"Show {params.input}"),
                        script_step(script, "I find each date in any of its forms, read slashed ones in the office's "
                                    "order and write them all in the one format asked.", f"Write {params.output}"))
