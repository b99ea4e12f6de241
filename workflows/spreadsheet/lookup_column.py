"""Fill a new column from a lookup sheet in the same workbook (what VLOOKUP/XLOOKUP do): every
row gets the value for its key; keys the lookup lacks get the text asked for; keys may be typed
in another case on the lookup sheet."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import messy_labels

# kind -> (key column, lookup sheet, lookup columns and a value maker per column)
LOOKUPS = {
    "sales": ("Product", "Products", {"Category": ["Computing", "Peripherals", "Audio", "Office"],
                                      "Supplier": ["Northwind", "Contoso", "Fabrikam", "Tailspin"]}),
    "employees": ("Department", "Departments", {"Cost Centre": ["CC-110", "CC-220", "CC-330", "CC-440", "CC-550"],
                                                "Floor": ["Level 1", "Level 2", "Level 3", "Level 4"]}),
    "inventory": ("Warehouse", "Warehouses", {"Region": ["North", "South", "East", "West"],
                                              "Site Manager": ["R. Okafor", "L. Chen", "M. Garcia", "S. Novak"]}),
    "budget": ("Project", "Projects", {"Programme": ["Growth", "Efficiency", "Compliance", "People"],
                                       "Sponsor": ["COO", "CFO", "CTO", "CMO"]}),
}


class Params(FinishParams):
    lookup_sheet: str
    key_column: str
    lookup_value: str
    new_header: str
    missing: str | None
    messy: bool


class Options(FinishOptions):
    gaps: bool | None = None
    messy: bool | None = None


@register_workflow
class LookupColumn(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.lookup_column", Params, Options,
        phrasings=[
            ('In {{ input }}, add a column "{{ new_header }}" to the sheet "{{ sheet }}" giving each row\'s '
             '{{ lookup_value }} from the "{{ lookup_sheet }}" sheet, matched on {{ key_column }}.'
             '{% if missing %} Where a {{ key_column }} is not listed there, write "{{ missing }}".{% endif %}'
             "{% if messy %} The names on the lookup sheet were typed in a different case, so match them "
             "regardless of case.{% endif %} Store plain values, not formulas.", "formal"),
            ("Could you pull the {{ lookup_value }} into the {{ sheet }} tab of {{ input }}? It's on the "
             '{{ lookup_sheet }} tab, by {{ key_column }}. Put it in a new column called "{{ new_header }}"'
             '{% if missing %} and write "{{ missing }}" for anything that isn\'t on that tab{% endif %}.'
             "{% if messy %} Heads-up: the capitalisation on {{ lookup_sheet }} doesn't match.{% endif %} "
             "Values, not formulas.", "chatty"),
            ('{{ input }}: "{{ sheet }}" gets new column "{{ new_header }}" = {{ lookup_value }} looked up from '
             '"{{ lookup_sheet }}" by {{ key_column }}{% if missing %} ("{{ missing }}" if absent){% endif %}'
             "{% if messy %}, case-insensitive{% endif %}; values only.", "terse"),
        ],
        criteria=["Every row has the looked-up value for its key.", "The original columns are unchanged."],
        checks=[CheckTemplate(func="table.lookup_filled", bind={
            "table": "sheet", "new_header": "new_header", "key_column": "key_column", "lookup_table": "lookup_sheet",
            "lookup_key": "key_column", "lookup_value": "lookup_value", "missing": "missing"})],
        output="The workbook with the looked-up column",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kind = ctx.rng.choice(sorted(LOOKUPS))
        key, sheet, columns = LOOKUPS[kind]
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        keys = sorted(set(table.column(key)), key=str)
        lookup = [[k, *(ctx.rng.choice(values) for values in columns.values())] for k in keys]
        gaps, messy = choose(ctx, "gaps", [False, True]), choose(ctx, "messy", [False, True])
        if gaps and len(lookup) > 2:
            for row in ctx.rng.sample(lookup, max(1, len(lookup) // 4)):
                lookup.remove(row)
        ctx.rng.shuffle(lookup)
        if messy:
            lookup = messy_labels(ctx.rng, lookup, 0, share=0.6, spaces=False)
        value = ctx.rng.choice(list(columns))
        base = names(ctx, table, "lookup")
        params = Params(**finish_fields(ctx), **base, lookup_sheet=sheet, key_column=key, lookup_value=value,
                        new_header=ctx.rng.choice([value, f"{value} ({sheet})"]),
                        missing=ctx.rng.choice(["Not found", "N/A", "unknown"]) if gaps else None, messy=messy)
        return params.with_files(input=workbook([(base["sheet"], table.headers, table.rows),
                                                 (sheet, [key, *columns], lookup)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            table = list(wb[{lit(params.lookup_sheet)}].iter_rows(values_only=True))
            k, v = table[0].index({lit(params.key_column)}), table[0].index({lit(params.lookup_value)})
            found = {{str(r[k]).strip().casefold(): r[v] for r in table[1:] if r[k] is not None}}
            print(len(found), "keys on {params.lookup_sheet}")
            col = header.index({lit(params.key_column)})
            header.append({lit(params.new_header)})
            for row in rows:
                row.append(found.get(str(row[col]).strip().casefold(), {lit(params.missing)}))
            print(sum(r[-1] == {lit(params.missing)} for r in rows), "rows without a match")
        """, rewrite()]
        return three_steps(params, body, f"I read {params.lookup_sheet} into a dict keyed by {params.key_column} "
                           "(case folded) and append the looked-up value to every row.",
                           f"Look up {params.lookup_value}", sheets=[params.sheet, params.lookup_sheet])
