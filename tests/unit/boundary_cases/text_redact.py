"""Boundary cases of `text.redacted`: a four-line helpdesk export holding every kind of value, ours
(a staff address, a private address, our support line) and the customers'.

Each mask passes done exactly; it fails with a value left in the LAST line only, a value of
another kind masked too, our own masked when the ask keeps it (and kept when it does not), the
token spelt otherwise, a partial mask one character short or long, numbered placeholders that
restart per line or count a re-capitalised address as new, a line dropped or added. A trailing
space or blank line at the end is free; the message names the line and the column."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

EXPORT = [
    "# Helpdesk export 2024-05-03",
    "09:14 #48213 Ana Ruiz <ana.ruiz@gmail.com> from 203.0.113.54: call me on (415) 555-0134, card 4111 1111 1111 1234",
    "09:20 #48213 Tom Lee <tom.lee@acme-help.com> from 10.20.4.17: refunded; our line is +1 800 555 0199",
    "09:31 #48300 Ana Ruiz <ANA.RUIZ@GMAIL.COM> from 198.51.100.7: also bob.k@yahoo.com, call 415.555.0188",
]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "export.txt", **options}, passes, says,
                files={"out.txt": ("\n".join(lines) + "\n").encode()},
                originals={"export.txt": ("\n".join(EXPORT) + "\n").encode()})


def sub(*pairs: tuple[str, str]) -> list[str]:
    """The export with each (old, new) replaced everywhere."""
    out = []
    for line in EXPORT:
        for old, new in pairs:
            line = line.replace(old, new)
        out.append(line)
    return out


def last(lines: list[str], line: str) -> list[str]:
    return [*lines[:-1], line]


EMAIL_TOKEN = {"kind": "email", "mask": "token", "token": "[REDACTED]"}
EMAILS_GONE = sub(("ana.ruiz@gmail.com", "[REDACTED]"), ("tom.lee@acme-help.com", "[REDACTED]"),
                  ("ANA.RUIZ@GMAIL.COM", "[REDACTED]"), ("bob.k@yahoo.com", "[REDACTED]"))
EMAILS_NUMBERED = sub(("ana.ruiz@gmail.com", "[email-1]"), ("ANA.RUIZ@GMAIL.COM", "[email-1]"),
                      ("bob.k@yahoo.com", "[email-2]"))
IP_PARTIAL = {"kind": "ip", "mask": "partial"}
PHONE_PARTIAL = {"kind": "phone", "mask": "partial"}
PHONES_PARTIAL = sub(("(415) 555-0134", "(***) ***-0134"), ("+1 800 555 0199", "+* *** *** 0199"),
                     ("415.555.0188", "***.***.0188"))
CARD_PARTIAL = {"kind": "card", "mask": "partial"}

CASES: dict[str, list[Case]] = {
    "text.redacted": [
        case("every address replaced by the token", EMAILS_GONE, EMAIL_TOKEN, True),
        case("trailing spaces and a blank line at the end are free", [f"{x}  " for x in EMAILS_GONE] + [""],
             EMAIL_TOKEN, True),
        case("the last address left", last(EMAILS_GONE, EXPORT[3].replace("ANA.RUIZ@GMAIL.COM", "[REDACTED]")),
             EMAIL_TOKEN, False, "line 4 of out.txt reads ' 198.51.100.7: also bob.k@yahoo.com, call 415.555.0188' at column 60"),
        case("the token spelt in lower case", [x.replace("[REDACTED]", "[redacted]") for x in EMAILS_GONE],
             EMAIL_TOKEN, False, "line 2 of out.txt reads"),
        case("the IP masked too", [x.replace("203.0.113.54", "[REDACTED]") for x in EMAILS_GONE], EMAIL_TOKEN,
             False, "at column"),
        case("staff address kept as asked", sub(("ana.ruiz@gmail.com", "[REDACTED]"), ("ANA.RUIZ@GMAIL.COM",
                                                "[REDACTED]"), ("bob.k@yahoo.com", "[REDACTED]")),
             {**EMAIL_TOKEN, "keep_domain": "acme-help.com"}, True),
        case("staff address masked although kept", EMAILS_GONE, {**EMAIL_TOKEN, "keep_domain": "acme-help.com"},
             False, "line 3 of out.txt reads"),
        case("numbered by first appearance, any case the same", EMAILS_NUMBERED,
             {"kind": "email", "mask": "numbered", "keep_domain": "acme-help.com"}, True),
        case("a re-capitalised address counted as new", sub(("ana.ruiz@gmail.com", "[email-1]"),
                                                            ("ANA.RUIZ@GMAIL.COM", "[email-2]"),
                                                            ("bob.k@yahoo.com", "[email-3]")),
             {"kind": "email", "mask": "numbered", "keep_domain": "acme-help.com"}, False,
             "line 4 of out.txt reads '00 Ana Ruiz <[email-2]> from"),
        case("email partly masked", sub(("ana.ruiz@gmail.com", "a***@gmail.com"), ("tom.lee@acme-help.com",
                                                                                   "t***@acme-help.com"),
                                        ("ANA.RUIZ@GMAIL.COM", "A***@GMAIL.COM"), ("bob.k@yahoo.com", "b***@yahoo.com")),
             {"kind": "email", "mask": "partial"}, True),
        case("email masked with two stars", sub(("ana.ruiz@gmail.com", "a**@gmail.com"), ("tom.lee@acme-help.com",
                                                                                       "t**@acme-help.com"),
                                                ("ANA.RUIZ@GMAIL.COM", "A**@GMAIL.COM"), ("bob.k@yahoo.com", "b**@yahoo.com")),
             {"kind": "email", "mask": "partial"}, False, "line 2 of out.txt reads"),
        case("IP last parts set to 0", sub(("203.0.113.54", "203.0.113.0"), ("10.20.4.17", "10.20.4.0"),
                                          ("198.51.100.7", "198.51.100.0")), IP_PARTIAL, True),
        case("private address kept", sub(("203.0.113.54", "203.0.113.0"), ("198.51.100.7", "198.51.100.0")),
             {**IP_PARTIAL, "keep_private": True}, True),
        case("private address masked although kept", sub(("203.0.113.54", "203.0.113.0"), ("10.20.4.17", "10.20.4.0"),
                                                          ("198.51.100.7", "198.51.100.0")),
             {**IP_PARTIAL, "keep_private": True}, False, "line 3 of out.txt reads"),
        case("IP's last two parts zeroed", sub(("203.0.113.54", "203.0.0.0"), ("10.20.4.17", "10.20.4.0"),
                                              ("198.51.100.7", "198.51.100.0")), IP_PARTIAL, False, "line 2"),
        case("IPs numbered", sub(("203.0.113.54", "[ip-1]"), ("10.20.4.17", "[ip-2]"), ("198.51.100.7", "[ip-3]")),
             {"kind": "ip", "mask": "numbered"}, True),
        case("phones keep their last four digits", PHONES_PARTIAL, PHONE_PARTIAL, True),
        case("our line kept", sub(("(415) 555-0134", "(***) ***-0134"), ("415.555.0188", "***.***.0188")),
             {**PHONE_PARTIAL, "keep_number": "+1 800 555 0199"}, True),
        case("the last phone left", last(PHONES_PARTIAL, EXPORT[3]), PHONE_PARTIAL, False,
             "line 4 of out.txt reads"),
        case("the brackets dropped", [x.replace("(***) ***-0134", "*** ***-0134") for x in PHONES_PARTIAL],
             PHONE_PARTIAL, False, "line 2 of out.txt reads"),
        case("five digits left", [x.replace("***.***.0188", "***.**5.0188") for x in PHONES_PARTIAL],
             PHONE_PARTIAL, False, "line 4"),
        case("the card keeps its last four", sub(("4111 1111 1111 1234", "**** **** **** 1234")), CARD_PARTIAL, True),
        case("the card's spaces dropped", sub(("4111 1111 1111 1234", "************1234")), CARD_PARTIAL, False,
             "line 2 of out.txt reads"),
        case("a line dropped", EMAILS_GONE[:-1], EMAIL_TOKEN, False, "out.txt has 3 lines, expected 4"),
        case("a line added", [*EMAILS_GONE, "masked by hand"], EMAIL_TOKEN, False, "extra: 'masked by hand'"),
    ],
}
