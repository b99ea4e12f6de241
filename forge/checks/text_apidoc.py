"""A code project's docstrings carried into a markdown reference page: a title, then per module its
docstring and per public function a heading (its name, or its name and parameters) with its
docstring under it. The expected page is rebuilt from the project the task gave (its AST), so a
function left out, one out of order, a docstring retyped wrong or a heading at the wrong level
fails at the block it happens.
"""

from __future__ import annotations

import ast
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.project import project_view
from forge.checks.source import output_view
from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Block = tuple[str, str]  # ("h1".."h6" or "p", text as it reads)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


class ApiDocFrom(CheckOptions):
    file: OutputPath = Field(description="The markdown page the task writes.")
    folder: str = Field(description="The project folder (the task's input), as the instruction names it.")
    package: str = Field(description="The package folder inside the project, e.g. 'acme_tools'.")
    module: str | None = Field(default=None, description="One module's file name (e.g. 'stock.py'); None: every "
                                                         "module of the package but __init__.py, by file name.")
    title: str = Field(description="The page's level-1 heading.")
    signature: bool = Field(description="Function headings read name(parameters as in the def line), else the name.")
    order: Literal["source", "alphabetical"]


def blocks(text: str) -> list[Block]:
    """Headings and paragraphs (consecutive non-blank lines, folded), in order; a list item or a code
    fence counts as paragraph text."""
    out: list[Block] = []
    para: list[str] = []
    for line in text.splitlines():
        heading = _HEADING.match(line.strip())
        if heading or not line.strip():
            if para:
                out.append(("p", fold(" ".join(para))))
                para = []
            if heading:
                out.append((f"h{len(heading[1])}", heading[2].strip().strip("`").strip()))
            continue
        para.append(line)
    if para:
        out.append(("p", fold(" ".join(para))))
    return out


def _heading(node: ast.FunctionDef, signature: bool) -> str:
    return f"{node.name}({ast.unparse(node.args)})" if signature else node.name


def expected_page(files: dict[str, str], opts: ApiDocFrom) -> list[Block]:
    """The page the instruction describes, from the project's modules as given."""
    names = [opts.module] if opts.module else sorted(
        PurePosixPath(p).name for p in files if PurePosixPath(p).parent.as_posix() == opts.package
        and p.endswith(".py") and not p.endswith("__init__.py"))
    level = 2 if opts.module else 3
    page: list[Block] = [("h1", opts.title)]
    for name in names:
        path = f"{opts.package}/{name}"
        if path not in files:
            raise CheckError(f"{opts.folder}/{path} is not in the project")
        tree = ast.parse(files[path])
        if not opts.module:
            page.append(("h2", name))
        if doc := ast.get_docstring(tree):
            page.append(("p", fold(doc)))
        functions = [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
        if opts.order == "alphabetical":
            functions.sort(key=lambda n: n.name)
        for node in functions:
            page.append((f"h{level}", _heading(node, opts.signature)))
            if doc := ast.get_docstring(node):
                page.append(("p", fold(doc)))
    return page


@register_check("text.api_doc_from", ApiDocFrom, view="text")
def api_doc_from(state: FinalState, opts: ApiDocFrom) -> Verdict:
    """The page is exactly: the title as a level-1 heading; for each module asked (by file name, as a
    level-2 heading when several) its docstring; then each public function, in source or
    alphabetical order, as a heading one level down (its name, or name and parameters) followed by
    its docstring as a paragraph (whitespace folded, backticks around a heading allowed)."""
    want = expected_page(project_view(state, opts.folder, original=True).files, opts)
    got = [(kind, text.replace("\\_", "_")) for kind, text in blocks(output_view(state, opts.file, TextView).text)]
    for n, (w, h) in enumerate(zip(want, got, strict=False), start=1):
        if w != h:
            return Verdict.of(False, f"block {n} of {opts.file} is {h[0]} {h[1][:80]!r}, expected {w[0]} {w[1][:80]!r}")
    if len(got) != len(want):
        extra = f"; the first extra is {got[len(want)][1][:60]!r}" if len(got) > len(want) else ""
        return Verdict.of(False, f"{opts.file} has {len(got)} blocks, expected {len(want)}{extra}")
    functions = sum(1 for kind, _ in want if kind == ("h2" if opts.module else "h3"))
    return Verdict.of(True, f"{functions} functions documented")
