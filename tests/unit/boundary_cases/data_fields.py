"""Boundary cases of json.fields_mapped (#10 breadth): three customer records mapped to a new CRM's
field names. The LAST record is where a loop that stops one short passes; a field left under its
old name, a nested object not made (or not flattened), an unmapped field kept or dropped against
the ask, a number or a flag left as text, a record missing or added."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

OLD = [{"id": "C1", "name": "Ann", "city": "Leeds", "zip": "LS1", "limit": "500.00", "vip": "yes", "note": "x"},
       {"id": "C2", "name": "Bo", "city": "York", "zip": "YO1", "limit": "1250", "vip": "No", "note": ""},
       {"id": "C3", "name": "Cy", "city": "Hull", "zip": "HU1", "limit": "75.50", "vip": "no", "note": "z"}]
RENAME = {"id": "customer_id", "name": "full_name", "limit": "credit_limit", "vip": "is_vip"}
NEST = {**RENAME, "city": "address.city", "zip": "address.postal_code"}
NESTED = [{k: v for k, v in r.items() if k not in ("city", "zip")} | {"address": {"city": r["city"], "zip": r["zip"]}}
          for r in OLD]
FLATTEN = {**RENAME, "address.city": "city", "address.zip": "postcode"}


def new(record: dict[str, Any], nest: bool = False, keep: bool = False, typed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {RENAME[k]: v for k, v in record.items() if k in RENAME}
    if typed:
        out["credit_limit"] = float(record["limit"]) if "." in record["limit"] else int(record["limit"])
        out["is_vip"] = record["vip"].lower() == "yes"
    if nest:
        out["address"] = {"city": record["city"], "postal_code": record["zip"]}
    if keep:
        out |= {k: v for k, v in record.items() if k not in RENAME and (not nest or k not in ("city", "zip"))}
    return out


def mapped(label: str, output: Any, passes: bool, says: str = "", given: Any = OLD, **options: Any) -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "in.json", "mapping": RENAME, **options}, passes,
                says, files={"out.json": json.dumps(output).encode()},
                originals={"in.json": json.dumps(given).encode()})


PLAIN = [new(r) for r in OLD]
KEPT = [new(r, keep=True) for r in OLD]
TYPED = [new(r, typed=True) for r in OLD]
CONVERT = {"as_numbers": ["credit_limit"], "as_booleans": ["is_vip"]}
FLAT = [new(r) | {"city": r["city"], "postcode": r["zip"]} for r in OLD]

CASES: dict[str, list[Case]] = {
    "json.fields_mapped": [
        mapped("renamed, the rest dropped", PLAIN, True),
        mapped("the last record keeps an old name", [*PLAIN[:2], {**PLAIN[2], "name": "Cy"}], False,
                "record 3 of out.json: 'name' was added"),
        mapped("the last record left out", PLAIN[:2], False, "2 records, expected 3"),
        mapped("a record the input lacks", [*PLAIN, PLAIN[0]], False, "4 records, expected 3"),
        mapped("an unmapped field kept where they were to be dropped", KEPT, False, "record 1 of out.json: 'city'"),
        mapped("the unmapped fields kept as asked", KEPT, True, keep_others=True),
        mapped("the last record's unmapped field dropped", [*KEPT[:2], {k: v for k, v in KEPT[2].items()
                                                                         if k != "note"}], False,
                "record 3 of out.json: 'note' is missing", keep_others=True),
        mapped("a renamed value changed", [PLAIN[0], {**PLAIN[1], "full_name": "Bob"}, PLAIN[2]], False,
                "record 2 of out.json: full_name"),
        mapped("gathered into an address object", [new(r, nest=True) for r in OLD], True, mapping=NEST),
        mapped("the address fields left flat", [new(r) | {"address.city": r["city"], "address.postal_code": r["zip"]}
                                                for r in OLD], False, "'address' is missing", mapping=NEST),
        mapped("lifted out of the address object", FLAT, True, given=NESTED, mapping=FLATTEN),
        mapped("the address object kept too", [f | {"address": n["address"]} for f, n in zip(FLAT, NESTED)], False,
                "'address' was added", given=NESTED, mapping=FLATTEN),
        mapped("text converted to numbers and flags", TYPED, True, **CONVERT),
        mapped("a whole number as a decimal is the same number", [{**t, "credit_limit": float(t["credit_limit"])}
                                                                   for t in TYPED], True, **CONVERT),
        mapped("the last record's limit left as text", [*TYPED[:2], {**TYPED[2], "credit_limit": "75.50"}], False,
                "record 3 of out.json: credit_limit", **CONVERT),
        mapped("a flag left as text", [{**TYPED[0], "is_vip": "yes"}, *TYPED[1:]], False,
                "record 1 of out.json: is_vip", **CONVERT),
        mapped("a flag written as 1 instead of true", [{**TYPED[0], "is_vip": 1}, *TYPED[1:]], False, "is_vip",
                **CONVERT),
        mapped("records read from inside the envelope", PLAIN, True, given={"count": 3, "customers": OLD},
                records="customers"),
        mapped("the envelope copied instead of an array", {"count": 3, "customers": PLAIN}, False, "not a JSON array",
                given={"count": 3, "customers": OLD}, records="customers"),
    ],
}
