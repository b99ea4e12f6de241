"""Mail merge: a letter and a CSV of recipients become one document with a filled-in copy of the
letter per recipient - all of them, one segment of them, or the one person asked for. The
letter has «Field» placeholders, or is a finished letter to an earlier customer whose details
must be swapped for each row's."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import write_csv
from preparers.document import Paragraph, Run, make_document, slug, write_docx
from preparers.spreadsheet import Table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Records = Literal["all", "where", "one"]
Template = Literal["fields", "example"]
COLUMNS = ["Name", "Company", "Street", "City", "Segment"]
SEGMENTS = ["Retail", "Wholesale", "Partner"]
FIELDS = ("{% for old, col in fields.items() %}\"{{ old }}\" with the {{ col }} column{% if not loop.last %}, "
          "{% endif %}{% endfor %}")
WHO = ("{% if records == 'where' %}to the customers in {{ data }} whose {{ where_column }} is {{ where_value }}"
       "{% elif records == 'one' %}to {{ recipient }} only (one of the customers in {{ data }}){% else %}to every "
       "customer in {{ data }}{% endif %}")
FILL = ("{% if template == 'fields' %}placeholders in the letter: replace " + FIELDS + "{% else %}the letter was "
        "written to a past customer; replace " + FIELDS + "{% endif %}")


class Params(Prepared):
    input: str
    data: str
    output: str
    template: Template
    records: Records
    fields: dict[str, str]
    where_column: str | None
    where_value: str | None
    recipient: str | None


class Options(SkillParams):
    records: Records | None = None
    template: Template | None = None


@register_workflow
class MailMerge(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.mail_merge", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Mail-merge the letter {{{{ input }}}}: one copy addressed {WHO}, in the CSV's order, all in one new "
            f"document {{{{ output }}}}. In each copy, fill in that row's values ({FILL}); every other word of the "
            "letter stays as it is. Leave the letter and the CSV unchanged.",
            f"I have to send {{{{ input }}}} out {WHO}. Can you produce the letters as one document, "
            f"{{{{ output }}}}, one after another in the order of the CSV? Each one gets its row's details ({FILL}); "
            "please don't change anything else in the text.",
            f"{{{{ input }}}} -> {{{{ output }}}}: the letter {WHO}, CSV order, one document; {FILL}.",
        ],
        criteria=["One letter per selected recipient, in the CSV's order.", "Each letter reads as the template "
                  "with that recipient's details and nothing else changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A letter to send out"),
               FileSlot(param="data", type="csv", role="input", description="The recipients"),
               FileSlot(param="output", type="docx", description="The merged letters")],
        checks=[CheckTemplate(func="document.letters_merged", paths={"input_file": "input", "data_file": "data"},
                              bind={"fields": "fields", "where_column": "where_column", "where_value": "where_value",
                                    "recipient": "recipient"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        records = getattr(ctx.options, "records", None) or ctx.rng.choice(["all", "where", "one"])
        template = getattr(ctx.options, "template", None) or ctx.rng.choice(["fields", "example"])
        doc = make_document(ctx.rng, ctx.faker, kind="letter")
        people = []
        while len(people) < ctx.rng.randint(5, 9):
            name = ctx.faker.name()
            if all(name != p[0] for p in people) and "," not in name:
                people.append([name, ctx.faker.company().replace(",", ""), ctx.faker.street_address(),
                               f"{ctx.faker.city()} {ctx.faker.postcode()}", ctx.rng.choice(SEGMENTS)])
        segment = ctx.rng.choice(sorted({p[4] for p in people if sum(q[4] == p[4] for q in people) < len(people)}
                                        or {people[0][4]}))
        if template == "fields":
            olds = [f"«{c}»" for c in COLUMNS[:4]]
        else:
            past = doc.opening[:4]
            olds = [p.text for p in past]
        fields = dict(zip(olds, COLUMNS[:4], strict=True))
        opening = [Paragraph(runs=[Run(text=t)]) for t in olds] + [doc.opening[-2],
                                                                  Paragraph(runs=[Run(text=f"Dear {olds[0]},")])]
        letter = doc.model_copy(update={"opening": opening})
        stem = slug(doc.title)
        listing = ctx.rng.choice(["customers", "mailing_list", "recipients"])
        params = Params(input=f"letters/{stem}.docx", data=f"letters/{listing}.csv",
                        output=f"letters/{stem}_merged.docx", template=template, records=records, fields=fields,
                        where_column="Segment" if records == "where" else None,
                        where_value=segment if records == "where" else None,
                        recipient=ctx.rng.choice(people)[0] if records == "one" else None)
        table = Table(kind="customers", title="Customers", headers=COLUMNS, rows=people)
        return params.with_files(input=write_docx(letter), data=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        pick = {"all": "True", "where": f"row['Segment'].casefold() == {lit(params.where_value)}.casefold()",
                "one": f"row['Name'].casefold() == {lit(params.recipient)}.casefold()"}[params.records]
        script = f"""
            import copy, csv, docx
            from docx.enum.text import WD_BREAK
            rows = [row for row in csv.DictReader(open({lit(params.data)}, newline="", encoding="utf-8")) if {pick}]
            out = docx.Document({lit(params.input)})
            body = out.element.body
            proto = [e for e in body if not e.tag.endswith("}}sectPr")]
            for e in proto:
                body.remove(e)
            end = body[-1]
            for n, row in enumerate(rows):
                if n:
                    out.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
                for e in proto:
                    clone = copy.deepcopy(e)
                    for t in clone.iter("{{http://schemas.openxmlformats.org/wordprocessingml/2006/main}}t"):
                        for old, column in {lit(params.fields)}.items():
                            t.text = t.text.replace(old, row[column])
                    end.addprevious(clone)
            out.save({lit(params.output)})
            print(len(rows), "letters:", [row["Name"] for row in rows])
        """
        return solution(outline_step(params.input, f"I read the letter {params.input} to see what must be filled in."),
                        script_step(f"print(open({lit(params.data)}, encoding='utf-8').read())",
                                    f"I look at the recipients in {params.data}.", f"Read {params.data}"),
                        script_step(script, "I copy the letter's paragraphs once per selected row with python-docx, "
                                    "swapping in the row's values, a page break between letters.", "Merge the letters"),
                        outline_step(params.output, "I list the merged document to check each letter."))
