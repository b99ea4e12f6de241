"""Take a table out of one app's file, do one thing to it, and put it into another app's file.

Four operations a person does on the way (sort it, keep the rows that meet a condition, sum it up
per category, add a total row), each registered once per (source, target) pair of `_hop.PAIRS`:
`multi.table_sorted.csv_to_xlsx`, `multi.table_grouped.pdf_to_docx`... The oracle reads the source
the way its app's library does, works on the rows it read, and writes the target; the checks are
the table library's, which read any of these formats.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Literal, TypeVar

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import GROUP_KEYS, Table, make_records
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data.csv_filter import OPERATORS, WORDS, Condition, CsvFilter
from workflows.multi._hop import FORMATS, PAIRS, Format, printed
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

FOLDERS = ["exports", "inbox", "reports", "shared", "finance", "from_ops", "downloads"]


class HopParams(Prepared):
    source: str
    output: str
    sheet: str
    src_noun: str
    tgt_noun: str


P = TypeVar("P", bound=HopParams)
ATTEMPTS = 50  # tables drawn before a draw gives up: a kind of table that lacks the column, never a hang


class TableHop(PreparedWorkflow[P], Generic[P]):
    """One operation on a table carried from `src` to `tgt`; subclasses give the operation."""

    src: ClassVar[Format]
    tgt: ClassVar[Format]
    suffixes: ClassVar[list[str]] = ["copy"]

    @property
    def printout(self) -> bool:
        """Whether either side is a report, whose tables carry no date column (`printed`)."""
        return self.src.printout or self.tgt.printout

    def table(self, ctx: WorkflowContext, kinds: dict[str, list[str]] | None = None) -> Table:
        most = 20 if self.src.ext == "pdf" else 60  # a printout keeps the table on its first page
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(12, most), kinds=kinds)
        return printed(table) if self.printout else table

    def hop(self, ctx: WorkflowContext, table: Table) -> dict[str, str]:
        stem = ctx.rng.choice(table.file_stems)
        folder = ctx.rng.choice(FOLDERS)
        suffix = ctx.rng.choice(self.suffixes)
        out = f"{stem}_{suffix}.{self.tgt.ext}" if ctx.rng.random() < 0.6 else f"{folder}/{stem}_{suffix}.{self.tgt.ext}"
        return {"source": f"{folder}/{stem}.{self.src.ext}", "output": out, "sheet": table.title[:31],
                "src_noun": self.src.noun, "tgt_noun": self.tgt.target_noun}

    def source_bytes(self, table: Table) -> bytes:
        assert self.src.write is not None
        return self.src.write(table, table.title[:31])

    def core(self, params: P) -> str:
        """Python working on `header, rows` (as read) and leaving `out` (header first)."""
        raise NotImplementedError

    def reference(self, params: P) -> ReferenceSolution:
        script = "\n".join([self.src.reader(params.source), self.core(params),
                            self.tgt.writer(params.output, params.sheet), "print(len(out) - 1, 'rows written')"])
        look = {"csv": f"head -5 {params.source}", "pdf": f"pdftotext -layout {params.source} - | head -30"}
        steps = [script_step(script, f"I read the table from {params.source}, {self.doing(params)} and write "
                             f"{params.output}.", f"Carry the table into {params.output}")]
        if self.src.ext in look:
            steps.insert(0, script_step(f"import subprocess\nprint(subprocess.run({lit(look[self.src.ext])}, shell=True, "
                                        "capture_output=True, text=True).stdout)",
                                        f"First I look at how {params.source} lays the table out.", "Inspect the source"))
        return solution(*steps)

    def doing(self, params: P) -> str:
        return "work on its rows"


# --- sort ------------------------------------------------------------------------------------------

SortOrder = Literal["number_desc", "number_asc", "text_asc", "date_desc"]


class SortOptions(SkillParams):
    order: SortOrder | None = None


class SortParams(HopParams):
    column: str
    descending: bool
    direction: str


class TableSorted(TableHop[SortParams]):
    suffixes = ["sorted", "by_rank", "ordered"]
    spec = WorkflowSpec(
        name="multi.table_sorted", apps=["data", "spreadsheet"], params=SortParams, skill_params=SortOptions,
        phrasings=[
            "Take the table from {{ src_noun }} {{ source }} and put it into {{ tgt_noun }}, {{ output }}, with the "
            "rows sorted by {{ column }}, {{ direction }}. Same header and columns, every row kept whole.",
            "I need the rows of {{ source }} in {{ output }} instead, ordered by {{ column }} ({{ direction }}). Don't "
            "drop or change any row; the header stays on top.",
            "{{ source }} -> {{ output }}: whole table, sorted on {{ column }} {{ direction }}, header first.",
            "Could you move the table in {{ source }} over to {{ output }}? Whoever reads it wants it by "
            "{{ column }}, {{ direction }}, so sort it that way while you're at it.",
        ],
        criteria=["Every row of the source, whole, exactly once.", "Ordered by the column in the asked direction."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> SortParams:
        opts: SortOptions = ctx.options  # type: ignore[assignment]
        order = opts.order or ctx.rng.choice(["number_desc", "number_asc", "text_asc",
                                               *([] if self.printout else ["date_desc"])])
        for _ in range(ATTEMPTS):
            table = self.table(ctx)
            dates = table.date_columns()
            texts = [h for h in table.headers if h not in table.numeric and h not in dates]
            pool = {"number": table.numeric, "date": dates, "text": texts}[order.split("_")[0]]
            if pool:
                break
        else:
            raise WorkflowError(f"{self.name}: no table of {ATTEMPTS} drawn has a column to sort {order!r}"
                                + (" (a report side carries no date column)" if self.printout else ""))
        descending = order.endswith("desc")
        words = {"number_desc": "largest first", "number_asc": "smallest first", "text_asc": "A to Z",
                 "date_desc": "newest first"}
        params = SortParams(**self.hop(ctx, table), column=ctx.rng.choice(pool), descending=descending,
                            direction=words[order])
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: SortParams) -> str:
        return (f"c = header.index({lit(params.column)})\n"
                "rows.sort(key=lambda r: str(r[c]).casefold() if isinstance(r[c], str) else r[c], "
                f"reverse={params.descending!r})\nout = [header, *rows]")

    def doing(self, params: SortParams) -> str:
        return f"sort the rows by {params.column} ({params.direction})"


# --- filter ----------------------------------------------------------------------------------------

class FilterOptions(SkillParams):
    condition: Condition | None = None


class FilterParams(HopParams):
    column: str
    condition: Condition
    operator: Literal[">", "<=", "==", ">="]
    words: str
    threshold: float | int | str


class TableFiltered(TableHop[FilterParams]):
    suffixes = ["selected", "filtered", "subset"]
    spec = WorkflowSpec(
        name="multi.table_filtered", apps=["data", "spreadsheet"], params=FilterParams, skill_params=FilterOptions,
        phrasings=[
            "From the table in {{ src_noun }} {{ source }}, copy only the rows whose {{ column }} is {{ words }} "
            "{{ threshold }} into {{ tgt_noun }}, {{ output }}: the header first, the columns as they are, the rows "
            "in their original order.",
            "Can you pull the records with {{ column }} {{ words }} {{ threshold }} out of {{ source }} and put them "
            "in {{ output }}? Keep the header and column order; don't reorder anything.",
            "{{ source }} -> {{ output }}: rows where {{ column }} {{ operator }} {{ threshold }}; header kept, "
            "order kept.",
            "For the review we only care about {{ column }} {{ words }} {{ threshold }}. Those rows of {{ source }} "
            "should go into {{ output }}, same columns, in the order they appear.",
        ],
        criteria=["Exactly the rows meeting the condition, in their original order."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.rows_where", bind={"column": "column", "operator": "operator",
                                                             "threshold": "threshold"})],
    )

    def draw(self, ctx: WorkflowContext) -> FilterParams:
        opts: FilterOptions = ctx.options  # type: ignore[assignment]
        choices = [c for c in OPERATORS if not (self.printout and c == "on_or_after")]  # a report has no dates
        condition: Condition = opts.condition or ctx.rng.choice(choices)  # type: ignore[assignment]
        for _ in range(ATTEMPTS):
            table = self.table(ctx)
            column, threshold = CsvFilter._condition(self, ctx, table, condition)  # type: ignore[arg-type]
            if column is not None:
                break
        else:
            raise WorkflowError(f"{self.name}: no table of {ATTEMPTS} drawn has a column for {condition!r}"
                                + (" (a report side carries no date column)" if self.printout else ""))
        params = FilterParams(**self.hop(ctx, table), column=column, condition=condition,
                              operator=OPERATORS[condition], words=WORDS[condition], threshold=threshold)
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: FilterParams) -> str:
        return (f"c, bound = header.index({lit(params.column)}), {lit(params.threshold)}\n"
                "def keep(v):\n    if isinstance(bound, str):\n"
                f"        return str(v).strip().casefold() {params.operator} bound.casefold()\n"
                f"    return isinstance(v, (int, float)) and v {params.operator} bound\n"
                "out = [header, *[r for r in rows if keep(r[c])]]")

    def doing(self, params: FilterParams) -> str:
        return f"keep the rows where {params.column} {params.operator} {params.threshold}"


# --- group -----------------------------------------------------------------------------------------

Aggregate = Literal["sum", "count", "average", "max", "min"]
AGG_WORDS = {"sum": "total", "count": "number of rows", "average": "average", "max": "highest", "min": "lowest"}


class GroupOptions(SkillParams):
    aggregate: Aggregate | None = None
    order: Literal["key", "largest_first"] | None = None


class GroupParams(HopParams):
    key: str
    value: str | None
    aggregate: Aggregate
    what: str
    result_header: str
    order: Literal["key", "largest_first"]


class TableGrouped(TableHop[GroupParams]):
    suffixes = ["summary", "by_group", "rollup"]
    spec = WorkflowSpec(
        name="multi.table_grouped", apps=["data", "spreadsheet"], params=GroupParams, skill_params=GroupOptions,
        phrasings=[
            "Summarise the table in {{ src_noun }} {{ source }} by {{ key }}: the {{ what }}{% if value %} of "
            "{{ value }}{% endif %} for each {{ key }}. Put it in {{ tgt_noun }}, {{ output }}, as two columns, "
            "{{ key }} and {{ result_header }}, {% if order == 'key' %}{{ key }} A to Z{% else %}largest "
            "{{ result_header }} first{% endif %}.{% if aggregate == 'average' %} Round averages to 2 decimals."
            "{% endif %}",
            "Hi, for the weekly numbers I need {{ source }} rolled up per {{ key }} ({{ what }}{% if value %} of "
            "{{ value }}{% endif %}). {{ output }} with the columns {{ key }} and {{ result_header }}, "
            "{% if order == 'key' %}in {{ key }} order{% else %}biggest first{% endif %}, would be perfect."
            "{% if aggregate == 'average' %} Two decimals for the averages.{% endif %}",
            "{{ source }} -> {{ output }}: group by {{ key }}, {{ aggregate }}{% if value %}({{ value }}){% endif %} as "
            "{{ result_header }}; {% if order == 'key' %}order by {{ key }}{% else %}order by {{ result_header }} "
            "desc{% endif %}{% if aggregate == 'average' %}; round to 2 dp{% endif %}.",
        ],
        criteria=["One row per group with the right aggregate.", "Rows in the order asked."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.grouped", bind={
            "key": "key", "value": "value", "aggregate": "aggregate", "result_header": "result_header",
            "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> GroupParams:
        opts: GroupOptions = ctx.options  # type: ignore[assignment]
        table = self.table(ctx)
        aggregate = opts.aggregate or ctx.rng.choice(list(AGG_WORDS))
        key = ctx.rng.choice(GROUP_KEYS[table.kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        header = {"sum": f"Total {value}", "count": ctx.rng.choice(["Count", "Rows", table.subject.capitalize()]),
                  "average": f"Average {value}", "max": f"Max {value}", "min": f"Min {value}"}
        params = GroupParams(**self.hop(ctx, table), key=key, value=value, aggregate=aggregate,
                             what=AGG_WORDS[aggregate], result_header=header[aggregate],
                             order=opts.order or ctx.rng.choice(["key", "largest_first"]))
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: GroupParams) -> str:
        return (f"k = header.index({lit(params.key)})\nv = {lit(params.value)} and header.index({lit(params.value)})\n"
                "groups = {}\nfor r in rows:\n    groups.setdefault(str(r[k]), []).append(1 if v is None else r[v])\n"
                'agg = {"sum": sum, "count": len, "max": max, "min": min, '
                '"average": lambda xs: round(sum(xs) / len(xs), 2)}' f"[{lit(params.aggregate)}]\n"
                "result = [[g, agg(xs)] for g, xs in groups.items()]\n"
                + ("result.sort(key=lambda r: r[0].casefold())\n" if params.order == "key"
                   else "result.sort(key=lambda r: (-r[1], r[0].casefold()))\n")
                + f"out = [[{lit(params.key)}, {lit(params.result_header)}], *result]")

    def doing(self, params: GroupParams) -> str:
        return f"sum it up per {params.key} ({params.aggregate})"


# --- total row -------------------------------------------------------------------------------------

TotalAggregate = Literal["sum", "average", "max", "min"]


class TotalOptions(SkillParams):
    aggregate: TotalAggregate | None = None


class TotalParams(HopParams):
    label_column: str
    label: str
    columns: list[str]
    aggregate: TotalAggregate
    what: str


class TableTotal(TableHop[TotalParams]):
    suffixes = ["with_totals", "final", "totals"]
    spec = WorkflowSpec(
        name="multi.table_total", apps=["data", "spreadsheet"], params=TotalParams, skill_params=TotalOptions,
        phrasings=[
            "Copy the table from {{ src_noun }} {{ source }} into {{ tgt_noun }}, {{ output }}, unchanged, and add a "
            'row directly below the last one labelled "{{ label }}" in the {{ label_column }} column with the '
            "{{ what }} of {{ columns | join(', ') }}.{% if aggregate == 'average' %} Round to 2 decimals.{% endif %}",
            "Please put {{ source }}'s rows into {{ output }} as they are, then finish with a \"{{ label }}\" row "
            "(label under {{ label_column }}) giving the {{ what }} of {{ columns | join(' and ') }}.",
            '{{ source }} -> {{ output }}: same rows, plus a final "{{ label }}" row ({{ label_column }}) = '
            "{{ aggregate }} of {{ columns | join(', ') }}.",
        ],
        criteria=["The data rows unchanged.", "A labelled row below them with the asked aggregates."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.total_row", bind={"label_column": "label_column", "label": "label",
                                                            "columns": "columns", "aggregate": "aggregate"})],
    )

    def draw(self, ctx: WorkflowContext) -> TotalParams:
        opts: TotalOptions = ctx.options  # type: ignore[assignment]
        table = self.table(ctx)
        aggregate = opts.aggregate or ctx.rng.choice(["sum", "average", "max", "min"])
        pool = table.additive if aggregate == "sum" else table.numeric
        chosen = set(ctx.rng.sample(pool, ctx.rng.randint(1, len(pool))))
        columns = [c for c in table.headers if c in chosen]
        labels = {"sum": ["Total", "Grand total", "TOTAL"], "average": ["Average", "Mean"],
                  "max": ["Maximum", "Highest"], "min": ["Minimum", "Lowest"]}
        params = TotalParams(**self.hop(ctx, table), label_column=table.label_column,
                             label=ctx.rng.choice(labels[aggregate]), columns=columns, aggregate=aggregate,
                             what=AGG_WORDS[aggregate])
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: TotalParams) -> str:
        return ('agg = {"sum": lambda xs: round(sum(xs), 2), "max": max, "min": min, '
                '"average": lambda xs: round(sum(xs) / len(xs), 2)}' f"[{lit(params.aggregate)}]\n"
                "total = [''] * len(header)\n"
                f"total[header.index({lit(params.label_column)})] = {lit(params.label)}\n"
                f"for name in {lit(params.columns)}:\n    c = header.index(name)\n"
                "    total[c] = agg([r[c] for r in rows if isinstance(r[c], (int, float))])\n"
                "out = [header, *rows, total]")

    def doing(self, params: TotalParams) -> str:
        return f"add a {params.label} row ({params.aggregate})"


# --- one family per (operation, source, target) ------------------------------------------------------

def register_hop(base: type[TableHop[Any]], source: str, target: str) -> type[TableHop[Any]]:
    """Registers `base` once for a (source, target) pair, so each pair is a family of its own: a skill
    names one pair, and the files, apps and nouns of the task follow from it."""
    src, tgt = FORMATS[source], FORMATS[target]
    spec = base.spec.model_copy(update={
        "name": f"{base.spec.name}.{source}_to_{target}", "apps": [src.app, tgt.app],
        "files": [FileSlot(param="source", type=source, role="input", description=src.noun.removeprefix("the ")),
                  FileSlot(param="output", type=target, description=f"The result as {tgt.target_noun}")]})
    name = f"{base.__name__}{source.capitalize()}To{target.capitalize()}"
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "src": src, "tgt": tgt, "__module__": base.__module__}
    return register_workflow(type(name, (base,), attrs))


# Pairs an older family already covers with the same operation (multi.csv_summary_sheet's csv -> xlsx
# summary, multi.sheet_filter_to_csv's xlsx -> csv filter) are left to it: one skill, one family.
COVERED = {(TableGrouped, "csv", "xlsx"), (TableFiltered, "xlsx", "csv")}
FAMILIES = [register_hop(base, s, t) for base in (TableSorted, TableFiltered, TableGrouped, TableTotal)
            for s, t in PAIRS if (base, s, t) not in COVERED]
