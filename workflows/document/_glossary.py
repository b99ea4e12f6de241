"""Reports whose authors set each defined term in bold where they define it (and now and then at
a later mention): the input of the glossary family. The report's own emphasis is taken off, so
the bold stretches are exactly the terms."""

from __future__ import annotations

import random

from preparers.document import DocumentContent, Paragraph, Run

DEFINITIONS = {
    "purchase order": "A {t} is the document a buyer sends to confirm what it will pay for and when.",
    "service level agreement": "The {t} sets out the response times a supplier has promised to meet.",
    "cost centre": "A {t} is the part of the organisation that a cost is charged to in the accounts.",
    "change request": "A {t} is the form used to propose any change to agreed scope, budget or dates.",
    "single sign-on": "With {t}, staff use one company login to reach every approved application.",
    "escalation path": "The {t} names who takes over an issue when the first owner cannot resolve it.",
    "headcount": "Here {t} means the number of people employed on the last day of the month.",
    "run rate": "The {t} is the monthly figure multiplied by twelve to estimate a full year.",
    "backlog": "The {t} is the list of accepted work that has not yet been started.",
    "lead time": "The {t} is the number of days between placing an order and receiving it.",
    "key performance indicator": "A {t} is a measure the leadership team reviews every month.",
    "business continuity plan": "The {t} describes how critical services keep running during a disruption.",
    "data controller": "The {t} is the organisation that decides why and how personal data is processed.",
    "preferred supplier": "A {t} is one that has passed due diligence and may be used without a tender.",
    "capital expenditure": "Spending on assets that last more than a year counts as {t}.",
    "accrual": "An {t} records a cost in the month it was incurred, even if the invoice comes later.",
}
MENTION = "Questions about the {t} go to the owner named in the appendix."


def _sentence(template: str, term: str) -> list[Run]:
    before, _, after = template.partition("{t}")
    return [Run(text=before), Run(text=term, bold=True), Run(text=after)]


def with_terms(doc: DocumentContent, rng: random.Random) -> tuple[DocumentContent, list[str]]:
    """The report without its emphasis, four to seven terms defined in bold in its body paragraphs
    (one per paragraph, at its end), sometimes one of them bold again later; and those terms."""
    plain = [(i, j) for i, s in enumerate(doc.sections) for j, p in enumerate(s.paragraphs) if p.style == "Normal"]
    terms = rng.sample(sorted(DEFINITIONS), min(len(plain), rng.randint(4, 7)))
    spots = sorted(rng.sample(plain, len(terms)))
    sections = [s.model_copy(update={"paragraphs": [Paragraph(runs=[Run(text=p.text)], style=p.style)
                                                    for p in s.paragraphs]}) for s in doc.sections]
    for (i, j), term in zip(spots, terms, strict=True):
        block = sections[i].paragraphs[j]
        runs = [Run(text=block.text + " "), *_sentence(DEFINITIONS[term], term)]
        if rng.random() < 0.3:  # a definition opening the paragraph instead
            runs = [*_sentence(DEFINITIONS[term], term), Run(text=" " + block.text)]
        paragraphs = list(sections[i].paragraphs)
        paragraphs[j] = Paragraph(runs=[r for r in runs if r.text], style=block.style)
        sections[i] = sections[i].model_copy(update={"paragraphs": paragraphs})
    later = [spot for spot in plain if spot > spots[0] and spot not in spots]
    if later and rng.random() < 0.5:  # the first term set in bold once more, further on
        i, j = rng.choice(later)
        paragraphs = list(sections[i].paragraphs)
        text = paragraphs[j].text
        paragraphs[j] = Paragraph(runs=[Run(text=text + " "), *_sentence(MENTION, terms[0])])
        sections[i] = sections[i].model_copy(update={"paragraphs": paragraphs})
    return doc.model_copy(update={"sections": sections, "opening": [Paragraph(runs=[Run(text=p.text)])
                                                                    for p in doc.opening]}), terms
