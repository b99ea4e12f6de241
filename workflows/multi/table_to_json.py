"""A table kept in a workbook, a Word report or a PDF printout handed to developers as JSON: flat
records (one object per row, keyed by the header), or records grouped under a category (one
object per region, department, warehouse or project holding the list of its rows; an array in
first-appearance order or an object keyed by the category; with a total per group or not).
`data.csv_to_json` and `data.csv_nest_json` are the same tasks from a CSV; here the table is read
out of another app's file. Registered once per source: `multi.table_to_json.pdf`,
`multi.table_nested_json.xlsx`... The checks are the JSON library's (`json.records_from_table`,
`json.nested_from_table`), which read the source's table through its view."""

from __future__ import annotations

from typing import Any, ClassVar

from forge.models import ReferenceSolution
from preparers.data import GROUP_KEYS
from workflows._steps import lit, script_step, solution
from workflows.multi._hop import FORMATS, Format
from workflows.multi.table_hops import HopParams, TableHop
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

JSON = Format("json", "data", "the JSON file", "a JSON file", None)
_WRITE = ("import json\nwith open(OUTPUT, 'w', encoding='utf-8') as f:\n"
          "    json.dump(result, f, indent=2, ensure_ascii=False)")


class JsonHop(TableHop[Any]):
    """The table read the way its app's library reads it, `result` built by `core`, dumped as JSON."""

    tgt: ClassVar[Format] = JSON

    def reference(self, params: Any) -> ReferenceSolution:
        look = {"pdf": f"pdftotext -layout {params.source} - | head -30"}.get(self.src.ext)
        script = "\n".join([self.src.reader(params.source), self.core(params),
                            _WRITE.replace("OUTPUT", lit(params.output)), "print(len(rows), 'rows read')"])
        steps = [script_step(script, f"I read the table from {params.source}, {self.doing(params)} and write "
                             f"{params.output}.", f"Write {params.output}")]
        if look:
            steps.insert(0, script_step(f"import subprocess\nprint(subprocess.run({lit(look)}, shell=True, "
                                        "capture_output=True, text=True).stdout)",
                                        f"First I look at how {params.source} lays the table out.", "Inspect the source"))
        return solution(*steps)


# --- flat records ----------------------------------------------------------------------------------

class RecordsParams(HopParams):
    subject: str
    dates: bool


class TableToJson(JsonHop):
    suffixes = ["records", "export", "api"]
    spec = WorkflowSpec(
        name="multi.table_to_json",
        description=("Export the table of a workbook, Word report or PDF as a JSON array of records keyed "
                     "by the header."),
        apps=["spreadsheet", "data"], params=RecordsParams,
        phrasings=[
            "Export the table of {{ src_noun }} {{ source }} ({{ subject }}) to JSON: write {{ output }} as an array "
            "with one object per row, its keys the column headers in column order. Numbers must be JSON numbers"
            "{% if dates %}, dates YYYY-MM-DD text{% endif %} and empty cells null.",
            "The web team wants the {{ subject }} from {{ source }} as JSON. Could you create {{ output }}? A list of "
            "objects, one per table row, the column names as keys (same order), numbers not quoted"
            "{% if dates %}, dates as ISO strings{% endif %}.",
            "{{ source }} -> {{ output }}: JSON array of row objects (header keys in order; numbers as numbers"
            "{% if dates %}; ISO dates{% endif %}; null for blanks).",
        ],
        criteria=["One JSON object per table row, in order, keyed by the header.", "Numbers are JSON numbers."],
        files=[FileSlot(param="source", type="xlsx", role="input"), FileSlot(param="output", type="json")],
        checks=[CheckTemplate(func="json.records_from_table")],
    )

    def draw(self, ctx: WorkflowContext) -> RecordsParams:
        table = self.table(ctx)
        params = RecordsParams(**self.hop(ctx, table), subject=table.subject, dates=bool(table.date_columns()))
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: RecordsParams) -> str:
        return "result = [dict(zip(header, r)) for r in rows]"

    def doing(self, params: RecordsParams) -> str:
        return "make one object per row"


# --- records grouped under a category -------------------------------------------------------------

# kind -> (the list's name, the total's field and the columns multiplied then summed for it)
GROUPED = {"sales": ("orders", "Revenue", ["Units", "Unit Price"]),
           "employees": ("staff", "Total Salary", ["Salary"]),
           "inventory": ("items", "Stock Value", ["Quantity", "Unit Cost"]),
           "budget": ("cost_centers", "Total Actual", ["Actual"])}


class NestedOptions(SkillParams):
    keyed: bool | None = None
    total: bool | None = None


class NestedParams(HopParams):
    group: str
    child: str
    levels: list[list[str]]
    children: list[str]
    keyed: bool
    total_field: str | None
    total_of: list[str]
    total_text: str | None
    decimals: int | None


class TableNestedJson(JsonHop):
    suffixes = ["grouped", "by_group", "nested"]
    spec = WorkflowSpec(
        name="multi.table_nested_json",
        description=("Turn the table of a workbook, Word report or PDF into JSON records grouped by a "
                     "category."),
        apps=["spreadsheet", "data"], params=NestedParams, skill_params=NestedOptions,
        phrasings=[
            "Turn the table of {{ src_noun }} {{ source }} into grouped JSON in {{ output }}: one object per {{ group }} "
            "holding its {{ group }} and a list \"{{ child }}\" of its rows, each row an object with the other columns "
            "(the headers as keys, numbers as JSON numbers). {% if keyed %}The file is an object mapping each "
            "{{ group }} to its record{% else %}The file is an array of those records, in the order each {{ group }} "
            "first appears{% endif %}; the lists keep the table's row order.{% if total_field %} Give each record a "
            "\"{{ total_field }}\" field: {{ total_text }}.{% endif %}",
            "Our dashboard reads {{ group }} groups, not flat rows. Could you build {{ output }} from {{ source }}? "
            "Per {{ group }}: the {{ group }} itself and \"{{ child }}\", the list of its rows with every other column "
            "(same header names, numbers unquoted). {% if keyed %}Top level an object keyed by {{ group }}.{% else %}"
            "Top level a list, in first-appearance order.{% endif %}{% if total_field %} Each group also needs "
            "\"{{ total_field }}\": {{ total_text }}.{% endif %}",
            "{{ source }} -> {{ output }}: group rows by {{ group }} into \"{{ child }}\" lists (other columns, header "
            "keys, typed numbers, row order kept); {% if keyed %}top level: object by {{ group }}{% else %}top level: "
            "array, first-appearance order{% endif %}{% if total_field %}; \"{{ total_field }}\" per group = "
            "{{ total_text }}{% endif %}.",
        ],
        criteria=["Every row appears once, under its group, with its values typed.",
                  "The top level has the asked shape.", "A requested total is right and rounded as asked."],
        files=[FileSlot(param="source", type="xlsx", role="input"), FileSlot(param="output", type="json")],
        checks=[CheckTemplate(func="json.nested_from_table", bind={
            "levels": "levels", "children": "children", "keyed": "keyed", "total_field": "total_field",
            "total_of": "total_of", "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> NestedParams:
        opts: NestedOptions = ctx.options  # type: ignore[assignment]
        keyed = opts.keyed if opts.keyed is not None else ctx.rng.random() < 0.5
        total = opts.total if opts.total is not None else ctx.rng.random() < 0.5
        table = self.table(ctx)
        child, field, of = GROUPED[table.kind]
        text = (f"the sum of {' × '.join(of)} over its rows, rounded to 2 decimals" if len(of) > 1
                else f"the sum of its {of[0]}, rounded to 2 decimals")
        group = ctx.rng.choice(GROUP_KEYS[table.kind])
        params = NestedParams(**self.hop(ctx, table), group=group, child=child, levels=[[group]], children=[child],
                              keyed=keyed, total_field=field if total else None, total_of=of if total else [],
                              total_text=text if total else None, decimals=2 if total else None)
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: NestedParams) -> str:
        return (f"g = header.index({lit(params.group)})\ngroups = {{}}\n"
                "for r in rows:\n    groups.setdefault(r[g], []).append(r)\nrecords = []\n"
                "for name, members in groups.items():\n"
                f"    record = {{{lit(params.group)}: name, {lit(params.child)}: "
                "[{h: v for h, v in zip(header, r) if h != header[g]} for r in members]}\n"
                f"    if {lit(params.total_field)}:\n"
                f"        cols = [header.index(c) for c in {lit(params.total_of)}]\n"
                "        total = 0\n        for r in members:\n            product = 1\n"
                "            for c in cols:\n                product *= r[c]\n            total += product\n"
                f"        record[{lit(params.total_field)}] = round(total, 2)\n"
                "    records.append(record)\n"
                f"result = {{str(r[{lit(params.group)}]): r for r in records}} if {params.keyed!r} else records")

    def doing(self, params: NestedParams) -> str:
        return f"group the rows by {params.group}"


def _register(base: type[JsonHop], source: str) -> type[JsonHop]:
    """One family per source: the slot type, the apps and the oracle's reader differ."""
    src = FORMATS[source]
    files = [FileSlot(param="source", type=source, role="input", description=src.noun.removeprefix("the ")),
             FileSlot(param="output", type="json", description="The table as JSON")]
    spec = base.spec.model_copy(update={"name": f"{base.spec.name}.{source}", "apps": [src.app, "data"],
                                        "files": files})
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "src": src, "__module__": base.__module__}
    return register_workflow(type(f"{base.__name__}{source.capitalize()}", (base,), attrs))


FAMILIES = [_register(base, s) for base in (TableToJson, TableNestedJson) for s in ("xlsx", "docx", "pdf")]
