"""Report a markdown project plan's progress per section from its checklists, as a project lead does
before a status meeting: `Section: done/total` or `Section: N%`, for every section, only the
unfinished ones, or every one then a Total row."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_progress import Form, Which
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SECTIONS = {
    "Design": ["Agree the colour palette", "Sketch the home page", "Design the product page", "Review mobile layouts",
               "Sign off the style guide"],
    "Content": ["Rewrite the About page", "Collect customer quotes", "Update product descriptions",
                "Translate the FAQ", "Proofread every page"],
    "Development": ["Set up the staging server", "Build the page templates", "Connect the payment provider",
                    "Add analytics", "Fix the search results"],
    "Testing": ["Test checkout on phones", "Run the accessibility audit", "Load test the API", "Check every link"],
    "Launch": ["Announce the date internally", "Prepare the press release", "Switch the DNS", "Monitor the first day"],
}
_WHICH = ("{% if which == 'unfinished' %}only the sections that still have open items{% elif which == 'total' %}"
          "every section with a checklist, then a last line `Total: ...` over all items{% else %}every section with "
          "a checklist{% endif %}")
_FORM = ("{% if form == 'fraction' %}as ticked/total items (`<section>: <ticked>/<total>`){% else %}as the share of "
         "ticked items in percent, rounded to a whole number with halves rounded up (`<section>: <percent>%`)"
         "{% endif %}")


def make_plan(rng: random.Random, faker: Faker) -> str:
    """A relaunch plan: a title, an intro, and four or five ## sections of owner-tagged checklists
    (one all done, one not started, the others part done)."""
    names = sorted(rng.sample(list(SECTIONS), rng.randint(4, 5)), key=list(SECTIONS).index)
    people = [faker.first_name() for _ in range(4)]
    shares = [1.0, 0.0, *(rng.uniform(0.2, 0.8) for _ in names[2:])]
    rng.shuffle(shares)
    lines = [f"# {faker.company()} website relaunch", "", f"Owner: {faker.name()}. Ticked items are done.", ""]
    for name, share in zip(names, shares, strict=True):
        items = rng.sample(SECTIONS[name], rng.randint(3, len(SECTIONS[name])))
        done = int(share * len(items)) if share in (0.0, 1.0) else min(max(round(share * len(items)), 1),
                                                                        len(items) - 1)
        ticks = [True] * done + [False] * (len(items) - done)
        rng.shuffle(ticks)
        lines += [f"## {name}", ""]
        lines += [f"- [{'x' if t else ' '}] {item} ({rng.choice(people)})"
                  for item, t in zip(items, ticks, strict=True)]
        lines.append("")
    return "\n".join(lines)


class Options(SkillParams):
    form: Form | None = None
    which: Which | None = None


class Params(Prepared):
    input: str
    output: str
    form: Form
    which: Which


@register_workflow
class ChecklistProgress(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.checklist_progress", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is our website relaunch plan; each ## section has a checklist where `- [x]` is done and "
            "`- [ ]` is open. Write a progress report to {{ output }} with one `Section: progress` line for "
            + _WHICH + ", in the plan's order, " + _FORM + ". Nothing else in the file.",
            "I need a quick status for tomorrow's meeting: could you go through the checklists in {{ input }} and "
            "put in {{ output }} a `Section: progress` line for " + _WHICH + ", in order, " + _FORM + "?",
            "{{ input }} -> {{ output }}: progress per ## section from its checklist, " + _WHICH + ", " + _FORM
            + "; one `Section: progress` line each.",
        ],
        criteria=["Exactly the sections asked, in the plan's order, each with its ticked and total items.",
                  "The form asked (fraction or rounded percent), and a Total line when asked."],
        files=[FileSlot(param="input", type="md", role="input", description="A project plan with checklists"),
               FileSlot(param="output", type="txt", description="The progress report")],
        checks=[CheckTemplate(func="text.checklist_progress", bind={"form": "form", "which": "which"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        folder = rng.choice(["", "plans/", "relaunch/"])
        params = Params(input=f"{folder}relaunch_plan.md", output=f"{folder}status_{rng.choice(['week', 'today'])}"
                        ".txt", form=opts.form or rng.choice(["fraction", "percent"]),
                        which=opts.which or rng.choice(["all", "unfinished", "total"]))
        return params.with_files(input=make_plan(rng, ctx.faker).encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            FORM, WHICH = {lit(params.form)}, {lit(params.which)}
            rows = []
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                if line.startswith("## "):
                    rows.append([line[3:].strip(), 0, 0])
                elif rows and (m := re.match(r"^\\s*[-*+]\\s+\\[([ xX])\\]\\s+\\S", line)):
                    rows[-1][1] += m.group(1) != " "
                    rows[-1][2] += 1
            rows = [r for r in rows if r[2]]
            if WHICH == "unfinished":
                rows = [r for r in rows if r[1] < r[2]]
            if WHICH == "total":
                rows.append(["Total", sum(r[1] for r in rows), sum(r[2] for r in rows)])
            def shown(d, t):
                return f"{{d}}/{{t}}" if FORM == "fraction" else f"{{(200 * d + t) // (2 * t)}}%"
            out = [f"{{name}}: {{shown(d, t)}}" for name, d, t in rows]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its sections and checklists.",
                                    f"Show {params.input}"),
                        script_step(script, "Per ## section I count the ticked and all checklist items, then write "
                                    "one line each in the form asked.", f"Write {params.output}"))
