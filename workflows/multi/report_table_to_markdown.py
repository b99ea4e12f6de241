"""Publish the table of a Word report or a PDF printout as a markdown table for a README or wiki page
(document or PDF -> text): `text.csv_to_markdown`'s task (a heading or not, number columns
right-aligned or not) with the table read out of another app's file, the way `_hop` reads it.
Registered once per source: `multi.report_to_markdown.docx`, `multi.report_to_markdown.pdf`."""

from __future__ import annotations

import textwrap

from preparers.data import Table
from workflows.multi._hop import FORMATS, printed
from workflows.spec import FileSlot, register_workflow
from workflows.text.csv_to_markdown import CsvToMarkdown

PAGE_ROWS = 18  # a printout's table stays on its first page, which is where the hop reads it


class ReportToMarkdown(CsvToMarkdown):
    def source_bytes(self, table: Table) -> bytes:
        table = printed(table)
        if self.input_ext == "pdf":
            table = table.model_copy(update={"rows": table.rows[:PAGE_ROWS]})
        write = FORMATS[self.input_ext].write
        assert write is not None
        return write(table, table.title[:31])


def _reader(ext: str) -> str:
    """The hop's reader for `ext` as `CsvToMarkdown.reader` wants it: `rows` with the header first, the
    path as SOURCE, continuation lines indented to the reference script's depth."""
    code = FORMATS[ext].reader("@@").replace("'@@'", "SOURCE") + "\nrows = [header, *rows]"
    return textwrap.indent(code, " " * 12).lstrip()


def _register(ext: str) -> type[ReportToMarkdown]:
    src = FORMATS[ext]
    noun = src.noun.removeprefix("the ")
    spec = CsvToMarkdown.spec.model_copy(update=dict(
        name=f"multi.report_to_markdown.{ext}", apps=[src.app, "text"],
        phrasings=[
            f"Copy the table in the {noun} {{{{ input }}}} into {{{{ output }}}} as a markdown pipe table for the wiki: "
            "the same header and every row in order.{% if heading %} Put a heading \"{{ heading }}\" above it."
            "{% endif %}{% if right_align %} Right-align the number columns, and only those.{% endif %}",
            f"The wiki can't show a {noun.split()[-1]}. Could you turn the table in {{{{ input }}}} into markdown in "
            "{{ output }}? Every row, unchanged.{% if heading %} Title it \"{{ heading }}\".{% endif %}"
            "{% if right_align %} Numbers right-aligned, please.{% endif %}",
            "{{ input }} (its table) -> markdown table {{ output }}{% if heading %} under \"{{ heading }}\"{% endif %}"
            "{% if right_align %}, number columns ---:{% endif %}; all rows, same order.",
        ],
        files=[FileSlot(param="input", type=ext, role="input", description=noun[:1].upper() + noun[1:]),
               FileSlot(param="output", type="md", description="The markdown table")],
    ))
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "input_ext": ext, "reader": _reader(ext), "__module__": __name__}
    return register_workflow(type(f"ReportToMarkdown{ext.capitalize()}", (ReportToMarkdown,), attrs))


FAMILIES = [_register("docx"), _register("pdf")]
