"""A column looked up into a report's table from a list another team keeps - each order's supplier
from the product catalogue, each person's cost centre from the department directory - sent as a
CSV export or as a Word document holding the list as a table. What a person does by hand (or with
VLOOKUP in a spreadsheet) before a report goes round: keys the list lacks get the stated text, the
list may type the keys in other capitals, and the report is edited in place or saved anew."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import slug, write_docx
from preparers.spreadsheet import Table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import append_column, report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.multi._hop import FORMATS
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._messy import messy_labels
from workflows.spreadsheet.lookup_column import LOOKUPS

Source = Literal["csv", "docx"]
# table kind -> (the list, its file stem, who keeps it)
LISTS = {"sales": ("product catalogue", "product_catalogue", "Purchasing"),
         "employees": ("department directory", "department_directory", "HR"),
         "budget": ("project register", "project_register", "The PMO")}
NOUNS = {"csv": "a CSV export", "docx": "a Word document"}
_ASIDES = ("{% if missing %} Where the {{ list_name }} does not list a {{ key_column }}, write "
           "\u201c{{ missing }}\u201d.{% endif %}{% if messy %} The {{ key_column }} names in the list are "
           "typed in other capitals; they are still the same.{% endif %}")


class Options(SkillParams):
    source: Source | None = None
    gaps: bool | None = None
    messy: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    lookup: str
    source: Source
    noun: str
    list_name: str
    keeper: str
    key_column: str
    lookup_value: str
    new_header: str
    missing: str | None
    messy: bool


@register_workflow
class TableLookup(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_lookup", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Add a last column \u201c{{ new_header }}\u201d to the table in {{ input }}, giving each row's "
            "{{ lookup_value }} from the {{ list_name }} in {{ lookup }} ({{ noun }}), matched on {{ key_column }}."
            + _ASIDES + " The table's other columns and rows stay as they are. " + SAVE["formal"],
            "{{ keeper }} sent the {{ list_name }} as {{ noun }}, {{ lookup }}. Could you use it to add the "
            "{{ lookup_value }} to each row of the table in {{ input }}? A new column \u201c{{ new_header }}\u201d at "
            "the right, looked up by {{ key_column }}." + _ASIDES + " " + SAVE["chatty"],
            "{{ input }}: table + last column \u201c{{ new_header }}\u201d = {{ lookup_value }} from {{ lookup }} by "
            "{{ key_column }}{% if missing %} (\u201c{{ missing }}\u201d if not listed){% endif %}{% if messy %}, "
            "names matched ignoring case{% endif %}. " + SAVE["terse"],
        ],
        criteria=["Every row has the value the list gives its key (or the stated text).",
                  "The table's original columns and rows are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="lookup", type="csv", role="input", types_by={"source": {"docx": "docx"}},
                        description="The list the values are looked up in"),
               FileSlot(param="output", type="docx", description="The report with the looked-up column")],
        checks=[CheckTemplate(func="table.looked_up_from", paths={"input_file": "input", "lookup_file": "lookup"},
                              bind={"new_header": "new_header", "key_column": "key_column",
                                    "lookup_key": "key_column", "lookup_value": "lookup_value",
                                    "missing": "missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source: Source = opts.source or ctx.rng.choice(["csv", "docx"])
        gaps = opts.gaps if opts.gaps is not None else ctx.rng.random() < 0.5
        messy = opts.messy if opts.messy is not None else ctx.rng.random() < 0.5
        doc, table = report_of_kind(ctx, set(LISTS), 8, 18)
        key_column, _, columns = LOOKUPS[table.kind]
        keys = sorted({str(row[table.headers.index(key_column)]) for row in table.rows})
        while len(keys) < 3:  # a list worth looking up in, with room for gaps
            doc, table = report_of_kind(ctx, set(LISTS), 8, 18)
            key_column, _, columns = LOOKUPS[table.kind]
            keys = sorted({str(row[table.headers.index(key_column)]) for row in table.rows})
        lookup = [[k, *(ctx.rng.choice(values) for values in columns.values())] for k in keys]
        if gaps:  # some keys the list lacks (at least one, never all)
            for row in ctx.rng.sample(lookup, max(1, len(lookup) // 4)):
                lookup.remove(row)
        ctx.rng.shuffle(lookup)
        if messy:
            lookup = messy_labels(ctx.rng, lookup, 0, share=0.6, spaces=False)
        list_name, stem, keeper = LISTS[table.kind]
        value = ctx.rng.choice(list(columns))
        header = ctx.rng.choice([value, f"{key_column} {value}"])
        params = Params(**doc_paths(ctx, doc.file_stem, slug(value)), source=source, noun=NOUNS[source],
                        lookup=f"{ctx.rng.choice(['', 'inbox/', 'shared/'])}{stem}.{source}", list_name=list_name,
                        keeper=keeper, key_column=key_column, lookup_value=value, new_header=header,
                        missing=ctx.rng.choice(["Not listed", "N/A", "unknown"]) if gaps else None,
                        messy=messy)
        other = Table(kind=table.kind, title=list_name.capitalize(), subject=f"{key_column.lower()} entries",
                      headers=[key_column, *columns], rows=lookup)
        write = FORMATS[source].write
        assert write is not None
        return params.with_files(input=write_docx(doc), lookup=write(other, list_name.capitalize()))

    def reference(self, params: Params) -> ReferenceSolution:
        read = FORMATS[params.source].reader(params.lookup)
        found = f"""
k, v = header.index({lit(params.key_column)}), header.index({lit(params.lookup_value)})
found = {{}}
for r in rows:
    found.setdefault(" ".join(str(r[k]).split()).casefold(), str(r[v]))
print(len(found), "entries in the list")
"""
        compute = f"""
            key = header.index({lit(params.key_column)})
            values = [found.get(" ".join(row[key].split()).casefold(), {lit(params.missing or "")}) for row in rows]
        """
        body = textwrap.dedent(compute) + textwrap.dedent(append_column(params.new_header)) + save_code(params.output)
        script = read + found + table_script(params.input, body)
        return solution(
            script_step(read + "\nprint(header)\nfor r in rows[:15]:\n    print(r)",
                        f"First I look at how {params.lookup} lists the {params.key_column} entries.",
                        f"Inspect {params.lookup}"),
            outline_step(params.input, f"I look over {params.input} to find the table."),
            script_step(script, f"I read the list into a dict keyed by {params.key_column} (case and spacing folded) "
                        f"and add {params.new_header!r} to every row of the report's table.",
                        f"Look up {params.lookup_value}"),
            script_step(table_script(params.output, "print(header)\nfor row in rows:\n    print(row)"),
                        "I read the table back.", "Check the table"))
