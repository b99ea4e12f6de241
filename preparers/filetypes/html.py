"""html, read as what a person sees: its tables (a `TableView`, so the table checks serve html tables
as they serve xlsx and csv) and its visible text (a `TextView`). Parsed with the standard library's
tolerant `html.parser`: a browser shows broken markup too, so only undecodable or empty files fail.
No LibreOffice route: the agent opens html in a browser, not in an office app.
"""

from __future__ import annotations

from html.parser import HTMLParser

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, register_file_type
from forge.views import Table, TableView, TextView, View
from preparers.filetypes.csv import typed
from preparers.filetypes.text import decode_utf8

_HIDDEN = {"script", "style", "template", "head"}


class _Reader(HTMLParser):
    """Visible text, the title, and every <table> as rows of cell texts (nested tables flattened)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.title = ""
        self.tables: list[list[list[str]]] = []
        self._hidden = 0
        self._in_title = False
        self._open: list[list[list[str]]] = []  # tables being read, innermost last
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden += 1
        self._in_title = self._in_title or tag == "title"
        if tag == "table":
            self._open.append([])
        elif tag == "tr" and self._open:
            self._open[-1].append([])
        elif tag in ("td", "th") and self._open:
            if not self._open[-1]:
                self._open[-1].append([])
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN and self._hidden:
            self._hidden -= 1
        if tag == "title":
            self._in_title = False
        if tag in ("td", "th") and self._cell is not None and self._open:
            self._open[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "table" and self._open:
            self.tables.append([row for row in self._open.pop() if row])

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._hidden:
            return
        if self._cell is not None:
            self._cell.append(data)
        if data.strip():
            self.texts.append(data.strip())


def _read(data: bytes) -> _Reader:
    reader = _Reader()
    reader.feed(decode_utf8(data, "html"))
    reader.close()
    if not reader.texts:
        raise PreparerError("html page shows no text")
    return reader


@register_file_type("html")
class HtmlFile(FileTypeBase):
    """HTML pages: visible text and tables, as a browser shows them."""

    extensions = (".html", ".htm")
    views = ("table", "text")

    def inspect(self, data: bytes) -> FileReport:
        reader = _read(data)
        return FileReport(type="html", summary={"title": reader.title.strip(), "tables": len(reader.tables),
                                                 "rows_per_table": [len(t) for t in reader.tables]},
                          text="\n".join(reader.texts))

    def read(self, data: bytes, path: str, view: str) -> View:
        try:
            reader = _read(data)
        except PreparerError as exc:
            raise CheckError(f"{path} is not a readable html page: {exc}") from exc
        if view == "text":
            return TextView(source=path, text="\n".join(reader.texts))
        tables = [Table.of(f"table {n}", [[cell.strip() for cell in rows[0]], *[[typed(c) for c in r] for r in rows[1:]]])
                  for n, rows in enumerate(reader.tables, start=1)]
        return TableView(source=path, tables=tables)
