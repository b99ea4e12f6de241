"""Bring a deck's 'Key figures' slide up to date from the latest figures file before the review
(a Metric/Value table, CSV or xlsx): each 'Label: value' bullet gets its metric's new value,
printed as the slide prints numbers; metrics the file adds appended as bullets, or left out;
in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.filetypes.xlsx import write_workbook
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._table_deck import cell_text
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["csv", "xlsx"]
METRICS = {"Revenue": (400_000, 2_000_000, 1000), "New customers": (20, 400, 1), "Open tickets": (30, 900, 1),
           "Headcount": (40, 600, 1), "Average deal size": (900.0, 9000.0, 0.01), "Orders shipped": (500, 9000, 1)}
ADD = ("{% if add_missing %}Metrics in the file that the slide does not show yet go at the end as new \"Label: value\" "
       "bullets, in the file's order.{% else %}Don't add metrics the slide does not already show.{% endif %}")
REFRESH = """
    import pptx
    deck = pptx.Presentation({input})
    path = {data}
    if path.endswith(".csv"):
        import csv
        rows = list(csv.reader(open(path, encoding="utf-8")))[1:]
        figures = {{r[0]: float(r[1]) for r in rows}}
    else:
        import openpyxl
        rows = list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))[1:]
        figures = {{r[0]: float(r[1]) for r in rows if r[0]}}
    def shown(value):
        return f"{{value:,.0f}}" if value == int(value) else f"{{value:,.2f}}"
    slide = next(s for s in deck.slides if s.shapes.title is not None
                 and " ".join(s.shapes.title.text_frame.text.split()) == {title})
    body = next(p for p in slide.placeholders if p.placeholder_format.idx == 1).text_frame
    seen = []
    for paragraph in body.paragraphs:
        label = paragraph.text.split(":")[0].strip()
        seen.append(label)
        paragraph.runs[0].text = f"{{label}}: {{shown(figures[label])}}"
        for extra in paragraph.runs[1:]:
            extra._r.getparent().remove(extra._r)
    if {add}:
        for label, value in figures.items():
            if label not in seen:
                body.add_paragraph().text = f"{{label}}: {{shown(value)}}"
    print([p.text for p in body.paragraphs])
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    slide_title: str
    form: Form
    add_missing: bool


class Options(SkillParams):
    form: Form | None = None
    add_missing: bool | None = None
    in_place: bool | None = None


def _value(ctx: WorkflowContext, metric: str) -> int | float:
    low, high, step = METRICS[metric]
    if isinstance(low, float):
        return round(ctx.rng.uniform(low, high), 2)
    return ctx.rng.randrange(int(low), int(high), int(step))


@register_workflow
class KpiRefresh(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.kpi_refresh", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "The slide \"{{ slide_title }}\" in {{ input }} shows last month's figures as \"Label: value\" bullets. "
            f"Update each value from {{{{ data }}}} (a Metric and a Value column), printed as the slide prints "
            f"numbers. {ADD} Nothing else in the deck changes. " + SAVE["formal"],
            "The new numbers are in {{ data }}. Could you refresh the \"{{ slide_title }}\" slide of {{ input }} "
            f"with them - same \"Label: value\" bullets, new values? {ADD} " + SAVE["chatty"],
            f"{{{{ input }}}}, slide \"{{{{ slide_title }}}}\": values from {{{{ data }}}}. {ADD} " + SAVE["terse"],
        ],
        criteria=["Every figure on the slide shows the file's value for its metric.",
                  "Missing metrics added or left out as asked; nothing else changes."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with a key figures slide"),
               FileSlot(param="data", type="csv", role="input", types_by={"form": {"xlsx": "xlsx"}},
                        description="The latest figures"),
               FileSlot(param="output", type="pptx", description="The deck with the figures refreshed")],
        checks=[CheckTemplate(func="slides.kpis_refreshed", paths={"input_file": "input", "data_file": "data"},
                              bind={"slide_title": "slide_title", "add_missing": "add_missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["csv", "xlsx"])
        add, deck = pick(ctx, "add_missing"), make_deck(ctx.rng, ctx.faker)
        names = ctx.rng.sample(sorted(METRICS), 5)
        old = {m: _value(ctx, m) for m in names[:4]}  # the fifth: a metric the file adds
        new = {m: _value(ctx, m) for m in names}
        title = ctx.rng.choice(["Key figures", "KPIs at a glance", "The month in numbers"])
        slide = SlideContent(layout="bullets", title=title, notes="Figures are provisional until month end.",
                             bullets=[Bullet(text=f"{m}: {cell_text(v)}") for m, v in old.items()])
        slides = list(deck.slides)
        slides.insert(2, slide)
        deck = deck.model_copy(update={"slides": slides})
        order = list(names)
        ctx.rng.shuffle(order)
        grid = [["Metric", "Value"], *[[m, new[m]] for m in order]]
        base = deck_paths(ctx, deck.file_stem, "refreshed")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, data=f"{folder}latest_figures.{form}", slide_title=title, form=form,
                        add_missing=add)
        table = Table.of("Figures", grid)
        data = write_csv(table) if form == "csv" else write_workbook([table])
        return params.with_files(input=write_pptx(deck), data=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(REFRESH.format(input=lit(params.input), data=lit(params.data),
                                                title=lit(params.slide_title), add=lit(params.add_missing)))
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(script + save_code(params.output), "I rewrite each 'Label: value' bullet with "
                                    "python-pptx from the figures file (new metrics appended when asked).",
                                    "Refresh the figures"),
                        list_step(params.output, "I list the slides again to check nothing else changed."))
