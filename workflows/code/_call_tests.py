"""What the families whose target module is written out as data share (f-strings, loops, tuple
records): the module's text under a docstring naming the company, and a test module asserting what
each example call returns, worked out here by running our own source.

    text = module_text("Parcel labels", company, SOURCE)
    tests, functions = call_tests(package, "labels", SOURCE, ["barcode('123')", ...])
"""

from __future__ import annotations


def module_text(about: str, company: str, source: str) -> str:
    """`source` under a one-line docstring ('<About>, for <company>.'), two blank lines before a def or class."""
    gap = "\n\n" if source.startswith(("\ndef", "\nclass")) else "\n"
    return f'"""{about[0].upper()}{about[1:]}, for {company.replace(chr(34), chr(39))}."""' + gap + source


def call_tests(package: str, stem: str, source: str, calls: list[str]) -> tuple[str, list[str]]:
    """The test module (one test per call, numbered; `is` for a bool or None) and the functions it imports."""
    namespace: dict[str, object] = {}
    exec(compile(source, stem, "exec"), namespace)  # noqa: S102 - our own source
    functions = list(dict.fromkeys(call.split("(")[0] for call in calls))
    body = [f"from {package}.{stem} import {', '.join(functions)}", ""]
    for n, call in enumerate(calls, start=1):
        want = eval(call, namespace)  # our own call
        check = f"is {want!r}" if isinstance(want, bool) or want is None else f"== {want!r}"
        body += ["", f"def test_{call.split('(')[0]}_{n}():", f"    assert {call} {check}", ""]
    return "\n".join(body).rstrip() + "\n", functions
