"""Boundary cases of `text.env_synced`: an example.env of five variables over two sections and a
local .env that lacks two of them (one in the middle, one at the end) and has one the example
dropped, with local values (one quoted).

Passes synced in either order with comments and quotes free. Fails with the LAST new variable
missing, a local value overwritten by the example's, a new one given the example's value when it
was to be empty (and empty when not), the obsolete variable still active, deleted instead of
commented out (or commented with another value), a variable out of the example's order, a new one
put in the middle when it was to be appended, and a line that is no NAME=value."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

EXAMPLE = ["# copy to .env", "# --- app ---", "APP_DEBUG=false", "APP_PORT=8000", "# --- db ---",
           "DATABASE_URL=postgres://user:password@localhost/app", "DATABASE_POOL_SIZE=5", "LOG_LEVEL=info"]
LOCAL = ["# mine", "APP_DEBUG=true", 'DATABASE_URL="postgres://ana:ana@localhost/app_dev"', "MEMCACHED_HOST=localhost:11211",
         "DATABASE_POOL_SIZE=10"]
MINE = ["APP_DEBUG=true", 'DATABASE_URL="postgres://ana:ana@localhost/app_dev"']


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "updated.env", "input_file": ".env", "example": "example.env", **options},
                passes, says, files={"updated.env": ("\n".join(lines) + "\n").encode()},
                originals={".env": ("\n".join(LOCAL) + "\n").encode(),
                           "example.env": ("\n".join(EXAMPLE) + "\n").encode()})


APPEND = {"new_value": "example", "obsolete": "remove", "order": "append"}
APPENDED = [*MINE, "DATABASE_POOL_SIZE=10", "# added", "APP_PORT=8000", "LOG_LEVEL=info"]
IN_ORDER = ["# app", "APP_DEBUG=true", "APP_PORT=8000", MINE[1], "DATABASE_POOL_SIZE=10", "LOG_LEVEL=info"]
EXAMPLE_ORDER = {"new_value": "example", "obsolete": "remove", "order": "example"}

CASES: dict[str, list[Case]] = {
    "text.env_synced": [
        case("new ones appended with the example's values", APPENDED, APPEND, True),
        case("quotes and export free", [f"export {x}" for x in APPENDED[:2]] + ["DATABASE_POOL_SIZE='10'",
                                                                            *APPENDED[3:]], APPEND, True),
        case("the last new one missing", APPENDED[:-1], APPEND, False,
             "updated.env has 4 variables, expected 5 (missing: LOG_LEVEL=info)"),
        case("a local value overwritten", [*MINE, "DATABASE_POOL_SIZE=5", "APP_PORT=8000", "LOG_LEVEL=info"], APPEND,
             False, "line 3 of updated.env is DATABASE_POOL_SIZE=5, expected DATABASE_POOL_SIZE=10"),
        case("new ones empty as asked", [*APPENDED[:4], "APP_PORT=", "LOG_LEVEL="], {**APPEND, "new_value": "empty"},
             True),
        case("the last new one given a value when to be empty", [*APPENDED[:4], "APP_PORT=", "LOG_LEVEL=info"],
             {**APPEND, "new_value": "empty"}, False, "line 6 of updated.env is LOG_LEVEL=info, expected LOG_LEVEL="),
        case("new ones empty when the example's values were asked", [*APPENDED[:4], "APP_PORT=", "LOG_LEVEL="], APPEND,
             False, "line 5 of updated.env is APP_PORT=, expected APP_PORT=8000"),
        case("the obsolete one still active", [*MINE, "MEMCACHED_HOST=localhost:11211", *APPENDED[2:]], APPEND, False,
             "line 3 of updated.env is MEMCACHED_HOST=localhost:11211, expected DATABASE_POOL_SIZE=10"),
        case("the obsolete one commented out", [*MINE, "# MEMCACHED_HOST=localhost:11211", *APPENDED[2:]],
             {**APPEND, "obsolete": "comment"}, True),
        case("deleted instead of commented out", APPENDED, {**APPEND, "obsolete": "comment"}, False,
             "does not keep MEMCACHED_HOST commented out (# MEMCACHED_HOST=localhost:11211)"),
        case("commented out with another value", [*MINE, "#MEMCACHED_HOST=localhost", *APPENDED[2:]],
             {**APPEND, "obsolete": "comment"}, False, "does not keep MEMCACHED_HOST commented out"),
        case("the obsolete one kept in place", [*MINE, "MEMCACHED_HOST=localhost:11211", *APPENDED[2:]],
             {**APPEND, "obsolete": "keep"}, True),
        case("the obsolete one dropped when to be kept", APPENDED, {**APPEND, "obsolete": "keep"}, False,
             "line 3 of updated.env is DATABASE_POOL_SIZE=10, expected MEMCACHED_HOST=localhost:11211"),
        case("in the example's order", IN_ORDER, EXAMPLE_ORDER, True),
        case("kept obsolete one after the example's", [*IN_ORDER, "MEMCACHED_HOST=localhost:11211"],
             {**EXAMPLE_ORDER, "obsolete": "keep"}, True),
        case("appended when the example's order was asked", APPENDED, EXAMPLE_ORDER, False,
             "line 2 of updated.env is DATABASE_URL=postgres://ana:ana@localhost/app_dev, expected APP_PORT=8000"),
        case("the last two swapped", [*IN_ORDER[:4], "LOG_LEVEL=info", "DATABASE_POOL_SIZE=10"], EXAMPLE_ORDER, False,
             "line 5 of updated.env is LOG_LEVEL=info, expected DATABASE_POOL_SIZE=10"),
        case("in the example's order when appending was asked", IN_ORDER, APPEND, False,
             "line 3 of updated.env is APP_PORT=8000, expected DATABASE_URL="),
        case("a line that is no NAME=value", [*APPENDED, "LOG_LEVEL info"], APPEND, False,
             "line 7 of updated.env is not a NAME=value line"),
    ],
}
