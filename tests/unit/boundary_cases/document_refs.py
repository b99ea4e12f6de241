"""Boundary cases of `forge.checks.document_refs` on a real report with mentions: the LAST mention
left unlinked, a link one word too wide, the wrong mention or address, an outside link moved
with the intranet ones, a link left behind, the text retyped on the way."""

from __future__ import annotations

import io
import random
import re
import textwrap
from collections.abc import Callable
from typing import Any

import docx
from docx.oxml.ns import qn

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document._links import LINK_CODE, Mention, hosts, mentions_docx
from workflows.document._notes import NOTE_CODE, opening, sentences

REPORT = make_document(*_seeded(21), kind="report")
OLD, NEW = hosts(REPORT)
TERM, URL = "Travel Policy", f"https://{NEW}/policies/travel"
PLAIN = mentions_docx(write_docx(REPORT), [Mention(TERM, None)] * 3, random.Random(1), "2024-05-01")
LINKED = mentions_docx(write_docx(REPORT), [Mention("Brand Guidelines", f"https://{OLD}/marketing/brand"),
                                            Mention("GDPR", "https://gdpr.eu/"),
                                            Mention("Security Handbook", f"https://{OLD}/it/security")],
                       random.Random(2), "2024-05-01")
CODE: dict[str, Any] = {}
exec(textwrap.dedent(LINK_CODE), CODE)  # the reference's own link() and add_note(): the boundary is the check's
exec(textwrap.dedent(NOTE_CODE), CODE)


def edited(change: Callable[[Any], None], given: bytes) -> bytes:
    document = docx.Document(io.BytesIO(given))
    change(document)
    return _saved(document)


def linked(which: list[int], *, term: str = TERM, url: str = URL, wider: bool = False) -> Callable[[Any], None]:
    """Link the mentions numbered in `which` (0: the first in the document)."""
    def change(document: Any) -> None:
        hits = [(r, m.start()) for p in document.paragraphs for r in p.runs for m in re.finditer(re.escape(term),
                                                                                                  r.text)]
        for n in sorted(which, reverse=True):
            run, start = hits[n]
            CODE["link"](document, run, start, len(term), url)
            if wider:  # the run before it (" See the ", ...) pulled into the link too
                link = run._parent._p.findall(qn("w:hyperlink"))
                wrap = next(h for h in link if term in "".join(t.text or "" for t in h.iter(qn("w:t"))))
                wrap.insert(0, wrap.getprevious())
    return change


def relinked(move: Callable[[str], str], *, drop: str | None = None) -> Callable[[Any], None]:
    """Each link pointed at move(its address); the link on `drop` unwrapped instead."""
    def change(document: Any) -> None:
        rt = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
        for p in document.paragraphs:
            for h in p._p.findall(qn("w:hyperlink")):
                target = document.part.rels[h.get(qn("r:id"))].target_ref
                if drop is not None and drop in "".join(t.text or "" for t in h.iter(qn("w:t"))):
                    for child in list(h):
                        h.addprevious(child)
                    h.getparent().remove(h)
                else:
                    h.set(qn("r:id"), document.part.relate_to(move(target), rt, is_external=True))
    return change


def retyped(document: Any) -> None:
    document.paragraphs[-1].runs[-1].text += "."


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = PLAIN) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


FIRST = {"op": "link_first", "term": TERM, "url": URL}
ALL = {"op": "link_all", "term": TERM, "url": URL}
MOVE = {"op": "retarget", "old_host": OLD, "new_host": NEW}
UNLINK = {"op": "unlink"}


def to_new(url: str) -> str:
    return url.replace(OLD, NEW)


LINKS_SET = [
    case("the first mention linked", edited(linked([0]), PLAIN), FIRST, True),
    case("the second mention linked instead", edited(linked([1]), PLAIN), FIRST, False, "lacks the link"),
    case("every mention linked where the first was asked", edited(linked([0, 1, 2]), PLAIN), FIRST, False,
         "should not"),
    case("every mention linked", edited(linked([0, 1, 2]), PLAIN), ALL, True),
    case("the last mention left plain", edited(linked([0, 1]), PLAIN), ALL, False, "lacks the link"),
    case("the link taking in the words before it", edited(linked([0], wider=True), PLAIN), FIRST, False,
         "the Travel"),
    case("the link to another address", edited(linked([0], url=URL + "-2025"), PLAIN), FIRST, False),
    case("the text retyped on the way", edited(lambda d: (linked([0])(d), retyped(d)), PLAIN), FIRST, False),
    case("intranet links moved, the outside one kept", edited(relinked(to_new), LINKED), MOVE, True, given=LINKED),
    case("the outside link moved too", edited(relinked(lambda u: to_new(u).replace("gdpr.eu", NEW)), LINKED), MOVE,
         False, "GDPR", given=LINKED),
    case("the last intranet link left on the old host",
         edited(relinked(lambda u: u if "security" in u else to_new(u)), LINKED), MOVE, False, OLD, given=LINKED),
    case("the host moved but the path lost", edited(relinked(lambda u: to_new(u).rsplit("/", 1)[0]), LINKED), MOVE,
         False, given=LINKED),
    case("every link removed, text kept", edited(relinked(to_new, drop=""), LINKED), UNLINK, True, given=LINKED),
    case("the last link left in", edited(relinked(lambda u: u, drop="Brand"), LINKED), UNLINK, False, "should not",
         given=LINKED),
    case("links removed with their words", edited(lambda d: (relinked(to_new, drop="")(d), retyped(d)), LINKED),
         UNLINK, False, given=LINKED),
]

# --- document.notes_added -------------------------------------------------------------------------

REPORT_DOC = write_docx(REPORT)
_BODY = [p.text for sec in REPORT.sections for p in sec.paragraphs if p.style == "Normal"]
_FIRSTS = [(t, a, b) for t in _BODY for a, b in sentences(t)[:1]]  # each paragraph's first sentence
SPANS = [(t, a, b) for t, a, b in _FIRSTS if sum(u.count(opening(t[a:b])) for u in _BODY) == 1][:3]
QUOTES = [opening(t[a:b]) for t, a, b in SPANS]
SOURCES = ["Finance ledger, March 2024", "Customer survey results, 2024", "HR headcount report, 2024"]


def noted(shift: int = 0, kind: str = "footnote", skip_last: bool = False, source: str | None = None,
          extra: bool = False) -> Callable[[Any], None]:
    """A note after each of the three sentences, its mark `shift` characters off the full stop."""
    def change(document: Any) -> None:
        for n, ((text, _, end), cited) in enumerate(zip(SPANS, SOURCES, strict=True)):
            if skip_last and n == len(SPANS) - 1:
                continue
            paragraph = next(p for p in document.paragraphs if p.text == text)
            CODE["add_note"](document, paragraph, end + shift, kind, source if source and n == 0 else cited)
        if extra:
            last = next(p for p in reversed(document.paragraphs) if p.text.strip())
            CODE["add_note"](document, last, len(last.text), kind, "See also the appendix")
    return change


NOTES = {"kind": "footnote", "sentences": QUOTES, "sources": SOURCES}
ONE = {"kind": "footnote", "sentences": QUOTES[:1], "sources": SOURCES[:1]}


def one_note(**kwargs: Any) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        text, _, end = SPANS[0]
        paragraph = next(p for p in document.paragraphs if p.text == text)
        CODE["add_note"](document, paragraph, end + kwargs.get("shift", 0), kwargs.get("kind", "footnote"),
                         SOURCES[0])
    return change


NOTES_ADDED = [
    case("a footnote after each sentence", edited(noted(), REPORT_DOC), NOTES, True, given=REPORT_DOC),
    case("endnotes where footnotes were asked", edited(noted(kind="endnote"), REPORT_DOC), NOTES, False, "no footnote",
         given=REPORT_DOC),
    case("endnotes as asked", edited(noted(kind="endnote"), REPORT_DOC), {**NOTES, "kind": "endnote"}, True,
         given=REPORT_DOC),
    case("the last sentence left without its note", edited(noted(skip_last=True), REPORT_DOC), NOTES, False,
         QUOTES[-1][:20], given=REPORT_DOC),
    case("the mark just before the full stop", edited(noted(shift=-1), REPORT_DOC), NOTES, False, "full stop",
         given=REPORT_DOC),
    case("the mark after the space that follows it", edited(noted(shift=1), REPORT_DOC), NOTES, True,
         given=REPORT_DOC),
    case("the mark after the next word", edited(noted(shift=6), REPORT_DOC), NOTES, False, "full stop",
         given=REPORT_DOC),
    case("the first note citing another source", edited(noted(source="Finance ledger, May 2024"), REPORT_DOC), NOTES,
         False, "no footnote", given=REPORT_DOC),
    case("a note added that was not asked", edited(noted(extra=True), REPORT_DOC), NOTES, False, "appendix",
         given=REPORT_DOC),
    case("one sentence cited", edited(one_note(), REPORT_DOC), ONE, True, given=REPORT_DOC),
    case("the text retyped on the way", edited(lambda d: (one_note()(d), retyped(d)), REPORT_DOC), ONE, False,
         given=REPORT_DOC),
]

# --- document.contents_inserted -------------------------------------------------------------------

_SUBS = {2, 4}
TOC_REPORT = REPORT.model_copy(update={"sections": [sec.model_copy(update={"level": 2}) if i in _SUBS else sec
                                                    for i, sec in enumerate(REPORT.sections)]})
TOC_DOC = write_docx(TOC_REPORT)
ALL_HEADS = [(sec.level, sec.heading) for sec in TOC_REPORT.sections]


def contents(levels: int = 2, title: str | None = "Contents", *, switch: str | None = None, drop_last: bool = False,
             pages: bool = False, box: bool = False, at: int = 0, typed: bool = False) -> Callable[[Any], None]:
    """A TOC field after paragraph `at`: plain paragraphs (python-docx's way) or in a content control
    (Writer's), an entry per heading of the levels, the title line in front."""
    def change(document: Any) -> None:
        from docx.oxml import parse_xml

        w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
        heads = [t for level, t in ALL_HEADS if level <= levels][: -1 if drop_last else None]
        instr = f' TOC \\o "{switch or f"1-{levels}"}" \\h '
        lines = [f'<w:p {w}><w:pPr><w:pStyle w:val="TOCHeading"/></w:pPr><w:r><w:t>{title}</w:t></w:r></w:p>'] \
            if title else []
        for n, text in enumerate(heads):
            start = "" if typed or n else (f'<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
                                           f'xml:space="preserve">{instr}</w:instrText></w:r><w:r><w:fldChar '
                                           'w:fldCharType="separate"/></w:r>')
            page = f"<w:r><w:tab/><w:t>{n + 2}</w:t></w:r>" if pages else ""
            end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>' if n == len(heads) - 1 and not typed else ""
            lines.append(f'<w:p {w}>{start}<w:r><w:t>{text}</w:t></w:r>{page}{end}</w:p>')
        anchor = document.paragraphs[at]._p
        if box:
            control = parse_xml(f'<w:sdt {w}><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/>'
                                f'</w:docPartObj></w:sdtPr><w:sdtContent>{"".join(lines)}</w:sdtContent></w:sdt>')
            anchor.addnext(control)
        else:
            for line in reversed(lines):
                anchor.addnext(parse_xml(line))
    return change


TOC = {"levels": 2, "title": "Contents"}

CONTENTS = [
    case("a titled contents field over levels 1-2", edited(contents(), TOC_DOC), TOC, True, given=TOC_DOC),
    case("the same in a content control, page numbers shown", edited(contents(box=True, pages=True), TOC_DOC), TOC,
         True, given=TOC_DOC),
    case("the last entry missing", edited(contents(drop_last=True), TOC_DOC), TOC, False, "entries", given=TOC_DOC),
    case("levels 1-3 where 1-2 were asked", edited(contents(switch="1-3"), TOC_DOC), TOC, False, "1-3",
         given=TOC_DOC),
    case("only the top level where two were asked", edited(contents(levels=1), TOC_DOC), TOC, False, given=TOC_DOC),
    case("only the top level, as asked", edited(contents(levels=1, title=None), TOC_DOC), {"levels": 1}, True,
         given=TOC_DOC),
    case("the sub-sections listed too where one level was asked", edited(contents(title=None, switch="1-1"), TOC_DOC),
         {"levels": 1}, False, "entry", given=TOC_DOC),
    case("no title line where one was asked", edited(contents(title=None), TOC_DOC), TOC, False, "title",
         given=TOC_DOC),
    case("a title line where none was asked", edited(contents(), TOC_DOC), {"levels": 2}, False, "title",
         given=TOC_DOC),
    case("placed after the opening line, not the title", edited(contents(at=1), TOC_DOC), TOC, False, "after the title",
         given=TOC_DOC),
    case("the headings typed in, no field", edited(contents(typed=True), TOC_DOC), TOC, False, "0 tables",
         given=TOC_DOC),
]

CASES = {"document.links_set": LINKS_SET, "document.notes_added": NOTES_ADDED, "document.contents_inserted": CONTENTS}
