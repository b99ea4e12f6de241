"""A comparison slide for a review from two periods' exports (two CSV files or two Excel workbooks,
the items in a different order in each): a table of each item with both
periods' figures and the change - the difference, or the change in percent rounded to one
decimal - in the later file's order or largest change first, on a new slide directly after a named
one; in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.filetypes.xlsx import write_workbook
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["csv", "xlsx"]
Change = Literal["difference", "percent"]
Order = Literal["file", "change"]
ITEMS = {"Region": ["North", "South", "East", "West", "Central", "Coastal", "Highlands", "Metro", "Islands"],
         "Product line": ["Desks", "Chairs", "Storage", "Lighting", "Accessories", "Outdoor", "Textiles", "Kitchen"],
         "Team": ["Sales", "Support", "Marketing", "Finance", "Operations", "Engineering", "Legal", "Design"],
         "Store": ["Leeds", "York", "Bristol", "Cardiff", "Norwich", "Exeter", "Bath", "Derby", "Hull"]}
METRICS = {"Revenue": (40_000, 900_000), "Units sold": (300, 9_000), "Orders": (150, 4_000),
           "New customers": (20, 800)}
PERIODS = [("2024", "2025"), ("Q1", "Q2"), ("Q3", "Q4"), ("H1", "H2"), ("March", "April"), ("FY2024", "FY2025")]
TITLES = ["{metric}: {old} vs {new}", "{metric} compared", "How {new} compares", "{metric} by {key_lower}"]
CHANGE = ("{% if change == 'percent' %}the change in percent of the {{ old_label }} figure, rounded to one decimal "
          "place, with a % sign{% else %}the difference ({{ new_label }} minus {{ old_label }}){% endif %}")
ORDER = ("{% if order == 'change' %}the largest increase first and the biggest fall last{% else %}in the order {{ new_file }} lists them"
         "{% endif %}")
FROM = "{{ old_file }} ({{ old_label }}) and {{ new_file }} ({{ new_label }})"
TABLE = ("a table with the columns \"{{ key_column }}\", \"{{ old_label }}\", \"{{ new_label }}\" and \"Change\": "
         "one row per {{ key_lower }}, its {{ value_lower }} in each period and " + CHANGE + ", " + ORDER)
READ = {
    "csv": "import csv\ndef figures(path):\n    return list(csv.DictReader(open(path, encoding='utf-8')))",
    "xlsx": ("import openpyxl\ndef figures(path):\n    head, *body = openpyxl.load_workbook(path).active"
             ".iter_rows(values_only=True)\n    return [dict(zip(head, r)) for r in body]"),
}
SCRIPT = """
    import pptx
    from pptx.util import Inches, Pt
    old = {{r[{key}]: float(r[{value}]) for r in figures({old_file})}}
    new = [(r[{key}], float(r[{value}])) for r in figures({new_file})]
    def shown(x):
        return f"{{x:,.0f}}" if x == int(x) else f"{{x:,.2f}}"
    rows = []
    for key, value in new:
        diff = value - old[key]
        change = round(diff / old[key] * 100, 1) if {percent} else diff
        rows.append((change, [key, shown(old[key]), shown(value), f"{{change:+.1f}}%" if {percent} else f"{{diff:+,.0f}}"]))
    if {by_change}:
        rows.sort(key=lambda r: -r[0])
    grid = [[{key}, {old_label}, {new_label}, "Change"], *[r for _, r in rows]]
    deck = pptx.Presentation({input})
    {find}
    slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
    slide.shapes.title.text = {title}
    shape = slide.shapes.add_table(len(grid), 4, Inches(0.6), Inches(1.6), Inches(8.8), Inches(0.4) * len(grid))
    for r, values in enumerate(grid):
        for c, text in enumerate(values):
            shape.table.cell(r, c).text = text
            shape.table.cell(r, c).text_frame.paragraphs[0].runs[0].font.size = Pt(14)
    {place}
    print(grid)
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    old_file: str
    new_file: str
    source: Source
    key_column: str
    key_lower: str
    value_column: str
    value_lower: str
    old_label: str
    new_label: str
    title: str
    after_title: str
    change: Change
    order: Order


class Options(SkillParams):
    source: Source | None = None
    change: Change | None = None
    order: Order | None = None
    in_place: bool | None = None


def _figures(ctx: WorkflowContext, metric: str, items: list[str], change: Change) -> dict[str, tuple[int, int]]:
    """(earlier, later) per item: every change distinct, no percentage on a rounding half."""
    low, high = METRICS[metric]
    for _ in range(50):
        pairs = {}
        for item in items:
            old = ctx.rng.randint(low, high)
            pairs[item] = (old, max(1, round(old * ctx.rng.uniform(0.7, 1.4))))
        diffs = [b - a for a, b in pairs.values()]
        pcts = [(b - a) / a * 100 for a, b in pairs.values()]
        halves = any(abs(p * 10 - round(p * 10) - 0.5) < 0.01 or abs(p * 10 - round(p * 10) + 0.5) < 0.01
                     for p in pcts)
        keys = [round(p, 1) for p in pcts] if change == "percent" else diffs
        if len(set(keys)) == len(keys) and not halves and 0 not in diffs:
            return pairs
    raise WorkflowError("no figures with distinct changes drawn")


@register_workflow
class CompareSlide(PreparedWorkflow[Params]):
    states_values = ("old_label", "new_label")  # the column headings the slide is told to carry
    spec = WorkflowSpec(
        name="presentation.compare_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Add a slide titled \"{{ title }}\" to {{ input }}, directly after the slide \"{{ after_title }}\", "
            f"comparing the \"{{{{ value_column }}}}\" figures of {FROM}. It holds {TABLE}. Nothing else goes on it "
            "and the other slides stay as they are. " + SAVE["formal"],
            f"For the review I need {{{{ old_label }}}} and {{{{ new_label }}}} side by side. The exports are {FROM} "
            "- the items are not in the same order. Could you put a new slide \"{{ title }}\" right after "
            f"\"{{{{ after_title }}}}\" in {{{{ input }}}} with {TABLE}? Use the \"{{{{ value_column }}}}\" column. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: new slide \"{{{{ title }}}}\" after \"{{{{ after_title }}}}\" - \"{{{{ value_column }}}}\" "
            f"from {FROM} as {TABLE}. " + SAVE["terse"],
        ],
        criteria=["The new slide sits right after the named slide with one table comparing both periods per item, "
                  "with the change asked for, in the order asked for.", "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A review deck"),
               FileSlot(param="old_file", type="csv", role="input", types_by={"source": {"xlsx": "xlsx"}},
                        description="The earlier period's figures (or a workbook with both periods)"),
               FileSlot(param="new_file", type="csv", role="input", types_by={"source": {"xlsx": "xlsx"}},
                        description="The later period's figures"),
               FileSlot(param="output", type="pptx", description="The deck with the comparison slide")],
        checks=[CheckTemplate(func="slides.comparison_slide",
                              paths={"input_file": "input", "old_file": "old_file", "new_file": "new_file"},
                              bind={"key_column": "key_column",
                                    "value_column": "value_column", "old_label": "old_label",
                                    "new_label": "new_label", "title": "title", "after_title": "after_title",
                                    "change": "change", "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        source: Source = getattr(ctx.options, "source", None) or ctx.rng.choice(["csv", "xlsx"])
        change: Change = getattr(ctx.options, "change", None) or ctx.rng.choice(["difference", "percent"])
        order: Order = getattr(ctx.options, "order", None) or ctx.rng.choice(["file", "change"])
        key, metric = ctx.rng.choice(sorted(ITEMS)), ctx.rng.choice(sorted(METRICS))
        items = ctx.rng.sample(ITEMS[key], ctx.rng.randint(5, 7))
        pairs = _figures(ctx, metric, items, change)
        old_label, new_label = ctx.rng.choice(PERIODS)
        other = ctx.rng.choice([c for c in ("Target", "Orders", "Returns", "Visits") if c != metric])
        extra = {item: ctx.rng.randint(10, 900) for item in items}
        grids = []
        for at in (0, 1):
            order_rows = list(items)
            ctx.rng.shuffle(order_rows)
            grids.append([[key, metric, other], *[[i, pairs[i][at], extra[i]] for i in order_rows]])
        deck = make_deck(ctx.rng, ctx.faker, topic=ctx.rng.choice(["Quarterly Business Review", "Customer Support "
                                                                   "Metrics", "Product Launch Plan"]))
        base = deck_paths(ctx, deck.file_stem, "comparison")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        stem = ctx.rng.choice([f"{key.lower().replace(' ', '_')}_{metric.lower().replace(' ', '_')}", "figures",
                               "export", "kpis"])
        tag = {lbl: lbl.lower().replace(" ", "_") for lbl in (old_label, new_label)}
        names = [f"{folder}{stem}_{tag[old_label]}.{source}", f"{folder}{stem}_{tag[new_label]}.{source}"]
        title = ctx.rng.choice(TITLES).format(metric=metric, old=old_label, new=new_label, key_lower=key.lower())
        params = Params(**base, old_file=names[0], new_file=names[1],
                        source=source, key_column=key, key_lower=key.lower(), value_column=metric,
                        value_lower=metric.lower(), old_label=old_label, new_label=new_label, title=title,
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]), change=change, order=order)
        tables = [Table.of(label, grid) for label, grid in zip((old_label, new_label), grids, strict=True)]
        files = {slot: write_csv(t) if source == "csv" else write_workbook([t])
                 for slot, t in zip(("old_file", "new_file"), tables, strict=True)}
        return params.with_files(input=write_pptx(deck), **files)

    def reference(self, params: Params) -> ReferenceSolution:
        script = READ[params.source] + textwrap.dedent(SCRIPT.format(
            key=lit(params.key_column), value=lit(params.value_column), old_file=lit(params.old_file),
            new_file=lit(params.new_file),
            percent=lit(params.change == "percent"), by_change=lit(params.order == "change"),
            old_label=lit(params.old_label), new_label=lit(params.new_label), input=lit(params.input),
            title=lit(params.title), find=find_code(params.after_title), place=place_last_code())) + \
            save_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.after_title!r}."),
                        script_step(script, "I read both periods' figures, match the items by name, compute the "
                                    "change and add a Title Only slide with the comparison table after the named "
                                    "slide.", "Add the comparison slide"),
                        list_step(params.output, "I list the slides again to see the new one in its place."))
