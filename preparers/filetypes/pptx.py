"""pptx, end to end: inspect, bound, read as slides, round-trip, mutate.

- `inspect`: python-pptx; slide count, shapes per slide, titles, visible text and notes; a deck
  with no slides is refused, a slide with no shapes is a problem;
- `check_bounds`: the zip's members and inflated sizes, before python-pptx parses XML;
- `read` -> `SlidesView`: per slide its layout name and type, title, shapes (kind, placeholder
  role, alternative text, text, runs, tables), notes and whether it is hidden;
- `libreoffice`: Impress's import filter forced, exported as PDF: one page per shown slide,
  the slides' first texts must appear;
- mutators (on what the oracle changed against the input): a slide dropped, a title changed, a
  body's last line or a slide's notes cut; each changes a private copy of the parts it touches
  (`PackageCopy`: the presentation, a slide or its notes), not a whole python-pptx deck.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pptx.oxml.ns import _nsmap as pptx_namespaces
from pptx.oxml.xmlchemy import BaseOxmlElement as PptxElement

from forge.errors import CheckError, PreparerError
from forge.filetypes import (
    FileReport,
    FileTypeBase,
    LibreOfficeRoute,
    MutantFiles,
    MutationInput,
    parsed_once,
    register_file_type,
    register_mutator,
)
from forge.filetypes.libreoffice import Expect, Unverified, export, require
from forge.views import Run, Shape, Slide, SlidesView, Table, View
from preparers.filetypes._compiled_xpath import use_compiled_xpath
from preparers.filetypes._package_copy import PackageCopy
from preparers.filetypes._zipbounds import check_zip_bounds
from preparers.filetypes.docx import _guarded, table_rows

PPTX = {"pptx"}
use_compiled_xpath(PptxElement, pptx_namespaces)  # every lookup python-pptx makes, here and in the preparers


def _run(run: Any) -> Run:
    font = run.font
    return Run(text=run.text, bold=font.bold, italic=font.italic,
               underline=bool(font.underline) if font.underline is not None else None,
               font=font.name, size_pt=font.size.pt if font.size is not None else None)


def _ph(element: Any) -> Any:
    """The shape's placeholder element (p:ph), python-pptx's CT_Placeholder; None for a shape
    that is not a placeholder. What `shape.is_placeholder` and `placeholder_format` read."""
    found = element.xpath("./*[1]/p:nvPr/p:ph")  # compiled once: `use_compiled_xpath`
    return found[0] if found else None


def _title(shapes: list[Any]) -> Any:
    """`slide.shapes.title` among the slide's shapes: the first placeholder of index 0 (a title's)."""
    return next((sh for sh in shapes if (ph := _ph(sh._element)) is not None and ph.idx == 0), None)


def _role(shape: Any, ph: Any) -> dict[str, str]:
    """Its placeholder role and alternative text (cNvPr's descr), for `Shape`."""
    found = shape._element.xpath("./*[1]/p:cNvPr")
    role = ""
    if ph is not None:
        kind = ph.type
        role = kind.name.lower() if kind is not None else "object"
    return {"placeholder": role, "alt_text": found[0].get("descr", "") if found else ""}


def _shapes(shapes: Any) -> list[Shape]:
    from pptx.shapes.group import GroupShape

    found: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, GroupShape):  # the only shape whose shape_type is GROUP
            found.extend(_shapes(shape.shapes))
            continue
        ph = _ph(shape._element)
        if getattr(shape, "has_table", False) and shape.has_table:
            found.append(Shape(name=shape.name, kind="table", table=Table.of(shape.name, table_rows(shape.table)),
                               **_role(shape, ph)))
        elif shape.has_text_frame:
            kind = "placeholder" if ph is not None else "text box"
            runs = [_run(r) for p in shape.text_frame.paragraphs for r in p.runs]
            found.append(Shape(name=shape.name, kind=kind, text=shape.text_frame.text, runs=runs,
                               levels=[p.level for p in shape.text_frame.paragraphs], **_role(shape, ph)))
        else:
            found.append(Shape(name=shape.name, kind=str(shape.shape_type).split(".")[-1].split(" ")[0].lower(),
                               **_role(shape, ph)))
    return found


@dataclass(frozen=True)
class _Parsed:
    """What forge reads from one pptx, from ONE python-pptx parse: the view (no source), the
    shown slides' first texts (the LibreOffice probes'), and the slides' signatures and notes
    (what the mutators compare the oracle's output with)."""

    view: SlidesView
    shown_firsts: tuple[str, ...]
    shown: int
    signatures: tuple[tuple[str, ...], ...]  # per slide, in order
    notes: frozenset[str]


@parsed_once()
def _parsed(data: bytes) -> _Parsed:
    """Parsed once per content: the file gate's inspection, its LibreOffice probes, the checks'
    view and the mutators' look at the input share one parse (python-pptx parses every part of
    the package, ~10 ms a deck). Read-only: a mutator opens its own deck to change."""
    import pptx

    deck = pptx.Presentation(io.BytesIO(data))
    slides, firsts, signatures, notes = [], [], [], set()
    for number, slide in enumerate(deck.slides, start=1):
        shapes = list(slide.shapes)  # python-pptx makes a new proxy per shape on every iteration
        texts = [sh.text_frame.text for sh in shapes if sh.has_text_frame]
        title, said, hidden = _title(shapes), _notes(slide), slide._element.get("show") == "0"
        slides.append(Slide(number=number, layout=slide.slide_layout.name or "",
                            layout_type=slide.slide_layout._element.get("type") or "",
                            title=title.text_frame.text if title is not None and title.has_text_frame else "",
                            shapes=_shapes(shapes), notes=said, hidden=hidden))
        signatures.append((*texts, said))
        if slide.has_notes_slide:
            notes.add(said)
        first = next((t for t in texts if t.strip()), None)
        if not hidden and first is not None:
            firsts.append(first.strip().split("\n")[0])  # a first paragraph: the pdf puts bullet glyphs between
    return _Parsed(view=SlidesView(source="", slides=slides), shown_firsts=tuple(firsts),
                   shown=sum(not s.hidden for s in slides), signatures=tuple(signatures), notes=frozenset(notes))


def _notes(slide: Any) -> str:
    """The slide's speaker notes; "" without a notes slide or one with no notes placeholder
    (asking for `notes_slide` would add one)."""
    frame = slide.notes_slide.notes_text_frame if slide.has_notes_slide else None
    return frame.text if frame is not None else ""


def read_slides(data: bytes, path: str) -> SlidesView:
    try:
        view = _parsed(data).view
    except Exception as exc:  # BadZipFile, KeyError on a missing part, lxml errors, ValueError
        raise CheckError(f"{path} is not a readable pptx presentation: {type(exc).__name__}: {exc}") from exc
    return view.model_copy(update={"source": path})


# --- LibreOffice route -------------------------------------------------------------------------


def _expect(data: bytes) -> Expect:
    parsed = _parsed(data)
    texts = list(parsed.shown_firsts)
    return Expect(opened=True, groups={"": texts[:9] + texts[9:][-1:]}, pages=parsed.shown)


_PDFIUM = threading.Lock()  # PDFium is not thread-safe; round trips run on the gate's threads


def _pdf_text(path: Path) -> tuple[str, int]:
    """The pdf's text and page count, read by PDFium (pypdfium2): ~1.6 ms for a deck LibreOffice
    exported, where pypdf's layout-aware extraction took ~26 ms. PDFium marks a hyphen that ends a
    line as U+FFFE: it is the hyphen the slide shows."""
    import pypdfium2 as pdfium

    with _PDFIUM:
        document = pdfium.PdfDocument(path)
        try:
            texts = []
            for page in document:
                textpage = page.get_textpage()
                texts.append(textpage.get_text_range().replace("\ufffe", "-"))
                textpage.close()
                page.close()
            return "\n".join(texts), len(texts)
        finally:
            document.close()


def _check_pdf(outdir: Path, stem: str, expect: Expect) -> str:
    out = export(outdir, stem, "pdf", "a presentation")
    try:
        text, pages = _pdf_text(out)
    except Exception as exc:  # PdfiumError on a damaged export
        raise Unverified(f"wrote a pdf that PDFium cannot read: {type(exc).__name__}: {exc}") from exc
    if expect.pages is not None and pages != expect.pages:
        raise Unverified(f"wrote {pages} page(s) for {expect.pages} shown slide(s)")
    probes = require(expect, "", text, "the pdf")
    return f"LibreOffice rendered {pages} slide(s); {probes} probe text(s) found in its pdf"


@register_file_type("pptx")
class PptxFile(FileTypeBase):
    """PowerPoint decks, read with python-pptx."""

    extensions = (".pptx",)
    views = ("slides",)
    libreoffice = LibreOfficeRoute("Impress MS PowerPoint 2007 XML", "pdf:impress_pdf_Export", _expect, _check_pdf)

    def inspect(self, data: bytes) -> FileReport:
        return _guarded("pptx presentation", self._inspect, data)

    def _inspect(self, data: bytes) -> FileReport:
        view = read_slides(data, "deck")
        if not view.slides:
            raise PreparerError("pptx presentation has zero slides")
        texts = [s.text for slide in view.slides for s in slide.shapes if s.text.strip()]
        texts += [str(c) for slide in view.slides for s in slide.shapes if s.table is not None
                  for row in s.table.rows for c in row if c is not None]
        texts += [slide.notes for slide in view.slides if slide.notes.strip()]
        return FileReport(
            type="pptx",
            summary={"slides": len(view.slides), "shapes_per_slide": [len(s.shapes) for s in view.slides],
                     "titles": [s.title for s in view.slides], "layouts": [s.layout for s in view.slides],
                     "text_shapes": sum(1 for slide in view.slides for s in slide.shapes
                                        if s.text.strip() or s.table is not None)},
            text="\n".join(texts),
            problems=[f"slide {s.number} has no shapes" for s in view.slides if not s.shapes],
        )

    def check_bounds(self, data: bytes, path: str) -> None:
        check_zip_bounds(data, path, self.max_bytes)

    def read(self, data: bytes, path: str, view: str) -> View:
        return read_slides(data, path)


# --- mutators ----------------------------------------------------------------------------------


def _changed(probe: MutationInput) -> tuple[str, list[int]] | None:
    """(output path, 0-based indexes of its slides whose title or text is not in the input), read
    from the shared parses: a mutator opens a deck of its own only when it has something to change."""
    path = next(iter(probe.outputs_of_type(PPTX)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    source = probe.input_of_type("pptx")
    before = frozenset(_parsed(probe.inputs[source]).signatures) if source is not None else frozenset()
    changed = [i for i, s in enumerate(_parsed(probe.oracle_outputs[path]).signatures) if s not in before]
    return (path, changed) if changed else None


class _DeckCopy:
    """The oracle's deck for one mutator: the parts it changes parsed with python-pptx's element
    classes (the presentation, a slide, its notes), every other part written back byte for byte."""

    def __init__(self, data: bytes) -> None:
        from pptx.oxml import parse_xml

        self.package = PackageCopy(data, parse_xml)
        self.name = self.package.related("", "officeDocument")

    @property
    def slide_ids(self) -> Any:
        """The presentation's sldIdLst: its slides in order (python-pptx's `deck.slides`)."""
        return self.package.part(self.name).sldIdLst

    def slide(self, index: int) -> Any:
        """The slide's element (p:sld)."""
        rid = self.slide_ids[index].rId
        return self.package.part(self.package.targets(self.name)[rid].part)

    def notes(self, index: int) -> Any:
        """The slide's notes slide element (p:notes); KeyError without one."""
        rid = self.slide_ids[index].rId
        return self.package.part(self.package.related(self.package.targets(self.name)[rid].part, "notesSlide"))


@register_mutator("pptx.drop_slide", file_types=PPTX)
def drop_slide(probe: MutationInput) -> MutantFiles | None:
    """The last slide the task added or changed is missing."""
    found = _changed(probe)
    if found is None:
        return None
    path, changed = found
    deck = _DeckCopy(probe.oracle_outputs[path])
    slides = deck.slide_ids
    slides.remove(slides[changed[-1]])  # as python-pptx drops one: the slide's part stays, unlisted
    return {**probe.oracle_outputs, path: deck.package.save()}


@register_mutator("pptx.wrong_title", file_types=PPTX)
def wrong_title(probe: MutationInput) -> MutantFiles | None:
    """A slide the task added or changed has a slightly different title."""
    found = _changed(probe)
    if found is None:
        return None
    path, changed = found
    slides = _parsed(probe.oracle_outputs[path]).view.slides
    i = next((i for i in changed if slides[i].title.strip()), None)
    if i is None:
        return None
    from pptx.shapes.shapetree import SlideShapes

    deck = _DeckCopy(probe.oracle_outputs[path])
    title = SlideShapes(deck.slide(i).cSld.spTree, None).title
    title.text_frame.text = title.text_frame.text.strip()[:-1] or "x"
    return {**probe.oracle_outputs, path: deck.package.save()}


@register_mutator("pptx.wrong_body", file_types=PPTX)
def wrong_body(probe: MutationInput) -> MutantFiles | None:
    """A slide the task added or changed lost the last line of its body text."""
    found = _changed(probe)
    if found is None:
        return None
    from pptx.shapes.shapetree import SlidePlaceholders

    path, changed = found
    deck = _DeckCopy(probe.oracle_outputs[path])
    for i in changed:
        for shape in SlidePlaceholders(deck.slide(i).cSld.spTree, None):
            if shape.placeholder_format.idx != 0 and shape.has_text_frame and len(shape.text_frame.paragraphs) > 1:
                paragraph = shape.text_frame.paragraphs[-1]._p
                paragraph.getparent().remove(paragraph)
                return {**probe.oracle_outputs, path: deck.package.save()}
    return None


@register_mutator("pptx.wrong_notes", file_types=PPTX)
def wrong_notes(probe: MutationInput) -> MutantFiles | None:
    """Speaker notes the task wrote are cut short."""
    path = next(iter(probe.outputs_of_type(PPTX)), None)
    source = probe.input_of_type("pptx")
    if path is None or path not in probe.oracle_outputs:
        return None
    before = _parsed(probe.inputs[source]).notes if source else frozenset()
    slides = _parsed(probe.oracle_outputs[path]).view.slides
    wrote = (i for i, s in enumerate(slides) if s.notes.strip() and s.notes not in before)  # slides may have moved
    i = next(wrote, None)
    if i is None:
        return None
    from pptx.slide import NotesSlide

    deck = _DeckCopy(probe.oracle_outputs[path])
    notes = slides[i].notes.rstrip()
    frame = NotesSlide(deck.notes(i), None).notes_text_frame
    assert frame is not None  # the slide has notes text, so a notes placeholder
    frame.text = notes[: len(notes) // 2]
    return {**probe.oracle_outputs, path: deck.package.save()}
