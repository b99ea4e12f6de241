"""Checks over a subtitle file fixed by hand: every cue shifted later or earlier (the subtitles run
ahead of or behind the video), only the cues from a stated one on (after a cut), the cues renumbered
1, 2, 3, sound descriptions (`[MUSIC]`, `(laughs)`) stripped with the cues left empty dropped,
overlapping cues ended where the next begins, or the SubRip file converted to WebVTT.

A file is read as cues: number (SubRip; a WebVTT identifier is free), start and end in milliseconds,
and text lines (outer spaces trimmed). A timing SubRip does not read (`1:02:03,400`, a dot for the
comma) makes the cue unreadable, which fails.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Operation = Literal["shift", "shift_from", "renumber", "strip_sounds", "overlaps", "to_vtt"]
_SRT = re.compile(r"^(\d{2}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2}):(\d{2}):(\d{2}),(\d{3})$")
_VTT = re.compile(r"^(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3}) --> (?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})(?:\s.*)?$")
_SOUND = re.compile(r"\[[^\]]*\]|\([^)]*\)")


class Cue(NamedTuple):
    number: int | None
    start: int
    end: int
    text: tuple[str, ...]
    line: int


def _ms(h: str | None, m: str, s: str, ms: str) -> int:
    return ((int(h or 0) * 60 + int(m)) * 60 + int(s)) * 1000 + int(ms)


def stamp(ms: int, sep: str = ",") -> str:
    """A time in SubRip's form (`00:01:02,500`), or WebVTT's with `sep='.'`."""
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}{sep}{ms % 1000:03d}"


def cues(view: TextView, vtt: bool = False) -> tuple[list[Cue], str | None]:
    """The file's cues in order, and the first problem reading it (None: it reads as SubRip/WebVTT)."""
    lines = [line.strip() for line in view.lines]
    if vtt and (not lines or not lines[0].startswith("WEBVTT")):
        return [], f"{view.source} does not start with the WEBVTT header"
    found: list[Cue] = []
    k = 1 if vtt else 0
    while k < len(lines):
        if not lines[k]:
            k += 1
            continue
        start = k
        block = []
        while k < len(lines) and lines[k]:
            block.append(lines[k])
            k += 1
        number = int(block[0]) if block[0].isdigit() else None
        timing = block[1] if len(block) > 1 and (number is not None or vtt and "-->" not in block[0]) else block[0]
        match = (_VTT if vtt else _SRT).match(timing)
        if match is None or (not vtt and number is None):
            return found, f"the cue at line {start + 1} of {view.source} does not read: {' / '.join(block[:2])[:80]!r}"
        g = match.groups()
        text = tuple(block[block.index(timing) + 1:])
        found.append(Cue(number, _ms(*g[:4]), _ms(*g[4:]), text, start + 1))
    return found, None


def stripped(text: tuple[str, ...]) -> tuple[str, ...]:
    """Text lines without sound descriptions; lines left empty dropped."""
    out = (re.sub(r"\s{2,}", " ", _SOUND.sub("", line)).strip() for line in text)
    return tuple(line for line in out if line and line not in ("-", "..."))


class SubtitlesFixed(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Operation = Field(description="shift every cue (or from `from_cue` on) by `seconds`; renumber "
                                 "1, 2, 3; strip_sounds ([..] and (..) removed, empty cues dropped, renumbered); "
                                 "overlaps: a cue's end moved back to the next cue's start; to_vtt: WebVTT.")
    seconds: float | None = Field(default=None, gt=0, description="shift, shift_from: how far.")
    later: bool = Field(default=True, description="shift, shift_from: later (else earlier).")
    from_cue: int | None = Field(default=None, ge=1, description="shift_from: the first cue to shift.")


def expected(original: list[Cue], opts: SubtitlesFixed) -> list[Cue]:
    """The input's cues with the fix made; number None where any number (or none) will do."""
    if opts.operation in ("shift", "shift_from"):
        if opts.seconds is None or (opts.operation == "shift_from" and opts.from_cue is None):
            raise CheckError(f"{opts.operation} needs seconds (and from_cue)")
        delta = round(opts.seconds * 1000) * (1 if opts.later else -1)
        first = opts.from_cue or 1
        return [c._replace(start=c.start + delta, end=c.end + delta) if (c.number or 0) >= first else c
                for c in original]
    if opts.operation == "renumber":
        return [c._replace(number=k) for k, c in enumerate(original, start=1)]
    if opts.operation == "strip_sounds":
        kept = [c._replace(text=stripped(c.text)) for c in original]
        return [c._replace(number=k) for k, c in enumerate((c for c in kept if c.text), start=1)]
    if opts.operation == "overlaps":
        return [c._replace(end=min(c.end, nxt.start)) for c, nxt in zip(original, original[1:], strict=False)] + \
            original[-1:]
    return [c._replace(number=None) for c in original]


def _where(cue: Cue, file: str) -> str:
    return f"cue {cue.number if cue.number is not None else '?'} of {file} (line {cue.line})"


@register_check("text.subtitles_fixed", SubtitlesFixed, view="text")
def subtitles_fixed(state: FinalState, opts: SubtitlesFixed) -> Verdict:
    """Every cue of the output is the input's with the fix made: its number (SubRip), start and end
    to the millisecond, and its text lines; none missing, none extra. A file that does not read as
    SubRip (WebVTT for to_vtt) fails."""
    original, problem = cues(input_view(state, opts.input_file, TextView))
    if problem:
        raise CheckError(problem)
    want = expected(original, opts)
    if want == original:
        raise CheckError(f"{opts.input_file} needs no {opts.operation}; not for this check")
    got, problem = cues(output_view(state, opts.file, TextView), vtt=opts.operation == "to_vtt")
    if problem:
        return Verdict.of(False, problem)
    sep = "." if opts.operation == "to_vtt" else ","
    for w, g in zip(want, got, strict=False):
        if w.number is not None and g.number != w.number:
            return Verdict.of(False, f"{_where(g, opts.file)} is numbered {g.number}, expected {w.number}")
        if (g.start, g.end) != (w.start, w.end):
            return Verdict.of(False, f"{_where(g, opts.file)} runs {stamp(g.start, sep)} --> {stamp(g.end, sep)}, "
                              f"expected {stamp(w.start, sep)} --> {stamp(w.end, sep)}")
        if g.text != w.text:
            return Verdict.of(False, f"{_where(g, opts.file)} says {' / '.join(g.text)[:80]!r}, expected "
                              f"{' / '.join(w.text)[:80]!r}")
    if len(got) != len(want):
        where = f"first missing: cue at {stamp(want[len(got)].start, sep)}" if len(got) < len(want) else \
            f"extra: {_where(got[len(want)], opts.file)}"
        return Verdict.of(False, f"{opts.file} has {len(got)} cues, expected {len(want)} ({where})")
    return Verdict.of(True, f"{opts.operation}: {len(want)} cues as expected")
