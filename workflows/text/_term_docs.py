"""Content for `text.term_list`: a help-centre page that uses old terms, and the style guide's list
of them as a CSV, a markdown table or `old -> new` lines. Old product names come with the same
words in lower case as a generic phrase (the exact-case rule keeps those); generic terms come
mid-sentence and, for the any-case rule, at the start of a sentence; for the code rule, the page
also carries the terms in a command block and in `inline code`, which keep their names.
"""

from __future__ import annotations

import csv
import io
import random
from typing import Literal

from faker import Faker

Rule = Literal["exact", "any_case", "skip_code"]
RULE_TEXT = {
    "exact": ("Match each old term exactly as the list writes it, capitals included: the same words written in "
              "lower case are a generic phrase, not the product, and stay."),
    "any_case": ("Match the old terms whatever their capitalisation; where an old term starts with a capital "
                 "letter (at the start of a sentence, say), start the new term with a capital too."),
    "skip_code": ("Leave code alone: the fenced code blocks and the `inline code` (commands, flags, settings) keep "
                  "the old names exactly as they are; match the terms as the list writes them."),
}
LIST_FILES = {"csv": ["terms.csv", "style/terminology.csv", "renames.csv"],
              "markdown": ["STYLE_GUIDE.md", "style/terminology.md", "terms.md"],
              "arrows": ["renames.txt", "terms.txt", "style/terms.txt"]}
# old product name -> (new name, sentences: {T} the product, {g} the same words as a generic phrase)
PRODUCTS = {
    "Cloud Sync": ("Acme Drive", ["{T} keeps a copy of every file you add to a synced folder.",
                                  "Unlike a plain {g} tool, {T} keeps earlier versions of each file."]),
    "Team Board": ("Projects", ["Open {T} from the sidebar to see every task your team owns.",
                                "If you have kept a {g} on a wall, {T} will feel familiar."]),
    "Quick Share": ("Share Links", ["{T} creates a link that anyone in your organisation can open.",
                                    "For a {g} with someone outside, ask an owner to allow guests."]),
    "Smart Inbox": ("Priority Inbox", ["{T} puts the messages that need an answer at the top.",
                                       "A {g} only helps when the rules behind it are kept up to date."]),
    "Time Tracker": ("Timesheets", ["Start {T} from any task to log the hours against it.",
                                    "Any {g} is only as good as the habit of starting it."]),
    "Data Vault": ("Backups", ["{T} stores a nightly copy of your workspace for ninety days.",
                               "Keep a second {g} outside the company network as well."]),
}
# generic old term -> (new term, a mid-sentence use, a sentence it starts, a command line or None)
GENERIC = {
    "whitelist": ("allowlist", "Add the office address range to the whitelist before you turn on the check.",
                  "Whitelist entries expire after a year unless someone renews them.",
                  "acmectl access add --whitelist 10.20.0.0/16"),
    "blacklist": ("blocklist", "Senders on the blacklist never reach the shared inbox.",
                  "Blacklist changes take effect within a few minutes.", "acmectl mail block --blacklist spam.example"),
    "e-mail": ("email", "You will get an e-mail as soon as the export is ready.",
               "E-mail alerts can be switched off for each project.", "acmectl notify --via e-mail --to ops"),
    "pop-up": ("popup", "A pop-up asks you to confirm before anything is deleted.",
               "Pop-up reminders appear ten minutes before a meeting starts.", "acmectl ui set --confirm pop-up"),
    "drop-down": ("dropdown", "Pick the region from the drop-down at the top of the page.",
                  "Drop-down menus only list the teams you belong to.", None),
    "web site": ("website", "The status page on our web site shows any outage as it happens.",
                 "Web site visitors see the new banner first.", None),
    "check box": ("checkbox", "Tick the check box to keep a copy of the report.",
                  "Check box settings are saved for each user.", None),
    "setup wizard": ("setup assistant", "The setup wizard walks you through the first import.",
                     "Setup wizard steps can be skipped and finished later.", None),
    "admin panel": ("admin console", "Owners manage seats and billing from the admin panel.",
                    "Admin panel access is limited to workspace owners.", None),
}
FILLER = ["Changes are saved as you type, so there is no save button.",
          "Ask your workspace owner if a setting described here is greyed out.",
          "Most teams finish this in under ten minutes.", "The same options are available in the mobile app.",
          "You can undo this later from the same page.", "Guests do not see these settings.",
          "Each workspace has its own settings; nothing here affects other workspaces.",
          "If something looks wrong, contact support with a screenshot of the page.",
          "We review these defaults every quarter.", "Owners are told by a notification when this changes."]
SECTIONS = ["Overview", "Getting started", "Access and security", "Notifications", "Sharing", "Troubleshooting",
            "Working with your team"]
STEMS = ["admin_guide", "getting_started", "help_workspace", "user_guide", "faq_accounts"]


def _pairs(rng: random.Random, rule: Rule) -> dict[str, str]:
    if rule == "exact":
        return {old: PRODUCTS[old][0] for old in rng.sample(sorted(PRODUCTS), rng.randint(2, 4))}
    pool = sorted(t for t in GENERIC if rule != "skip_code" or GENERIC[t][3])
    chosen = rng.sample(pool, rng.randint(2, min(4, len(pool))))
    if rule == "skip_code":
        chosen += rng.sample(sorted(set(GENERIC) - set(pool)), rng.randint(0, 2))
    return {old: GENERIC[old][0] for old in chosen}


def _uses(rng: random.Random, rule: Rule, pairs: dict[str, str]) -> list[str]:
    """Sentences using every term at least once in the form the rule replaces (and the ones it keeps)."""
    out = []
    for old in pairs:
        if rule == "exact":
            out += [s.format(T=old, g=old.lower()) for s in PRODUCTS[old][1]]
        else:
            _, mid, start, _ = GENERIC[old]
            out += [mid] + ([start] if rule == "any_case" and rng.random() < 0.7 else [])
    if rule == "any_case" and not any(GENERIC[old][2] in out for old in pairs):
        out.append(GENERIC[next(iter(pairs))][2])
    return out


def write_page(rng: random.Random, faker: Faker, rule: Rule) -> tuple[str, str, dict[str, str]]:
    """(the page, its file stem, old -> new of the terms it uses)."""
    pairs = _pairs(rng, rule)
    sentences = _uses(rng, rule, pairs) + rng.sample(FILLER, rng.randint(4, 7))
    rng.shuffle(sentences)
    sections = rng.sample(SECTIONS, rng.randint(3, 4))
    company = faker.company().split(",")[0].split(" ")[0]
    lines = [f"# {company} help: {rng.choice(['workspace basics', 'account settings', 'your workspace'])}", ""]
    chunks = [sentences[i::len(sections)] for i in range(len(sections))]
    for n, (title, chunk) in enumerate(zip(sections, chunks, strict=True)):
        lines += [f"## {title}", ""]
        if len(chunk) > 2 and rng.random() < 0.4:
            lines += [" ".join(chunk[:1]), "", *[f"- {s}" for s in chunk[1:]], ""]
        else:
            lines += [" ".join(chunk), ""]
        if rule == "skip_code" and n == 0:
            commands = [GENERIC[old][3] for old in pairs if GENERIC[old][3]]
            flag = next(tok for c in commands for tok in c.split() if any(old in tok for old in pairs))
            lines += [f"On the command line, `{flag}` still uses the old name:", "", "```bash",
                      *commands, "```", ""]
    return "\n".join(lines), rng.choice(STEMS), pairs


def write_list(rng: random.Random, pairs: dict[str, str], fmt: str) -> str:
    """The term list in its format, the pairs in a shuffled order."""
    rows = list(pairs.items())
    rng.shuffle(rows)
    if fmt == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows([rng.choice([["Old term", "New term"],
                                                                        ["Don't use", "Use instead"]]), *rows])
        return buffer.getvalue()
    if fmt == "markdown":
        return "\n".join(["# Terminology", "", "Use the term on the right in all customer-facing pages.", "",
                          "| Don't write | Write |", "|---|---|", *[f"| {old} | {new} |" for old, new in rows], "",
                          "Questions about a term go to the docs team.", ""])
    return "\n".join(["# Terminology changes, one per line", *[f"{old} -> {new}" for old, new in rows], ""])
