"""Combine four markdown files into one, as people assemble a handbook from its chapter files or
a month of weekly notes into one archive: in file-name order (chapters 01 to 04) or newest first
(ISO-dated notes), optionally under a new title with every part's headings one level down, and
optionally a `---` rule between parts."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kind = Literal["chapters", "weekly"]
CHAPTERS = {"Welcome": ["First week", "Who is who"], "Accounts and access": ["Laptop setup", "Passwords"],
            "Tools we use": ["Chat and email", "The wiki"], "Expenses": ["What we pay for", "How to claim"],
            "Travel": ["Booking", "Per diems"], "Working hours": ["Core hours", "Time off"],
            "Security basics": ["Phishing", "Lost devices"]}
SLOTS = ("first", "second", "third", "fourth")
_ORDER = "{% if descending %}newest first (by the date in each file name){% else %}in file-name order{% endif %}"
_TITLE = ("{% if title %}Start it with the heading \"# {{ title }}\" and push every heading of the parts one level "
          "down (# becomes ##, ## becomes ###) so they sit under it.{% else %}Keep each part's headings as they are "
          "and add nothing above the first part.{% endif %}")
_RULE = ("{% if rule %}Put a line with just --- between two parts.{% else %}Separate the parts with a blank line "
         "only.{% endif %}")


def _chapter(rng: random.Random, faker: Faker, title: str) -> str:
    lines = [f"# {title}", "", faker.paragraph(nb_sentences=2), ""]
    for sub in CHAPTERS[title]:
        lines += [f"## {sub}", "", *[f"- {faker.sentence(nb_words=rng.randint(5, 9))}" for _ in range(2)], ""]
    return "\n".join(lines).rstrip() + "\n"


def _weekly(rng: random.Random, faker: Faker, day: dt.date) -> str:
    lines = [f"# Week of {day.day} {day:%B %Y}", ""]
    for section in ["Done", "Next"] + (["Blockers"] if rng.random() < 0.5 else []):
        lines += [f"## {section}", "", *[f"- {faker.bs().capitalize()}" for _ in range(rng.randint(2, 3))], ""]
    return "\n".join(lines).rstrip() + "\n"


class Options(SkillParams):
    kind: Kind | None = None
    demote: bool | None = None
    rule: bool | None = None


class Params(Prepared):
    parts: list[str]
    first: str
    second: str
    third: str
    fourth: str
    output: str
    kind: Kind
    descending: bool
    title: str | None
    rule: bool


@register_workflow
class CombineFiles(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.combine_files", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Combine the four files {{ parts | join(', ') }} into one file, {{ output }}, " + _ORDER + ", each "
            "file whole. " + _TITLE + " " + _RULE + " Leave the four files as they are.",
            "Could you put {{ parts | join(', ') }} together into a single {{ output }}? They should go " + _ORDER +
            ", nothing dropped. " + _TITLE + " " + _RULE,
            "{{ parts | join(' + ') }} -> {{ output }}, " + _ORDER + ". " + _TITLE + " " + _RULE,
        ],
        criteria=["Every part is there, whole, in the order asked.", "Title, headings and separators as asked."],
        files=[*(FileSlot(param=s, type="md", role="input", description="A part to combine") for s in SLOTS),
               FileSlot(param="output", type="md", description="The combined document")],
        checks=[CheckTemplate(func="text.files_combined", paths={s: s for s in SLOTS},
                              bind={"descending": "descending", "title": "title", "rule": "rule"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng, faker = ctx.rng, ctx.faker
        kind: Kind = opts.kind or rng.choice(["chapters", "weekly"])
        demote = opts.demote if opts.demote is not None else rng.random() < 0.5
        rule = opts.rule if opts.rule is not None else rng.random() < 0.5
        if kind == "chapters":
            titles = rng.sample(sorted(CHAPTERS), 4)
            files = {f"handbook/{n:02d}-{slug(t).replace('_', '-')}.md": _chapter(rng, faker, t)
                     for n, t in enumerate(titles, start=1)}
            output, title = "handbook.md", f"{faker.company()} handbook"
        else:
            start = dt.date(rng.choice([2024, 2025]), rng.randint(1, 11), 1)
            monday = start + dt.timedelta(days=(7 - start.weekday()) % 7)
            days = [monday + dt.timedelta(weeks=w) for w in range(4)]
            files = {f"notes/{d.isoformat()}-weekly.md": _weekly(rng, faker, d) for d in days}
            output, title = "weekly_notes.md", "Weekly notes"
        parts = rng.sample(sorted(files), 4)
        params = Params(parts=parts, **dict(zip(SLOTS, parts, strict=True)), output=output, kind=kind,
                        descending=kind == "weekly", title=title if demote else None, rule=rule)
        return params.with_files(**{s: files[p].encode("utf-8") for s, p in zip(SLOTS, parts, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            parts = sorted({lit(params.parts)}, key=os.path.basename, reverse={params.descending})
            title = {lit(params.title)}
            def demoted(text):
                out, fenced = [], False
                for line in text.splitlines():
                    if line.lstrip().startswith(("```", "~~~")):
                        fenced = not fenced
                    elif not fenced and re.match(r"^ {{0,3}}#{{1,5}}\\s", line):
                        line = "#" + line.lstrip()
                    out.append(line)
                return "\\n".join(out)
            texts = [open(p, encoding="utf-8").read().strip() for p in parts]
            texts = [demoted(t) for t in texts] if title else texts
            body = ("\\n\\n---\\n\\n" if {params.rule} else "\\n\\n").join(texts)
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write((f"# {{title}}\\n\\n" if title else "") + body + "\\n")
            print("order:", parts)
        """
        return solution(script_step(f"for p in {lit(params.parts)}:\n    print('==', p)\n    print(open(p).read())",
                                    "First I read the four files to see their titles and headings.",
                                    "Show the parts"),
                        script_step(script, "I sort the files by name as asked, adjust the headings if they go "
                                    f"under a new title, and write them one after the other to {params.output}.",
                                    f"Write {params.output}"))
