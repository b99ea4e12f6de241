"""Compare a supplier's new price list with last year's (two PDFs, each table running over
several pages) before a budget or a re-order: the items whose price changed, those that rose by
more than a percentage (the rise written to one decimal), the items new in the list, or those
dropped from it; matched on their code, in code order or the largest rise first. Every new list
holds all four kinds of difference, so what is asked decides the answer."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Literal

from pypdf import PdfReader

from forge.checks.pdf_price_changes import PriceChange, rise_pct
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf.table_to_csv import CATALOGUE, VARIANTS, price_list, price_list_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["code", "rise"]
_WHAT = ("{% if change == 'changed' %}every item on both lists whose Unit price changed, under the header "
         "code,item,old_price,new_price{% elif change == 'rises' %}every item whose Unit price rose by more than "
         "{{ over_pct }}% of its old price, under the header code,item,old_price,new_price,rise_pct (the rise in "
         "percent of the old price, to one decimal, rounded half up){% elif change == 'new' %}every item that is new "
         "in "
         "{{ new }} (its Code is not in {{ old }}), under the header code,item,unit_price{% else %}every item of "
         "{{ old }} that is no longer in {{ new }}, under the header code,item{% endif %}")
_ORDER = ("{% if by_rise %}the largest percentage rise first{% elif change == 'dropped' %}in the order {{ old }} lists "
          "them{% else %}in the order {{ new }} lists them{% endif %}")
_MATCH = ("Match the items on their Code column; copy names from the Item column as printed and prices from the "
          "Unit price column as plain numbers (no thousands separators).")


class Options(SkillParams):
    change: PriceChange | None = None
    order: Order | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    change: PriceChange
    over_pct: int | None
    by_rise: bool


def _pct_ok(old: float, new: float, threshold: int, taken: set[Decimal]) -> bool:
    """A price change a reader cannot get wrong: not on the threshold, no rounding tie, no equal rise."""
    cents = Decimal(round(new * 100) - round(old * 100)) * 100 / Decimal(round(old * 100))
    return (round(new * 100) != round(old * 100) and abs(cents - threshold) > Decimal("0.06")
            and (cents * 10) % 1 != Decimal("0.5") and cents not in taken and rise_pct(old, new) > -100)


def new_edition(ctx: WorkflowContext, rows: list[list[str]], threshold: int) -> list[list[str]]:
    """Next year's list: a few items dropped, a few added in code order, prices changed (small and
    large rises either side of the threshold, a few falls), stock counted again."""
    keep = [list(r) for r in rows]
    for r in ctx.rng.sample(keep, ctx.rng.randint(2, 3)):
        keep.remove(r)
    names = {r[1] for r in rows}
    codes = {int(r[0][3:]) for r in rows}
    spare = sorted({f"{base}, {v}": cat for cat, bases in CATALOGUE.items() for base in bases
                    for v in VARIANTS}.items())
    for name, cat in ctx.rng.sample([s for s in spare if s[0] not in names], ctx.rng.randint(2, 3)):
        code = ctx.rng.choice([c for c in range(1000, 9999) if c not in codes])
        codes.add(code)
        keep.append([f"{cat[:2].upper()}-{code}", name, cat, f"{ctx.rng.randint(150, 250000) / 100:,.2f}", "0"])
    keep.sort(key=lambda r: int(r[0][3:]))
    old = [r for r in keep if r[1] in names]
    plan = ([ctx.rng.uniform(0.5, threshold - 1.5) for _ in range(ctx.rng.randint(3, 5))]
            + [ctx.rng.uniform(threshold + 1.5, threshold + 30) for _ in range(ctx.rng.randint(2, 4))]
            + [-ctx.rng.uniform(2, 15) for _ in range(ctx.rng.randint(1, 2))])
    taken: set[Decimal] = set()
    for row, pct in zip(ctx.rng.sample(old, len(plan)), plan, strict=True):
        before = float(row[3].replace(",", ""))
        after = round(before * (1 + pct / 100), 2)
        while not _pct_ok(before, after, threshold, taken):
            after = round(after + 0.07, 2)
        taken.add(Decimal(round(after * 100) - round(before * 100)) * 100 / Decimal(round(before * 100)))
        row[3] = f"{after:,.2f}"
    for row in keep:
        row[4] = str(ctx.rng.choice([0, *range(1, 400)]))
    return keep


def _pages(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


@register_workflow
class PriceChanges(PreparedWorkflow[Params]):
    states_values = ("over_pct",)  # the rise threshold the request names
    spec = WorkflowSpec(
        name="pdf.price_changes", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Compare the supplier's new price list {{ new }} with last year's, {{ old }}, and write to the CSV file "
            "{{ output }} " + _WHAT + ", " + _ORDER + ". " + _MATCH,
            "Our supplier has sent their new prices ({{ new }}). Before I update the budget, could you check them "
            "against the old list ({{ old }}) and put " + _WHAT + " in {{ output }}, " + _ORDER + "? " + _MATCH,
            "{{ old }} (old) vs {{ new }} (new) -> {{ output }}: " + _WHAT + "; " + _ORDER + ". " + _MATCH,
        ],
        criteria=["Exactly the items the comparison asked for finds, matched on their code over every page.",
                  "Names and prices as printed, in the order asked; a rise in percent to one decimal."],
        files=[FileSlot(param="old", type="pdf", role="input", description="Last year's price list"),
               FileSlot(param="new", type="pdf", role="input", description="The new price list"),
               FileSlot(param="output", type="csv", description="The differences")],
        checks=[CheckTemplate(func="pdf.price_changes", paths={"old_file": "old", "new_file": "new"},
                              fixed={"code_column": "Code", "item_column": "Item", "price_column": "Unit price"},
                              bind={"change": "change", "over_pct": "over_pct", "by_rise": "by_rise"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change: PriceChange = opts.change or ctx.rng.choice(["changed", "rises", "new", "dropped"])
        by_rise = change in ("changed", "rises") and (opts.order or ctx.rng.choice(["code", "rise"])) == "rise"
        threshold = ctx.rng.choice([5, 8, 10, 15])
        for _ in range(5):
            supplier, rows = price_list(ctx)
            old, new = price_list_pdf(supplier, rows), price_list_pdf(supplier, new_edition(ctx, rows, threshold))
            if _pages(old) > 1 and _pages(new) > 1:
                break
        else:
            raise WorkflowError("the price lists fit on one page; the repeated header would not show")
        stem = supplier.split()[0].lower().strip(",").replace("'", "")
        year = ctx.rng.choice([2024, 2025])
        folder = ctx.rng.choice(["", "suppliers/", "prices/"])
        params = Params(old=f"{folder}{stem}_prices_{year}.pdf", new=f"{folder}{stem}_prices_{year + 1}.pdf",
                        output=f"{stem}_price_{change}.csv", change=change,
                        over_pct=threshold if change == "rises" else None, by_rise=by_rise)
        return params.with_files(old=old, new=new)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            from decimal import Decimal, ROUND_HALF_UP
            from pypdf import PdfReader
            def items(path):
                found = {{}}
                for page in PdfReader(path).pages:
                    for line in page.extract_text(extraction_mode="layout").splitlines():
                        cells = [c for c in re.split(r"\\s{{2,}}", line.strip()) if c]
                        if len(cells) == 5 and re.fullmatch(r"[A-Z]{{2}}-\\d+", cells[0]):
                            found[cells[0]] = (cells[1], round(float(cells[3].replace(",", "")) * 100))
                return found
            old, new = items({lit(params.old)}), items({lit(params.new)})
            change = {lit(params.change)}
            if change == "new":
                rows = [[c, i, p / 100] for c, (i, p) in new.items() if c not in old]
            elif change == "dropped":
                rows = [[c, i] for c, (i, _) in old.items() if c not in new]
            else:
                both = [(c, i, old[c][1], p) for c, (i, p) in new.items() if c in old and old[c][1] != p]
                if change == "rises":
                    both = [b for b in both if (b[3] - b[2]) * 100 / b[2] > {params.over_pct or 0}]
                if {params.by_rise}:
                    both.sort(key=lambda b: -(b[3] - b[2]) / b[2])
                pct = lambda o, p: (Decimal(p - o) * 100 / Decimal(o)).quantize(Decimal("0.1"), ROUND_HALF_UP)
                rows = [[c, i, o / 100, p / 100, *([pct(o, p)] if change == "rises" else [])] for c, i, o, p in both]
            header = {{"changed": "code,item,old_price,new_price", "rises": "code,item,old_price,new_price,rise_pct",
                      "new": "code,item,unit_price", "dropped": "code,item"}}[change].split(",")
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(header)
                writer.writerows(rows)
            print(len(rows), "rows")
        """
        return solution(script_step(script, f"I read both price lists' tables in layout mode with pypdf (every page, "
                                    "the repeated headers skipped), match the items on their code and write what "
                                    "was asked.", f"Write {params.output}"))
