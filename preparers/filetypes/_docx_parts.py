"""The docx parts beyond paragraphs and tables that `DocumentView` carries: where pages break,
each section's page setup, hyperlinks, footnote and endnote references, tables of contents.

Read from the python-docx document the reader already parsed (its XML tree, and the notes parts
through its relationships), after the file gate's zip bounds: nothing here opens the package
again. Written to match what Writer saves (a page break as a `w:br` ending the paragraph before,
a table of contents in a content control holding a TOC field, notes in footnotes.xml and
endnotes.xml) and what python-docx scripts write (a break in an empty paragraph, the
page-break-before property, a TOC field in plain body paragraphs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from docx.oxml.ns import qn

from forge.views.document import Link, Note, PageSetup, TableOfContents

W_P, W_TBL, W_SDT, W_T, W_BR = qn("w:p"), qn("w:tbl"), qn("w:sdt"), qn("w:t"), qn("w:br")
FLD_CHAR, INSTR, FLD_SIMPLE = qn("w:fldChar"), qn("w:instrText"), qn("w:fldSimple")
NOTE_REFS = {qn("w:footnoteReference"): "footnote", qn("w:endnoteReference"): "endnote"}
TOC_TITLE_STYLES = {"toc heading", "contents heading"}
STARTS = {"NEW_PAGE": "new_page", "CONTINUOUS": "continuous", "ODD_PAGE": "odd_page", "EVEN_PAGE": "even_page",
          "NEW_COLUMN": "new_column"}


@dataclass
class ParagraphParts:
    """What one body paragraph adds to its `Paragraph`."""

    page_break_before: bool = False
    links: list[Link] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


def _is_page_break(element: Any) -> bool:
    return element.tag == W_BR and element.get(qn("w:type")) == "page"


def _breaks(p: Any) -> tuple[bool, bool, bool]:
    """(has text, a page break before its first text, a page break after its last text)."""
    seen_text, before, after = False, False, False
    for element in p.iter(W_T, W_BR):
        if element.tag == W_T and (element.text or "").strip():
            seen_text, after = True, False
        elif _is_page_break(element):
            before, after = before or not seen_text, True
    return seen_text, before and seen_text, after


def break_styles(styles: Any) -> dict[str, bool]:
    """Style id -> whether paragraphs of that style start a page (its own setting or its base's),
    from a document's python-docx `Styles`."""
    from docx.enum.style import WD_STYLE_TYPE

    styles = {s.style_id: s for s in styles if s.type == WD_STYLE_TYPE.PARAGRAPH}
    resolved: dict[str, bool] = {}
    for style_id, style in styles.items():
        value, seen = None, set()
        while style is not None and value is None and style.style_id not in seen:
            seen.add(style.style_id)
            value = style.paragraph_format.page_break_before
            style = style.base_style
        resolved[style_id] = bool(value)
    return resolved


def _notes(document: Any) -> dict[tuple[str, str], str]:
    """(kind, id) -> the note's text, from footnotes.xml and endnotes.xml (separators left out)."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml.parser import parse_xml

    found: dict[tuple[str, str], str] = {}
    for kind, reltype, tag in (("footnote", RT.FOOTNOTES, "w:footnote"), ("endnote", RT.ENDNOTES, "w:endnote")):
        rel = next((r for r in document.part.rels.values() if r.reltype == reltype and not r.is_external), None)
        if rel is None:
            continue
        part = rel.target_part
        root = part.element if hasattr(part, "element") else parse_xml(part.blob)
        for note in root.iter(qn(tag)):
            if note.get(qn("w:type")) in (None, "normal"):
                paragraphs = ["".join(t.text or "" for t in p.iter(W_T)) for p in note.iter(W_P)]
                found[(kind, note.get(qn("w:id")) or "")] = " ".join(" ".join(paragraphs).split())
    return found


def _inline_parts(paragraph: Any, notes: dict[tuple[str, str], str]) -> tuple[list[Link], list[Note]]:
    """Its hyperlinks (w:hyperlink and HYPERLINK fields) and note references with their offsets, the
    offsets counted as python-docx counts `paragraph.text` (runs and hyperlinks in order)."""
    from docx.text.hyperlink import Hyperlink

    links: list[Link] = []
    refs: list[Note] = []
    offset = 0
    field_url: str | None = None
    field_text: list[str] = []
    for item in paragraph.iter_inner_content():
        if isinstance(item, Hyperlink):
            links.append(Link(text=item.text, url=item.address, anchor=item.fragment))
            offset += len(item.text)
            continue
        for child in item._r:
            if child.tag in NOTE_REFS:
                kind = NOTE_REFS[child.tag]
                refs.append(Note(kind=kind, text=notes.get((kind, child.get(qn("w:id")) or ""), ""), offset=offset))
            elif child.tag == INSTR and child.text and child.text.split()[:1] == ["HYPERLINK"]:
                field_url = child.text
            elif child.tag == FLD_CHAR and child.get(qn("w:fldCharType")) == "end" and field_url is not None:
                links.append(_field_link(field_url, "".join(field_text)))
                field_url, field_text = None, []
        if field_url is not None:
            field_text.append(item.text)
        offset += len(item.text)
    for simple in paragraph._p.iter(FLD_SIMPLE):
        instr = simple.get(qn("w:instr")) or ""
        if instr.split()[:1] == ["HYPERLINK"]:
            links.append(_field_link(instr, "".join(t.text or "" for t in simple.iter(W_T))))
    return links, refs


def _field_link(instruction: str, text: str) -> Link:
    """A HYPERLINK field: `HYPERLINK "url"` or `HYPERLINK \\l "bookmark"`."""
    import shlex

    try:
        words = shlex.split(instruction.replace("\\", "\\\\"))[1:]
    except ValueError:
        words = instruction.split()[1:]
    if words[:1] == ["\\l"] and len(words) > 1:
        return Link(text=text, anchor=words[1])
    url = next((w for w in words if not w.startswith("\\")), "")
    return Link(text=text, url=url.split("#", 1)[0], anchor=url.split("#", 1)[1] if "#" in url else "")


def paragraph_parts(document: Any, paragraphs: list[Any],
                    by_style: dict[str, bool] | None = None) -> list[ParagraphParts]:
    """One `ParagraphParts` per body paragraph of `document.paragraphs` (`paragraphs`), in order;
    `by_style`: `break_styles(document.styles)`, when the caller has it already."""
    by_style = break_styles(document.styles) if by_style is None else by_style
    notes = _notes(document)
    index = {p._p: n for n, p in enumerate(paragraphs)}
    parts = [ParagraphParts() for _ in paragraphs]
    pending = False
    for child in document.element.body:
        if child.tag == W_TBL:
            pending = False  # a break before a table moves the table, not the paragraph after it
            continue
        if child.tag != W_P or child not in index:
            continue
        paragraph = paragraphs[index[child]]
        has_text, before, after = _breaks(child)
        direct = paragraph.paragraph_format.page_break_before
        styled = by_style.get(child.style or "", False) if direct is None else direct
        part = parts[index[child]]
        part.page_break_before = pending or before or styled
        part.links, part.notes = _inline_parts(paragraph, notes)
        pending = after if has_text else pending or any(_is_page_break(e) for e in child.iter(W_BR))
    return parts


def page_setups(document: Any, paragraphs: list[Any]) -> list[PageSetup]:
    """Each section's page setup, with the index of its first paragraph."""
    index = {p._p: n for n, p in enumerate(paragraphs)}
    firsts, next_first = [], 0
    for child in document.element.body:
        if child.tag == W_P and child in index and child.find(f"{qn('w:pPr')}/{qn('w:sectPr')}") is not None:
            firsts.append(next_first)
            next_first = index[child] + 1
    firsts.append(min(next_first, max(len(paragraphs) - 1, 0)))
    setups = []
    for section, first in zip(document.sections, firsts, strict=False):
        width, height = section.page_width, section.page_height
        margins = {side: getattr(section, f"{side}_margin") for side in ("top", "bottom", "left", "right")}
        orientation = "landscape" if section.orientation is not None and section.orientation.name == "LANDSCAPE" \
            else "portrait"
        start = section.start_type.name if section.start_type is not None else "NEW_PAGE"
        setups.append(PageSetup(orientation=orientation, width_mm=round(width.mm, 1) if width is not None else None,
                                height_mm=round(height.mm, 1) if height is not None else None,
                                margins_mm={k: round(v.mm, 1) for k, v in margins.items() if v is not None},
                                start=STARTS.get(start, start.lower()), first_paragraph=first))
    return setups


@dataclass
class _Field:
    instruction: str = ""
    result_from: Any = None  # the paragraph holding its `separate` mark
    paragraphs: list[Any] = field(default_factory=list)  # (paragraph element, body index or None, sdt or None)


def tables_of_contents(document: Any, paragraphs: list[Any], style_of: Any) -> list[TableOfContents]:
    """Every TOC field in the body (plain paragraphs or a content control), with its entry lines."""
    from docx.text.paragraph import Paragraph

    index = {p._p: n for n, p in enumerate(paragraphs)}
    seen: list[tuple[Any, int | None, Any, int]] = []  # every body paragraph in order: (p, index, sdt, before)
    before = -1
    for child in document.element.body:
        if child.tag == W_P:
            before = index.get(child, before)
            seen.append((child, index.get(child), None, before - 1))
        elif child.tag == W_SDT:
            seen.extend((p, None, child, before) for p in child.iter(W_P))
    found: list[TableOfContents] = []
    stack: list[_Field] = []

    def text(p: Any) -> str:
        return Paragraph(p, document._body).text

    def close(done: _Field) -> None:
        if not done.instruction.split()[:1] == ["TOC"] or not done.paragraphs:
            return
        entries = [text(p) for p, _, _, _ in done.paragraphs if text(p).strip()]
        first, _, sdt, after = done.paragraphs[0]
        title, spots = "", [n for _, n, _, _ in done.paragraphs if n is not None]
        if sdt is not None:  # a title line inside the content control, before the field
            heads = [p for p, _, box, _ in seen if box is sdt]
            title = next((text(p) for p in heads[: heads.index(first)] if text(p).strip()), "")
        if not title and after >= 0 and style_of(paragraphs[after]).casefold() in TOC_TITLE_STYLES:
            title, spots, after = paragraphs[after].text, [after, *spots], after - 1  # a title line before it
        found.append(TableOfContents(instruction=" ".join(done.instruction.split()), title=" ".join(title.split()),
                                     entries=entries, after_paragraph=after, paragraphs=spots))

    for p, at, sdt, after in seen:
        for simple in p.iter(FLD_SIMPLE):
            if (simple.get(qn("w:instr")) or "").split()[:1] == ["TOC"]:
                close(_Field(simple.get(qn("w:instr")) or "", p, [(p, at, sdt, after)]))
        for element in p.iter(FLD_CHAR, INSTR):
            kind = element.get(qn("w:fldCharType"))
            if element.tag == INSTR and stack:
                stack[-1].instruction += element.text or ""
            elif kind == "begin":
                stack.append(_Field())
            elif kind == "separate" and stack:
                stack[-1].result_from = p
                stack[-1].paragraphs.append((p, at, sdt, after))
            elif kind == "end" and stack:
                done = stack.pop()
                if done.result_from is not None and done.paragraphs[-1][0] is not p:
                    done.paragraphs.append((p, at, sdt, after))
                close(done)
        for open_field in stack:  # every open field's result runs through this paragraph
            if open_field.result_from is not None and open_field.paragraphs[-1][0] is not p:
                open_field.paragraphs.append((p, at, sdt, after))
    return found
