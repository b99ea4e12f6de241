"""Two more things a person does to a table on its way from one app's file into another's: drop the
duplicate records of a contact export, or add a computed column (a product, sum, difference or ratio
of two columns, rounded to cents). Registered once per (source, target) pair like `table_hops`:
`multi.table_deduped.xlsx_to_docx`, `multi.table_derived.pdf_to_csv`... The checks are the table
library's (`table.deduplicated`, `table.derived_column`), which read any of these formats.
"""

from __future__ import annotations

from typing import Any, Literal

from preparers.data import Table, make_contacts
from preparers.spreadsheet import DERIVED_COLUMNS, derived_candidates
from workflows._steps import lit
from workflows.multi._hop import PAIRS, printed
from workflows.multi.table_hops import HopParams, TableHop, register_hop
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec

# --- de-duplicate ----------------------------------------------------------------------------------

Match = Literal["row", "key", "key_any_case"]


class DedupOptions(SkillParams):
    match: Match | None = None
    keep: Literal["first", "last"] | None = None


class DedupParams(HopParams):
    match: Match
    key: list[str]
    key_name: str
    keep: Literal["first", "last"]
    fold_case: bool


def _case_only(table: Table, column: str) -> Table:
    """The messy export's retyped keys with their case changed but no stray spaces: a report's
    table cell and a CSV field keep spaces differently, and a space is not what this task is about."""
    c = table.headers.index(column)
    rows = [[v.strip().upper() if i == c and isinstance(v, str) and v != v.strip() else v for i, v in enumerate(r)]
            for r in table.rows]
    return table.model_copy(update={"rows": rows})


class TableDeduped(TableHop[DedupParams]):
    suffixes = ["deduped", "clean", "unique"]
    spec = WorkflowSpec(
        name="multi.table_deduped", apps=["data", "spreadsheet"], params=DedupParams, skill_params=DedupOptions,
        phrasings=[
            "The contact list in {{ src_noun }} {{ source }} has duplicates. Put it into {{ tgt_noun }}, "
            "{{ output }}, with {% if match == 'row' %}each row that repeats an earlier one word for word left out"
            "{% else %}only the {% if keep == 'first' %}first{% else %}last{% endif %} row for each {{ key_name }}"
            "{% endif %}.{% if fold_case %} The {{ key_name }} is sometimes typed in other capitals; those are still "
            "the same contact.{% endif %} Same header and columns, the kept rows unchanged and in their order.",
            "Before the mailing goes out, could you copy {{ source }} over to {{ output }} without the doubles? "
            "{% if match == 'row' %}Some rows were exported twice, identical: keep one of each.{% else %}One row per "
            "{{ key_name }}; when a contact is there more than once, the {% if keep == 'first' %}earliest"
            "{% else %}latest{% endif %} row in the list wins.{% endif %}{% if fold_case %} Careful, some "
            "addresses were retyped in capitals.{% endif %} Don't reorder or edit anything else.",
            "{{ source }} -> {{ output }}: dedupe {% if match == 'row' %}on whole rows{% else %}on {{ key_name }}, "
            "keep {{ keep }}{% if fold_case %} (ignore case){% endif %}{% endif %}; header and row order kept.",
        ],
        criteria=["Each record appears once.", "The kept rows are unchanged and in their original order."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.deduplicated", bind={"key": "key", "keep": "keep",
                                                               "fold_case": "fold_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> DedupParams:
        opts: DedupOptions = ctx.options  # type: ignore[assignment]
        match: Match = opts.match or ctx.rng.choice(["row", "key", "key_any_case"])  # type: ignore[assignment]
        contacts = make_contacts(ctx.rng, ctx.faker, messy=match == "key_any_case")
        table = _case_only(printed(contacts) if self.printout else contacts, "Email")
        keep = (opts.keep or ctx.rng.choice(["first", "last"])) if match != "row" else "first"
        params = DedupParams(**self.hop(ctx, table), match=match, key=[] if match == "row" else ["Email"],
                             key_name="email address", keep=keep, fold_case=match == "key_any_case")
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: DedupParams) -> str:
        return (f"cols = [header.index(c) for c in {lit(params.key)}] or range(len(header))\n"
                "def identity(r):\n"
                f"    return tuple(str(r[c]).casefold() if {params.fold_case!r} else str(r[c]) for c in cols)\n"
                "kept = {}\nfor i, r in enumerate(rows):\n"
                f"    if {lit(params.keep)} == 'last' or identity(r) not in kept:\n        kept[identity(r)] = i\n"
                "out = [header, *[rows[i] for i in sorted(kept.values())]]")

    def doing(self, params: DedupParams) -> str:
        return "drop the duplicate rows" if params.match == "row" else f"keep the {params.keep} row per email"


# --- computed column -------------------------------------------------------------------------------

Operation = Literal["product", "sum", "difference", "ratio"]
SYMBOL = {"product": "*", "sum": "+", "difference": "-", "ratio": "/"}
PHRASE = {"product": "{l} times {r}", "sum": "{l} plus {r}", "difference": "{l} minus {r}",
          "ratio": "{l} divided by {r}"}


class DerivedOptions(SkillParams):
    operation: Operation | None = None


class DerivedParams(HopParams):
    operation: Operation
    left: str
    right: str
    new_header: str
    formula: str
    symbol: str
    decimals: int


class TableDerived(TableHop[DerivedParams]):
    suffixes = ["with_totals", "calculated", "extended"]
    spec = WorkflowSpec(
        name="multi.table_derived", apps=["data", "spreadsheet"], params=DerivedParams, skill_params=DerivedOptions,
        phrasings=[
            "Copy the table from {{ src_noun }} {{ source }} into {{ tgt_noun }}, {{ output }}, and add a last column "
            "\"{{ new_header }}\": on every row, {{ formula }}, rounded to {{ decimals }} decimal places. The other "
            "columns and the rows stay as they are.",
            "Could you bring {{ source }} over to {{ output }} with one extra column at the end, {{ new_header }} = "
            "{{ formula }} per row (2 decimals)? Everything else unchanged please, same order.",
            "{{ source }} -> {{ output }}: all rows, plus {{ new_header }} = {{ left }} {{ symbol }} {{ right }} "
            "({{ decimals }} dp) as the last column.",
        ],
        criteria=["The source's rows and columns unchanged.", "A new last column with the calculation, rounded."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.derived_column", bind={"new_header": "new_header", "left": "left",
                                                                 "right": "right", "operation": "operation",
                                                                 "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> DerivedParams:
        opts: DerivedOptions = ctx.options  # type: ignore[assignment]
        operation: Operation = opts.operation or ctx.rng.choice(list(SYMBOL))  # type: ignore[assignment]
        table = self.table(ctx, kinds={k: [] for k, op, *_ in DERIVED_COLUMNS if op == operation})
        left, right, header = ctx.rng.choice(derived_candidates(table, operation, SYMBOL[operation]))
        params = DerivedParams(**self.hop(ctx, table), operation=operation, left=left, right=right,
                               new_header=header, formula=PHRASE[operation].format(l=left, r=right),
                               symbol=SYMBOL[operation], decimals=2)
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: DerivedParams) -> str:
        return (f"a, b = header.index({lit(params.left)}), header.index({lit(params.right)})\n"
                f"out = [header + [{lit(params.new_header)}], "
                f"*[r + [round(r[a] {params.symbol} r[b], {params.decimals})] for r in rows]]")

    def doing(self, params: DerivedParams) -> str:
        return f"add {params.new_header} ({params.formula})"


# A contact export runs past a printed page, and the hop reads a printout's first page: no PDF source.
FAMILIES: list[type[TableHop[Any]]] = [
    *[register_hop(TableDeduped, s, t) for s, t in PAIRS if s != "pdf"],
    *[register_hop(TableDerived, s, t) for s, t in PAIRS],
]
