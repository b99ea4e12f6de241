"""Write every date of a report, memo or letter one way: ISO for a system that imports it, day/
month/year for a UK reader, 'March 14, 2025' for a US one, or with the weekday; from dates that
are all written one way, or from a draft whose authors wrote them four different ways."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from forge.checks.document_dates import DateFormat, formatted
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHOWN = {"iso": "YYYY-MM-DD (ISO)", "uk_numeric": "DD/MM/YYYY, with two-digit day and month",
         "us_long": "the month's name, the day, a comma and the year (Month D, YYYY)",
         "weekday_long": "the weekday, a comma, then day, month name and year (Weekday, D Month YYYY)"}
SOURCES = ("long", "us_long", "iso", "uk_numeric")  # how a draft's authors write dates
SENTENCES = ["The next review is scheduled for {d}.", "Invoices dated before {d} are covered by the old rates.",
             "Comments are due by {d}.", "The figures are as of {d}.", "The change takes effect on {d}."]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    fmt: DateFormat
    shown: str
    mixed: bool


class Options(SkillParams):
    fmt: DateFormat | None = None
    mixed: bool | None = None
    in_place: bool | None = None


def _written(day: dt.date, source: str) -> str:
    return f"{day.day} {day:%B %Y}" if source == "long" else formatted(day, source)  # type: ignore[arg-type]


def dated(doc: DocumentContent, rng: random.Random, mixed: bool, fmt: DateFormat) -> DocumentContent:
    """The document with two to four dated sentences added to its body, and every date (its own
    too) written the long way, or each in one of four ways, at least one not already as asked."""
    sources = [s for s in SOURCES if s != fmt] if mixed else ["long"]
    own = f"{doc.date:%d %B %Y}"  # as the preparer writes it

    def rewrite(block: Paragraph) -> Paragraph:
        runs = [r.model_copy(update={"text": r.text.replace(own, _written(doc.date, rng.choice(sources)))})
                for r in block.runs]
        return block.model_copy(update={"runs": runs})

    spots = [(i, j) for i, s in enumerate(doc.sections) for j, p in enumerate(s.paragraphs) if p.style == "Normal"]
    sections = [s.model_copy(update={"paragraphs": list(s.paragraphs)}) for s in doc.sections]
    for n, (i, j) in enumerate(sorted(rng.sample(spots, min(len(spots), rng.randint(2, 4))))):
        day = doc.date + dt.timedelta(days=rng.randint(-60, 120))
        source = sources[n % len(sources)] if mixed else "long"
        sentence = rng.choice(SENTENCES).format(d=_written(day, source))
        block = sections[i].paragraphs[j]
        sections[i].paragraphs[j] = block.model_copy(update={"runs": [*block.runs, Run(text=" " + sentence)]})
    return doc.model_copy(update={"opening": [rewrite(p) for p in doc.opening],
                                  "sections": [s.model_copy(update={"paragraphs": [rewrite(p) for p in s.paragraphs]})
                                               for s in sections]})


@register_workflow
class DateFormatFamily(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.date_format", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Write every date in {{ input }} in one format: {{ shown }}.{% if mixed %} The dates are written "
            "several ways now; numeric ones like 05/03/2025 are day/month/year.{% endif %} Change nothing but the "
            "dates. " + SAVE["formal"],
            "{{ input }} is going to a reader who expects dates as {{ shown }}. Could you change every date in it "
            "to that?{% if mixed %} Heads-up: whoever wrote it mixed formats, and the slashed ones are day first."
            "{% endif %} Everything else stays word for word. " + SAVE["chatty"],
            "{{ input }}: all dates -> {{ shown }}{% if mixed %} (mixed formats now; d/m/y when numeric){% endif %}. "
            + SAVE["terse"],
        ],
        criteria=["Every date in the document is written in the format asked, and names the same day as before.",
                  "No other text, style, table, header or footer changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A document with dates"),
               FileSlot(param="output", type="docx", description="The document, dates in one format")],
        checks=[CheckTemplate(func="document.dates_reformatted", bind={"fmt": "fmt"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fmt = getattr(ctx.options, "fmt", None) or ctx.rng.choice(list(SHOWN))
        mixed = getattr(ctx.options, "mixed", None)
        mixed = ctx.rng.random() < 0.5 if mixed is None else mixed
        doc = dated(make_document(ctx.rng, ctx.faker), ctx.rng, mixed, fmt)
        params = Params(**doc_paths(ctx, doc.file_stem, "dates"), fmt=fmt, shown=SHOWN[fmt], mixed=mixed)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime, re
            import docx
            months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
            name = "(" + "|".join(months) + ")"
            patterns = [(r"\\b(\\d{{1,2}}) " + name + r" (\\d{{4}})\\b", lambda g: (g[2], months.index(g[1]) + 1, g[0])),
                        (r"\\b" + name + r" (\\d{{1,2}}), (\\d{{4}})\\b", lambda g: (g[2], months.index(g[0]) + 1, g[1])),
                        (r"\\b(\\d{{4}})-(\\d{{2}})-(\\d{{2}})\\b", lambda g: (g[0], g[1], g[2])),
                        (r"\\b(\\d{{1,2}})/(\\d{{1,2}})/(\\d{{4}})\\b", lambda g: (g[2], g[1], g[0]))]  # day first
            fmt = {lit(params.fmt)}
            def show(day):
                return {{"iso": day.isoformat(), "uk_numeric": day.strftime("%d/%m/%Y"),
                         "us_long": f"{{day:%B}} {{day.day}}, {{day.year}}",
                         "weekday_long": f"{{day:%A}}, {{day.day}} {{day:%B %Y}}"}}[fmt]
            combined = re.compile("|".join(f"(?:{{p}})" for p, _ in patterns))
            def replace(found):
                text = found.group()
                for pattern, parts in patterns:
                    one = re.fullmatch(pattern, text)
                    if one:
                        year, month, day = (int(v) for v in parts(one.groups()))
                        return show(datetime.date(year, month, day))
                return text
            document = docx.Document({lit(params.input)})
            changed = 0
            for p in document.paragraphs:
                for run in p.runs:
                    new = combined.sub(replace, run.text)
                    if new != run.text:
                        changed += 1
                        run.text = new
            print(changed, "runs rewritten")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I read {params.input} to see how its dates are written."),
                        script_step(script, "With python-docx I rewrite every date, run by run, in the one format "
                                    "asked; the words around them stay.", "Reformat the dates"),
                        outline_step(params.output, "I list the paragraphs again to check the dates."))
