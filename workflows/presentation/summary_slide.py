"""A summary slide from a spreadsheet, the chart-like slide people make by hand: one line (or
table row) per category with its total, count or average, largest first or by name, placed
after a named slide. The figures are the agent's to compute from the sheet."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from preparers.spreadsheet import make_table, write_xlsx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Measure = Literal["sum", "count", "average"]
Form = Literal["bullets", "table"]
Order = Literal["largest", "name"]
WHAT = ("{% if measure == 'count' %}how many rows it has{% elif measure == 'sum' %}the total of {{ value_column }}"
        "{% else %}the average {{ value_column }}{% endif %}{% if decimals %}, rounded to {{ decimals }} decimal "
        "places{% endif %}")
FORM = ("{% if form == 'bullets' %}one bullet line per {{ group_by }} in the form \"<{{ group_by }}>: <figure>\""
        "{% else %}a two-column table headed \"{{ group_by }}\" and \"{{ value_header }}\", one row per "
        "{{ group_by }}{% endif %}")
ORDER = "{% if order == 'largest' %}largest figure first{% else %}in alphabetical order of {{ group_by }}{% endif %}"
AGGREGATE = {"sum": "sum(v)", "count": "len(v)", "average": "sum(v) / len(v)"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    sheet: str
    title: str
    after_title: str
    group_by: str
    measure: Measure
    value_column: str | None
    decimals: int | None
    form: Form
    value_header: str | None
    order: Order


class Options(SkillParams):
    measure: Measure | None = None
    form: Form | None = None
    order: Order | None = None
    in_place: bool | None = None


def _groupings(table: object) -> list[str]:
    """Text columns with 3 to 7 distinct values, each shared by several rows."""
    out = []
    for name in table.headers:  # type: ignore[attr-defined]
        values = [str(v) for v in table.column(name)]  # type: ignore[attr-defined]
        dates = table.date_columns()  # type: ignore[attr-defined]
        if name not in table.numeric and name not in dates and 3 <= len(set(values)) <= 7:  # type: ignore[attr-defined]
            out.append(name)
    return out


@register_workflow
class SummarySlide(PreparedWorkflow[Params]):
    states_values = ("decimals",)
    spec = WorkflowSpec(
        name="presentation.summary_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Add a summary slide titled \"{{{{ title }}}}\" to {{{{ input }}}}, directly after \"{{{{ after_title }}}}\". "
            f"From the sheet \"{{{{ sheet }}}}\" of {{{{ data }}}}, give each {{{{ group_by }}}} {WHAT}: {FORM}, {ORDER}. "
            "Nothing else goes on the slide; the other slides stay as they are. " + SAVE["formal"],
            f"Can you add a slide \"{{{{ title }}}}\" after \"{{{{ after_title }}}}\" in {{{{ input }}}}? It should sum up "
            f"{{{{ data }}}} (sheet \"{{{{ sheet }}}}\") by {{{{ group_by }}}} - for each, {WHAT} - as {FORM}, {ORDER}. "
            "Don't touch the other slides. " + SAVE["chatty"],
            f"{{{{ input }}}}: slide \"{{{{ title }}}}\" after \"{{{{ after_title }}}}\" summarising {{{{ data }}}} "
            f"[{{{{ sheet }}}}] per {{{{ group_by }}}} ({WHAT}); {FORM}; {ORDER}. " + SAVE["terse"],
        ],
        criteria=["Every category appears once with the right figure.", "The order and form are as asked.",
                  "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="data", type="xlsx", role="input", description="A workbook with the figures"),
               FileSlot(param="output", type="pptx", description="The deck with the summary slide")],
        checks=[CheckTemplate(func="slides.summary_slide", paths={"input_file": "input", "data_file": "data"},
                              bind={"title": "title", "after_title": "after_title", "group_by": "group_by",
                                    "measure": "measure", "value_column": "value_column", "decimals": "decimals",
                                    "form": "form", "value_header": "value_header", "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        measure = getattr(ctx.options, "measure", None) or ctx.rng.choice(["sum", "count", "average"])
        form = getattr(ctx.options, "form", None) or ctx.rng.choice(["bullets", "table"])
        order = getattr(ctx.options, "order", None) or ctx.rng.choice(["largest", "name"])
        for _ in range(30):
            table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(14, 30))
            columns = {"sum": table.additive, "average": table.numeric, "count": [None]}[measure]
            if (groups := _groupings(table)) and columns:
                break
        else:
            raise WorkflowError(f"no sheet with a grouping column for {measure} drawn")
        group_by, value_column = ctx.rng.choice(groups), ctx.rng.choice(columns)
        floats = value_column is not None and any(isinstance(v, float) for v in table.column(value_column))
        decimals = ctx.rng.choice([1, 2]) if measure == "average" else 2 if floats else None
        label = {"sum": f"Total {value_column}", "count": f"Number of {table.subject}",
                 "average": f"Average {value_column}"}[measure]
        deck = make_deck(ctx.rng, ctx.faker)
        base = deck_paths(ctx, deck.file_stem, "with_summary")
        sheet = ctx.rng.choice(table.sheet_names)
        params = Params(**base, data=f"data/{ctx.rng.choice(table.file_stems)}.xlsx", sheet=sheet,
                        title=f"{label} by {group_by.lower()}",
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]),
                        group_by=group_by, measure=measure, value_column=value_column, decimals=decimals, form=form,
                        value_header=label if form == "table" else None, order=order)
        return params.with_files(input=write_pptx(deck), data=write_xlsx(table, sheet))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import openpyxl, pptx
            from collections import defaultdict
            from pptx.util import Inches
            rows = list(openpyxl.load_workbook({lit(params.data)}, data_only=True)[{lit(params.sheet)}].values)
            header, body = list(rows[0]), rows[1:]
            key = header.index({lit(params.group_by)})
            col = header.index({lit(params.value_column)}) if {lit(params.value_column)} else None
            groups = defaultdict(list)
            for row in body:
                groups[str(row[key]).strip()].append(row[col] if col is not None else 1)
            figures = {{k: round({AGGREGATE[params.measure]}, {params.decimals or 0}) for k, v in groups.items()}}
            ordered = sorted(figures.items(), key=lambda kv: -kv[1] if {lit(params.order == "largest")} else kv[0].casefold())
            text = lambda x: f"{{x:,.{params.decimals or 0}f}}"
            deck = pptx.Presentation({lit(params.input)})
            {find_code(params.after_title)}
            if {lit(params.form == "bullets")}:
                slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title and Content"))
                frame = slide.placeholders[1].text_frame
                for i, (label, figure) in enumerate(ordered):
                    (frame.paragraphs[0] if i == 0 else frame.add_paragraph()).text = f"{{label}}: {{text(figure)}}"
            else:
                slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
                grid = [[{lit(params.group_by)}, {lit(params.value_header)}], *[[k, text(v)] for k, v in ordered]]
                table = slide.shapes.add_table(len(grid), 2, Inches(1.5), Inches(1.6), Inches(7),
                                               Inches(0.4) * len(grid)).table
                for r, values in enumerate(grid):
                    for c, value in enumerate(values):
                        table.cell(r, c).text = value
            slide.shapes.title.text = {lit(params.title)}
            {place_last_code()}
            print(ordered)
            {save_code(params.output)}
        """
        return solution(script_step(f"import openpyxl; ws = openpyxl.load_workbook({lit(params.data)})"
                                    f"[{lit(params.sheet)}]; print([c.value for c in ws[1]], ws.max_row)",
                                    f"I look at the sheet's columns in {params.data}.", f"Read {params.data}"),
                        script_step(script, f"I compute the {params.measure} per {params.group_by} with openpyxl and "
                                    "add the summary slide after the named slide with python-pptx.",
                                    "Add the summary slide"),
                        list_step(params.output, "I list the slides to check the new one and its figures."))
