"""A workbook column filled from a table another app keeps: each order's supplier from the
catalogue purchasing sent as a PDF, each employee's cost centre from the directory in a Word
report, each stock line's region from a CSV export of the sites. What VLOOKUP does, with the
lookup table in another app's file. Keys the list lacks get the text asked for (or nothing);
keys may be typed in other capitals there; the workbook edited in place or saved as a new file.
Registered once per lookup format: `multi.lookup_from_file.pdf`, `.docx`, `.csv`."""

from __future__ import annotations

from typing import Any

from forge.models import ReferenceSolution
from preparers.data import make_records
from preparers.spreadsheet import Table, write_xlsx
from workflows._inplace import edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.multi._hop import FORMATS
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)
from workflows.spreadsheet._messy import messy_labels
from workflows.spreadsheet.lookup_column import LOOKUPS

# kind -> (what the other file is, its file stem, who keeps it)
LISTS = {"sales": ("product catalogue", "product_catalogue", "purchasing"),
         "employees": ("department directory", "department_directory", "HR"),
         "inventory": ("list of warehouse sites", "warehouse_sites", "logistics"),
         "budget": ("project register", "project_register", "the PMO")}
NOUNS = {"pdf": "PDF", "docx": "Word document", "csv": "CSV export"}
_SAVE = ("{% if in_place %}Save {{ input }} in place.{% else %}Save the result as {{ output }} and leave "
         "{{ input }} as it is.{% endif %}")
_ASIDES = ("{% if missing %} Where the {{ list_name }} does not list a {{ key_column }}, write \"{{ missing }}\"."
           "{% endif %}{% if messy %} The {{ key_column }} names there are typed in other capitals; they are "
           "still the same.{% endif %}")


class Options(SkillParams):
    gaps: bool | None = None
    messy: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    lookup: str
    list_name: str
    keeper: str
    lookup_noun: str
    subject: str
    key_column: str
    lookup_value: str
    new_header: str
    missing: str | None
    messy: bool


class LookupFromFile(PreparedWorkflow[Params]):
    """The lookup table comes as `ext` (a PDF, a Word document, a CSV export); the workbook is xlsx."""

    ext = "pdf"
    spec = WorkflowSpec(
        name="multi.lookup_from_file",
        description=("Fill a workbook column from a list kept in another app's file (a lookup across apps), "
                     "matched on a key."),
        apps=["pdf", "spreadsheet"], params=Params, skill_params=Options,
        phrasings=[
            'Add a column "{{ new_header }}" at the right end of the sheet in {{ input }}, giving each row\'s '
            "{{ lookup_value }} from the {{ list_name }} in {{ lookup }} ({{ lookup_noun }}), matched on "
            "{{ key_column }}." + _ASIDES +
            " Write the values themselves, not formulas; the other columns stay as they are. " + _SAVE,
            "{{ keeper }} sent the {{ list_name }} as a {{ lookup_noun }}, {{ lookup }}. Could you use it to fill in "
            'the {{ lookup_value }} of the {{ subject }} in {{ input }}? A new column "{{ new_header }}" at the end, '
            "looked up by {{ key_column }}." + _ASIDES + " Plain values please. " + _SAVE,
            '{{ input }}: new last column "{{ new_header }}" = {{ lookup_value }} from {{ lookup }} by {{ key_column }}'
            '{% if missing %} ("{{ missing }}" if not listed){% endif %}{% if messy %}, names matched ignoring case'
            "{% endif %}; values only. {% if in_place %}In place.{% else %}Save as {{ output }}.{% endif %}",
        ],
        criteria=["Every row has the value the other file lists for its key (or the stated text).",
                  "The original columns and rows are unchanged."],
        files=[FileSlot(param="input", type="xlsx", role="input", description="The workbook to fill in"),
               FileSlot(param="lookup", type="pdf", role="input", description="The list to look the values up in"),
               FileSlot(param="output", type="xlsx", description="The workbook with the looked-up column")],
        checks=[CheckTemplate(func="table.looked_up_from", paths={"input_file": "input", "lookup_file": "lookup"},
                              bind={"new_header": "new_header", "key_column": "key_column",
                                    "lookup_key": "key_column", "lookup_value": "lookup_value",
                                    "missing": "missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        gaps = opts.gaps if opts.gaps is not None else ctx.rng.random() < 0.5
        messy = opts.messy if opts.messy is not None else ctx.rng.random() < 0.5
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(20, 60))
        key_column, _, columns = LOOKUPS[table.kind]
        keys = sorted({str(v) for v in table.column(key_column)})
        lookup = [[k, *(ctx.rng.choice(values) for values in columns.values())] for k in keys]
        if gaps:  # some keys the list lacks (at least one, never all)
            for row in ctx.rng.sample(lookup, max(1, len(lookup) // 4)):
                lookup.remove(row)
        ctx.rng.shuffle(lookup)
        if messy:
            lookup = messy_labels(ctx.rng, lookup, 0, share=0.6, spaces=False)
        list_name, list_stem, keeper = LISTS[table.kind]
        value = ctx.rng.choice(list(columns))
        paths = edit_paths(ctx, ctx.rng.choice(table.file_stems), "xlsx", "filled", ["", "reports/", "shared/"])
        params = Params(**paths, lookup=f"{ctx.rng.choice(['', 'inbox/', 'from_' + keeper.split()[-1].lower() + '/'])}"
                        f"{list_stem}.{self.ext}", list_name=list_name, keeper=keeper[0].upper() + keeper[1:],
                        lookup_noun=NOUNS[self.ext], subject=table.subject, key_column=key_column,
                        lookup_value=value, new_header=ctx.rng.choice([value, f"{key_column} {value}"]),
                        missing=ctx.rng.choice(["Not listed", "N/A", "unknown"]) if gaps else None, messy=messy)
        other = Table(kind=table.kind, title=list_name.capitalize(), subject=f"{key_column.lower()} entries",
                      headers=[key_column, *columns], rows=lookup)
        write = FORMATS[self.ext].write
        assert write is not None
        return params.with_files(input=write_xlsx(table, ctx.rng.choice(table.sheet_names or [table.title[:31]])),
                                 lookup=write(other, list_name.capitalize()))

    def reference(self, params: Params) -> ReferenceSolution:
        script = "\n".join([FORMATS[self.ext].reader(params.lookup), f"""
k, v = header.index({lit(params.key_column)}), header.index({lit(params.lookup_value)})
found = {{}}
for r in rows:
    found.setdefault(" ".join(str(r[k]).split()).casefold(), r[v])
print(len(found), "entries in {params.lookup}")
import openpyxl
book = openpyxl.load_workbook({lit(params.input)})
sheet = book.active
names = [c.value for c in sheet[1]]
col, new = names.index({lit(params.key_column)}) + 1, len(names) + 1
sheet.cell(1, new, {lit(params.new_header)})
misses = 0
for i in range(2, sheet.max_row + 1):
    name = " ".join(str(sheet.cell(i, col).value).split()).casefold()
    misses += name not in found
    sheet.cell(i, new, found.get(name, {lit(params.missing)}))
book.save({lit(params.output)})
print(sheet.max_row - 1, "rows,", misses, "not listed")"""])
        look = {"pdf": f"pdftotext -layout {params.lookup} - | head -40", "csv": f"head -20 {params.lookup}",
                "docx": f"python3 -c \"import docx; print([[c.text for c in r.cells] for r in "
                        f"docx.Document('{params.lookup}').tables[0].rows])\""}[self.ext]
        return solution(
            script_step(f"import subprocess\nprint(subprocess.run({lit(look)}, shell=True, capture_output=True, "
                        "text=True).stdout)", f"First I look at how {params.lookup} lists the {params.key_column} "
                        "entries.", f"Inspect {params.lookup}"),
            script_step(script, f"I read the list into a dict keyed by {params.key_column} (case and spacing "
                        f"folded) and add {params.new_header!r} to every row of {params.input}.",
                        f"Look up {params.lookup_value}"))


def _register(ext: str) -> type[LookupFromFile]:
    """One family per lookup format: the slot type, the apps and the oracle's reader differ."""
    base = LookupFromFile.spec
    files = [s if s.param != "lookup" else s.model_copy(update={"type": ext}) for s in base.files]
    spec = base.model_copy(update={"name": f"{base.name}.{ext}", "apps": [FORMATS[ext].app, "spreadsheet"],
                                   "files": files})
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "ext": ext, "__module__": __name__}
    return register_workflow(type(f"LookupFrom{ext.capitalize()}", (LookupFromFile,), attrs))


FAMILIES: list[Any] = [_register(ext) for ext in ("pdf", "docx", "csv")]
