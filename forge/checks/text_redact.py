"""Checks over a text file whose personal data was masked before it is shared (a helpdesk export sent
to a vendor, a log attached to a public bug report): every email address, IP address, phone number
or card number of one kind replaced by a stated token, partly masked, or by a numbered placeholder
per distinct value; optionally leaving our own (a staff domain, our support line, private-network
addresses) as they are. Everything else, the other kinds of data included, stays exactly as it was.

Values are found as people's regexes find them; the expected file is the input with exactly those
values masked, compared line for line (trailing spaces and blank lines at the end free).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import trimmed_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Kind = Literal["email", "ip", "phone", "card"]
Mask = Literal["token", "partial", "numbered"]

PATTERNS: dict[str, re.Pattern[str]] = {
    "email": re.compile(r"(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])"),
    "ip": re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\w)(?!\.\d)"),
    # (415) 555-0134, 415-555-0134, 415.555.0134, +1 415 555 0134, +44 20 7946 0958; never a run of a longer number
    "phone": re.compile(r"(?<![\w+])(?<!\d[ .-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\d{2,4}[ .-])\d{3,4}[ .-]\d{4}"
                        r"(?!\w)(?![ .-]\d)"),
    "card": re.compile(r"(?<![\w-])\d{4}([ -]?)\d{4}\1\d{4}\1\d{4}(?![\w-])"),
}
PRIVATE = [ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8")]


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def _last_four(value: str) -> str:
    """Every digit but the last four as `*`, separators kept."""
    keep, out = 4, []
    for ch in reversed(value):
        if ch.isdigit():
            out.append(ch if keep > 0 else "*")
            keep -= 1
        else:
            out.append(ch)
    return "".join(reversed(out))


PARTIAL: dict[str, Callable[[str], str]] = {
    "email": lambda v: v[0] + "***@" + v.split("@", 1)[1],
    "ip": lambda v: v.rsplit(".", 1)[0] + ".0",
    "phone": _last_four,
    "card": _last_four,
}
SAME: dict[str, Callable[[str], str]] = {"email": str.lower, "ip": str, "phone": _digits, "card": _digits}


class TextRedacted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    kind: Kind = Field(description="What is masked: email addresses, IPv4 addresses, phone numbers or card numbers.")
    mask: Mask = Field(description="token: each replaced by `token`; partial: an email keeps its first letter and "
                       "domain (m***@example.com), an IP its first three parts with the last set to 0, a phone or "
                       "card number its last four digits (the others `*`, separators kept); numbered: each distinct "
                       "value `[<kind>-N]`, N by first appearance, the same value (emails in any case, numbers by "
                       "their digits) the same N.")
    token: str | None = Field(default=None, description="token: the replacement text, written exactly so.")
    keep_domain: str | None = Field(default=None, description="email: addresses at this domain stay as they are.")
    keep_number: str | None = Field(default=None, description="phone: this number (by its digits) stays as it is.")
    keep_private: bool = Field(default=False, description="ip: private-network and loopback addresses stay.")


def _kept(opts: TextRedacted) -> Callable[[str], bool]:
    """Whether a found value is one of ours, left as it is."""
    if opts.keep_domain:
        domain = opts.keep_domain.lower().lstrip("@")
        return lambda v: v.rsplit("@", 1)[-1].lower() == domain
    if opts.keep_number:
        digits = _digits(opts.keep_number)
        return lambda v: _digits(v) == digits
    if opts.keep_private:
        return lambda v: any(ipaddress.ip_address(v) in net for net in PRIVATE)
    return lambda v: False


def _valid(kind: str, value: str) -> bool:
    return kind != "ip" or all(int(part) <= 255 for part in value.split("."))


def masked(lines: list[str], opts: TextRedacted) -> tuple[list[str], int]:
    """The lines with every value of the kind masked as asked, and how many were masked."""
    if opts.mask == "token" and not opts.token:
        raise CheckError("mask 'token' needs the token the instruction states")
    keep, numbers, count = _kept(opts), {}, 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        value = match.group()
        if not _valid(opts.kind, value) or keep(value):
            return value
        count += 1
        if opts.mask == "partial":
            return PARTIAL[opts.kind](value)
        if opts.mask == "numbered":
            n = numbers.setdefault(SAME[opts.kind](value), len(numbers) + 1)
            return f"[{opts.kind}-{n}]"
        return opts.token or ""

    return [PATTERNS[opts.kind].sub(replace, line) for line in lines], count


def _first_difference(want: list[str], got: list[str], file: str) -> str | None:
    """Where the output first departs from the expected lines: the line, the column and the text
    around it (long lines differ late), else a missing or extra line at the end; None: equal."""
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            col = next((i for i, (a, b) in enumerate(zip(w, g, strict=False)) if a != b), min(len(w), len(g)))
            start = max(0, col - 20)
            return (f"line {n} of {file} reads {g[start:col + 40]!r} at column {col + 1}, expected "
                    f"{w[start:col + 40]!r}")
    if len(got) != len(want):
        where = f"first missing: {want[len(got)][:70]!r}" if len(got) < len(want) else f"extra: {got[len(want)][:70]!r}"
        return f"{file} has {len(got)} lines, expected {len(want)} ({where})"
    return None


@register_check("text.redacted", TextRedacted, view="text")
def redacted(state: FinalState, opts: TextRedacted) -> Verdict:
    """Line for line the input with every value of the kind masked as asked (ours left where the
    options keep them) and nothing else changed; trailing spaces and blank lines at the end free."""
    expected, count = masked(trimmed_lines(input_view(state, opts.input_file, TextView).lines), opts)
    if not count:
        raise CheckError(f"{opts.input_file} has no {opts.kind} value to mask; the input is not for this check")
    got = trimmed_lines(output_view(state, opts.file, TextView).lines)
    problem = _first_difference(expected, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{count} {opts.kind} values masked ({opts.mask}), nothing else changed")
