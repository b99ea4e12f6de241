"""Highlight the cells of one column that meet a rule - above or below a threshold, between two,
equal to a category, the top or bottom N, duplicates, above the average - or the whole rows whose
cell meets it (threshold, range or category rules), with a fill colour or bold, either as a
conditional formatting rule (it follows later edits) or by formatting the matches by hand."""

from __future__ import annotations

import statistics
from typing import Literal

from forge.checks.table_rules import expected_matches
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook
from workflows.spreadsheet._common import pick_threshold, round_between

Rule = Literal["greater_than", "less_than", "between", "equal_text", "top_n", "bottom_n", "duplicates", "above_average"]
Style = Literal["fill", "bold"]
CATEGORY = {"sales": ["Region", "Product"], "employees": ["Department"], "inventory": ["Warehouse"],
            "budget": ["Project", "Quarter", "Manager"]}
IDS = {"sales": "Order ID", "employees": "Name", "inventory": "SKU", "budget": "Cost Center"}
SAY = {"greater_than": "greater than {a}", "less_than": "less than {a}", "between": "between {a} and {b} (both included)",
       "equal_text": 'equal to "{a}"', "top_n": "among the {a} largest", "bottom_n": "among the {a} smallest",
       "duplicates": "that appear more than once", "above_average": "above the column's average"}
ROW_RULES = ("greater_than", "less_than", "between", "equal_text")  # a whole-row rule is a formula on the column
ROW_FORMULA = {"greater_than": "${l}2>{a}", "less_than": "${l}2<{a}", "between": "AND(${l}2>={a},${l}2<={b})",
               "equal_text": '${l}2="{a}"'}
COLOURS = {"yellow": "FFFF00", "light green": "C6EFCE", "light red": "FFC7CE", "orange": "FFC000"}


class Params(BookParams):
    column: str
    rule: Rule
    values: list[float | str]
    which: str
    style: Style
    colour: str
    rgb: str | None
    conditional: bool
    whole_row: bool


class Options(BookOptions):
    rule: Rule | None = None
    style: Style | None = None
    conditional: bool | None = None
    whole_row: bool | None = None


@register_workflow
class HighlightCells(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.highlight_cells", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), highlight {% if whole_row %}every data row (all its cells) whose '
             "{{ column }} is{% else %}the {{ column }} cells{% endif %} {{ which }}{% if style == 'fill' %} "
             "with a {{ colour }} fill (#{{ rgb }}){% else %} in bold{% endif %}. {% if conditional %}Use a conditional "
             "formatting rule {% if whole_row %}over all the data rows, a formula on the {{ column }} column"
             "{% else %}on the {{ column }} data cells (only that column){% endif %}, so the highlight follows later "
             "edits.{% else %}Format the matching {% if whole_row %}rows{% else %}cells{% endif %} themselves (no "
             "conditional formatting) and leave the others as they are.{% endif %} Do not change any value.", "formal"),
            ("Could you make the {% if whole_row %}rows whose {{ column }} is{% else %}{{ column }} values{% endif %} "
             "{{ which }} stand out{% if whole_row %} - the entire row{% endif %} - on the {{ sheet }} tab of {{ input }}? "
             "{% if style == 'fill' %}A {{ colour }} background (#{{ rgb }}){% else %}Bold text{% endif %} would do. "
             "{% if conditional %}Please set it up as conditional formatting on that column, so it keeps working when "
             "numbers change.{% else %}Just format those cells directly - I don't want conditional formatting in this "
             "file.{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": {% if whole_row %}whole rows where {% endif %}{{ column }} {{ which }} -> '
             '{% if style == "fill" %}fill #{{ rgb }}{% else %}bold{% endif %}, {% if conditional %}as a conditional '
             "format {% if whole_row %}(formula rule over the data rows){% else %}on the column{% endif %}{% else %}"
             "static (format the {% if whole_row %}rows{% else %}cells{% endif %}, no rule){% endif %}; values "
             "unchanged.", "terse"),
        ],
        criteria=["Exactly the cells meeting the rule are highlighted (or a rule does it over the column).",
                  "The highlight is the asked fill or bold.", "No value changed."],
        checks=[CheckTemplate(func="table.highlighted", bind={"table": "sheet", "column": "column", "rule": "rule",
                                                               "values": "values", "style": "style",
                                                               "colour": "rgb", "conditional": "conditional",
                                                               "whole_row": "whole_row"})],
        output="The workbook with the highlight",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        whole_row = getattr(ctx.options, "whole_row", None)
        rule = choose(ctx, "rule", list(ROW_RULES) if whole_row else list(SAY))
        if whole_row and rule not in ROW_RULES:
            raise WorkflowError(f"a whole-row highlight takes a threshold, range or category rule ({', '.join(ROW_RULES)}), "
                                f"not {rule!r}")
        whole_row = whole_row if whole_row is not None else rule in ROW_RULES and ctx.rng.random() < 0.5
        kind = ctx.rng.choice(sorted(CATEGORY))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 120)
        rows = [list(r) for r in table.rows]
        if rule == "equal_text":
            column = ctx.rng.choice(CATEGORY[kind])
            values: list[float | str] = [ctx.rng.choice(sorted({str(v) for v in table.column(column)}))]
        elif rule == "duplicates":
            column = IDS[kind]
            c = table.index(column)
            for target in ctx.rng.sample(range(1, len(rows)), ctx.rng.randint(2, 4)):  # re-keyed rows
                rows[target][c] = rows[ctx.rng.randrange(target)][c]
            values = []
        else:
            column = ctx.rng.choice(table.numeric)
            values = self._values(ctx, rule, [float(v) for v in table.column(column)])
        hits = expected_matches([r[table.index(column)] for r in rows], rule, list(values))
        if not any(hits) or all(hits):
            raise WorkflowError(f"the {rule} rule on {column} picks {'no' if not any(hits) else 'every'} cell")
        style = choose(ctx, "style", ["fill", "bold"])
        a, b = (values + [None, None])[:2]
        params = Params(**names(ctx, table, "highlighted"), column=column, rule=rule, values=values,
                        which=SAY[rule].format(a=_show(a), b=_show(b)), style=style,
                        colour=(colour := ctx.rng.choice(sorted(COLOURS))), rgb=COLOURS[colour] if style == "fill" else None, conditional=choose(ctx, "conditional", [True, False]), whole_row=whole_row)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    @staticmethod
    def _values(ctx: WorkflowContext, rule: str, numbers: list[float]) -> list[float | str]:
        if rule in ("top_n", "bottom_n"):
            return [ctx.rng.choice([3, 5, 10])]
        if rule == "above_average":
            return []
        if rule == "between":
            q1, _, q3 = statistics.quantiles(numbers, n=4)
            lo = round_between(min(numbers), q1, include_lo=False)
            return [lo, round_between(max(q3, lo), max(numbers), include_lo=True)]
        threshold = pick_threshold(ctx.rng, numbers, ">" if rule == "greater_than" else "<")
        if threshold is None:
            raise WorkflowError("no threshold splits the column")
        return [threshold]

    def reference(self, params: Params) -> ReferenceSolution:
        colour = params.rgb or ""
        look = ("fill=PatternFill('solid', start_color={c}, end_color={c})" if params.style == "fill"
                else "font=Font(bold=True)").format(c=lit(colour))
        if params.conditional and params.whole_row:
            a, b = (list(params.values) + [None])[:2]
            expr = ROW_FORMULA[params.rule].format(l="{letter}", a=_show(a), b=_show(b))
            apply = f"""
                span = f"A2:{{get_column_letter(len(header))}}{{ws.max_row}}"
                ws.conditional_formatting.add(span, FormulaRule(formula=[f{lit(expr)}], {look}))
                print("formula rule", f{lit(expr)}, "on", span)
            """
        elif params.conditional:
            made = {"greater_than": "CellIsRule(operator='greaterThan', formula=[str(v[0])], {look})",
                    "less_than": "CellIsRule(operator='lessThan', formula=[str(v[0])], {look})",
                    "between": "CellIsRule(operator='between', formula=[str(v[0]), str(v[1])], {look})",
                    "equal_text": "CellIsRule(operator='equal', formula=['\"' + v[0] + '\"'], {look})",
                    "top_n": "Rule(type='top10', rank=int(v[0]), dxf=DifferentialStyle({look}))",
                    "bottom_n": "Rule(type='top10', rank=int(v[0]), bottom=True, dxf=DifferentialStyle({look}))",
                    "duplicates": "Rule(type='duplicateValues', dxf=DifferentialStyle({look}))",
                    "above_average": "Rule(type='aboveAverage', dxf=DifferentialStyle({look}))"}[params.rule]
            apply = f"""
                ws.conditional_formatting.add(f"{{letter}}2:{{letter}}{{ws.max_row}}", {made.format(look=look)})
                print("rule added on", f"{{letter}}2:{{letter}}{{ws.max_row}}")
            """
        else:
            apply = f"""
                hits = expected(values, {lit(params.rule)}, v)
                for r, hit in enumerate(hits, start=2):
                    for c in ({"range(1, len(header) + 1)" if params.whole_row else "[col]"} if hit else []):
                        cell = ws.cell(r, c)
                        {"cell.fill = " + look.split("=", 1)[1] if params.style == "fill" else "cell.font = Font(bold=True)"}
                print(sum(hits), "cells highlighted of", len(hits))
            """
        body = [f"""
            from openpyxl.formatting.rule import CellIsRule, FormulaRule, Rule
            from openpyxl.styles import Font, PatternFill
            from openpyxl.styles.differential import DifferentialStyle
            from openpyxl.utils import get_column_letter
            col = header.index({lit(params.column)}) + 1
            letter = get_column_letter(col)
            values = [row[col - 1] for row in rows]
            v = {lit(params.values)}
        """, EXPECTED, apply]
        how = "a conditional formatting rule" if params.conditional else "formatting the matches by hand"
        what = f"the rows whose {params.column} is" if params.whole_row else f"the {params.column} cells"
        return three_steps(params, body, f"I highlight {what} {params.which} by {how}.",
                           f"Highlight {params.column}")


def _show(value: float | str | None) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


EXPECTED = '''
import math
def expected(values, rule, args):
    nums = [float(x) for x in values if isinstance(x, (int, float))]
    isnum = lambda x: isinstance(x, (int, float))
    if rule == "greater_than":
        return [isnum(x) and x > args[0] for x in values]
    if rule == "less_than":
        return [isnum(x) and x < args[0] for x in values]
    if rule == "between":
        return [isnum(x) and args[0] <= x <= args[1] for x in values]
    if rule == "equal_text":
        return [x is not None and str(x).strip().casefold() == args[0].casefold() for x in values]
    if rule in ("top_n", "bottom_n"):
        ranked = sorted(nums, reverse=rule == "top_n")[: int(args[0])]
        return [isnum(x) and (x >= ranked[-1] if rule == "top_n" else x <= ranked[-1]) for x in values]
    if rule == "above_average":
        mean = sum(nums) / len(nums)
        return [isnum(x) and x > mean for x in values]
    seen = {}
    for x in values:
        seen[str(x).strip().casefold()] = seen.get(str(x).strip().casefold(), 0) + 1
    return [x is not None and seen[str(x).strip().casefold()] > 1 for x in values]
'''  # reference-script helper: which cells a rule picks, as a person would work it out
