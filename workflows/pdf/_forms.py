"""Fillable PDF forms (an expense claim, a leave request, a supplier registration, an equipment
booking): a title, a label and an AcroForm text field per line, written with reportlab in
invariant mode; and the values a person would fill in, drawn with Faker."""

from __future__ import annotations

import datetime as dt
import io

from faker import Faker

from workflows.spec import WorkflowContext

FORMS: dict[str, list[tuple[str, str]]] = {  # kind -> (field name, label)
    "expense claim": [("employee_name", "Employee name"), ("employee_id", "Employee ID"), ("department", "Department"),
                      ("expense_date", "Date of expense"), ("amount", "Amount (EUR)"), ("purpose", "Purpose")],
    "leave request": [("employee_name", "Employee name"), ("employee_id", "Employee ID"), ("manager", "Manager"),
                      ("first_day", "First day of leave"), ("last_day", "Last day of leave"),
                      ("leave_type", "Type of leave")],
    "supplier registration": [("company_name", "Company name"), ("contact_name", "Contact person"),
                              ("email", "Email"), ("phone", "Phone"), ("vat_number", "VAT number"), ("city", "City")],
    "equipment booking": [("requester", "Requested by"), ("team", "Team"), ("item", "Item"),
                          ("pickup_date", "Pick-up date"), ("return_date", "Return date"), ("reason", "Reason")],
}
KEYS = {"expense claim": "employee_name", "leave request": "employee_name", "supplier registration": "company_name",
        "equipment booking": "requester"}  # the field a record is looked up by


def _date(faker: Faker, after: dt.date | None = None) -> dt.date:
    base = after or dt.date(2025, 1, 1) + dt.timedelta(days=faker.random_int(0, 330))
    return base + dt.timedelta(days=faker.random_int(1, 12)) if after else base


def form_values(kind: str, faker: Faker) -> dict[str, str]:
    """One person's (or company's) values for every field of the form."""
    first = _date(faker)
    values = {
        "employee_name": faker.name(), "employee_id": f"E{faker.random_int(10000, 99999)}",
        "department": faker.random_element(["Finance", "Sales", "Operations", "Engineering", "Marketing"]),
        "expense_date": first.isoformat(), "amount": f"{faker.random_int(1200, 98000) / 100:.2f}",
        "purpose": faker.random_element(["Client visit travel", "Conference fee", "Team offsite lunch",
                                         "Office supplies", "Training course"]),
        "manager": faker.name(), "first_day": first.isoformat(), "last_day": _date(faker, first).isoformat(),
        "leave_type": faker.random_element(["Annual leave", "Parental leave", "Unpaid leave", "Study leave"]),
        "company_name": faker.company(), "contact_name": faker.name(), "email": faker.company_email(),
        "phone": faker.numerify("+44 20 #### ####"), "vat_number": faker.numerify("GB#########"),
        "city": faker.city(), "requester": faker.name(),
        "team": faker.random_element(["Design", "Field service", "Events", "IT support", "Research"]),
        "item": faker.random_element(["Projector", "Laptop", "Camera kit", "Van", "Label printer"]),
        "pickup_date": first.isoformat(), "return_date": _date(faker, first).isoformat(),
        "reason": faker.random_element(["Customer demo", "Trade fair", "Site survey", "Workshop"]),
    }
    return {name: values[name] for name, _ in FORMS[kind]}


def form_pdf(kind: str, organisation: str) -> bytes:
    """The empty form: its title, then one labelled text field per line."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=A4, invariant=1)
    sheet.setTitle(f"{organisation} {kind} form")
    sheet.setFont("Helvetica-Bold", 16)
    sheet.drawString(72, 780, f"{organisation}: {kind.capitalize()} form")
    sheet.setFont("Helvetica", 11)
    for n, (name, label) in enumerate(FORMS[kind]):
        y = 720 - 44 * n
        sheet.drawString(72, y, label)
        sheet.acroForm.textfield(name=name, tooltip=label, x=230, y=y - 5, width=280, height=20, borderStyle="inset",
                                 forceBorder=True)
    sheet.drawString(72, 720 - 44 * len(FORMS[kind]) - 20, "Please fill in every field and return the form.")
    sheet.save()
    return buf.getvalue()


def draw_form(ctx: WorkflowContext) -> tuple[str, str, bytes]:
    """(kind, file stem, empty form bytes) for a drawn kind of form."""
    kind = ctx.rng.choice(sorted(FORMS))
    organisation = ctx.faker.company()
    return kind, kind.replace(" ", "_") + "_form", form_pdf(kind, organisation)


FILL_SCRIPT = """
from pypdf import PdfReader, PdfWriter
writer = PdfWriter(clone_from=PdfReader({form!r}))
writer.set_need_appearances_writer(True)
for page in writer.pages:
    writer.update_page_form_field_values(page, values, auto_regenerate=False)
with open({output!r}, "wb") as out:
    writer.write(out)
print({{k: v.get("/V") for k, v in PdfReader({output!r}).get_fields().items()}})
"""
