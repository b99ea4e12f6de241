"""Boundary cases of the email-list check: all, one domain (not its subdomains; the domain's case
free) or all but one domain; as listed or A-Z; the LAST address missing, a repeat kept, capitals
kept, names left in, blank lines and spaces around, and an address of the excluded domain kept."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

LIST = pdf(["Attendees\nName Organisation Email\nZed Ray Acme zed.ray@acme.com\nBo Chan Delta Bo.Chan@Delta.org\n"
            "Ann Lee Acme ann.lee@acme.com",
            "Name Organisation Email\nAl Po Acme Mail al.po@mail.acme.com\nZed Ray Acme Zed.Ray@acme.com\n"
            "Eve Fox Host eve.fox@host.net"])
ZED, BO, ANN, AL, EVE = "zed.ray@acme.com", "bo.chan@delta.org", "ann.lee@acme.com", "al.po@mail.acme.com", \
    "eve.fox@host.net"
LISTED = [ZED, BO, ANN, AL, EVE]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "emails.txt", "input_file": "in/attendees.pdf", "order": "listed", **options},
                passes, says, files={"emails.txt": ("\n".join(lines) + "\n").encode()},
                originals={"in/attendees.pdf": LIST})


CASES: dict[str, list[Case]] = {
    "pdf.emails_listed": [
        case("all, as listed", LISTED, {}, True),
        case("all, the last one missing", LISTED[:4], {}, False, "'eve.fox@host.net' is missing"),
        case("all, a repeat kept", [*LISTED, ZED], {}, False, "'zed.ray@acme.com' is one too many"),
        case("all, capitals kept", [ZED, "Bo.Chan@Delta.org", ANN, AL, EVE], {}, False,
             "line 2 of emails.txt is 'Bo.Chan@Delta.org'"),
        case("all, names left in", [f"Zed Ray <{ZED}>", BO, ANN, AL, EVE], {}, False, "line 1"),
        case("all, blank lines and spaces around", ["", f"  {ZED} ", BO, "", ANN, AL, EVE, ""], {}, True),
        case("all, A-Z", sorted(LISTED), {"order": "alpha"}, True),
        case("all, A-Z asked, as listed written", LISTED, {"order": "alpha"}, False, "line 1"),
        case("one domain", [ZED, ANN], {"domain": "acme.com"}, True),
        case("one domain, its case different in the request", [ZED, ANN], {"domain": "Acme.com"}, True),
        case("one domain, its subdomain kept too", [ZED, ANN, AL], {"domain": "acme.com"}, False, "one too many"),
        case("one domain, another domain's address in", [ZED, BO, ANN], {"domain": "acme.com"}, False, "line 2"),
        case("all but one domain", [ZED, BO, ANN, AL], {"exclude_domain": "host.net"}, True),
        case("all but one domain, it kept at the end", LISTED, {"exclude_domain": "host.net"}, False,
             "'eve.fox@host.net' is one too many"),
        case("all but one domain, A-Z", [AL, ANN, BO, ZED], {"exclude_domain": "host.net", "order": "alpha"}, True),
    ],
}
