"""Split a long markdown document into one file per level-2 section, as people break a team handbook
or a developer guide into chapter pages for a docs site: each part whole (sub-sections and code
included), its headings kept or moved one level up so the section's heading is the page's title; the
title and introduction in a file of their own, optionally followed by links to the parts in order.
The guide's code blocks hold `#` comments that are no headings."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["handbook", "guide"]
PARTS = ["part1", "part2", "part3", "part4"]
HANDBOOK = {
    "Getting started": ["On your first day {person} walks you through the office and your accounts.",
                        "Your laptop is set up before you arrive; change the password on first login."],
    "Working hours": ["Core hours are from ten to four; outside them, plan your day as suits the team.",
                      "Tell your lead when you will be away for more than half a day."],
    "Expenses": ["Claims go through the expenses tool within thirty days of the purchase.",
                 "Travel over the approval limit needs {person}'s sign-off before booking."],
    "Time off": ["Book leave in the HR portal at least two weeks ahead.",
                 "Sick days need no approval; just tell your lead in the morning."],
    "Security": ["Lock your screen whenever you leave your desk.",
                 "Report a lost laptop or phone to the IT desk the same day."],
    "Who to ask": ["{person} answers questions about payroll and contracts.",
                   "For anything about the building, ask the front desk."],
}
SUBSECTIONS = {"Getting started": "Your first week", "Expenses": "Receipts", "Time off": "Public holidays",
               "Security": "Passwords"}
GUIDE = {
    "Installation": ("You need Python and a local database.", ["# create a virtual environment",
                                                               "python -m venv .venv", "pip install -e .[dev]"]),
    "Configuration": ("Settings are read from the environment at start-up.", ["## copy the example settings",
                                                                              "cp .env.example .env"]),
    "Running the tests": ("Run the suite before every push.", ["# the fast tests only", "pytest -q -m 'not slow'"]),
    "Database migrations": ("Migrations run on deploy; write one for every model change.",
                            ["# new migration", "alembic revision --autogenerate -m 'describe it'"]),
    "Deployment": ("Deploys go out from the main branch after review.", ["## build and push the image",
                                                                         "make image push"]),
    "Troubleshooting": ("Most failures come from stale settings.", ["# start clean", "rm -rf .venv && make setup"]),
}
_ASK = ("one file per level-2 (##) section, in order: {{ listing }}. {% if promote %}In each of those files move "
        "every heading up one level, so the section's heading becomes the file's # title (### sub-sections become "
        "##).{% else %}Keep the headings exactly as they are.{% endif %} The title and the introduction before the "
        "first section go into {{ index }}{% if links %}, followed by a bulleted list that links to each part in "
        "order, the link text being the section's heading (- [Heading](file.md), paths relative to {{ index }})"
        "{% endif %}.")


def document(rng: random.Random, faker: Faker, source: Source) -> tuple[str, list[str]]:
    """The document's text and its four level-2 headings, in order."""
    person = faker.name()
    if source == "handbook":
        company = faker.company()
        chosen = set(rng.sample(list(HANDBOOK), 4))
        headings = [h for h in HANDBOOK if h in chosen]  # in the handbook's natural order
        lines = [f"# {company} team handbook", "", f"What everyone at {company} should know, kept up to date by "
                 f"{person}.", "Ask in the #handbook channel if something is missing.", ""]
        for heading in headings:
            lines += [f"## {heading}", "", *(s.format(person=faker.name()) for s in HANDBOOK[heading]), ""]
            if heading in SUBSECTIONS and rng.random() < 0.7:
                lines += [f"### {SUBSECTIONS[heading]}", "", f"- Ask {faker.first_name()} if in doubt.",
                          "- Keep a copy for your records.", ""]
        return "\n".join(lines), headings
    project = slug(f"{faker.word()} {rng.choice(['api', 'portal', 'billing', 'sync'])}").replace("_", "-")
    chosen = set(rng.sample(list(GUIDE), 4))
    headings = [h for h in GUIDE if h in chosen]
    lines = [f"# {project} developer guide", "", f"How to work on {project}. Maintained by {person}.", ""]
    for heading in headings:
        text, code = GUIDE[heading]
        lines += [f"## {heading}", "", text, "", "```bash", *code, "```", ""]
        if rng.random() < 0.4:
            lines += ["### Notes", "", f"Ask {faker.first_name()} on the team channel if this step fails.", ""]
    return "\n".join(lines), headings


class Options(SkillParams):
    source: Source | None = None
    promote: bool | None = None
    links: bool | None = None


class Params(Prepared):
    input: str
    index: str
    part1: str
    part2: str
    part3: str
    part4: str
    listing: str
    promote: bool
    links: bool


@register_workflow
class SplitSections(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.split_sections", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} has grown too long to read in one go. Split it into " + _ASK + " Leave {{ input }} itself "
            "as it is.",
            "We're moving {{ input }} to the docs site, one page per chapter. Could you split it into " + _ASK
            + " The original file stays untouched.",
            "Split {{ input }} into " + _ASK + " Keep {{ input }}.",
        ],
        criteria=["Each part holds its section whole, headings kept or moved up as asked.",
                  "The index holds the title and introduction (and links to the parts in order, if asked)."],
        files=[FileSlot(param="input", type="md", role="input", description="A long markdown document"),
               FileSlot(param="index", type="md", description="The title and introduction"),
               *(FileSlot(param=p, type="md", description=f"Section {n}") for n, p in enumerate(PARTS, start=1))],
        checks=[CheckTemplate(func="text.sections_split", bind={"promote": "promote", "links": "links"},
                              paths={"index": "index", **{p: p for p in PARTS}})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        source: Source = opts.source or rng.choice(["handbook", "guide"])
        text, headings = document(rng, ctx.faker, source)
        stem = "handbook" if source == "handbook" else "DEVELOPING"
        folder = rng.choice(["docs/", "", "wiki/"])
        out = folder + rng.choice(["chapters/", "pages/", f"{stem.lower()}/"])
        links = opts.links if opts.links is not None else rng.random() < 0.5
        paths = [f"{out}{n:02d}-{slug(h).replace('_', '-')}.md" for n, h in enumerate(headings, start=1)]
        listing = ", ".join(f"“{h}” to {p}" for h, p in zip(headings, paths, strict=True))
        params = Params(input=f"{folder}{stem}.md", index=f"{out}{'index' if links else '00-introduction'}.md",
                        **dict(zip(PARTS, paths, strict=True)), listing=listing,
                        promote=opts.promote if opts.promote is not None else rng.random() < 0.5, links=links)
        return params.with_files(input=(text + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            lines = open({lit(params.input)}, encoding="utf-8").read().split("\\n")
            parts, index, promote = {lit([getattr(params, p) for p in PARTS])}, {lit(params.index)}, {params.promote!r}
            chunks, fenced = [[]], False
            for line in lines:
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                heading = None if fenced else re.match(r"(#{{1,6}}) (.*)", line)
                if heading and len(heading.group(1)) == 2:
                    chunks.append([])
                if heading and promote and len(chunks) > 1:
                    line = heading.group(1)[1:] + " " + heading.group(2)
                chunks[-1].append(line)
            intro, sections = chunks[0], chunks[1:]
            assert len(sections) == len(parts), len(sections)
            for path, body in zip(parts, sections):
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                open(path, "w", encoding="utf-8").write("\\n".join(body).strip() + "\\n")
            if {params.links!r}:
                titles = [re.sub(r"^#+ ", "", body[0]) for body in sections]
                folder = os.path.dirname(index)
                intro = intro + [f"- [{{t}}]({{os.path.relpath(p, folder)}})" for t, p in zip(titles, parts)]
            open(index, "w", encoding="utf-8").write("\\n".join(intro).strip() + "\\n")
            print(open(index, encoding="utf-8").read())
        """
        return solution(script_step(f"import re; print(*[l for l in open({lit(params.input)}) if l.startswith('#')], "
                                    "sep='')", f"First I look at the headings of {params.input} (a # in a code block "
                                    "is a comment, not a heading).", "List the headings"),
                        script_step(script, "I cut the document at each level-2 heading outside code and write each "
                                    "part and the introduction to the files asked.", "Write the parts"))
