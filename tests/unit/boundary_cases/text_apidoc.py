"""Boundary cases of `text.api_doc_from` (a package's docstrings as a markdown page): the last
function's docstring, source vs alphabetical order, parameters with their defaults, module
sections by file name (not __init__.py), a private function left out, headings in backticks or with
escaped underscores read as written."""

from __future__ import annotations

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case

PROJECT = {
    "acme/__init__.py": '"""Acme helpers."""\n',
    "acme/stock.py": '"""Stock keeping."""\n\n\ndef value(items):\n    """Total value."""\n    return 0\n\n\n'
                     'def _check(x):\n    """Private."""\n\n\ndef reorder(qty, level=12):\n    """True at or below '
                     'the level."""\n    return qty <= level\n',
    "acme/units.py": '"""Unit conversion."""\n\n\ndef km_to_miles(km):\n    """Miles in `km` kilometres."""\n',
    "tests/test_stock.py": "def test_value():\n    pass\n",
}
ONE = {"package": "acme", "module": "stock.py", "title": "stock functions", "signature": False, "order": "source"}
ALL = {**ONE, "module": None, "title": "acme API reference", "signature": True}
STOCK = ["# stock functions", "", "Stock keeping.", "", "## value", "", "Total value.", "", "## reorder", "",
         "True at or below the level."]
PACKAGE = ["# acme API reference", "", "## stock.py", "", "Stock keeping.", "", "### value(items)", "", "Total value.",
           "", "### reorder(qty, level=12)", "", "True at or below", "the level.", "", "## units.py", "",
           "Unit conversion.", "", "### km\\_to\\_miles(km)", "", "Miles in `km` kilometres."]


def page(label: str, lines: list[str], options: dict, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "docs/API.md", "folder": "acme-lib", **options}, passes, says,
                files={"docs/API.md": "\n".join(lines).encode()}, originals={"acme-lib": pack_project(PROJECT)})


CASES = {
    "text.api_doc_from": [
        page("one module, names, in source order", STOCK, ONE, True),
        page("the last function's docstring retyped", [*STOCK[:-1], "True below the level."], ONE, False,
             "block 6 of docs/API.md is p 'True below the level.'"),
        page("source order given where A-Z was asked", STOCK, {**ONE, "order": "alphabetical"}, False,
             "block 3 of docs/API.md is h2 'value', expected h2 'reorder'"),
        page("a private function documented too", [*STOCK, "", "## _check", "", "Private."], ONE, False,
             "has 8 blocks, expected 6; the first extra is '_check'"),
        page("the whole package with signatures, headings in backticks", [
            line.replace("### value(items)", "### `value(items)`") for line in PACKAGE], ALL, True),
        page("a default left out of a signature", [line.replace("level=12", "level") for line in PACKAGE], ALL, False,
             "expected h3 'reorder(qty, level=12)'"),
        page("module sections one level too deep", [line.replace("## stock.py", "### stock.py") for line in PACKAGE],
             ALL, False, "block 2 of docs/API.md is h3 'stock.py', expected h2 'stock.py'"),
        page("__init__.py given a section", [*PACKAGE[:2], "## __init__.py", "", "Acme helpers.", "", *PACKAGE[2:]],
             ALL, False, "expected h2 'stock.py'"),
    ],
}
