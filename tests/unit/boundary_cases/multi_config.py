"""Boundary cases of `text.config_table` (a JSON config as a markdown settings table): the last
setting's row, dotted paths with list items from 1, a number written as 60.0, booleans as written or
as Yes/No, names as inline code when asked (and either way when not), one section without its prefix
in alphabetical order, a row left out or added, the heading missing or after the table."""

from __future__ import annotations

from preparers.data import dump_json
from tests.unit.boundary_cases import Case

CONFIG = {"service": "billing", "server": {"port": 8080, "host": "0.0.0.0"}, "features": {"sso_login": True},
          "endpoints": [{"name": "orders", "rate_limit": 60}]}
ROWS = [["service", "billing"], ["server.port", "8080"], ["server.host", "0.0.0.0"], ["features.sso_login", "true"],
        ["endpoints.1.name", "orders"], ["endpoints.1.rate_limit", "60"]]
BASE = {"input_file": "config/billing.json", "file": "docs/settings.md", "heading": "billing configuration",
        "columns": ["Setting", "Value"], "order": "file"}


def page(label: str, rows: list[list[str]], options: dict, passes: bool, says: str = "",
         heading: str = "## billing configuration", after: bool = False) -> Case:
    table = ["| Setting | Value |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows)]
    lines = [*table, "", heading] if after else [heading, "", *table]
    return Case(label, None, {**BASE, **options}, passes, says,
                files={"docs/settings.md": ("\n".join(["# Billing", "", *lines]) + "\n").encode()},
                originals={"config/billing.json": dump_json(CONFIG)})


CODE = [[f"`{name}`", value] for name, value in ROWS]
CASES = {
    "text.config_table": [
        page("every setting in file order, list items from 1", ROWS, {}, True),
        page("the last setting's value retyped", [*ROWS[:-1], ["endpoints.1.rate_limit", "600"]], {}, False,
             "row 6 of the table"),
        page("a number written 60.0", [*ROWS[:-1], ["endpoints.1.rate_limit", "60.0"]], {}, True),
        page("list items counted from 0", [*ROWS[:4], ["endpoints.0.name", "orders"], ["endpoints.0.rate_limit", "60"]],
             {}, False, "row 5 of the table"),
        page("a setting left out", ROWS[:-1], {}, False, "the table has 5 setting rows, expected 6"),
        page("a row the config does not have", [*ROWS, ["endpoints.2.name", "health"]], {}, False,
             "the table has 7 setting rows, expected 6"),
        page("names as inline code, as asked", CODE, {"code_names": True}, True),
        page("the last name plain where code was asked", [*CODE[:-1], ROWS[-1]], {"code_names": True}, False,
             "row 6 of the table"),
        page("names as code where plain was fine", CODE, {}, True),
        page("True capitalised where the file writes true", [*ROWS[:3], ["features.sso_login", "True"], *ROWS[4:]],
             {}, False, "row 4 of the table"),
        page("Yes for true, as asked", [*ROWS[:3], ["features.sso_login", "Yes"], *ROWS[4:]], {"yes_no": True}, True),
        page("true left where Yes/No was asked", ROWS, {"yes_no": True}, False, "row 4 of the table"),
        page("one section, no prefix, A to Z", [["host", "0.0.0.0"], ["port", "8080"]],
             {"section": "server", "order": "alphabetical"}, True),
        page("one section, file order where A to Z was asked", [["port", "8080"], ["host", "0.0.0.0"]],
             {"section": "server", "order": "alphabetical"}, False, "row 1 of the table"),
        page("the heading missing", ROWS, {}, False, "has no heading 'billing configuration'", heading="## Settings"),
        page("the heading after the table", ROWS, {}, False, "before its table", after=True),
        page("another header", ROWS, {"columns": ["Key", "Value"]}, False, "the table's header is"),
    ],
}
