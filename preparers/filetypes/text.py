"""Plain-text handlers: txt, md, json and py (csv has its own module, `preparers.filetypes.csv`).

All of them must decode as strict UTF-8 (a BOM is tolerated) without NUL bytes: a produced
file in another encoding shows as mojibake in the agent's editor. Each then parses with the
standard library's own parser, and `text` is what a person would see, for the leftover scan.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from typing import Any

from forge.errors import PreparerError
from forge.filetypes import FileReport, FileTypeBase, register_file_type

_HEADING = re.compile(r"^ {0,3}#{1,6}\s+\S", re.MULTILINE)
_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")


def decode_utf8(data: bytes, kind: str) -> str:
    """Strict UTF-8 (optional BOM), no NUL bytes, not blank; the error names the byte offset."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise PreparerError(f"{kind} file contains a NUL byte at offset {nul}; not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PreparerError(f"{kind} file is not valid UTF-8: byte {data[exc.start]:#04x} "
                            f"at offset {exc.start} ({exc.reason})") from exc
    if not text.strip():
        raise PreparerError(f"{kind} file is empty")
    return text


def _line_summary(text: str) -> dict[str, Any]:
    return {"lines": len(text.splitlines()), "characters": len(text), "words": len(text.split())}


@register_file_type("txt")
class TxtFile(FileTypeBase):
    """Plain text: UTF-8, no NULs, not blank."""

    extensions = (".txt",)

    def inspect(self, data: bytes) -> FileReport:
        text = decode_utf8(data, "txt")
        return FileReport(type="txt", summary=_line_summary(text), text=text)


@register_file_type("md")
class MarkdownFile(FileTypeBase):
    """Markdown: UTF-8 text; the summary counts headings and links (markdown has no invalid syntax)."""

    extensions = (".md", ".markdown")

    def inspect(self, data: bytes) -> FileReport:
        text = decode_utf8(data, "md")
        summary = _line_summary(text) | {"headings": len(_HEADING.findall(text)),
                                         "links": len(_LINK.findall(text))}
        return FileReport(type="md", summary=summary, text=text)


def _json_strings(value: Any) -> list[str]:
    """Keys and string values, depth first: what a reader sees besides punctuation."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_json_strings(v)]]
    if isinstance(value, list):
        return [s for item in value for s in _json_strings(item)]
    return []


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


@register_file_type("json")
class JsonFile(FileTypeBase):
    """JSON: UTF-8 and strict RFC 8259 (Python's NaN/Infinity extensions are rejected)."""

    extensions = (".json",)

    def inspect(self, data: bytes) -> FileReport:
        text = decode_utf8(data, "json")
        try:
            value = json.loads(text, parse_constant=_no_constant)
            strings = _json_strings(value)
        except json.JSONDecodeError as exc:
            raise PreparerError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
        except (ValueError, RecursionError) as exc:  # NaN/Infinity; nesting deeper than Python's stack
            raise PreparerError(f"invalid JSON: {type(exc).__name__}: {exc}") from exc
        summary: dict[str, Any] = {"top_level": type(value).__name__}
        if isinstance(value, dict):
            summary["keys"] = list(value)[:20]
        elif isinstance(value, list):
            summary["items"] = len(value)
        return FileReport(type="json", summary=summary, text="\n".join(strings))


def top_level_imports(tree: ast.Module) -> list[str]:
    """Modules imported at module level, in order, once each (`from . import x` shows as `.`)."""
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return list(dict.fromkeys(names))


def python_prose(tree: ast.Module, source: str) -> str:
    """String literals (docstrings included) and comments: the prose of a module.

    Not the whole source: `None` and `{}` are ordinary code, and the leftover scan would flag them.
    """
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        comments = [t.string for t in tokens if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):  # compiled already, so this is belt and braces
        comments = []
    return "\n".join(strings + comments)


@register_file_type("py")
class PythonFile(FileTypeBase):
    """Python source: UTF-8 and `compile()` succeeds; the summary lists imports, functions, classes.

    `text` is the module's prose (strings and comments), since code words like `None` are not leftovers.
    """

    extensions = (".py",)

    def inspect(self, data: bytes) -> FileReport:
        source = decode_utf8(data, "py")
        try:
            tree = compile(source, "<file>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
            compile(tree, "<file>", "exec", dont_inherit=True)  # catches what the parser alone lets by
        except SyntaxError as exc:
            raise PreparerError(f"Python syntax error at line {exc.lineno}: {exc.msg}") from exc
        except (ValueError, RecursionError, MemoryError) as exc:  # nesting deeper than the compiler's stack
            raise PreparerError(f"Python source does not compile: {type(exc).__name__}: {exc}") from exc
        return FileReport(
            type="py",
            summary={
                "lines": len(source.splitlines()),
                "imports": top_level_imports(tree),
                "functions": [n.name for n in tree.body
                              if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)],
                "classes": [n.name for n in tree.body if isinstance(n, ast.ClassDef)],
            },
            text=python_prose(tree, source),
        )
