"""Reports that mention intranet documents and outside standards, with or without hyperlinks on
the mentions: the input of the link workflows (a term to link, links to move to a new host,
links to take out), and the python-docx code a reference uses to add a hyperlink."""

from __future__ import annotations

import io
import random
import textwrap
from dataclasses import dataclass

from preparers._ooxml import normalize_package
from preparers.document import DocumentContent, slug

TERMS = [("Travel Policy", "policies/travel"), ("Expense Guidelines", "finance/expenses"),
         ("Data Retention Policy", "policies/data-retention"), ("Brand Guidelines", "marketing/brand"),
         ("Security Handbook", "it/security-handbook"), ("Onboarding Checklist", "hr/onboarding"),
         ("Procurement Manual", "finance/procurement"), ("Health and Safety Policy", "policies/health-safety")]
OUTSIDE = [("ISO 27001", "https://www.iso.org/standard/27001"), ("GDPR", "https://gdpr.eu/"),
           ("WCAG 2.2", "https://www.w3.org/TR/WCAG22/"), ("ISO 9001", "https://www.iso.org/standard/62085.html")]
MENTIONS = ["See the {term} for the details.", "This is in line with the {term}.",
            "The {term} sets out what applies here.", "Anything not covered follows the {term}."]


@dataclass(frozen=True)
class Mention:
    term: str
    url: str | None  # linked to this address; None: plain text


def hosts(doc: DocumentContent) -> tuple[str, str]:
    """(the intranet's old host, its new one) for the document's organisation."""
    org = slug(doc.organisation).replace("_", "-")[:24].strip("-")
    return f"intranet.{org}.example", f"hub.{org}.example"


def mentions_docx(data: bytes, mentions: list[Mention], rng: random.Random, date: str) -> bytes:
    """The docx with one sentence per mention added to the end of a drawn body paragraph, the term
    linked where the mention has an address (the term always a run of its own)."""
    import docx

    document = docx.Document(io.BytesIO(data))
    body = [p for p in document.paragraphs if p.text.strip() and p.style.name in ("Normal", "List Bullet")][1:]
    spots = sorted(rng.sample(range(len(body)), min(len(mentions), len(body))))
    for at, mention in zip(spots, mentions, strict=False):
        paragraph = body[at]
        before, after = rng.choice(MENTIONS).split("{term}")
        paragraph.add_run(" " + before)
        if mention.url is None:
            paragraph.add_run(mention.term)
        else:
            add_link(document, paragraph, mention.term, mention.url)
        paragraph.add_run(after)
    buf = io.BytesIO()
    document.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{date}T09:00:00Z")


def add_link(document: object, paragraph: object, text: str, url: str) -> None:
    """Append a hyperlink run (blue, underlined) to a python-docx paragraph."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import RGBColor

    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), document.part.relate_to(url, RT.HYPERLINK, is_external=True))  # type: ignore[attr-defined]
    run = paragraph.add_run(text)  # type: ignore[attr-defined]
    run.font.underline, run.font.color.rgb = True, RGBColor(0x05, 0x63, 0xC1)
    run._r.addprevious(link)
    link.append(run._r)


def embedded(code: str, indent: int = 12) -> str:
    """`code` placed at a `{...}` in a reference script whose lines are indented by `indent`."""
    return ("\n" + " " * indent).join(textwrap.dedent(code).strip().splitlines())


# Python for a reference script: link(document, run, start, length, url) wraps the term at `start`
# of a run in a hyperlink, splitting the run in three with its formatting.
LINK_CODE = """
    import copy
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import RGBColor
    from docx.text.run import Run
    def piece(r, text):
        new = copy.deepcopy(r)
        for child in list(new):
            if child.tag != qn("w:rPr"):
                new.remove(child)
        t = OxmlElement("w:t")
        t.set(qn("xml:space"), "preserve")
        t.text = text
        new.append(t)
        return new
    def link(document, run, start, length, url):
        r, text = run._r, run.text
        middle = piece(r, text[start:start + length])
        shown = Run(middle, run._parent)
        shown.font.underline, shown.font.color.rgb = True, RGBColor(0x05, 0x63, 0xC1)
        wrap = OxmlElement("w:hyperlink")
        wrap.set(qn("r:id"), document.part.relate_to(url, RT.HYPERLINK, is_external=True))
        wrap.append(middle)
        for part in ([piece(r, text[:start])] if start else []) + [wrap] + (
                [piece(r, text[start + length:])] if text[start + length:] else []):
            r.addprevious(part)
        r.getparent().remove(r)
"""
