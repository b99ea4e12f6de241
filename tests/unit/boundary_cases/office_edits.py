"""Boundary cases of the office edit checks (`forge.checks.pdf_pages`, `slides_edits`,
`document_edits`) on real files from the preparers: the LAST page, slide, heading or mention is
where a loop that stops one short passes; one page too many; a title one word off headline case;
a list item left in the body style; a formatted word with one neighbour formatted too."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import docx
import pptx
from faker import Faker
from pypdf import PdfReader, PdfWriter

from forge.checks.pdf_pages import mentions
from forge.checks.slides_edits import title_case
from preparers.document import make_document, write_docx
from preparers.pdf import write_sections_pdf
from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case


def _seeded(seed: int) -> tuple[random.Random, Faker]:
    faker = Faker()
    faker.seed_instance(seed)
    return random.Random(seed), faker


def _saved(thing: Any) -> bytes:
    out = io.BytesIO()
    thing.save(out)
    return out.getvalue()


# --- pdf ---------------------------------------------------------------------------------------

PDF = write_sections_pdf(make_document(*_seeded(3), kind="report"))
PAGES = [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(PDF)).pages]
N = len(PAGES)
TERM = next(w for w in ("legal", "budget", "team", "product", "customer") if 0 < sum(bool(mentions(p, w)) for p in PAGES) < N)
WITH_TERM = [n for n, p in enumerate(PAGES, start=1) if mentions(p, TERM)]


def pdf_pages(*numbers: int) -> bytes:
    reader, writer = PdfReader(io.BytesIO(PDF)), PdfWriter()
    for n in numbers:
        writer.add_page(reader.pages[n - 1])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def selected(label: str, numbers: list[int], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf", **options}, passes, says,
                files={"out.pdf": pdf_pages(*numbers)}, originals={"in.pdf": PDF})


def text_case(label: str, text: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "in.pdf", **options}, passes, says,
                files={"out.txt": text.encode()}, originals={"in.pdf": PDF})


EXTRA = pdf_pages(1, 2)


def spliced(label: str, numbers: list[int], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    """Output pages by number: n > 0 a page of PDF, -1/-2 the inserted PDF's pages 1/2."""
    reader, extra, writer = PdfReader(io.BytesIO(PDF)), PdfReader(io.BytesIO(EXTRA)), PdfWriter()
    for n in numbers:
        writer.add_page(reader.pages[n - 1] if n > 0 else extra.pages[-n - 1])
    out = io.BytesIO()
    writer.write(out)
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf", "insert_file": "add.pdf", **options}, passes,
                says, files={"out.pdf": out.getvalue()}, originals={"in.pdf": PDF, "add.pdf": EXTRA})


FRONTS, BACKS = pdf_pages(*range(1, N + 1, 2)), pdf_pages(*range(2, N + 1, 2))
BACKS_REVERSED = pdf_pages(*reversed(range(2, N + 1, 2)))


def collated(label: str, numbers: list[int], backs: bytes, reverse: bool, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "first_file": "f.pdf", "second_file": "b.pdf", "second_reversed": reverse},
                passes, says, files={"out.pdf": pdf_pages(*numbers)}, originals={"f.pdf": FRONTS, "b.pdf": backs})


# --- slides ------------------------------------------------------------------------------------

DECK = write_pptx(make_deck(*_seeded(2)))


def edit_deck(*changes: Callable[[Any], None], data: bytes = DECK) -> bytes:
    deck = pptx.Presentation(io.BytesIO(data))
    for change in changes:
        change(deck)
    return _saved(deck)


def retitle(rule: Callable[[int, str], str], *, skip_last: bool = False) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        slides = list(deck.slides)
        for n, slide in enumerate(slides[:-1] if skip_last else slides):
            slide.shapes.title.text_frame.text = rule(n, slide.shapes.title.text_frame.text)
    return change


def number(n: int, title: str) -> str:
    return f"{n}. {title}" if n else title


def drop(index: int) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        entry = deck.slides._sldIdLst[index]
        deck.part.drop_rel(entry.rId)
        deck.slides._sldIdLst.remove(entry)
    return change


def add_empty(deck: Any) -> None:
    deck.slides.add_slide(deck.slide_layouts[1])  # empty title and body placeholders
    entries = list(deck.slides._sldIdLst)
    deck.slides._sldIdLst.remove(entries[-1])
    deck.slides._sldIdLst.insert(3, entries[-1])


def add_titled(deck: Any) -> None:
    deck.slides.add_slide(deck.slide_layouts[5]).shapes.title.text = "Backup"


EMPTY_DECK = edit_deck(add_empty, add_titled)
COUNT = len(pptx.Presentation(io.BytesIO(EMPTY_DECK)).slides)


def swap(a: int, b: int) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        entries = list(deck.slides._sldIdLst)
        entries[a], entries[b] = entries[b], entries[a]
        for e in list(deck.slides._sldIdLst):
            deck.slides._sldIdLst.remove(e)
        for e in entries:
            deck.slides._sldIdLst.append(e)
    return change


SHUFFLED = edit_deck(swap(2, 4))
TITLES = [s.shapes.title.text_frame.text for s in pptx.Presentation(io.BytesIO(DECK)).slides]
NOTES = f"# {TITLES[2]}\nOpen with the numbers.\n\n# {TITLES[-1]}\nThank everyone.\n"


def set_notes(index: int, text: str) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        deck.slides[index].notes_slide.notes_text_frame.text = text
    return change


def deck_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: bytes = DECK, extra: dict[str, bytes] | None = None) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output, **(extra or {})}, originals={"in.pptx": given, **(extra or {})})


def hide(*indexes: int) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        for i in indexes:
            deck.slides[i]._element.set("show", "0")
    return change


def agenda_lines(lines: list[str]) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        body = next(s for s in deck.slides[1].placeholders if s.placeholder_format.idx != 0)
        body.text_frame.text = "\n".join(lines)
    return change


STALE = edit_deck(agenda_lines(TITLES[2:-2]))


def deck_replaced(old: str, new: str, *, skip_last: bool = False) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        slides = list(deck.slides)
        for slide in slides[:-1] if skip_last else slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    for paragraph in shape.text_frame.paragraphs:
                        for run in paragraph.runs:
                            run.text = run.text.replace(old, new)
    return change


EVERY = {"old": "e", "new": "E", "whole_word": False, "match_case": True}


def outline(*, notes: bool, drop_last: bool = False) -> bytes:
    lines = []
    for slide in pptx.Presentation(io.BytesIO(DECK)).slides:
        lines.append("# " + slide.shapes.title.text_frame.text)
        for shape in slide.shapes:
            if shape.has_text_frame and shape != slide.shapes.title:
                lines += [f"- {t}" for t in shape.text_frame.text.splitlines() if t.strip()]
        text = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        if notes and text.strip():
            lines.append("> " + text)
    return ("\n".join(lines[:-1] if drop_last else lines) + "\n").encode()


# --- documents ---------------------------------------------------------------------------------

REPORT = write_docx(make_document(*_seeded(5), kind="report"))


def edit_doc(*changes: Callable[[Any], None], data: bytes = REPORT) -> bytes:
    document = docx.Document(io.BytesIO(data))
    for change in changes:
        change(document)
    return _saved(document)


def h1(document: Any) -> list[Any]:
    return [p for p in document.paragraphs if p.style.name == "Heading 1"]


def numbered(skip_last: bool = False) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        heads = h1(document)
        for n, p in enumerate(heads[:-1] if skip_last else heads, start=1):
            p.runs[0].text = f"{n}. {p.runs[0].text}"
    return change


HEADINGS = [p.text for p in h1(docx.Document(io.BytesIO(REPORT)))]
SECTION = HEADINGS[1]


def listed(style: str, *, last_plain: bool = False) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        paragraphs = document.paragraphs
        start = next(i for i, p in enumerate(paragraphs) if p.text == SECTION)
        end = next(i for i in range(start + 1, len(paragraphs)) if paragraphs[i].style.name.startswith("Heading"))
        body = [p for p in paragraphs[start + 1:end] if p.text.strip()]
        for p in body[:-1] if last_plain else body:
            p.style = document.styles[style]
    return change


def body_words(document: Any) -> list[str]:
    return [p.text for p in document.paragraphs if p.text.strip() and not p.style.name.startswith(("Heading", "Title"))]


WORD = "the"


def formatted(*, skip_last: bool = False, spill: bool = False) -> Callable[[Any], None]:
    """Bold every whole-word 'the' (case ignored) in the body by splitting runs; `skip_last`: not the
    last mention; `spill`: the space after the first mention bold too."""
    import copy
    import re

    def change(document: Any) -> None:
        word = re.compile(r"(?<![\w])the(?![\w])", re.IGNORECASE)
        spots = [(p, r) for p in document.paragraphs if not p.style.name.startswith(("Heading", "Title"))
                 for r in list(p.runs) if word.search(r.text)]
        total = sum(len(word.findall(r.text)) for _, r in spots)
        seen = 0
        for p, run in spots:
            pieces, hits = word.split(run.text), word.findall(run.text)
            parts = [pieces[0]]
            for hit, rest in zip(hits, pieces[1:], strict=True):
                parts += [hit, rest]
            run.text, anchor = parts[0], run._r
            for i, text in enumerate(parts[1:], start=1):
                new = copy.deepcopy(run._r)
                anchor.addnext(new)
                anchor = new
                piece = docx.text.run.Run(new, p)
                piece.text = text
                if i % 2:
                    seen += 1
                    piece.font.bold = not (skip_last and seen == total)
                elif spill and seen == 1 and text.startswith(" "):
                    piece.text = text[1:]
                    prev = docx.text.run.Run(new.getprevious(), p)
                    prev.text = prev.text + " "
    return change


def replaced(old: str, new: str, *, flags: int = 0, whole: bool = False, skip_last: bool = False) -> Callable[[Any], None]:
    import re

    pattern = re.compile(rf"(?<!\w){old}(?!\w)" if whole else old, flags)

    def change(document: Any) -> None:
        hits = [p for p in document.paragraphs if pattern.search(p.text)]
        for p in hits[:-1] if skip_last else hits:
            text = pattern.sub(new, p.text)
            for run in p.runs[1:]:
                run.text = ""
            p.runs[0].text = text
    return change


def doc_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.docx", "input_file": "in.docx", **options}, passes, says,
                files={"out.docx": output}, originals={"in.docx": REPORT})


def moved_to_end(document: Any) -> None:
    body = document.element.body
    elements = list(body)
    heads = [p._element for p in h1(document)]
    first, last = elements.index(heads[1]), elements.index(heads[2])
    sect = elements[-1]
    for e in elements[first:last]:
        sect.addprevious(e)


CASES: dict[str, list[Case]] = {
    "pdf.pages_selected": [
        selected("a page range", [2, 3], {"mode": "keep", "from_page": 2, "to_page": 3}, True),
        selected("the range one page short", [2], {"mode": "keep", "from_page": 2, "to_page": 3}, False, "expected 2"),
        selected("all but the last page removed", list(range(1, N)), {"mode": "remove", "pages": [N]}, True),
        selected("reversed", list(range(N, 0, -1)), {"mode": "reverse"}, True),
        selected("reversed but the last two kept in order", [*range(N, 2, -1), 1, 2], {"mode": "reverse"}, False,
                 f"page {N - 1}"),
        selected("the pages mentioning the word", WITH_TERM, {"mode": "containing", "term": TERM}, True),
        selected("its last page left out", WITH_TERM[:-1] or [1, 2], {"mode": "containing", "term": TERM}, False),
        selected("the pages without the word", [n for n in range(1, N + 1) if n not in WITH_TERM],
                 {"mode": "not_containing", "term": TERM}, True),
        selected("a page with the word kept", sorted({*range(1, N + 1)} - set(WITH_TERM[:-1])),
                 {"mode": "not_containing", "term": TERM}, False),
    ],
    "pdf.text_extracted": [
        text_case("every page, laid out differently", "\n\n".join(p.replace(" ", "\n", 3) for p in PAGES), {}, True),
        text_case("the last page's last word missing", "\n".join(PAGES)[: -len(PAGES[-1].split()[-1])], {}, False),
        text_case("a range", "\n".join(PAGES[1:3]), {"from_page": 2, "to_page": 3}, True),
        text_case("a page too many", "\n".join(PAGES[1:4]), {"from_page": 2, "to_page": 3}, False, "more than"),
    ],
    "pdf.term_reported": [
        text_case("the pages, one per line", "\n".join(map(str, WITH_TERM)), {"term": TERM, "report": "pages"}, True),
        text_case("the last page missed", "\n".join(map(str, WITH_TERM[:-1])), {"term": TERM, "report": "pages"}, False),
        text_case("the count", str(sum(mentions(p, TERM) for p in PAGES)), {"term": TERM, "report": "count"}, True),
        text_case("a count one off", str(sum(mentions(p, TERM) for p in PAGES) + 1), {"term": TERM, "report": "count"},
                  False),
        text_case("the first page", f"Page {WITH_TERM[0]}", {"term": TERM, "report": "first"}, True),
    ],
    "slides.titles_changed": [
        deck_case("headline case everywhere", edit_deck(retitle(lambda n, t: title_case(t))), {"rule": "title_case"}, True),
        deck_case("the last title left as it was", edit_deck(retitle(lambda n, t: title_case(t), skip_last=True)),
                  {"rule": "title_case"}, False, f"slide {len(TITLES)}"),
        deck_case("numbered from slide 2", edit_deck(retitle(number)), {"rule": "number"}, True),
        deck_case("capitals", edit_deck(retitle(lambda n, t: t.upper())), {"rule": "upper"}, True),
        deck_case("capitals but the last title", edit_deck(retitle(lambda n, t: t.upper(), skip_last=True)),
                  {"rule": "upper"}, False, f"slide {len(TITLES)}"),
        deck_case("numbering with notes lost", edit_deck(retitle(number), set_notes(2, "")), {"rule": "number"}, False,
                  "notes of slide 3"),
    ],
    "slides.empty_removed": [
        deck_case("the blank slide removed, the titled one kept", edit_deck(drop(3), data=EMPTY_DECK), {}, True,
                  given=EMPTY_DECK),
        deck_case("title-only slides count as empty", edit_deck(drop(COUNT - 1), drop(COUNT - 2), drop(3), data=EMPTY_DECK),
                  {"title_only_is_empty": True}, True, given=EMPTY_DECK),
        deck_case("the last (title-only) slide kept though it counts", edit_deck(drop(3), data=EMPTY_DECK),
                  {"title_only_is_empty": True}, False, given=EMPTY_DECK),
        deck_case("nothing removed", EMPTY_DECK, {}, False, given=EMPTY_DECK),
    ],
    "slides.agenda_order": [
        deck_case("back in the agenda's order", DECK, {}, True, given=SHUFFLED),
        deck_case("left shuffled", SHUFFLED, {}, False, "agenda", given=SHUFFLED),
    ],
    "slides.notes_from_text": [
        deck_case("both blocks set", edit_deck(set_notes(2, "Open with the numbers."), set_notes(-1, "Thank everyone.")),
                  {"notes_file": "notes.md"}, True, extra={"notes.md": NOTES.encode()}),
        deck_case("the last block not set", edit_deck(set_notes(2, "Open with the numbers.")), {"notes_file": "notes.md"},
                  False, f"slide {len(TITLES)}", extra={"notes.md": NOTES.encode()}),
    ],
    "document.headings_numbered": [
        doc_case("every heading numbered", edit_doc(numbered()), {"form": "dot"}, True),
        doc_case("the last heading not numbered", edit_doc(numbered(skip_last=True)), {"form": "dot"}, False,
                 HEADINGS[-1][:20]),
        doc_case("the other form", edit_doc(numbered()), {"form": "section"}, False),
    ],
    "document.list_made": [
        doc_case("bulleted", edit_doc(listed("List Bullet")), {"heading": SECTION, "kind": "bullet"}, True),
        doc_case("the last item left plain", edit_doc(listed("List Bullet", last_plain=True)),
                 {"heading": SECTION, "kind": "bullet"}, False, "style 'Normal'"),
        doc_case("numbered when bullets were asked", edit_doc(listed("List Number")), {"heading": SECTION, "kind": "bullet"},
                 False, "List Bullet"),
    ],
    "document.term_formatted": [
        doc_case("every mention bold", edit_doc(formatted()), {"term": WORD, "format": "bold"}, True),
        doc_case("the last mention missed", edit_doc(formatted(skip_last=True)), {"term": WORD, "format": "bold"}, False,
                 "is not bold"),
        doc_case("a space after a mention bold too", edit_doc(formatted(spill=True)), {"term": WORD, "format": "bold"},
                 False, "should not be bold"),
    ],
    "document.sections_rearranged": [
        doc_case("the second section moved to the end", edit_doc(moved_to_end), {"heading": HEADINGS[1],
                 "op": "move_to_end"}, True),
        doc_case("the wrong section moved", edit_doc(moved_to_end), {"heading": HEADINGS[2], "op": "move_to_end"}, False),
        doc_case("nothing moved", REPORT, {"heading": HEADINGS[1], "op": "move_to_end"}, False),
    ],
    "slides.hidden_set": [
        deck_case("the two named slides hidden", edit_deck(hide(2, 3)), {"titles": TITLES[2:4]}, True),
        deck_case("the second named slide left shown", edit_deck(hide(2)), {"titles": TITLES[2:4]}, False, "slide 4"),
        deck_case("everything after the slide hidden", edit_deck(hide(len(TITLES) - 1)), {"after_title": TITLES[-2]}, True),
        deck_case("one slide too many hidden", edit_deck(hide(len(TITLES) - 2, len(TITLES) - 1)),
                  {"after_title": TITLES[-2]}, False, f"slide {len(TITLES) - 1}"),
    ],
    "slides.agenda_matches": [
        deck_case("the agenda brought up to date", DECK, {"closing_title": TITLES[-1]}, True, given=STALE),
        deck_case("the agenda left without its last topic", STALE, {"closing_title": TITLES[-1]}, False,
                  "expected the slide titles", given=STALE),
        deck_case("a slide after the agenda retitled", edit_deck(retitle(lambda n, t: "Renamed" if n == 3 else t)),
                  {"closing_title": TITLES[-1]}, False, "slide 4 of", given=STALE),
    ],
    "pdf.pages_spliced": [
        spliced("inserted after page 2", [1, 2, -1, -2, *range(3, N + 1)], {"after_page": 2}, True),
        spliced("inserted one page late", [1, 2, 3, -1, -2, *range(4, N + 1)], {"after_page": 2}, False, "page 3"),
        spliced("at the start", [-1, -2, *range(1, N + 1)], {"at_start": True}, True),
        spliced("at the end, the last inserted page missing", [*range(1, N + 1), -1], {}, False, "pages"),
    ],
    "pdf.pages_interleaved": [
        collated("in reading order", list(range(1, N + 1)), BACKS, False, True),
        collated("reversed backs put right", list(range(1, N + 1)), BACKS_REVERSED, True, True),
        collated("reversed backs left reversed", [1, N if N % 2 == 0 else N - 1, *range(3, N + 1)], BACKS_REVERSED,
                 True, False, "page 2"),
    ],
    "document.replaced_by_rule": [
        doc_case("'in' as a whole word, any case", edit_doc(replaced("in", "IN", flags=2, whole=True)),
                 {"old": "in", "new": "IN", "whole_word": True, "match_case": False}, True),
        doc_case("the last paragraph left", edit_doc(replaced("in", "IN", flags=2, whole=True, skip_last=True)),
                 {"old": "in", "new": "IN", "whole_word": True, "match_case": False}, False),
        doc_case("inside words too when whole words were asked", edit_doc(replaced("in", "IN", flags=2)),
                 {"old": "in", "new": "IN", "whole_word": True, "match_case": False}, False),
    ],
    "slides.replaced_by_rule": [
        deck_case("every 'e' on every slide", edit_deck(deck_replaced("e", "E")), EVERY, True),
        deck_case("the last slide missed", edit_deck(deck_replaced("e", "E", skip_last=True)), EVERY, False,
                  f"slide {len(TITLES)}"),
    ],
    "slides.outline_exported": [
        deck_case("the outline with notes", b"", {"file": "out.md", "with_notes": True}, True,
                  extra={"out.md": outline(notes=True)}),
        deck_case("the last line missing", b"", {"file": "out.md", "with_notes": True}, False, "missing",
                  extra={"out.md": outline(notes=True, drop_last=True)}),
        deck_case("notes written though not asked", b"", {"file": "out.md"}, False,
                  extra={"out.md": outline(notes=True)}),
    ],
}
