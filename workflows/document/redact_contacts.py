"""Take people's contact details out of a report, memo or letter before it goes outside: every
email address, every phone number, or both, replaced by a placeholder in the text and the tables;
the page header and footer (the company's own letterhead) redacted too or left as they are."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kinds = Literal["email", "phone", "both"]
PHONES = ["+44 20 {a:04d} {b:04d}", "020 {a:04d} {b:04d}", "({c}) 555-{b:04d}", "{c}-555-{b:04d}",
          "+1 {c}-555-{b:04d}"]
SENTENCES = ["For access, contact {name} on {phone} or at {email}.", "{name} ({email}) will send the updated figures.",
             "Questions about the rollout go to {name} at {email}.", "Call {name} on {phone} if the delivery slips.",
             "The site contact is {name}, {phone}."]
WHAT = {"email": "every email address", "phone": "every phone number (the whole number, country code and "
        "brackets included)", "both": "every email address and every phone number (whole numbers, country code "
        "and brackets included)"}
MARKERS = [("[email removed]", "[phone removed]"), ("[REDACTED]", "[REDACTED]")]
EMAIL_RE = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
PHONE_RE = r"(?:\+\d{1,3}[ -]?)?(?:\(\d{2,4}\)[ -]?|\d{2,5}[ -])\d{3,4}[ -]\d{3,4}\b"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    kinds: Kinds
    what: str
    email_marker: str | None
    phone_marker: str | None
    placeholder: str
    margins: bool


class Options(SkillParams):
    kinds: Kinds | None = None
    margins: bool | None = None
    in_place: bool | None = None


def phone(rng: random.Random) -> str:
    return rng.choice(PHONES).format(a=rng.randrange(1000, 9999), b=rng.randrange(100, 9999), c=rng.randrange(201, 989))


def with_contacts(doc: DocumentContent, rng: random.Random, faker: Faker) -> DocumentContent:
    """The document with both kinds of detail in it: sentences naming a colleague's email or phone
    in two to four body paragraphs (both in the last), a contacts table in a report, and the
    company's own number and address in the page header and footer."""
    def sentence(template: str) -> str:
        return template.format(name=faker.name(), phone=phone(rng), email=faker.email())

    sections = [s.model_copy(update={"paragraphs": list(s.paragraphs)}) for s in doc.sections]
    spots = [(i, j) for i, s in enumerate(sections) for j, p in enumerate(s.paragraphs) if p.style == "Normal"
             and p.text.endswith(".")]
    picked = {spot: rng.choice(SENTENCES) for spot in rng.sample(spots[:-1], min(len(spots) - 1, rng.randint(1, 3)))}
    picked[spots[-1]] = SENTENCES[0]  # the last paragraph names both kinds
    for (i, j), template in picked.items():
        block = sections[i].paragraphs[j]
        sections[i].paragraphs[j] = block.model_copy(update={"runs": [*block.runs, Run(text=" " + sentence(template))]})
    if doc.kind == "report":
        rows = [[faker.name(), faker.job()[:40], faker.email(), phone(rng)] for _ in range(rng.randint(3, 5))]
        sections.append(Section(heading="Contacts", paragraphs=[Paragraph(runs=[Run(text="Who to ask about this "
                        "report:")])], table=TableBlock(headers=["Name", "Role", "Email", "Phone"], rows=rows)))
    domain = faker.domain_name()
    return doc.model_copy(update={"sections": sections, "header": f"{doc.organisation} | info@{domain}",
                                  "footer": f"{doc.organisation} - {phone(rng)}"})


@register_workflow
class RedactContacts(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.redact_contacts", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is going to an outside party, so people's contact details must come out. Replace {{ what }} "
            "with {{ placeholder }}, in the text and in any table. {% if margins %}The page header and footer must be "
            "redacted the same way.{% else %}Leave the page header and footer (our own letterhead) exactly as they "
            "are.{% endif %} Change nothing else. " + SAVE["formal"],
            "Could you scrub {{ input }} before I send it out? I need {{ what }} swapped for {{ placeholder }} - "
            "tables included.{% if margins %} The header and footer too, please.{% else %} Our letterhead in the "
            "header and footer can stay.{% endif %} " + SAVE["chatty"],
            "{{ input }}: replace {{ what }} with {{ placeholder }} (body and tables{% if margins %}, header and "
            "footer too{% else %}; header and footer unchanged{% endif %}). " + SAVE["terse"],
            "No personal contact details may leave the company in {{ input }}: {{ what }} has to read "
            "{{ placeholder }} instead, wherever it appears in the text or a table{% if margins %}, the page header "
            "and footer included{% else %} (the page header and footer are our letterhead: keep them){% endif %}. "
            + SAVE["formal"],
        ],
        criteria=["Every contact detail of the kind asked is replaced by the placeholder, the last one included.",
                  "Every other word, the tables' other cells and the unasked parts read as they did."],
        files=[FileSlot(param="input", type="docx", role="input", description="A document with contact details"),
               FileSlot(param="output", type="docx", description="The redacted document")],
        checks=[CheckTemplate(func="document.redacted", bind={"email_marker": "email_marker",
                                                               "phone_marker": "phone_marker", "margins": "margins"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kinds: Kinds = getattr(ctx.options, "kinds", None) or ctx.rng.choice(["email", "phone", "both"])
        margins = getattr(ctx.options, "margins", None)
        margins = ctx.rng.choice([False, True]) if margins is None else margins
        doc = with_contacts(make_document(ctx.rng, ctx.faker), ctx.rng, ctx.faker)
        email, tel = ctx.rng.choice(MARKERS)
        email, tel = (email if kinds != "phone" else None), (tel if kinds != "email" else None)
        placeholder = f"{email} for emails and {tel} for phone numbers" if email and tel and email != tel else \
            f"the placeholder {email or tel}"
        params = Params(**doc_paths(ctx, doc.file_stem, "redacted"), kinds=kinds, what=WHAT[kinds],
                        email_marker=email, phone_marker=tel, placeholder=placeholder, margins=margins)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            rules = [(re.compile({lit(EMAIL_RE)}), {lit(params.email_marker)}),
                     (re.compile({lit(PHONE_RE)}), {lit(params.phone_marker)})]
            document = docx.Document({lit(params.input)})
            paragraphs = list(document.paragraphs)
            paragraphs += [p for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs]
            if {params.margins}:
                for s in document.sections:
                    paragraphs += list(s.header.paragraphs) + list(s.footer.paragraphs)
            done = 0
            for p in paragraphs:
                for run in p.runs:
                    for pattern, marker in rules:
                        if marker is not None:
                            run.text, n = pattern.subn(marker, run.text)
                            done += n
            print(done, "details replaced")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to see where the contact "
                                     "details are."),
                        script_step(script, f"With python-docx I replace {params.what} with the placeholder, run by "
                                    "run, in the text, the table cells" + (" and the header and footer." if
                                                                            params.margins else "."),
                                    "Redact the details"),
                        outline_step(params.output, "I list the paragraphs again to check the placeholders."))
