"""The folders `files.edit_names` renames: for each kind of edit, the names it changes and names
it must leave (the word in lower case, the text in the middle of a name, a name already prefixed, a
name without a date), drawn from one coherent story (a renamed project, a Drive download, a web
tool's output, a handover, statements and minutes)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from faker import Faker
from pydantic import BaseModel, ConfigDict


class Scene(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    edit: str
    find: str = ""
    replace: str = ""
    changed: list[str]
    kept: list[str]


DOCS = ["budget_2024.xlsx", "kickoff notes.docx", "roadmap.pptx", "risk register.xlsx", "contract.pdf",
        "meeting minutes.docx", "brand guidelines.pdf", "team contacts.csv", "status report.docx", "timeline.xlsx",
        "invoice 1187.pdf", "floor plan.pdf", "press release.docx", "survey results.csv"]
PROJECTS = [("Atlas", "Orion"), ("Beacon", "Lumen"), ("Summit", "Apex"), ("Harbor", "Meridian"),
            ("Compass", "Vector"), ("Falcon", "Kestrel")]
# a leading text and a name that holds it elsewhere (left alone)
PREFIXES = {"Copy of ": "Signed Copy of lease.pdf", "Scan_": "Passport_Scan_back.jpg",
            "DRAFT_": "Notes_on_DRAFT_budget.txt"}
# a trailing text before the extension, the files' types, and a name that holds it elsewhere
SUFFIXES = {"_compressed": ([".pdf"], "report_compressed_v2.pdf"),
            "-min": ([".png", ".jpg"], "board-minutes.docx"),
            "_signed": ([".pdf"], "contract_signed_copy_2.pdf"),
            " (edited)": ([".jpg"], "cover (edited) notes.txt")}
CODES = ["ACME-", "PRJ0412_", "NW-Handover "]
STATEMENTS = ["Statement", "Minutes", "Invoice", "Payslip", "Timesheet", "Receipt", "Board pack"]


def _docs(rng: random.Random, n: int) -> list[str]:
    return rng.sample(DOCS, n)


def _replace(rng: random.Random, faker: Faker, any_case: bool) -> Scene:
    old, new = rng.choice(PROJECTS)
    forms = [old, old.lower(), old.upper()] if any_case else [old]
    stems = rng.sample(["{w}_budget_2024.xlsx", "{w} kickoff notes.docx", "{w}-roadmap.pptx", "Specs_{w}_v2.pdf",
                        "minutes_{w}_steering.txt", "{w}_{w}_logo_pack.zip", "Pitch for {w}.pptx"], 5)
    changed = [s.format(w=rng.choice(forms)) for s in stems]
    if any_case:  # each other case at least once
        changed[0], changed[1] = stems[0].format(w=old.lower()), stems[1].format(w=old.upper())
    decoys = [] if any_case else [f"{old.lower()}_vendor_quote.pdf", f"notes on the {old.lower()} offer.txt"]
    return Scene(edit="replace", find=old, replace=new, changed=changed,
                 kept=_docs(rng, rng.randint(2, 4)) + decoys)


def _strip_prefix(rng: random.Random, faker: Faker) -> Scene:
    prefix, decoy = rng.choice(sorted(PREFIXES.items()))
    names = _docs(rng, rng.randint(8, 10))
    cut = rng.randint(5, 6)
    return Scene(edit="strip_prefix", find=prefix, changed=[prefix + n for n in names[:cut]],
                 kept=names[cut:] + [decoy])


def _strip_suffix(rng: random.Random, faker: Faker) -> Scene:
    suffix, (exts, decoy) = rng.choice(sorted(SUFFIXES.items()))
    stems = rng.sample(["hero", "team photo", "product shot", "q3 report", "lease", "poster", "menu", "floor plan",
                        "banner", "brochure"], rng.randint(8, 9))
    names = [f"{s.replace(' ', rng.choice([' ', '_']))}{rng.choice(exts)}" for s in stems]
    cut = rng.randint(5, 6)
    changed = [n[:n.rfind('.')] + suffix + n[n.rfind('.'):] for n in names[:cut]]
    return Scene(edit="strip_suffix", find=suffix, changed=changed, kept=names[cut:] + [decoy])


def _add_prefix(rng: random.Random, faker: Faker) -> Scene:
    code = rng.choice(CODES)
    names = _docs(rng, rng.randint(8, 10))
    cut = rng.randint(5, 7)
    return Scene(edit="add_prefix", replace=code, changed=names[:cut], kept=[code + n for n in names[cut:]])


def _dates(rng: random.Random, faker: Faker, order: str) -> Scene:
    changed: list[str] = []
    kinds = rng.sample(STATEMENTS, 4)
    while len(changed) < 6:
        day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(420))
        if len(changed) < 2 and day.day <= 12:  # a day over 12 shows the order in at least two names
            continue
        sep = rng.choice(".-_") if order == "dmy" else rng.choice("-.")
        written = (f"{day:%d}{sep}{day:%m}{sep}{day:%Y}" if order == "dmy" else f"{day:%m}{sep}{day:%d}{sep}{day:%Y}")
        kind = kinds[len(changed) % len(kinds)]
        name = rng.choice([f"{kind} {written}.pdf", f"{kind.replace(' ', '_')}_{written}.pdf",
                           f"{written} {kind.lower()}.docx"])
        if name not in changed:
            changed.append(name)
    kept = [f"{dt.date(2024, rng.randint(1, 12), rng.randint(1, 28)).isoformat()} plan.md",
            "account numbers.txt", f"{faker.last_name()} letter.docx"]
    return Scene(edit="date_iso", changed=changed, kept=kept)


SCENES: dict[str, Callable[[random.Random, Faker], Scene]] = {
    "replace": lambda rng, faker: _replace(rng, faker, False),
    "replace_any_case": lambda rng, faker: _replace(rng, faker, True),
    "strip_prefix": _strip_prefix,
    "strip_suffix": _strip_suffix,
    "add_prefix": _add_prefix,
    "dates_dmy": lambda rng, faker: _dates(rng, faker, "dmy"),
    "dates_mdy": lambda rng, faker: _dates(rng, faker, "mdy"),
}
