"""Boundary cases of `forge.checks.slides_from_report` on a real report and decks: the LAST heading's
slide or its last bullet missing, a whole paragraph as a bullet, a list item cut to its first
sentence, the full stop left on or off (both pass), the agenda missing or unasked, the notes
missing, partial or unasked, text on a skeleton slide, the title slide's subtitle left in."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.document import DocumentContent, Paragraph, Run, Section, write_docx
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

P1 = "Costs rose in March. The pilot in Leeds helped."
P2 = "We saw a steady rise in renewals. The second half was slower."
P3 = "Agree one owner for billing by June. Then review it."  # a list item: taken whole
REPORT = write_docx(DocumentContent(
    kind="report", title="Operations review, Q1 2025", date=dt.date(2025, 4, 2), author="Ann Lee",
    organisation="Acme", file_stem="ops", opening=[Paragraph(runs=[Run(text="Prepared for the board.")])],
    sections=[Section(heading="Summary", paragraphs=[Paragraph(runs=[Run(text=P1)]), Paragraph(runs=[Run(text=P2)])]),
              Section(heading="Next steps", paragraphs=[Paragraph(runs=[Run(text=P3)], style="List Bullet"),
                                                        Paragraph(runs=[Run(text=P2)])])]))
FIRSTS = {"Summary": ["Costs rose in March.", "We saw a steady rise in renewals."],
          "Next steps": [P3, "We saw a steady rise in renewals."]}
NOTES = {"Summary": f"{P1}\n{P2}", "Next steps": f"{P3}\n{P2}"}


def _deck(bodies: dict[str, list[str]] | None = None, notes: dict[str, str] | None = None, agenda: bool = False,
          subtitle: str = "") -> bytes:
    bodies = FIRSTS if bodies is None else bodies
    slides = [SlideContent(layout="title", title="Operations review, Q1 2025", subtitle=subtitle)]
    if agenda:
        slides.append(SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=h) for h in FIRSTS]))
    slides += [SlideContent(layout="bullets" if bodies.get(h) else "title_only", title=h,
                            notes=(notes or {}).get(h, ""),
                            bullets=[Bullet(text=b) for b in bodies.get(h, [])]) for h in FIRSTS if h in bodies]
    return write_pptx(DeckContent(title="Ops", author="Ann Lee", date=dt.date(2025, 4, 2), file_stem="ops",
                                  slides=slides))


def report_case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"input_file": "ops.docx", "file": "ops.pptx", "body": "first_sentences", "notes": False,
                              "agenda": False, **options}, passes, says, files={"ops.pptx": deck},
                originals={"ops.docx": REPORT})


SKELETON = {"body": "skeleton"}
EMPTY = {h: [] for h in FIRSTS}
FULL = {"body": "skeleton", "notes": True, "agenda": True}

FROM_REPORT = [
    report_case("first sentences, list items whole", _deck(), {}, True),
    report_case("full stops dropped", _deck({h: [b.rstrip(".") for b in bs] for h, bs in FIRSTS.items()}), {}, True),
    report_case("the last heading's slide missing", _deck({"Summary": FIRSTS["Summary"]}), {}, False,
                "ops.pptx has 2 slides"),
    report_case("the last bullet missing", _deck({**FIRSTS, "Next steps": FIRSTS["Next steps"][:1]}), {}, False,
                "slide 3 ('Next steps') of ops.pptx reads"),
    report_case("a whole paragraph as a bullet", _deck({**FIRSTS, "Summary": [P1, FIRSTS["Summary"][1]]}), {}, False,
                "slide 2 ('Summary') of ops.pptx reads ['Costs rose in March. The pilot in Leeds helped'"),
    report_case("a list item cut short", _deck({**FIRSTS, "Next steps": ["Agree one owner for billing by June.",
                                                                        FIRSTS["Next steps"][1]]}), {}, False,
                "slide 3 ('Next steps') of ops.pptx reads ['Agree one owner for billing by June'"),
    report_case("the title slide's subtitle left in", _deck(subtitle="Ann Lee"), {}, False,
                "slide 1 ('Operations review, Q1 2025') of ops.pptx reads ['Ann Lee'], expected []"),
    report_case("a skeleton with agenda and notes", _deck(EMPTY, NOTES, agenda=True), FULL, True),
    report_case("the agenda missing", _deck(EMPTY, NOTES), FULL, False,
                "slide 2 of ops.pptx is titled 'Summary', expected 'Agenda'"),
    report_case("an agenda unasked", _deck(agenda=True), {}, False,
                "slide 2 of ops.pptx is titled 'Agenda', expected 'Summary'"),
    report_case("text on a skeleton slide", _deck(notes=NOTES, agenda=True), FULL, False,
                "slide 3 ('Summary') of ops.pptx reads ['Costs rose in March'"),
    report_case("the last slide's notes partial", _deck(EMPTY, {**NOTES, "Next steps": P3}, agenda=True), FULL,
                False, "the notes of slide 4 ('Next steps') of ops.pptx read"),
    report_case("notes unasked", _deck(notes=NOTES), {}, False, "the notes of slide 2 ('Summary') of ops.pptx read"),
]

CASES = {"slides.deck_from_report": FROM_REPORT}
