"""Meeting notes' checklists (`- [ ] Owner: task`, `- [x]` when done): pull the open or the done
items (all, or one person's) into a file, as checklist lines, plain `Owner: task` lines or grouped
under a heading per person. `todo_tick` ticks or reopens items in the notes themselves."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.text_lists import Layout
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

Operation = Literal["open", "done", "owner_open"]
TASKS = ["send the budget draft to finance", "review the job ad", "update the release notes", "book the venue",
         "circulate the SLA report", "revise the Q3 forecast", "finish the onboarding guide",
         "sign the vendor contract",
         "fix the status page", "rehearse the demo", "summarise the survey results", "update the pricing page",
         "test the backup restore", "confirm the travel plan", "prepare the press kit", "record the training session",
         "chase the overdue invoices", "order new laptops", "draft the customer newsletter", "set up the test account"]
LAYOUT = {"checklist": "one item per line, copied exactly as it is written in the notes (the `- [ ]`/`- [x]` box "
                       "included)",
          "plain": "one `Owner: task` line per item, without the bullet and the box",
          "by_owner": "grouped by person: a `## Owner` heading per person (names A to Z), each followed by "
                      "that person's items as `- task` bullets (task text only)",
          "by_section": "grouped by agenda section: a `## Section` heading for each section of the notes that has "
                        "such items (in the notes' order), each followed by its item lines copied as they are"}
_LAYOUT = "".join(f"{{% if layout == {k!r} %}}{v}{{% endif %}}" for k, v in LAYOUT.items())
_WHICH = ("{% if operation == 'done' %}every item already ticked off (`- [x]`){% elif operation == 'owner_open' %}"
          "the open items (`- [ ]`) assigned to {{ owner }}{% else %}every open item (`- [ ]`, whoever it is "
          "for){% endif %}")


class Options(SkillParams):
    operation: Operation | None = None
    layout: Layout | None = None


class Params(Prepared):
    input: str
    output: str
    operation: Operation
    layout: Layout
    owner: str | None
    state: Literal["open", "done"]


def make_checklist_notes(rng: random.Random, faker: Faker) -> tuple[str, list[tuple[bool, str, str]]]:
    """Meeting notes: agenda sections of discussion bullets around checklist items, `- [ ] Owner: task`
    (`- [x]` or `- [X]` when done); the items as (done, owner, task)."""
    data = corpus("decks")
    topic = rng.choice(sorted(data["topics"]))
    people = sorted({faker.first_name() for _ in range(6)})[:rng.randint(3, 5)]
    tasks = rng.sample(TASKS, rng.randint(9, 14))
    sections = rng.sample(data["topics"][topic], min(len(data["topics"][topic]), rng.randint(3, 4)))
    day = day_between(faker, TODAY.replace(month=1, day=1))
    lines = [f"# {topic} - meeting notes", "", f"Date: {day.isoformat()}", "",
             "## Attendees", "", *[f"- {p}" for p in people], ""]

    def remark() -> str:
        metric = rng.choice(data["metrics"])
        return "- " + rng.choice(data["bullet_templates"]).format(
            metric=metric, metric_lower=metric.lower(), pct=rng.randint(3, 28), company=faker.company(),
            dept=rng.choice(corpus("business")["departments"]), city=faker.city(), month=month_name(faker))

    items = []
    for n, section in enumerate(sections):
        lines += [f"## {section}", "", remark(), ""]
        for task in tasks[n * len(tasks) // len(sections):(n + 1) * len(tasks) // len(sections)]:
            done, owner = rng.random() < 0.4, rng.choice(people)
            items.append((done, owner, task))
            lines.append(f"- [{rng.choice('xX') if done else ' '}] {owner}: {task}")
        lines += ["", remark(), ""]
    if not all(any(d == want for d, _, _ in items) for want in (True, False)):
        return make_checklist_notes(rng, faker)
    return "\n".join(lines), items


@register_workflow
class TodoChecklist(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.todo_checklist", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "From the meeting notes {{ input }}, list " + _WHICH + " in {{ output }}, in the order they appear in "
            "the notes, " + _LAYOUT + ". Nothing else goes in the file.",
            "Could you pull " + _WHICH + " out of {{ input }} into {{ output }}? I want them in the order of the "
            "notes, " + _LAYOUT + ", and no other lines, so I can paste it into the follow-up mail.",
            "{{ input }} -> {{ output }}: " + _WHICH + ", notes order, " + _LAYOUT + ".",
        ],
        criteria=["Exactly the items asked for, in the notes' order.", "In the layout asked, nothing else."],
        files=[FileSlot(param="input", type="md", role="input", description="Meeting notes with checklists"),
               FileSlot(param="output", type="md", description="The action list")],
        checks=[CheckTemplate(func="text.checklist_extracted", bind={"state": "state", "owner": "owner",
                                                                     "layout": "layout"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        operation: Operation = opts.operation or ctx.rng.choice(["open", "done", "owner_open"])
        text, items = make_checklist_notes(ctx.rng, ctx.faker)
        folder = ctx.rng.choice(["", "notes/", "meetings/"])
        state = "done" if operation == "done" else "open"
        pool = [i for i in items if i[0] == (state == "done")]
        owner = ctx.rng.choice(sorted({o for _, o, _ in pool})) if operation == "owner_open" else None
        layouts = ["checklist", "plain", "by_section"] + ([] if owner else ["by_owner"])
        layout = opts.layout or ctx.rng.choice(layouts)
        params = Params(input=f"{folder}sync_notes.md", output=f"{folder}action_items.md", operation=operation,
                        layout=layout, owner=owner, state=state)
        return params.with_files(input=(text + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        show = script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                           f"First I read {params.input} to see its checklist items.", f"Show {params.input}")
        script = f"""
            import re
            items, section = [], ""
            for line in open({lit(params.input)}, encoding="utf-8"):
                if line.startswith("## "):
                    section = line[3:].strip()
                m = re.match(r"^\\s*[-*+] \\[([ xX])\\]\\s+(.*?)\\s*$", line)
                if m:
                    owner, _, task = m.group(2).partition(":")
                    items.append((m.group(1) != " ", owner.strip(), task.strip(), line.strip(), section))
            chosen = [i for i in items if i[0] == {params.state == "done"!r} and {lit(params.owner)} in (None, i[1])]
            layout = {lit(params.layout)}
            if layout == "checklist":
                out = [i[3] for i in chosen]
            elif layout == "plain":
                out = [i[1] + ": " + i[2] for i in chosen]
            elif layout == "by_section":
                out = []
                for section in dict.fromkeys(i[4] for i in chosen):
                    out += ["## " + section] + [i[3] for i in chosen if i[4] == section]
            else:
                out = []
                for owner in sorted({{i[1] for i in chosen}}):
                    out += ["## " + owner] + ["- " + i[2] for i in chosen if i[1] == owner]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(show, script_step(script, f"I collect the {params.state} items in order and write them "
                                          f"to {params.output}.", f"List the {params.state} items"))
