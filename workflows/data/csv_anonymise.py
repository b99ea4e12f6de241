"""Make a customer orders export safe to hand to someone outside (an analyst, a marketing agency)
before it leaves the company: identifying columns removed, emails masked to their first letter and
domain, customer ids replaced by pseudonyms that stay consistent across a customer's orders, dates
of birth cut to the year, or all of those at once; a new file or in place."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Technique = Literal["drop", "pseudonymise", "mask", "generalise", "all"]
HEADER = ["Order ID", "Customer ID", "Name", "Email", "Phone", "Date of Birth", "City", "Order Date", "Amount"]
RECIPIENTS = ["an outside analyst", "the marketing agency", "the university research team", "a consultant"]

RULES = {
    "drop": "remove the {} column{}",
    "pseudonymise": "replace every {column} by a code: the prefix \"{prefix}\" followed by the customer's number, "
                    "counted in the order customers first appear in the file and padded with zeros to 3 digits (the "
                    "same customer keeps the same code on every row)",
    "mask": "mask each {column} to the first character of the part before the @, then \"***\", then the @ and the "
            "domain (jane.doe@example.com becomes j***@example.com)",
    "generalise": "turn the {column} column into \"{header}\" (same place) holding just the year",
}
# why the file is treated so, per technique (what the recipient may see); {0}: the recipient
REASONS = {
    "drop": "{0} only needs the order figures, not the customers' names and contact details",
    "pseudonymise": "our customer numbers must not leave the company, but {0} needs to tell which orders belong to "
                    "the same customer",
    "mask": "{0} is looking at which email providers our customers use, and nobody there should read the full "
            "addresses",
    "generalise": "{0} only needs the customers' birth years, not their full dates of birth",
    "all": "{0} must not be able to identify anyone from it",
}
_RULES = "{{ rules | join('; ') }}"
_RULES_UP = "{{ (rules | join('; '))[:1] | upper }}{{ (rules | join('; '))[1:] }}"
_SAVE = "{% if in_place %}save {{ output }} in place{% else %}write the result to {{ output }}{% endif %}"


class Options(SkillParams):
    technique: Technique | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    recipient: str
    reason: str
    rules: list[str]
    drop: list[str]
    pseudonym_column: str | None
    prefix: str | None
    digits: int | None
    mask_column: str | None
    year_column: str | None
    year_header: str | None


def _orders(rng: random.Random, faker: Faker) -> list[list[Any]]:
    """Orders of a few repeat customers, in order date order; a customer's details on every order."""
    customers = []
    for n in rng.sample(range(10000, 99999), rng.randint(8, 16)):
        first, last = faker.first_name(), faker.last_name()
        customers.append([f"CU-{n}", f"{first} {last}", f"{first}.{last}@{faker.free_email_domain()}".lower(),
                          faker.phone_number(), dt.date(1950, 1, 1) + dt.timedelta(days=rng.randrange(20000)),
                          faker.city()])
    start, number = dt.date(2025, rng.randint(1, 9), 1), rng.randrange(20000, 80000)
    rows = []
    for day in sorted(rng.randrange(90) for _ in range(rng.randint(20, 45))):
        number += rng.randint(1, 7)
        rows.append([f"ORD-{number}", *rng.choice(customers), start + dt.timedelta(days=day),
                     round(rng.uniform(8, 600), 2)])
    return rows


@register_workflow
class CsvAnonymise(PreparedWorkflow[Params]):
    states_values = ("digits",)
    spec = WorkflowSpec(
        name="data.csv_anonymise", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is going to {{ recipient }}, and {{ reason }}. Please " + _RULES + ". Every other column and "
            "the rows' order stay as they are; " + _SAVE + ".",
            "Before I send {{ input }} on could you anonymise it? {{ reason[:1] | upper }}{{ reason[1:] }}. "
            + _RULES_UP + ". Leave everything else alone and " + _SAVE + ".",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %} for {{ recipient }}: "
            + _RULES + "; other cells and row order unchanged.",
        ],
        criteria=["Each rule is applied to every row; pseudonyms are consistent per customer.",
                  "Every other column, value and the rows' order are unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A customer orders export"),
               FileSlot(param="output", type="csv", description="The anonymised export")],
        checks=[CheckTemplate(func="table.anonymised", bind={
            "drop": "drop", "pseudonym_column": "pseudonym_column", "prefix": "prefix", "digits": "digits",
            "mask_column": "mask_column", "year_column": "year_column", "year_header": "year_header"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        technique: Technique = opts.technique or ctx.rng.choice(  # type: ignore[assignment]
            ["drop", "pseudonymise", "mask", "generalise", "all"])
        in_place, every = either(ctx, opts.in_place), technique == "all"
        folder = ctx.rng.choice(["", "exports/", "share/"])
        stem = ctx.rng.choice(["customer_orders", "orders_export", "webshop_orders"])
        drop = ["Name", "Phone"] if every else ["Name", "Email", "Phone"] if technique == "drop" else []
        use = {t: technique in (t, "all") for t in RULES}
        prefix = ctx.rng.choice(["P", "C", "CUST-"])
        recipient = ctx.rng.choice(RECIPIENTS)
        listed = " and ".join([", ".join(drop[:-1]), drop[-1]] if len(drop) > 1 else drop)
        rules = ([RULES["drop"].format(listed, "s" if len(drop) > 1 else "")] if drop else []) + [
            RULES[t].format(column=column, prefix=prefix, header="Birth Year")
            for t, column in (("pseudonymise", "Customer ID"), ("mask", "Email"), ("generalise", "Date of Birth"))
            if use[t]]
        params = Params(
            input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_anonymised'}.csv",
            in_place=in_place, recipient=recipient, reason=REASONS[technique].format(recipient), rules=rules, drop=drop,
            pseudonym_column="Customer ID" if use["pseudonymise"] else None,
            prefix=prefix if use["pseudonymise"] else None, digits=3 if use["pseudonymise"] else None,
            mask_column="Email" if use["mask"] else None,
            year_column="Date of Birth" if use["generalise"] else None,
            year_header="Birth Year" if use["generalise"] else None)
        return params.with_files(input=write_csv(Table(kind="orders", title="orders", headers=HEADER,
                                                       rows=_orders(ctx.rng, ctx.faker))))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            codes = {{}}
            for row in rows:
                if {lit(params.pseudonym_column)}:
                    i = header.index({lit(params.pseudonym_column)})
                    row[i] = codes.setdefault(row[i], {lit(params.prefix)} + format(len(codes) + 1, "0{params.digits}d"))
                if {lit(params.mask_column)}:
                    i = header.index({lit(params.mask_column)})
                    local, _, domain = row[i].partition("@")
                    row[i] = local[:1] + "***@" + domain
                if {lit(params.year_column)}:
                    i = header.index({lit(params.year_column)})
                    row[i] = row[i][:4]
            if {lit(params.year_column)}:
                header[header.index({lit(params.year_column)})] = {lit(params.year_header)}
            keep = [i for i, h in enumerate(header) if h not in {lit(params.drop)}]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([[r[i] for i in keep] for r in [header, *rows]])
            print(len(rows), "rows;", len(codes), "customers coded")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}'s columns.", f"Show {params.input}"),
                        script_step(script, f"I apply the anonymisation rules row by row and write {params.output}.",
                                    "Anonymise the export"))
