"""Boundary cases of `document.config_documented` (a JSON config as a Word table): the last
setting's row, dotted paths with list items from 1, a number written as 60.0, booleans as written
or as Yes/No, one section without its prefix, alphabetical order, a setting left out."""

from __future__ import annotations

import datetime as dt

from preparers.data import dump_json
from preparers.document import DocumentContent, Section, TableBlock, write_docx
from tests.unit.boundary_cases import Case

CONFIG = {"service": "billing", "server": {"port": 8080, "host": "0.0.0.0"}, "features": {"sso_login": True},
          "endpoints": [{"name": "orders", "rate_limit": 60}]}
ROWS = [["service", "billing"], ["server.port", "8080"], ["server.host", "0.0.0.0"], ["features.sso_login", "true"],
        ["endpoints.1.name", "orders"], ["endpoints.1.rate_limit", "60"]]
BASE = {"input_file": "config/billing.json", "file": "docs/settings.docx", "heading": "billing configuration",
        "columns": ["Setting", "Value"], "order": "file"}


def documented(label: str, rows: list[list[str]], options: dict, passes: bool, says: str = "",
               heading: str = "billing configuration") -> Case:
    doc = DocumentContent(kind="report", title="Settings", date=dt.date(2025, 1, 2), author="Ops", organisation="Ops",
                          file_stem="settings", sections=[Section(heading=heading, level=1, paragraphs=[],
                                                                  table=TableBlock(headers=["Setting", "Value"],
                                                                                   rows=rows))])
    return Case(label, None, {**BASE, **options}, passes, says,
                files={"docs/settings.docx": write_docx(doc)}, originals={"config/billing.json": dump_json(CONFIG)})


CASES = {
    "document.config_documented": [
        documented("every setting in file order, list items from 1", ROWS, {}, True),
        documented("the last setting's value retyped", [*ROWS[:-1], ["endpoints.1.rate_limit", "600"]], {}, False,
                   "row 7 of the table"),
        documented("a number written 60.0", [*ROWS[:-1], ["endpoints.1.rate_limit", "60.0"]], {}, True),
        documented("list items counted from 0", [*ROWS[:4], ["endpoints.0.name", "orders"],
                                                 ["endpoints.0.rate_limit", "60"]], {}, False, "row 6 of the table"),
        documented("a setting left out", ROWS[:-1], {}, False, "has 5 setting rows, expected 6"),
        documented("True capitalised where the file writes true", [*ROWS[:3], ["features.sso_login", "True"], *ROWS[4:]],
                   {}, False, "row 5 of the table"),
        documented("Yes for true, as asked", [*ROWS[:3], ["features.sso_login", "Yes"], *ROWS[4:]], {"yes_no": True},
                   True),
        documented("one section, no prefix, A to Z", [["host", "0.0.0.0"], ["port", "8080"]],
                   {"section": "server", "order": "alphabetical"}, True),
        documented("one section, file order where A to Z was asked", [["port", "8080"], ["host", "0.0.0.0"]],
                   {"section": "server", "order": "alphabetical"}, False, "row 2 of the table"),
        documented("the heading missing", ROWS, {}, False, "has no heading 'billing configuration'", heading="Settings"),
    ],
}
