"""Pull the email addresses out of an event's attendee list (a PDF of two or three pages) into a
text file for a mail-out: all of them, only one organisation's, or everyone outside the host's
own domain; as listed or A-Z; and, when people registered twice or typed their address with
capitals, each address once in lower case. What an organiser does the day after the event."""

from __future__ import annotations

import datetime as dt
import io
import re
from typing import Any, Literal

from forge.checks.pdf_contacts import ContactOrder, addresses
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["all", "domain", "external"]
_WHICH = ("{% if scope == 'domain' %}the addresses at {{ domain }}{% elif scope == 'external' %}every address "
          "except our own ones at {{ exclude_domain }}{% else %}every address{% endif %}")
_ORDER = "{% if order == 'alpha' %}sorted A-Z{% else %}in the order the list first gives them{% endif %}"
EVENTS = ["Regional logistics forum", "Spring supplier day", "Harbour safety workshop", "Customer advisory board",
          "Annual partner summit", "Data protection briefing"]


class Options(SkillParams):
    scope: Scope | None = None
    order: ContactOrder | None = None
    messy: bool | None = None


class Params(Prepared):
    input: str
    output: str
    scope: Scope
    domain: str | None
    exclude_domain: str | None
    order: ContactOrder


def _organisations(ctx: WorkflowContext) -> list[tuple[str, str]]:
    """Four or five organisations with distinct domains, the host first."""
    found: dict[str, str] = {}
    while len(found) < ctx.rng.randint(4, 5):
        name = ctx.faker.company()
        stem = re.sub(r"[^a-z]", "", name.split()[0].lower())
        domain = f"{stem}.{ctx.rng.choice(['com', 'org', 'co.uk', 'net'])}"
        if len(stem) >= 3 and domain not in found.values():
            found[name] = domain
    return list(found.items())


def _rows(ctx: WorkflowContext, orgs: list[tuple[str, str]], messy: bool) -> list[list[str]]:
    rows, seen = [], set()
    while len(rows) < ctx.rng.randint(24, 34):
        first, last = ctx.faker.first_name(), ctx.faker.last_name()
        org, domain = orgs[len(rows)] if len(rows) < len(orgs) else ctx.rng.choice(orgs)  # everyone's on it
        email = f"{re.sub(r'[^a-z]', '', first.lower())}.{re.sub(r'[^a-z]', '', last.lower())}@{domain}"
        if email not in seen:
            seen.add(email)
            rows.append([f"{first} {last}", org, email])
    ctx.rng.shuffle(rows)
    if messy:
        for row in ctx.rng.sample(rows, 3):
            row[2] = row[2].split("@")[0].title() + "@" + row[2].split("@")[1].capitalize()
        for row in ctx.rng.sample(rows[: len(rows) // 2], 2):
            rows.insert(ctx.rng.randint(rows.index(row) + 2, len(rows)), [row[0], row[1], row[2].lower()])
    return rows


def attendee_pdf(title: str, intro: str, rows: list[list[str]]) -> bytes:
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, title=title, creator="Forge", invariant=True)
    story: list[Any] = [Paragraph(title, styles["Title"]), Paragraph(intro, styles["Normal"])]
    story.append(Table([["Name", "Organisation", "Email"], *rows], repeatRows=1))
    doc.build(story)
    return buf.getvalue()


@register_workflow
class ListEmails(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.list_emails", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "From the attendee list {{ input }}, write " + _WHICH + " to {{ output }}, one per line in lower case, "
            + _ORDER + ". List each address only once and write nothing else.",
            "We want to send the slides to the people on {{ input }}. Could you pull out " + _WHICH + " into "
            "{{ output }}? One address a line, lower case, " + _ORDER + ", no repeats, nothing else in the file.",
            "{{ input }} -> {{ output }}: " + _WHICH + ", lower case, one per line, each once, " + _ORDER + ".",
        ],
        criteria=["Exactly the addresses asked for, each once, in lower case, one per line.",
                  "In the order asked; no names or other text."],
        files=[FileSlot(param="input", type="pdf", role="input", description="An event's attendee list"),
               FileSlot(param="output", type="txt", description="The email addresses, one per line")],
        checks=[CheckTemplate(func="pdf.emails_listed", bind={"domain": "domain", "exclude_domain": "exclude_domain",
                                                              "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        scope: Scope = opts.scope or ctx.rng.choice(["all", "domain", "external"])
        messy = opts.messy if opts.messy is not None else ctx.rng.random() < 0.5
        orgs = _organisations(ctx)
        rows = _rows(ctx, orgs, messy)
        counts = {d: sum(r[2].lower().endswith("@" + d) for r in rows) for _, d in orgs}
        if min(counts.values()) == 0:
            raise WorkflowError("an organisation has nobody on the list")
        event = ctx.rng.choice(EVENTS)
        day = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), ctx.rng.randint(1, 28))
        data = attendee_pdf(f"{event}: attendee list", f"Hosted by {orgs[0][0]} on {day:%d %B %Y}. "
                            f"{len(rows)} registrations.", rows)
        from pypdf import PdfReader

        if len(addresses([p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages])) != \
                len({r[2].lower() for r in rows}):
            raise WorkflowError("an address did not come out of the PDF whole")
        stem = re.sub(r"[^a-z]+", "_", event.lower()).strip("_")
        picked = ctx.rng.choice([d for _, d in orgs[1:]])
        params = Params(input=f"{ctx.rng.choice(['', 'events/', 'downloads/'])}{stem}_attendees.pdf",
                        output=f"{stem}_emails.txt", scope=scope, domain=picked if scope == "domain" else None,
                        exclude_domain=orgs[0][1] if scope == "external" else None,
                        order=opts.order or ctx.rng.choice(["listed", "alpha"]))
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader
            text = "\\n".join(page.extract_text() or "" for page in PdfReader({lit(params.input)}).pages)
            found = re.findall(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{{2,}}", text)
            emails = list(dict.fromkeys(e.lower() for e in found))
            domain, exclude = {lit(params.domain)}, {lit(params.exclude_domain)}
            if domain:
                emails = [e for e in emails if e.endswith("@" + domain)]
            if exclude:
                emails = [e for e in emails if not e.endswith("@" + exclude)]
            if {lit(params.order)} == "alpha":
                emails.sort()
            with open({lit(params.output)}, "w") as out:
                out.write("\\n".join(emails) + "\\n")
            print(len(found), "found,", len(emails), "written")
        """
        return solution(script_step(script, f"I extract the text of {params.input} with pypdf, find the addresses "
                                    "with a regular expression, lower-case them, drop repeats, keep the ones asked "
                                    "for and write them one per line.", f"Write {params.output}"))

