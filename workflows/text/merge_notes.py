"""Merge a colleague's notes of the same meeting into ours, section by section: their lines go
under the matching `##` heading after ours (a line we already have not repeated, or every line
kept when the tally matters), their extra sections after ours or all sections A to Z; into our
file in place or as a new file."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.fake import TODAY, day_between, month_name
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Order = Literal["ours", "alphabetical"]

_ASK = ("merge {{ other }} into {{ input }} section by section: under each `##` heading keep our lines first, then "
        "add {{ colleague }}'s lines of the same section{% if dedupe %} that we don't already have (a line already "
        "in that section is not repeated){% else %}, all of them, even lines we already have (we tally the repeats "
        "later){% endif %}; {% if order == 'alphabetical' %}put all the sections, ours and the new ones, in "
        "alphabetical order of their headings{% else %}keep our sections in our order and add the sections only "
        "{{ colleague }} has after them, in {{ colleague }}'s order{% endif %}. Each heading appears once; keep our "
        "title and date lines at the top and drop {{ colleague }}'s")


class Options(SkillParams):
    order: Order | None = None
    dedupe: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    other: str
    output: str
    in_place: bool
    colleague: str
    order: Order
    dedupe: bool


def two_notes(rng: random.Random, faker: Faker, author: str) -> tuple[str, str]:
    """Our notes and a colleague's of one meeting: shared sections with overlapping bullets, some
    sections in only one of them."""
    data = corpus("decks")
    topic = rng.choice(sorted(data["topics"]))
    day = day_between(faker, TODAY.replace(month=1, day=1)).isoformat()
    names = list(dict.fromkeys([*data["topics"][topic], "Risks", "Budget", "Open questions", "Next steps"]))
    chosen = rng.sample(names, 6)
    shared, mine_only, theirs_only = chosen[:3], chosen[3:4], chosen[4:]

    def bullet() -> str:
        metric = rng.choice(data["metrics"])
        return "- " + rng.choice(data["bullet_templates"]).format(
            metric=metric, metric_lower=metric.lower(), pct=rng.randint(3, 28), company=faker.company(),
            dept=rng.choice(corpus("business")["departments"]), city=faker.city(), month=month_name(faker))

    pool = {name: list(dict.fromkeys(bullet() for _ in range(5))) for name in chosen}
    ours = [f"# {topic} - meeting notes", "", f"Date: {day}", ""]
    theirs = [f"# {topic} ({day})", "", f"Notes: {author}", ""]
    for name in rng.sample(shared + mine_only, 4):
        ours += [f"## {name}", "", *pool[name][:3], ""]
    for name in rng.sample(shared + theirs_only, 5):
        theirs += [f"## {name}", "", *(pool[name][1:5] if name in shared else pool[name][:3]), ""]
    return "\n".join(ours), "\n".join(theirs)


@register_workflow
class MergeNotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.merge_notes", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ colleague }} took notes in the same meeting ({{ other }}). Please " + _ASK + ". "
            "{% if in_place %}Save the result in {{ input }} itself.{% else %}Leave both files as they are and save "
            "the merged notes as {{ output }}.{% endif %}",
            "Can you combine my notes {{ input }} with {{ colleague }}'s {{ other }}? The idea is to " + _ASK + ". "
            "{% if in_place %}Just update my file.{% else %}Put it in {{ output }}, both originals untouched."
            "{% endif %}",
            "{{ input }} + {{ other }}: " + _ASK + ". {% if in_place %}Save in place.{% else %}Save as {{ output }}."
            "{% endif %}",
        ],
        criteria=["Every section once, in the order asked, with both files' lines as asked.",
                  "Our title block kept; nothing else."],
        files=[FileSlot(param="input", type="md", role="input", description="Our meeting notes"),
               FileSlot(param="other", type="md", role="input", description="A colleague's notes of the meeting"),
               FileSlot(param="output", type="md", description="The merged notes")],
        checks=[CheckTemplate(func="text.notes_merged", paths={"input_file": "input", "other_file": "other"},
                              bind={"order": "order", "dedupe": "dedupe"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        colleague = ctx.faker.first_name()
        ours, theirs = two_notes(ctx.rng, ctx.faker, colleague)
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.5
        folder = ctx.rng.choice(["", "notes/", "meetings/"])
        params = Params(input=f"{folder}sync_notes.md", other=f"{folder}sync_notes_{colleague.lower()}.md",
                        output=f"{folder}sync_notes{'' if in_place else '_merged'}.md", in_place=in_place,
                        colleague=colleague, order=opts.order or ctx.rng.choice(["ours", "alphabetical"]),
                        dedupe=opts.dedupe if opts.dedupe is not None else ctx.rng.random() < 0.6)
        return params.with_files(input=(ours + "\n").encode("utf-8"), other=(theirs + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            def parse(path):
                head, secs, cur = [], {{}}, None
                for line in open(path, encoding="utf-8").read().splitlines():
                    if line.startswith("## "):
                        cur = secs.setdefault(line[3:].strip(), [])
                    elif line.strip():
                        (head if cur is None else cur).append(line.strip())
                return head, secs
            head, ours = parse({lit(params.input)})
            _, theirs = parse({lit(params.other)})
            for name, lines in theirs.items():
                target = ours.setdefault(name, [])
                target += [l for l in lines if not ({params.dedupe!r} and l in target)]
            names = sorted(ours, key=str.casefold) if {lit(params.order)} == "alphabetical" else list(ours)
            out = head[:1] + [""] + head[1:] + [""]
            for name in names:
                out += ["## " + name, ""] + ours[name] + [""]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out).rstrip() + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()); print('-' * 40); "
                                    f"print(open({lit(params.other)}, encoding='utf-8').read())",
                                    "First I read both notes files to compare their sections.", "Show both notes"),
                        script_step(script, "I merge the sections by heading, ours first, and write the result.",
                                    f"Merge {params.other} into {params.input}"))
