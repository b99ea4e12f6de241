"""txt and md, end to end: inspect, read as text (markdown headings found), mutate.

Both must decode as strict UTF-8 (a BOM is tolerated) without NUL bytes: a produced file in
another encoding shows as mojibake in the agent's editor. Markdown has no invalid syntax, so
its inspection counts headings and links; the view lists ATX headings outside code fences.

Mutators (on the lines the oracle added against the input, or all lines of a new file): the
last added (or, where it only kept lines, the last kept) line dropped, a number in an added line changed.
"""

from __future__ import annotations

import re

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, MutantFiles, MutationInput, register_file_type
from forge.filetypes import register_mutator
from forge.views import Heading, TextView, View

TEXT = {"txt", "md"}
MAX_TEXT_BYTES = 20 * 1024 * 1024
_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


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


def markdown_headings(text: str) -> list[Heading]:
    """ATX headings (`## Title`), skipping fenced code blocks, with their 1-based line numbers."""
    found: list[Heading] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        match = None if fenced else _ATX.match(line)
        if match and match.group(2):
            found.append(Heading(level=len(match.group(1)), text=match.group(2), line=number))
    return found


def read_text(data: bytes, path: str, kind: str) -> TextView:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CheckError(f"{path} is not UTF-8 text: byte {data[exc.start]:#04x} at offset {exc.start}") from exc
    return TextView(source=path, text=text, headings=markdown_headings(text) if kind == "md" else [])


class _TextBase(FileTypeBase):
    views = ("text",)
    max_bytes = MAX_TEXT_BYTES

    def inspect(self, data: bytes) -> FileReport:
        text = decode_utf8(data, self.name)
        summary = {"lines": len(text.splitlines()), "characters": len(text), "words": len(text.split())}
        if self.name == "md":
            summary |= {"headings": len(markdown_headings(text)), "links": len(_LINK.findall(text))}
        return FileReport(type=self.name, summary=summary, text=text)

    def read(self, data: bytes, path: str, view: str) -> View:
        return read_text(data, path, self.name)

    def create(self, view: View) -> bytes | None:
        return view.text.encode("utf-8") if isinstance(view, TextView) else None


@register_file_type("txt")
class TxtFile(_TextBase):
    """Plain text: UTF-8, no NULs, not blank (notes, logs, configs, reports, subtitles)."""

    extensions = (".txt", ".log", ".ini", ".cfg", ".conf", ".yaml", ".yml", ".toml", ".env", ".srt", ".vtt")


@register_file_type("md")
class MarkdownFile(_TextBase):
    """Markdown: UTF-8 text with ATX headings."""

    extensions = (".md", ".markdown")


# --- mutators ----------------------------------------------------------------------------------


def _added(probe: MutationInput, *, fallback: bool = False) -> tuple[str, list[str], list[int]] | None:
    """(output path, its lines, indexes of non-blank lines not among the input's lines; with
    `fallback`, every non-blank line when the task only kept or moved lines)."""
    path = next(iter(probe.outputs_of_type(TEXT)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    try:
        lines = probe.oracle_outputs[path].decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        return None
    before: set[str] = set()
    for source in (f.path for f in probe.bundle.inputs() if f.type in TEXT):
        before |= set(probe.inputs[source].decode("utf-8-sig", "replace").splitlines())
    added = [i for i, line in enumerate(lines) if line.strip() and line not in before]
    if not added and fallback:
        added = [i for i, line in enumerate(lines) if line.strip()]
    return (path, lines, added) if added else None


def _joined(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


@register_mutator("text.drop_line", file_types=TEXT)
def drop_line(probe: MutationInput) -> MutantFiles | None:
    """The last line the task added (or kept) is missing (a result left out)."""
    found = _added(probe, fallback=True)
    if found is None:
        return None
    path, lines, added = found
    return {**probe.oracle_outputs, path: _joined(lines[: added[-1]] + lines[added[-1] + 1:])}


@register_mutator("text.wrong_number", file_types=TEXT)
def wrong_number(probe: MutationInput) -> MutantFiles | None:
    """A number in a line the task added is off by one (a miscount)."""
    found = _added(probe)
    if found is None:
        return None
    path, lines, added = found
    for i in added:
        match = _NUMBER.search(lines[i])
        if match:
            number = match.group()
            nudged = str(int(number) + 1) if number.isdigit() else f"{float(number) + 1:.{len(number.split('.')[1])}f}"
            lines = [*lines[:i], lines[i][: match.start()] + nudged + lines[i][match.end():], *lines[i + 1:]]
            return {**probe.oracle_outputs, path: _joined(lines)}
    return None
