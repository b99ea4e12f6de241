"""Lay out `Key: value` records kept by hand in a text file (contact cards, a server inventory: one
block per record, fields in any order, some missing) as a markdown table: every field in order of
first appearance or a stated set of columns, rows in file order or sorted by the key field, a missing
field left empty or written as n/a."""

from __future__ import annotations

import random

from faker import Faker

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_ASK = ("make a markdown table of its records in {{ output }}: {% if columns %}the columns {{ columns | join(', ') }}, "
        "in that order{% else %}a column for every field, in the order the fields first appear in the file"
        "{% endif %}; one row per record{% if sort_by %}, sorted A to Z by {{ sort_by }}{% else %}, in file order"
        "{% endif %}; {% if missing %}write {{ missing }} where a record lacks a field{% else %}leave the cell empty "
        "where a record lacks a field{% endif %}. Values exactly as written.")


def _contact(rng: random.Random, faker: Faker) -> dict[str, str]:
    return {"Name": faker.name(), "Email": faker.email(), "Phone": faker.numerify("+1 555 01##"),
            "Team": rng.choice(["Sales", "Support", "Finance", "Engineering"]), "Location": faker.city()}


def _server(rng: random.Random, faker: Faker) -> dict[str, str]:
    host = f"{rng.choice(['web', 'db', 'cache', 'batch'])}-{rng.randint(1, 40):02d}"
    return {"Host": host, "IP": faker.ipv4_private(),
            "OS": rng.choice(["Ubuntu 22.04", "Debian 12", "RHEL 9"]), "Role": rng.choice(["frontend", "primary",
            "replica", "worker"]), "Owner": faker.first_name()}


KINDS = {"contacts": (_contact, "Name"), "servers": (_server, "Host")}


def make_records(rng: random.Random, faker: Faker, kind: str) -> tuple[str, list[str]]:
    """(text, field names): 6-10 records, the key field first, the others in a drawn order, some missing."""
    make, key = KINDS[kind]
    fields = list(make(rng, faker))
    blocks, keys, count = [], set(), rng.randint(6, 10)
    while len(blocks) < count:
        record = make(rng, faker)
        if record[key] in keys:
            continue
        keys.add(record[key])
        rest = [f for f in fields if f != key and rng.random() < 0.75]
        if rng.random() < 0.4:
            rng.shuffle(rest)
        blocks.append("\n".join(f"{f}: {record[f]}" for f in [key, *rest]))
    return "\n\n".join(blocks) + "\n", fields


class Options(SkillParams):
    stated_columns: bool | None = None
    filler: bool | None = None
    sorted_rows: bool | None = None


class Params(Prepared):
    input: str
    output: str
    columns: list[str] | None
    missing: str
    sort_by: str | None


@register_workflow
class RecordsTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.records_to_table", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} keeps one record per block of `Key: value` lines, a blank line between records (fields come "
            "in any order and some are missing). Please " + _ASK,
            "Could you turn the notes in {{ input }} into something readable? Please " + _ASK,
            "{{ input }} (Key: value blocks): " + _ASK,
        ],
        criteria=["One row per record and the asked columns, values as written.", "Order and fillers as asked."],
        files=[FileSlot(param="input", type="txt", role="input", description="Key: value records"),
               FileSlot(param="output", type="md", description="The records as a markdown table")],
        checks=[CheckTemplate(func="text.records_tabulated", bind={"columns": "columns", "missing": "missing",
                                                                    "sort_by": "sort_by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = rng.choice(sorted(KINDS))
        text, fields = make_records(rng, ctx.faker, kind)
        key = KINDS[kind][1]
        stated = opts.stated_columns if opts.stated_columns is not None else rng.random() < 0.5
        columns = [key, *rng.sample(fields[1:], 2)] if stated else None
        missing = "n/a" if (opts.filler if opts.filler is not None else rng.random() < 0.5) else ""
        sort_by = key if (opts.sorted_rows if opts.sorted_rows is not None else rng.random() < 0.5) else None
        params = Params(input=f"notes/{kind}.txt", output=f"{kind}.md", columns=columns, missing=missing,
                        sort_by=sort_by)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            records = [{{}}]
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                if not line.strip():
                    if records[-1]:
                        records.append({{}})
                    continue
                key, _, value = line.partition(":")
                records[-1][key.strip()] = value.strip()
            records = [r for r in records if r]
            header = {lit(params.columns)} or list(dict.fromkeys(k for r in records for k in r))
            if {lit(params.sort_by)}:
                records.sort(key=lambda r: r.get({lit(params.sort_by)}, "").casefold())
            missing = {lit(params.missing)}
            rows = [header, ["---"] * len(header)] + [[r.get(h, missing) for h in header] for r in records]
            out = ["| " + " | ".join(row) + " |" for row in rows]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out[:4]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its fields.", f"Show {params.input}"),
                        script_step(script, "I read each block into a record and write one table row per record, "
                                    "with the asked columns and filler.", f"Write {params.output}"))
