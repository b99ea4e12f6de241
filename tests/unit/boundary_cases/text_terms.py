"""Boundary cases of text.terms_replaced (#10 breadth): a help page and a two-term list as a CSV, a
markdown table or 'old -> new' lines. The LAST line is wrong only there (a loop that stops one
short); a capitalised term replaced where the case must match, or left lower-case where its capital
is kept; a longer word ('whitelisted') changed; code changed where it must stay (a block line, an
inline span); a chain of terms replaced twice instead of in one pass; a line too many or too few;
trailing spaces ignored."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# Help", "Add the address to the whitelist first.", "Whitelist entries expire after a year.",
       "Use the e-mail form or the whitelisted senders page.", "```bash", "acmectl add --whitelist 10.0.0.0/8", "```",
       "The `--whitelist` flag keeps its name; an e-mail goes out."]
EXACT = ["# Help", "Add the address to the allowlist first.", "Whitelist entries expire after a year.",
         "Use the email form or the whitelisted senders page.", "```bash", "acmectl add --allowlist 10.0.0.0/8", "```",
         "The `--allowlist` flag keeps its name; an email goes out."]
ANY_CASE = [*EXACT[:2], "Allowlist entries expire after a year.", *EXACT[3:]]
NO_CODE = [*EXACT[:5], DOC[5], "```", "The `--whitelist` flag keeps its name; an email goes out."]
LISTS = {"csv": ("terms.csv", "Old term,New term\nwhitelist,allowlist\ne-mail,email\n"),
         "markdown": ("STYLE.md", "# Terms\n\n| Don't write | Write |\n|---|---|\n| whitelist | allowlist |\n"
                                  "| e-mail | email |\n\nAsk the docs team.\n"),
         "arrows": ("terms.txt", "# changes, one per line\nwhitelist -> allowlist\ne-mail -> email\n")}


def _text(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def terms(label: str, lines: list[str], passes: bool, says: str = "", *, fmt: str = "csv", doc: list[str] = DOC,
          listed: str | None = None, **options: Any) -> Case:
    path, body = LISTS[fmt]
    return Case(label, None, {"file": "out.md", "input_file": "help.md", "list_file": path, "list_format": fmt,
                              **options}, passes, says, files={"out.md": _text(lines)},
                originals={"help.md": _text(doc), path: (listed or body).encode()})


def _swap(lines: list[str], n: int, line: str) -> list[str]:
    return [*lines[:n - 1], line, *lines[n:]]


CHAIN = ["The whitelist and the allowlist are not the same list."]
CASES: dict[str, list[Case]] = {
    "text.terms_replaced": [
        terms("exact case, whole words, code too", EXACT, True),
        terms("the last line's term left", _swap(EXACT, 8, "The `--allowlist` flag keeps its name; an e-mail goes out."),
              False, "line 8"),
        terms("a capitalised term replaced where the case must match", ANY_CASE, False, "line 3"),
        terms("a longer word changed too", _swap(EXACT, 4, "Use the email form or the allowlisted senders page."),
              False, "line 4"),
        terms("any case, the initial capital kept", ANY_CASE, True, ignore_case=True),
        terms("any case, the capital lost", _swap(ANY_CASE, 3, "allowlist entries expire after a year."), False,
              "line 3", ignore_case=True),
        terms("any case, the capitalised term left", EXACT, False, "line 3", ignore_case=True),
        terms("code left alone", NO_CODE, True, skip_code=True),
        terms("a code block line changed", _swap(NO_CODE, 6, "acmectl add --allowlist 10.0.0.0/8"), False, "line 6",
              skip_code=True),
        terms("an inline code span changed", _swap(NO_CODE, 8, EXACT[7]), False, "line 8", skip_code=True),
        terms("the list as a markdown table", EXACT, True, fmt="markdown"),
        terms("the list as arrows", EXACT, True, fmt="arrows"),
        terms("the arrows list, the last term left", _swap(EXACT, 4, DOC[3]),
              False, "line 4", fmt="arrows"),
        terms("trailing spaces are not a change", [line + "  " for line in EXACT], True),
        terms("a line too many", [*EXACT, "Updated by the docs team."], False, "9 lines, expected 8"),
        terms("the last line dropped", EXACT[:-1], False, "7 lines, expected 8"),
        terms("a chain replaced in one pass", ["The allowlist and the safelist are not the same list."], True,
              doc=CHAIN, listed="Old,New\nwhitelist,allowlist\nallowlist,safelist\n"),
        terms("a chain replaced twice", ["The safelist and the safelist are not the same list."], False, "line 1",
              doc=CHAIN, listed="Old,New\nwhitelist,allowlist\nallowlist,safelist\n"),
    ],
}
