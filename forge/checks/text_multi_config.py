"""A JSON config documented as a markdown table (a README's or wiki page's settings reference): a
heading, then a pipe table of every setting (or one section's) with its value. The expected rows are
the JSON the task gave, flattened as `document.config_documented` does it (dotted paths, list items
from 1, file or alphabetical order, values as written or booleans as Yes/No); markdown adds the
setting names as inline code when asked. A row left out, spelt another way or retyped fails at its row.
"""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.document_config import ConfigDocumented, same_value_text, flatten, shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_reports import markdown_tables
from forge.errors import CheckError
from forge.views import JsonView, TextView


class ConfigTable(ConfigDocumented):
    file: OutputPath = Field(description="The markdown page.")
    heading: str = Field(description="The heading the table follows.")
    code_names: bool = Field(default=False, description="Each setting name as inline code (`server.port`); "
                                                        "False: written plain or as code, either way.")


def _name_issue(cell: str, path: str, code: bool) -> bool:
    """Whether the name cell fails to show `path` (as inline code when asked)."""
    if code:
        return cell != f"`{path}`"
    return cell.strip("`") != path


@register_check("text.config_table", ConfigTable, view="text")
def config_table(state: FinalState, opts: ConfigTable) -> Verdict:
    """The page has the heading, then as its first pipe table the header asked for and one row per
    setting (of the whole file, or of one section without its prefix): its dotted path (as inline
    code when asked) and its value as the file writes it (booleans Yes/No if asked; a value in
    backticks reads the same), in file or alphabetical order; no other rows."""
    config = input_view(state, opts.input_file, JsonView).value
    if opts.section is not None:
        if not isinstance(config, dict) or not isinstance(config.get(opts.section), dict):
            raise CheckError(f"{opts.input_file} has no section {opts.section!r}")
        config = config[opts.section]
    pairs = flatten(config)
    if opts.order == "alphabetical":
        pairs.sort(key=lambda p: p[0])
    page = output_view(state, opts.file, TextView)
    tables = markdown_tables(page)
    if not tables:
        return Verdict.of(False, f"{opts.file} has no markdown pipe table (a header row, then a |---| row)")
    first = next((n for n, line in enumerate(page.lines) if "|" in line), 0)
    if not any(fold(h.text) == fold(opts.heading) and h.line <= first for h in page.headings):
        return Verdict.of(False, f"{opts.file} has no heading {opts.heading!r} before its table; its headings are "
                          f"{[h.text for h in page.headings][:6]}")
    header, _, rows = tables[0]
    if [fold(c) for c in header] != opts.columns:
        return Verdict.of(False, f"the table's header is {header}, expected {opts.columns}")
    for n, ((path, value), row) in enumerate(zip(pairs, rows, strict=False), start=1):
        want = shown(value, opts.yes_no)
        if len(row) != 2 or _name_issue(row[0], path, opts.code_names) or not same_value_text(want, row[1].strip("`")):
            name = f"`{path}`" if opts.code_names else path
            return Verdict.of(False, f"row {n} of the table is {row}, expected {[name, want]}")
    if len(rows) != len(pairs):
        return Verdict.of(False, f"the table has {len(rows)} setting rows, expected {len(pairs)}")
    return Verdict.of(True, f"{len(pairs)} settings documented{' with their names as code' if opts.code_names else ''}")
