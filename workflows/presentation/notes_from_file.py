"""Fill in speaker notes from a text file a colleague wrote ('# Slide title' above each slide's
notes), replacing what those slides had; the other slides' notes stay."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    notes: str
    presenter: str
    by_number: bool


class Options(SkillParams):
    by_number: bool | None = None
    in_place: bool | None = None


@register_workflow
class NotesFromFile(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.notes_from_file", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "{{ presenter }} wrote speaker notes for {{ input }} in {{ notes }}: a '# ' line with "
            "{% if by_number %}'Slide' and the slide's number{% else %}a slide's title{% endif %}, then that slide's "
            "notes. Put each block into the named slide's speaker notes, replacing what is there; "
            "leave the other slides' notes and all slide content alone. " + SAVE["formal"],
            "Could you copy {{ presenter }}'s notes from {{ notes }} into the speaker notes of {{ input }}? Each "
            "'# {% if by_number %}Slide N{% else %}Title{% endif %}' heading says which slide. Only those slides' "
            "notes change. " + SAVE["chatty"],
            "{{ notes }} -> speaker notes of {{ input }} (one '# {% if by_number %}Slide N{% else %}slide title"
            "{% endif %}' block per slide, replace existing). "
            + SAVE["terse"],
        ],
        criteria=["Each named slide's notes read exactly the file's block.", "Nothing else changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with some notes"),
               FileSlot(param="notes", type="md", role="input", description="Notes per slide"),
               FileSlot(param="output", type="pptx", description="The deck with the notes")],
        checks=[CheckTemplate(func="slides.notes_from_text", paths={"input_file": "input", "notes_file": "notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        templates = corpus("decks")["note_templates"]
        chosen = ctx.rng.sample(deck.slides[1:], ctx.rng.randint(3, min(6, len(deck.slides) - 1)))
        blocks = []
        by_number = getattr(ctx.options, "by_number", None)
        by_number = ctx.rng.random() < 0.5 if by_number is None else by_number
        for slide in sorted(chosen, key=deck.slides.index):
            lines = [t.format(dept=ctx.rng.choice(corpus("business")["departments"]), person=ctx.faker.first_name())
                     for t in ctx.rng.sample(templates, 2)]
            name = f"Slide {deck.slides.index(slide) + 1}" if by_number else slide.title
            blocks.append(f"# {name}\n" + "\n".join(lines))
        presenter = ctx.faker.first_name()
        base = deck_paths(ctx, deck.file_stem, "with_notes")
        folder = base["input"].rsplit("/", 1)[0] + "/" if "/" in base["input"] else ""  # type: ignore[union-attr]
        params = Params(**base, notes=f"{folder}notes_{presenter.lower()}.md", presenter=presenter,
                        by_number=by_number)
        return params.with_files(input=write_pptx(deck), notes=("\n\n".join(blocks) + "\n").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, pptx
            text = open({lit(params.notes)}, encoding="utf-8").read()
            parts = re.split(r"^#+\\s*(.+?)\\s*$", text, flags=re.M)
            blocks = {{" ".join(t.split()).casefold(): b.strip() for t, b in zip(parts[1::2], parts[2::2])}}
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                title = " ".join(slide.shapes.title.text_frame.text.split()).casefold() if slide.shapes.title else ""
                for name in (f"slide {{n}}", title):
                    if name in blocks:
                        slide.notes_slide.notes_text_frame.text = blocks.pop(name)
                        print("notes set on", n, title)
            print("unused blocks:", list(blocks))
            {save_code(params.output)}
        """
        return solution(script_step(f"print(open({lit(params.notes)}, encoding='utf-8').read())",
                                    f"I read {params.notes} to see which slides it covers.", f"Read {params.notes}"),
                        list_step(params.input, f"I list the slides of {params.input} with their current notes."),
                        script_step(script, "I split the file on its '# ' headings and write each block into the "
                                    "matching slide's notes with python-pptx.", "Set the speaker notes"))
