"""Two orderings a person asks for when a table moves from one app's file into another's: only its
top (or bottom) N rows by a number column, overall or within each group, best first; or every row
sorted by a category and, within it, by a number. Registered once per (source, target) pair like
`table_hops`: `multi.table_top.pdf_to_xlsx`, `multi.table_sorted_two.docx_to_csv`... The checks are
the table library's (`table.top_rows`, `table.sorted_by_keys`), which read any of these formats.
"""

from __future__ import annotations

from typing import Any

from forge.errors import WorkflowError
from preparers.data import GROUP_KEYS
from workflows._steps import lit
from workflows.multi._hop import PAIRS
from workflows.multi.table_hops import ATTEMPTS, HopParams, TableHop, register_hop
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec

# --- top rows --------------------------------------------------------------------------------------

WHICH = "{% if smallest %}smallest{% else %}largest{% endif %}"
_PER = "{% if group_column %} within each {{ group_column }} (groups in the order they first appear){% endif %}"


def _untied(rows: list[list[Any]], c: int, g: int | None) -> bool:
    """No two rows of a group (or of the table) share the column's value."""
    pairs = [(str(r[g]).strip().casefold() if g is not None else None, r[c]) for r in rows]
    return len(set(pairs)) == len(pairs)


class TopOptions(SkillParams):
    smallest: bool | None = None
    per_group: bool | None = None


class TopParams(HopParams):
    into: str
    place: str
    column: str
    count: int
    smallest: bool
    group_column: str | None


class TableTop(TableHop[TopParams]):
    states_values = ("count",)
    suffixes = ["top", "shortlist", "highlights"]
    spec = WorkflowSpec(
        name="multi.table_top",
        description=("Carry only a table's top or bottom N rows by a number column into another app's file, "
                     "best first."),
        apps=["data", "spreadsheet"], params=TopParams, skill_params=TopOptions,
        phrasings=[
            f"From the table in {{{{ src_noun }}}} {{{{ source }}}}, copy only the {{{{ count }}}} rows with the {WHICH} "
            f"{{{{ column }}}}" + _PER + f" into {{{{ tgt_noun }}}}, {{{{ output }}}}{{{{ place }}}}: the same header, "
            f"each row whole, the {WHICH} first.",
            f"For the summary I only need the {{{{ count }}}} {WHICH} {{{{ column }}}} figures" + _PER + " out of "
            f"{{{{ source }}}}. Could you put those rows, whole and {WHICH} first, under the header in "
            "{{ output }}{{ place }}?",
            f"{{{{ source }}}} -> {{{{ output }}}}{{{{ place }}}}: {{% if smallest %}}bottom{{% else %}}top{{% endif %}} "
            f"{{{{ count }}}} by {{{{ column }}}} ({WHICH} first)" + "{% if group_column %} per {{ group_column }}, "
            "groups in first-appearance order{% endif %}; whole rows, header kept.",
        ],
        criteria=["Exactly the N rows with the largest (smallest) values (per group when asked), best first.",
                  "Rows are whole; the header is the source's."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.top_rows", bind={"into": "into", "column": "column", "count": "count",
                                                            "smallest": "smallest", "group_column": "group_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> TopParams:
        opts: TopOptions = ctx.options  # type: ignore[assignment]
        smallest = opts.smallest if opts.smallest is not None else ctx.rng.random() < 0.5
        per_group = opts.per_group if opts.per_group is not None else ctx.rng.random() < 0.5
        for _ in range(ATTEMPTS):  # no tie decides a row in or out, or the order of the rows kept
            table = self.table(ctx)
            column = ctx.rng.choice(table.numeric)
            group = ctx.rng.choice(GROUP_KEYS[table.kind]) if per_group else None
            if _untied(table.rows, table.headers.index(column), table.headers.index(group) if group else None):
                break
        else:
            raise WorkflowError(f"{self.name}: no table of {ATTEMPTS} drawn has a number column without ties")
        hop = self.hop(ctx, table)
        stem = hop["output"].rsplit("/", 1)[-1].rsplit(".", 1)[0]
        # The selected rows' table as each target names it: a sheet the task names, the CSV's own
        # name, or the Word document's one table.
        into, place = {"xlsx": (hop["sheet"], f' (on a sheet named "{hop["sheet"]}")'), "csv": (stem, ""),
                       "docx": ("table 1", " (as its only table, table 1)")}[self.tgt.ext]
        params = TopParams(**hop, into=into, place=place, column=column, smallest=smallest, group_column=group,
                           count=ctx.rng.choice([2, 3] if per_group else [3, 5, 8]))
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: TopParams) -> str:
        group = f"str(r[header.index({lit(params.group_column)})]).strip().casefold()" if params.group_column else "None"
        return (f"c = header.index({lit(params.column)})\ngroups = {{}}\n"
                f"for r in rows:\n    groups.setdefault({group}, []).append(r)\nkept = []\n"
                f"for members in groups.values():\n"
                f"    kept += sorted(members, key=lambda r: r[c], reverse={not params.smallest!r})[:{params.count}]\n"
                "out = [header, *kept]")

    def doing(self, params: TopParams) -> str:
        per = f" per {params.group_column}" if params.group_column else ""
        return f"keep the {params.count} {'smallest' if params.smallest else 'largest'} by {params.column}{per}"


# --- sorted by two keys ----------------------------------------------------------------------------

class TwoKeyOptions(SkillParams):
    second_descending: bool | None = None


class TwoKeyParams(HopParams):
    first: str
    second: str
    second_descending: bool
    direction: str


class TableSortedTwo(TableHop[TwoKeyParams]):
    suffixes = ["sorted", "by_group", "ordered"]
    spec = WorkflowSpec(
        name="multi.table_sorted_two",
        description="Carry a table into another app's file sorted by a category A to Z, then by a number.",
        apps=["data", "spreadsheet"], params=TwoKeyParams, skill_params=TwoKeyOptions,
        phrasings=[
            "Take the table from {{ src_noun }} {{ source }} and put it into {{ tgt_noun }}, {{ output }}, with the "
            "rows sorted by {{ first }} (A to Z) and, within each {{ first }}, by {{ second }}, {{ direction }}. Same "
            "header and columns, every row kept whole.",
            "Could you move {{ source }} over to {{ output }}? It reads best grouped: {{ first }} alphabetically, "
            "then {{ second }} {{ direction }} inside each {{ first }}. Keep every row as it is.",
            "{{ source }} -> {{ output }}: all rows, order by {{ first }} asc, then {{ second }} "
            "{% if second_descending %}desc{% else %}asc{% endif %}; header first.",
        ],
        criteria=["Every row of the source, whole, exactly once.", "Ordered by the first key, then by the second."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.sorted_by_keys", bind={"first": "first", "second": "second",
                                                                 "second_descending": "second_descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> TwoKeyParams:
        opts: TwoKeyOptions = ctx.options  # type: ignore[assignment]
        descending = opts.second_descending if opts.second_descending is not None else ctx.rng.random() < 0.5
        table = self.table(ctx)
        params = TwoKeyParams(**self.hop(ctx, table), first=ctx.rng.choice(GROUP_KEYS[table.kind]),
                              second=ctx.rng.choice(table.numeric), second_descending=descending,
                              direction="largest first" if descending else "smallest first")
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: TwoKeyParams) -> str:
        return (f"a, b = header.index({lit(params.first)}), header.index({lit(params.second)})\n"
                f"rows.sort(key=lambda r: r[b], reverse={params.second_descending!r})\n"
                "rows.sort(key=lambda r: str(r[a]).casefold())\nout = [header, *rows]")

    def doing(self, params: TwoKeyParams) -> str:
        return f"sort by {params.first}, then {params.second} ({params.direction})"


FAMILIES: list[type[TableHop[Any]]] = [register_hop(base, s, t) for base in (TableTop, TableSortedTwo)
                                       for s, t in PAIRS]
