"""Tick named checklist items done in meeting notes (`- [ ]` to `- [x]`), or reopen items ticked
by mistake, changing nothing else; in place or as a new copy of the notes."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
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
from workflows.text.todo_checklist import make_checklist_notes

_MARK = ("{% if done %}mark these items as done (tick their box, `- [x]`){% else %}reopen these items, they were "
         "ticked by mistake (clear their box back to `- [ ]`){% endif %}: {{ tasks | join('; ') }}")


class Options(SkillParams):
    done: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    done: bool
    tasks: list[str]


@register_workflow
class TodoTick(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.todo_tick", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In the meeting notes {{ input }}, " + _MARK + ". Leave every other line exactly as it is, the other "
            "items included. " + SAVE["formal"],
            "Quick update to {{ input }} after today's stand-up: please " + _MARK + ". Nothing else in the notes "
            "should change. " + SAVE["chatty"],
            "{{ input }}: " + _MARK + "; rest unchanged. " + SAVE["terse"],
        ],
        criteria=["The named items' boxes ticked or cleared as asked.", "No other line changed."],
        files=[FileSlot(param="input", type="md", role="input", description="Meeting notes with checklists"),
               FileSlot(param="output", type="md", description="The updated notes")],
        checks=[CheckTemplate(func="text.checklist_marked", bind={"tasks": "tasks", "done": "done"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        done = opts.done if opts.done is not None else ctx.rng.random() < 0.7
        text, items = make_checklist_notes(ctx.rng, ctx.faker)
        pool = [task for state, _, task in items if state != done]
        tasks = ctx.rng.sample(pool, min(len(pool), ctx.rng.randint(1, 3)))
        params = Params(**edit_paths(ctx, "sync_notes", "md", "updated", ["", "notes/", "meetings/"]), done=done,
                        tasks=tasks)
        return params.with_files(input=(text + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            tasks = {{t.casefold() for t in {lit(params.tasks)}}}
            lines = open({lit(params.input)}, encoding="utf-8").read().split("\\n")
            for i, line in enumerate(lines):
                m = re.match(r"^(\\s*[-*+] \\[)[ xX](\\]\\s+[^:]*:\\s*(.*?)\\s*)$", line)
                if m and m.group(3).casefold() in tasks:
                    lines[i] = m.group(1) + {lit("x" if params.done else " ")} + m.group(2)
                    print("changed:", lines[i])
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find the items.", f"Show {params.input}"),
                        script_step(script, "I change only the box of each named item, line by line.",
                                    f"Update the items in {params.input}"))
