"""A business trip's till receipts as narrow PDFs (a phone scan's proportions): the merchant on
the first line, its address and VAT number, a receipt number, the date and time, the items, then
Net, VAT and Total lines and the card or cash it was paid with. Prices include VAT (20%, a rail
ticket 0%), so the net and the VAT are worked back from each receipt's total as a till does."""

from __future__ import annotations

import datetime as dt
import io
from typing import Literal

from pydantic import BaseModel

from workflows.spec import WorkflowContext

Kind = Literal["cafe", "restaurant", "taxi", "rail", "hotel", "parking", "supplies"]
_ITEMS: dict[str, list[tuple[str, tuple[int, int]]]] = {
    "cafe": [("Flat white", (280, 380)), ("Americano", (240, 330)), ("Croissant", (220, 320)),
             ("Chicken wrap", (480, 690)), ("Sparkling water", (150, 230)), ("Porridge", (310, 420))],
    "restaurant": [("Set lunch", (1450, 2200)), ("Soup of the day", (550, 790)), ("Fish and chips", (1350, 1890)),
                   ("Risotto", (1290, 1750)), ("Soft drink", (260, 390)), ("Coffee", (250, 350))],
    "taxi": [("Fare", (980, 3400)), ("Booking fee", (150, 300))],
    "rail": [("Off-peak single", (1850, 7400)), ("Anytime return", (4600, 12900))],
    "hotel": [("Room, 1 night", (8900, 16900)), ("Breakfast", (1200, 1800))],
    "parking": [("Parking, up to 4 hours", (600, 1400)), ("Parking, all day", (1500, 2600))],
    "supplies": [("A4 notebook", (350, 600)), ("Gel pens, pack of 4", (400, 700)), ("USB-C cable", (900, 1500)),
                 ("Printing, 40 pages", (400, 800))],
}
_NAMES: dict[str, list[str]] = {
    "cafe": ["{last} Coffee House", "Bean & {last}", "The Corner Cafe {city}"],
    "restaurant": ["The {last} Arms", "Trattoria {last}", "{city} Kitchen & Bar"],
    "taxi": ["{city} Cabs Ltd", "{last} Private Hire", "A1 Taxis {city}"],
    "rail": ["{city} Station Ticket Office", "Northern Rail {city}"],
    "hotel": ["The {last} Hotel", "{city} Premier Lodge", "Hotel {last}"],
    "parking": ["{city} Central Car Park", "{last} Street Parking"],
    "supplies": ["{last} Stationers", "Office Plus {city}"],
}
_HOURS = {"cafe": (7, 11), "restaurant": (12, 22), "taxi": (7, 23), "rail": (6, 19), "hotel": (7, 11),
          "parking": (8, 18), "supplies": (9, 18)}
CARDS = ["VISA", "MASTERCARD", "AMEX"]
CITIES = {"Leeds": "LS", "Bristol": "BS", "Manchester": "M", "Glasgow": "G", "Cardiff": "CF", "Birmingham": "B",
          "Edinburgh": "EH", "Newcastle": "NE", "Nottingham": "NG", "Sheffield": "S", "York": "YO", "Liverpool": "L",
          "Norwich": "NR", "Exeter": "EX", "Aberdeen": "AB", "Belfast": "BT"}


class Receipt(BaseModel):
    kind: Kind
    merchant: str
    address: list[str]
    vat_number: str
    number: str
    when: dt.datetime
    items: list[tuple[int, str, int]]  # quantity, item, unit price in pence
    paid: str  # "CASH" or "VISA ****1234"

    @property
    def total(self) -> int:
        return sum(q * p for q, _, p in self.items)

    @property
    def vat(self) -> int:
        """The VAT in the total, in pence (20% included; none on a rail ticket), rounded half up."""
        return 0 if self.kind == "rail" else (self.total * 20 * 2 + 120) // 240


def draw_receipt(ctx: WorkflowContext, kind: Kind, day: dt.date, paid: str, city: str) -> Receipt:
    """One receipt of a kind, paid on the day at a plausible hour."""
    start, end = _HOURS[kind]
    when = dt.datetime.combine(day, dt.time(ctx.rng.randint(start, end), ctx.rng.randrange(60)))
    picks = ctx.rng.sample(_ITEMS[kind], k=min(len(_ITEMS[kind]), ctx.rng.randint(1, 3)))
    items = [(ctx.rng.choice([1, 1, 1, 2]) if kind in ("cafe", "restaurant", "supplies") else 1, name,
              ctx.rng.randint(*span) // 5 * 5) for name, span in picks]
    merchant = ctx.rng.choice(_NAMES[kind]).format(last=ctx.faker.last_name(), city=city)
    street = ctx.rng.choice(["Street", "Road", "Lane", "Row", "Place", "Square"])
    postcode = (f"{CITIES[city]}{ctx.rng.randint(1, 20)} {ctx.rng.randint(1, 9)}"
                f"{''.join(ctx.rng.sample('ABDEFGHJLNPQRSTUWXYZ', 2))}")
    address = [f"{ctx.rng.randint(1, 180)} {ctx.faker.last_name()} {street}", f"{city} {postcode}"]
    return Receipt(kind=kind, merchant=merchant, address=address,
                   vat_number=f"GB {ctx.rng.randrange(100, 999)} {ctx.rng.randrange(1000, 9999)} "
                              f"{ctx.rng.randrange(10, 99)}",
                   number=str(ctx.rng.randrange(10000, 999999)), when=when, items=items, paid=paid)


def _money(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def receipt_pdf(receipt: Receipt) -> bytes:
    """The receipt as a till prints it, on a page 80 mm wide (reportlab, invariant)."""
    from reportlab.pdfgen import canvas

    width, line = 227, 13
    lines: list[tuple[str, str]] = [
        (receipt.merchant, ""), *((a, "") for a in receipt.address), (f"VAT reg: {receipt.vat_number}", ""),
        (f"Receipt no: {receipt.number}", ""),
        (f"Date: {receipt.when:%d/%m/%Y}  Time: {receipt.when:%H:%M}", ""), ("-" * 36, ""),
        *((f"{q} x {name}", _money(q * p)) for q, name, p in receipt.items), ("-" * 36, ""),
        (f"Net (GBP): {_money(receipt.total - receipt.vat)}", ""),
        (f"VAT ({0 if receipt.kind == 'rail' else 20}%): {_money(receipt.vat)}", ""),
        (f"Total (GBP): {_money(receipt.total)}", ""), (f"Paid: {receipt.paid}", ""), ("Thank you for your visit", "")]
    height = 40 + line * len(lines)
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=(width, height), invariant=1)
    sheet.setTitle(f"Receipt {receipt.number}")
    for n, (left, right) in enumerate(lines):
        y = height - 24 - line * n
        sheet.setFont("Helvetica-Bold" if n == 0 else "Courier", 10 if n == 0 else 8)
        sheet.drawString(12, y, left)
        if right:
            sheet.drawRightString(width - 12, y, right)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()
