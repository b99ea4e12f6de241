"""Footnotes and endnotes for the reference scripts: python-docx has no notes API, so the script
adds the notes part (with its separators) when the document has none, appends a note, and puts
its reference mark into the body at a character offset, splitting the run there. Also where a
report's sentences are, so a task can quote one by its opening words."""

from __future__ import annotations

import re

SOURCES = ["Finance ledger, {month} {year}", "Customer survey results, {year}", "Board minutes of {day} {month} {year}",
           "Internal audit report {year}-{n:02d}", "Operations dashboard export, {month} {year}",
           "Regional sales review, Q{q} {year}", "Supplier scorecard, {month} {year}", "HR headcount report, {year}"]


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of a paragraph; end is just after its full stop."""
    spans, start = [], 0
    for found in re.finditer(r"[.!?](?=\s|$)", text):
        spans.append((start, found.end()))
        start = found.end() + 1
    return [(a, b) for a, b in spans if text[a:b].strip()]


def opening(text: str, words: int = 6) -> str:
    """The first `words` words of a sentence, how a task quotes it."""
    return " ".join(text.split()[:words])


NOTE_CODE = """
    import copy
    from xml.sax.saxutils import escape
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import XmlPart
    from docx.oxml import OxmlElement, parse_xml
    from docx.oxml.ns import qn
    W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    TYPES = {"footnote": RT.FOOTNOTES, "endnote": RT.ENDNOTES}
    def notes_root(document, kind):
        for rel in document.part.rels.values():
            if rel.reltype == TYPES[kind] and not rel.is_external:
                if not hasattr(rel.target_part, "element"):  # python-docx loads a file's own notes as bytes
                    raise SystemExit(f"the document already has {kind}s; this script only starts new ones")
                return rel.target_part.element
        seps = "".join(f'<w:{kind} w:type="{t}" w:id="{i}"><w:p><w:r><w:{t}/></w:r></w:p></w:{kind}>'
                       for i, t in ((-1, "separator"), (0, "continuationSeparator")))
        content = f"application/vnd.openxmlformats-officedocument.wordprocessingml.{kind}s+xml"
        part = XmlPart(PackURI(f"/word/{kind}s.xml"), content, parse_xml(f"<w:{kind}s {W}>{seps}</w:{kind}s>"),
                       document.part.package)
        document.part.relate_to(part, TYPES[kind])
        return part.element
    def add_note(document, paragraph, offset, kind, text):
        root = notes_root(document, kind)
        number = max([int(n.get(qn("w:id"))) for n in root] + [0]) + 1
        root.append(parse_xml(
            f'<w:{kind} {W} w:id="{number}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            f'<w:{kind}Ref/></w:r><w:r><w:t xml:space="preserve"> {escape(text)}</w:t></w:r></w:p></w:{kind}>'))
        mark = parse_xml(f'<w:r {W}><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
                         f'<w:{kind}Reference w:id="{number}"/></w:r>')
        seen = 0
        for run in paragraph.runs:
            if seen + len(run.text) >= offset:
                cut = offset - seen
                if cut < len(run.text):  # split the run: its text after the offset goes to a copy after the mark
                    rest = copy.deepcopy(run._r)
                    run._r.addnext(rest)
                    tail = run.text[cut:]
                    run.text = run.text[:cut]
                    for child in list(rest):
                        if child.tag != qn("w:rPr"):
                            rest.remove(child)
                    t = OxmlElement("w:t"); t.set(qn("xml:space"), "preserve"); t.text = tail; rest.append(t)
                run._r.addnext(mark)
                return
            seen += len(run.text)
        raise SystemExit(f"offset {offset} is past the paragraph's text")
"""
