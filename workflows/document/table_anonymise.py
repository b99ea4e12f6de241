"""Anonymise the training participants table of a report before it goes to an outside evaluator:
the contact columns removed, the participant IDs replaced by codes that stay the same for a
person across sessions, the email addresses masked to their first letter and domain, or all of
these at once; the report edited in place or saved anew. The other columns and the rows' order
stay as they were."""

from __future__ import annotations

import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import Paragraph, Run, Section, TableBlock, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Technique = Literal["drop", "pseudonymise", "mask", "all"]
HEADER = ["Participant ID", "Name", "Email", "Phone", "Site", "Session", "Score"]
COURSES = ["Data protection basics", "First aid refresher", "Negotiation skills", "Project planning",
           "Customer care", "Spreadsheet modelling"]
RULES = {"drop": "delete the {columns} column{plural}",
         "pseudonymise": "replace every Participant ID by a code: \u201c{prefix}\u201d followed by the participant's "
                         "number, counted in the order people first appear in the table and padded with zeros to "
                         "{digits} digits (the same person keeps the same code in every row)",
         "mask": "mask each Email to its first character, then \u201c***\u201d, then the @ and the domain "
                 "(jane.doe@example.com becomes j***@example.com)"}
_RULES = "{{ rules | join('; ') }}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rules: list[str]
    drop: list[str]
    pseudonym_column: str | None
    prefix: str | None
    digits: int | None
    mask_column: str | None


class Options(SkillParams):
    technique: Technique | None = None
    in_place: bool | None = None


def attendance(rng: random.Random, faker: Faker) -> list[list[Any]]:
    """Sessions attended by a few repeat participants, each person's details on every row."""
    people = []
    for n in rng.sample(range(10000, 99999), rng.randint(5, 9)):
        first, last = faker.first_name(), faker.last_name()
        people.append([f"EMP-{n}", f"{first} {last}", f"{first}.{last}@{faker.free_email_domain()}".lower(),
                       faker.phone_number(), faker.city()])
    rows = []
    for course in rng.sample(COURSES, rng.randint(3, 4)):
        for person in rng.sample(people, rng.randint(2, len(people))):
            rows.append([*person, course, str(rng.randint(55, 100))])
    return rows


@register_workflow
class TableAnonymise(PreparedWorkflow[Params]):
    states_values = ("digits",)
    spec = WorkflowSpec(
        name="document.table_anonymise", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "The report {{ input }} is going to an outside training evaluator, who must not be able to identify "
            "anyone from its training participants table. In that table, " + _RULES + ". The other columns and "
            "the rows' order stay as they are. " + SAVE["formal"],
            "Before I send {{ input }} to the evaluator could you anonymise the participants table? "
            "{{ (rules | join('; '))[:1] | upper }}{{ (rules | join('; '))[1:] }}. Leave everything else alone. "
            + SAVE["chatty"],
            "{{ input }}, participants table: " + _RULES + "; other cells and row order unchanged. " + SAVE["terse"],
        ],
        criteria=["Every row of the participants table follows each rule; a person has one code throughout.",
                  "The columns not named, their values and the order of the rows stay as they were."],
        files=[FileSlot(param="input", type="docx", role="input", description="A training report"),
               FileSlot(param="output", type="docx", description="The report with its table anonymised")],
        checks=[CheckTemplate(func="table.anonymised", bind={
            "drop": "drop", "pseudonym_column": "pseudonym_column", "prefix": "prefix", "digits": "digits",
            "mask_column": "mask_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        technique: Technique = opts.technique or ctx.rng.choice(["drop", "pseudonymise", "mask", "all"])
        use = {t: technique in (t, "all") for t in RULES}
        drop = (["Name", "Phone"] if technique == "all" else ["Name", "Email", "Phone"]) if use["drop"] else []
        prefix = ctx.rng.choice(["P", "T", "PT-"])
        listed = ", ".join(drop[:-1]) + f" and {drop[-1]}" if len(drop) > 1 else "".join(drop)
        rules = ([RULES["drop"].format(columns=listed, plural="s" if len(drop) > 1 else "")] if drop else []) + [
            RULES[t].format(prefix=prefix, digits=3) for t in ("pseudonymise", "mask") if use[t]]
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        rows = attendance(ctx.rng, ctx.faker)
        section = Section(heading="Training participants", paragraphs=[Paragraph(runs=[Run(
            text="Everyone who attended a training session this quarter, with their assessment score.")])],
            table=TableBlock(headers=HEADER, rows=rows))
        sections = [s.model_copy(update={"table": None}) for s in doc.sections]
        doc = doc.model_copy(update={"sections": [*sections[:2], section, *sections[2:]]})
        params = Params(**doc_paths(ctx, doc.file_stem, "anonymised"), rules=rules, drop=drop,
                        pseudonym_column="Participant ID" if use["pseudonymise"] else None,
                        prefix=prefix if use["pseudonymise"] else None, digits=3 if use["pseudonymise"] else None,
                        mask_column="Email" if use["mask"] else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        body = f"""
            codes = {{}}
            for line in list(grid.rows)[1:]:
                cells = line.cells
                if {lit(params.pseudonym_column)}:
                    cell = cells[header.index({lit(params.pseudonym_column)})]
                    code = {lit(params.prefix)} + format(len(codes) + 1, "0{params.digits}d")
                    cell.text = codes.setdefault(cell.text.strip(), code)
                if {lit(params.mask_column)}:
                    cell = cells[header.index({lit(params.mask_column)})]
                    local, _, domain = cell.text.strip().partition("@")
                    cell.text = local[:1] + "***@" + domain
            for name in sorted({lit(params.drop)}, key=header.index, reverse=True):
                column = header.index(name)
                for line in grid.rows:
                    cell = line.cells[column]._tc
                    cell.getparent().remove(cell)
                grid._tbl.tblGrid.remove(grid._tbl.tblGrid.gridCol_lst[column])
            print(len(rows), "rows;", len(codes), "people coded")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input} to find the participants table."),
                        script_step(table_script(params.input, body), "With python-docx I apply the rules row by row "
                                    "and delete the columns asked for.", "Anonymise the table"),
                        script_step(table_script(params.output, "print(header)\nfor row in rows[:5]:\n    print(row)"),
                                    "I read the table back.", "Check the table"))
