"""Export a deck's speaker notes as the presenter's script, to print or rehearse from: a heading
per slide with the deck's own slide number ('## N. Title' in Markdown, 'Slide N: Title' in a
text file), then its notes; every slide ('(no notes)' under the silent ones) or only those with
notes; hidden slides left out or marked '(hidden)'."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import list_step
from workflows.presentation._hidden import write_with_hidden
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["md", "txt"]
Scope = Literal["all", "noted"]
Hidden = Literal["skip", "mark"]
HEAD = ("{% if form == 'md' %}a Markdown heading \"## N. Title\"{% else %}a line \"Slide N: Title\"{% endif %} "
        "(N the slide's number in the deck)")
WHICH = ("{% if scope == 'all' %}every slide, with the line \"(no notes)\" under a slide that has none{% else %}"
         "only the "
         "slides that have notes{% endif %}")
HIDDEN = ("{% if hidden == 'mark' %}hidden slides are listed too, with \" (hidden)\" after the title{% else %}"
          "leave the "
          "hidden slides out{% endif %}")
SCRIPT = """
    import os, pptx
    deck = pptx.Presentation({input})
    lines = []
    for n, slide in enumerate(deck.slides, start=1):
        hidden = slide._element.get("show") == "0"
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        notes = [" ".join(p.split()) for p in notes.splitlines() if p.strip()]
        if (hidden and not {mark}) or (not notes and not {every}):
            continue
        title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
        title += " (hidden)" if hidden else ""
        lines += [{head}, *(notes or ["(no notes)"]), ""]
    os.makedirs(os.path.dirname({output}) or ".", exist_ok=True)
    with open({output}, "w", encoding="utf-8") as f:
        f.write("\\n".join(lines))
    print("\\n".join(lines))
"""


class Params(Prepared):
    input: str
    output: str
    form: Form
    scope: Scope
    hidden: Hidden


class Options(SkillParams):
    form: Form | None = None
    scope: Scope | None = None
    hidden: Hidden | None = None


@register_workflow
class NotesScript(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.notes_script", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Export the speaker notes of {{{{ input }}}} to {{{{ output }}}} as a script to rehearse from: for "
            f"{WHICH}, in order, {HEAD}, then its notes, one line per paragraph; {HIDDEN}.",
            f"I want to print my speaker notes from {{{{ input }}}} and read them on the train. Could you put them in "
            f"{{{{ output }}}}? For {WHICH}: {HEAD} and then the notes. Also, {HIDDEN}.",
            f"{{{{ input }}}} notes -> {{{{ output }}}}: {WHICH}; each under {HEAD}; {HIDDEN}.",
        ],
        criteria=["One heading per slide asked for, with the deck's slide numbers, each followed by its notes.",
                  "Hidden slides left out or marked as asked; no other lines."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with speaker notes"),
               FileSlot(param="output", type="md", types_by={"form": {"txt": "txt"}},
                        description="The presenter's script")],
        checks=[CheckTemplate(func="slides.notes_script",
                              bind={"form": "form", "scope": "scope", "hidden": "hidden"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["md", "txt"])
        scope: Scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["all", "noted"])
        hidden_as: Hidden = getattr(ctx.options, "hidden", None) or ctx.rng.choice(["skip", "mark"])
        deck = make_deck(ctx.rng, ctx.faker)
        found = topics(deck)
        silent = set(ctx.rng.sample(found, ctx.rng.randint(1, max(1, len(found) // 3))))
        hidden = ctx.rng.choice([i for i in found if i not in silent])  # a backup slide with notes
        deck = deck.model_copy(update={"slides": [s.model_copy(update={"notes": ""}) if i in silent else s
                                                  for i, s in enumerate(deck.slides)]})
        folder = ctx.rng.choice(["", "slides/", "talks/"])
        params = Params(input=f"{folder}{deck.file_stem}.pptx", output=f"{folder}{deck.file_stem}_script.{form}",
                        form=form, scope=scope, hidden=hidden_as)
        return params.with_files(input=write_with_hidden(deck, [hidden]))

    def reference(self, params: Params) -> ReferenceSolution:
        head = 'f"## {n}. {title}"' if params.form == "md" else 'f"Slide {n}: {title}"'
        script = textwrap.dedent(SCRIPT.format(input=lit(params.input), output=lit(params.output), head=head,
                                               mark=lit(params.hidden == "mark"), every=lit(params.scope == "all")))
        return solution(list_step(params.input, f"I list the slides of {params.input} and their notes."),
                        script_step(script, "I walk the slides with python-pptx, skipping or marking the hidden ones "
                                    "(show=\"0\"), and write each heading with its notes.", "Write the script"))
