"""Export a deck's outline to Markdown: each slide's title as a heading and its text lines as
bullets, optionally with the speaker notes - for a handout, a wiki page or a review."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

FORMAT = ("one line \"# <slide title>\" per slide, in order, then each line of text on that slide as \"- <line>\""
          "{% if with_notes %}, then the slide's speaker notes on one line starting with \"> \"{% endif %}")


class Params(Prepared):
    input: str
    output: str
    with_notes: bool


class Options(SkillParams):
    with_notes: bool | None = None


@register_workflow
class ExportOutline(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.export_outline", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Write the outline of {{{{ input }}}} to the Markdown file {{{{ output }}}}: {FORMAT}. Nothing else.",
            f"Could you turn {{{{ input }}}} into a Markdown handout, {{{{ output }}}}? Format: {FORMAT}.",
            f"{{{{ input }}}} -> {{{{ output }}}} (Markdown: {FORMAT}).",
        ],
        criteria=["Every slide appears once, in order, with all its text lines (and notes when asked)."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="md", description="The deck's outline")],
        checks=[CheckTemplate(func="slides.outline_exported", bind={"with_notes": "with_notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        notes = getattr(ctx.options, "with_notes", None)
        deck = make_deck(ctx.rng, ctx.faker)
        folder = ctx.rng.choice(["", "handouts/"])
        params = Params(input=f"{deck.file_stem}.pptx", output=f"{folder}{deck.file_stem}_outline.md",
                        with_notes=ctx.rng.random() < 0.5 if notes is None else notes)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        folder = params.output.rsplit("/", 1)[0] if "/" in params.output else "."
        script = f"""
            import os, pptx
            deck = pptx.Presentation({lit(params.input)})
            lines = []
            for slide in deck.slides:
                title = slide.shapes.title
                lines.append("# " + " ".join(title.text_frame.text.split()))
                for shape in slide.shapes:
                    if shape.has_text_frame and shape != title:
                        lines += ["- " + " ".join(t.split()) for t in shape.text_frame.text.splitlines() if t.strip()]
                notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
                if {params.with_notes} and notes.strip():
                    lines.append("> " + " ".join(notes.split()))
            os.makedirs({lit(folder)}, exist_ok=True)
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write("\\n".join(lines) + "\\n")
            print(len(lines), "lines")
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} with their text and notes."),
                        script_step(script, "I write each slide's title, text lines"
                                    f"{' and notes' if params.with_notes else ''} in the asked Markdown form.",
                                    f"Write {params.output}"),
                        script_step(f"print(open({lit(params.output)}, encoding='utf-8').read()[:600])",
                                    "I read the start of the outline back.", f"Check {params.output}"))
