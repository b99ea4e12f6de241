"""docx, end to end: inspect, bound, read as a document or its tables, round-trip, mutate.

- `inspect`: python-docx; paragraphs, tables, headings, header/footer text; an empty document
  (no text, no tables) is refused: a task built on it is broken even though the zip is valid;
- `check_bounds`: the zip's members and their inflated sizes, before python-docx parses XML;
- `read` -> `DocumentView` (paragraphs with style, heading level, runs, page breaks, hyperlinks
  and note references; tables; headers and footers; each section's page setup; tables of
  contents: `preparers.filetypes._docx_parts`) or `TableView` (its tables, so the table checks serve docx tables too);
- `libreoffice`: Writer's import filter forced, exported as UTF-8 text; the first and last
  paragraphs must appear;
- mutators (on what the oracle changed against the input): a paragraph dropped, set in the plain
  Normal style or slightly reworded, a header or footer slightly reworded; a paragraph mutant
  changes a private copy of the main document part only (`PackageCopy`).
"""

from __future__ import annotations

import functools
import io
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docx.oxml.ns import nsmap as docx_namespaces
from docx.oxml.xmlchemy import BaseOxmlElement as DocxElement

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
from forge.filetypes.libreoffice import Expect, Unverified, ends, export, require
from forge.views import DocumentView, Paragraph, Run, Table, TableView, View
from preparers.filetypes._cells import number_or_text
from preparers.filetypes._docx_parts import (
    ParagraphParts,
    break_styles,
    page_setups,
    paragraph_parts,
    tables_of_contents,
)
from preparers.filetypes._compiled_xpath import use_compiled_xpath
from preparers.filetypes._package_copy import PackageCopy
from preparers.filetypes._zipbounds import check_zip_bounds

DOCX = {"docx"}
use_compiled_xpath(DocxElement, docx_namespaces)  # every lookup python-docx makes, here and in the preparers


def _guarded(kind: str, read: Any, data: bytes) -> Any:
    """Run `read`, turning any library error into a PreparerError: a damaged part can surface as
    an AttributeError or lxml error while walking the document, not only when opening it."""
    try:
        return read(data)
    except PreparerError:
        raise
    except Exception as exc:  # BadZipFile, PackageNotFoundError, ValueError (wrong type), KeyError, ...
        raise PreparerError(f"not a readable {kind}: {type(exc).__name__}: {exc}") from exc


def table_rows(table: Any) -> list[list[str]]:
    """A python-docx/pptx table's cell texts, row by row (a merged cell repeats in each slot it spans)."""
    return [[cell.text for cell in row.cells] for row in table.rows]


Grid = list[list[tuple[Any, str]]]  # a table's rows of (cell element, cell text)


def _grid(table: Any) -> Grid:
    """Each grid slot's cell element and text, read once: python-docx rebuilds a row's cells and
    runs an XPath per paragraph on every `cell.text` (a table read three times was ~60% of a parse)."""
    return [[(cell._tc, cell.text) for cell in row.cells] for row in table.rows]


def unique_cell_texts(grid: Grid) -> Iterator[str]:
    """Non-empty cell texts once each: a merged cell appears in every grid slot it spans, so dedupe by
    XML node (the set holds the lxml elements themselves: an id() of a dropped proxy can be reused)."""
    seen: set[Any] = set()
    for row in grid:
        for tc, text in row:
            if tc not in seen:
                seen.add(tc)
                if text.strip():
                    yield text


def _heading_level(style_name: str) -> int | None:
    if style_name == "Title":
        return 0
    if style_name.startswith("Heading "):
        tail = style_name.removeprefix("Heading ").strip()
        return int(tail) if tail.isdigit() else None
    return None


def _run(run: Any) -> Run:
    font = run.font
    return Run(text=run.text, bold=run.bold, italic=run.italic, underline=bool(run.underline) if
               run.underline is not None else None, font=font.name, size_pt=font.size.pt if font.size else None)


@dataclass(frozen=True)
class _StyleTables:
    """A styles part's paragraph styles: id -> name, the default's name, id -> starts a page."""

    names: dict[str, str]
    fallback: str
    breaks: dict[str, bool]

    @classmethod
    def of(cls, styles: Any) -> _StyleTables:
        from docx.enum.style import WD_STYLE_TYPE

        default = styles.default(WD_STYLE_TYPE.PARAGRAPH)
        return cls(names={s.style_id: s.name or "" for s in styles if s.type == WD_STYLE_TYPE.PARAGRAPH},
                   fallback=(default.name or "") if default is not None else "", breaks=break_styles(styles))

    def style_of(self, paragraph: Any) -> str:
        """The paragraph's style name, resolved as python-docx's `paragraph.style` does (a missing or
        unknown id: the default paragraph style), without its XPath search of every style."""
        return self.names.get(paragraph._p.style, self.fallback)


@parsed_once(maxsize=8)
def _tables_of_styles_part(styles_xml: bytes) -> _StyleTables:
    """Keyed by the styles part's bytes: documents from one template (nearly every file a task
    holds) share one table instead of walking ~160 styles per parse."""
    from docx.oxml.parser import parse_xml
    from docx.styles.styles import Styles

    return _StyleTables.of(Styles(parse_xml(styles_xml)))


def _style_tables(document: Any, data: bytes) -> _StyleTables:
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    try:
        name = document.part.part_related_by(RT.STYLES).partname.lstrip("/")
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return _tables_of_styles_part(archive.read(name))
    except KeyError:  # no styles part in the file: python-docx supplies its default one
        return _StyleTables.of(document.styles)


def _paragraph(p: Any, style_of: Callable[[Any], str], parts: ParagraphParts) -> Paragraph:
    style = style_of(p)
    alignment = p.alignment.name.lower() if p.alignment is not None else None
    return Paragraph(text=p.text, style=style or "", heading_level=_heading_level(style or ""),
                     alignment=alignment, runs=[_run(r) for r in p.runs], page_break_before=parts.page_break_before,
                     links=parts.links, notes=parts.notes)


Margins = tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # per section: (header, footer) paragraph texts


@dataclass(frozen=True)
class _Parsed:
    """What forge reads from one docx, from ONE python-docx parse: the view (no source), the
    non-empty cell texts once each (the file gate's), every non-empty paragraph and cell text
    (the LibreOffice probes'), and each section's header and footer paragraphs (a mutator's)."""

    view: DocumentView
    unique_cells: tuple[str, ...]
    texts: tuple[str, ...]
    margins: Margins


@parsed_once()
def _parsed(data: bytes) -> _Parsed:
    """Parsed once per content: the file gate's inspection, its LibreOffice probes and the checks'
    view of the same bytes share one parse (python-docx parses every XML part, ~16 ms a file).
    Read-only: a mutator opens its own Document."""
    import docx

    document = docx.Document(io.BytesIO(data))
    styles = _style_tables(document, data)
    style_of = styles.style_of
    body = document.paragraphs
    paragraphs = [_paragraph(p, style_of, parts)
                  for p, parts in zip(body, paragraph_parts(document, body, styles.breaks), strict=True)]
    grids = [_grid(t) for t in document.tables]
    margins = tuple((tuple(p.text for p in s.header.paragraphs), tuple(p.text for p in s.footer.paragraphs))
                    for s in document.sections)
    view = DocumentView(source="", paragraphs=paragraphs, sections=page_setups(document, body),
                        contents=tables_of_contents(document, body, style_of),
                        tables=[Table.of(f"table {n}", [[text for _, text in row] for row in grid])
                                for n, grid in enumerate(grids, start=1)],
                        headers=["\n".join(header) for header, _ in margins],
                        footers=["\n".join(footer) for _, footer in margins])
    texts = [p.text for p in paragraphs if p.text.strip()]
    texts += [text for grid in grids for row in grid for _, text in row if text.strip()]
    return _Parsed(view, tuple(t for grid in grids for t in unique_cell_texts(grid)), tuple(texts), margins)


def read_document(data: bytes, path: str) -> DocumentView:
    try:
        view = _parsed(data).view
    except Exception as exc:  # BadZipFile, KeyError on a missing part, lxml errors, ValueError
        raise CheckError(f"{path} is not a readable docx document: {type(exc).__name__}: {exc}") from exc
    return view.model_copy(update={"source": path})


# --- LibreOffice route -------------------------------------------------------------------------


def _expect(data: bytes) -> Expect:
    return Expect(opened=True, groups={"": ends(list(_parsed(data).texts))})


def _check_txt(outdir: Path, stem: str, expect: Expect) -> str:
    try:
        text = export(outdir, stem, "txt", "a text document").read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unverified(f"wrote a txt that is not UTF-8: {exc}") from exc
    probes = require(expect, "", text, "the txt")
    return f"LibreOffice loaded the document; {probes} probe text(s) found in its txt"


@register_file_type("docx")
class DocxFile(FileTypeBase):
    """Word documents, read with python-docx."""

    extensions = (".docx",)
    views = ("document", "table")
    libreoffice = LibreOfficeRoute("MS Word 2007 XML", "txt:Text (encoded):UTF8", _expect, _check_txt)

    def inspect(self, data: bytes) -> FileReport:
        return _guarded("docx document", self._inspect, data)

    def _inspect(self, data: bytes) -> FileReport:
        view = read_document(data, "document")
        body = [p.text for p in view.paragraphs if p.text.strip()]
        cells = list(_parsed(data).unique_cells)
        if not body and not view.tables:
            raise PreparerError("docx document is empty: no paragraph has text and there are no tables")
        margins = [t for t in view.headers + view.footers if t.strip()]
        return FileReport(
            type="docx",
            summary={"paragraphs": len(view.paragraphs), "non_empty_paragraphs": len(body),
                     "tables": len(view.tables), "non_empty_cells": len(cells),
                     "headings": [p.text for p in view.headings() if p.text.strip()][:20],
                     "sections": len(view.headers), "words": sum(len(t.split()) for t in body + cells)},
            text="\n".join(body + cells + margins),
        )

    def check_bounds(self, data: bytes, path: str) -> None:
        check_zip_bounds(data, path, self.max_bytes)

    def read(self, data: bytes, path: str, view: str) -> View:
        document = read_document(data, path)
        if view == "table":
            tables = [Table.of(t.name, [[number_or_text(str(c)) if c is not None else None for c in row]
                                        for row in t.rows]) for t in document.tables]
            return TableView(source=path, tables=tables)
        return document


# --- mutators ----------------------------------------------------------------------------------


class _MainPart:
    """The oracle's docx with only its main document part parsed (python-docx's element classes), for
    one mutator to change; every other part is written back byte for byte (`PackageCopy`)."""

    def __init__(self, data: bytes) -> None:
        from docx.oxml.parser import parse_xml

        self._data = data
        self.package = PackageCopy(data, parse_xml)
        self.name = self.package.related("", "officeDocument")
        self.element = self.package.part(self.name)

    @functools.cached_property
    def styles(self) -> _StyleTables:
        """The document's paragraph styles (only `plain_style` asks)."""
        try:
            return _tables_of_styles_part(self.package.read(self.package.related(self.name, "styles")))
        except KeyError:  # no styles part: python-docx's default one, as `_style_tables` reads it
            import docx

            return _StyleTables.of(docx.Document(io.BytesIO(self._data)).styles)

    @functools.cached_property
    def paragraphs(self) -> list[Any]:
        """The body's paragraphs as python-docx's `Document.paragraphs` lists them (no part behind
        them: their text and runs, not their style objects)."""
        from docx.text.paragraph import Paragraph as DocxParagraph

        return [DocxParagraph(p, None) for p in self.element.body.p_lst]

    def save(self) -> bytes:
        return self.package.save()


def _changed(probe: MutationInput) -> tuple[str, _MainPart, list[int]] | None:
    """(output path, a private copy of its main part, indexes of paragraphs not in the input);
    None, without making a private copy, when the task changed no paragraph."""
    path = next(iter(probe.outputs_of_type(DOCX)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    if "docx.changed" not in probe.cache:  # the same for every mutator, from the shared parses (read only)
        source = probe.input_of_type("docx")
        before: set[tuple[str, str]] = set()
        if source is not None:
            before = {(p.text, p.style) for p in _parsed(probe.inputs[source]).view.paragraphs}
        after = _parsed(probe.oracle_outputs[path]).view.paragraphs  # document.paragraphs, in order
        probe.cache["docx.changed"] = [i for i, p in enumerate(after) if p.text.strip() and (p.text, p.style) not in before]
    changed = probe.cache["docx.changed"]
    if not changed:
        return None
    return path, _MainPart(probe.oracle_outputs[path]), list(changed)  # each mutator its own


def _save(document: Any) -> bytes:
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


@register_mutator("docx.drop_paragraph", file_types=DOCX)
def drop_paragraph(probe: MutationInput) -> MutantFiles | None:
    """The last paragraph the task added or changed is missing (work left half done)."""
    found = _changed(probe)
    if found is None:
        return None
    path, main, changed = found
    element = main.paragraphs[changed[-1]]._element
    element.getparent().remove(element)
    return {**probe.oracle_outputs, path: main.save()}


@register_mutator("docx.plain_style", file_types=DOCX)
def plain_style(probe: MutationInput) -> MutantFiles | None:
    """A paragraph the task added or changed has the plain Normal style instead of the one asked for."""
    found = _changed(probe)
    if found is None:
        return None
    path, main, changed = found
    styled = [i for i in changed if main.styles.style_of(main.paragraphs[i]) != "Normal"]
    normal = [style_id for style_id, name in main.styles.names.items() if name == "Normal"]
    if not styled or not normal:
        return None
    # as python-docx sets a style: the default paragraph style is no pStyle at all
    main.paragraphs[styled[0]]._p.style = None if main.styles.fallback == "Normal" else normal[0]
    return {**probe.oracle_outputs, path: main.save()}


@register_mutator("docx.wrong_text", file_types=DOCX)
def wrong_text(probe: MutationInput) -> MutantFiles | None:
    """A paragraph the task added or changed says something slightly different (a typo, a wrong word)."""
    found = _changed(probe)
    if found is None:
        return None
    path, main, changed = found
    paragraph = main.paragraphs[changed[0]]
    runs = [r for r in paragraph.runs if r.text.strip()]
    if not runs:
        return None
    runs[-1].text = runs[-1].text.rstrip()[:-1] if len(runs[-1].text.strip()) > 1 else runs[-1].text + "x"
    return {**probe.oracle_outputs, path: main.save()}


@register_mutator("docx.wrong_margin_text", file_types=DOCX)
def wrong_margin_text(probe: MutationInput) -> MutantFiles | None:
    """A header or footer the task set reads slightly differently (a typo)."""
    import docx

    path = next(iter(probe.outputs_of_type(DOCX)), None)
    source = probe.input_of_type("docx")
    if path is None or path not in probe.oracle_outputs:
        return None
    before = _parsed(probe.inputs[source]).margins if source else ()
    if not _margin_edited(_parsed(probe.oracle_outputs[path]).margins, before):
        return None  # decided on the shared parses: no private copy to open
    document = docx.Document(io.BytesIO(probe.oracle_outputs[path]))
    for n, section in enumerate(document.sections):
        for side, part in enumerate((section.header, section.footer)):
            old = before[n][side] if n < len(before) else ()
            for i, paragraph in enumerate(part.paragraphs):
                was = old[i] if i < len(old) else ""
                if paragraph.text.strip() and paragraph.text != was:
                    paragraph.text = paragraph.text.rstrip()[:-1]
                    return {**probe.oracle_outputs, path: _save(document)}
    return None


def _margin_edited(after: Margins, before: Margins) -> bool:
    """Whether a header or footer paragraph of `after` has text that `before` has not at its place."""
    return any(text.strip() and text != (before[n][side][i] if n < len(before) and i < len(before[n][side]) else "")
               for n, section in enumerate(after) for side, texts in enumerate(section) for i, text in enumerate(texts))
