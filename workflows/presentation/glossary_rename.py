"""Apply a renaming list to a deck - a product's code name retired at launch, a team renamed in a
reorganisation: every whole-word mention of an old name in the titles and slide text replaced by
its new name, the speaker notes renamed too or left as they are."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, make_deck, write_pptx
from preparers.fake import month_name
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import spoilt_slides, topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

RENAMES = [("Atlas", "Orion"), ("Beacon", "Lumen"), ("Cobalt", "Vertex"), ("Customer Care", "Customer Success"),
           ("Help Desk", "Service Desk"), ("Project Falcon", "Project Kestrel")]
MENTIONS = ["{old} pilot with {company} starts in {month}", "{old} rollout on track for {month}",
            "Feedback on {old} collected from {city}", "Budget for {old} confirmed"]
NEAR = {"Atlas": "Tickets now tracked in Atlassian tools", "Beacon": "Beacons installed at the {city} site"}
NOTES = ("{% if with_notes %}in the speaker notes as well{% else %}but leave the speaker notes as they are (the "
         "presenter updates those){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    glossary: str
    with_notes: bool


class Options(SkillParams):
    with_notes: bool | None = None
    in_place: bool | None = None


@register_workflow
class GlossaryRename(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.glossary_rename", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Some names in {{{{ input }}}} have changed; {{{{ glossary }}}} lists each old name and its new one. "
            f"Replace every mention of an old name (whole words, as written) with its new name in the slide titles "
            f"and text, {NOTES}. Nothing else changes. " + SAVE["formal"],
            f"The brand team sent {{{{ glossary }}}} with the new names. Could you update {{{{ input }}}} to match? "
            f"Whole words only, please, on the slides {NOTES}. " + SAVE["chatty"],
            f"{{{{ input }}}}: apply the renames in {{{{ glossary }}}} (whole words), {NOTES}. " + SAVE["terse"],
        ],
        criteria=["Every whole-word mention of an old name on the slides reads the new name.",
                  "The notes are renamed or left as asked; words that only contain an old name are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck using the old names"),
               FileSlot(param="glossary", type="csv", role="input", description="The old and new names"),
               FileSlot(param="output", type="pptx", description="The deck with the new names")],
        checks=[CheckTemplate(func="slides.glossary_applied", paths={"input_file": "input", "glossary": "glossary"},
                              bind={"with_notes": "with_notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        with_notes = pick(ctx, "with_notes")
        deck = make_deck(ctx.rng, ctx.faker)
        pairs = ctx.rng.sample(RENAMES, ctx.rng.randint(2, 3))
        spoilt, _ = spoilt_slides(ctx, deck)
        slides = list(deck.slides)
        for k, i in enumerate(sorted(spoilt)):
            old = pairs[k % len(pairs)][0]
            fill = {"old": old, "company": ctx.faker.company(), "month": month_name(ctx.faker),
                    "city": ctx.faker.city()}
            bullets = [*slides[i].bullets, Bullet(text=ctx.rng.choice(MENTIONS).format(**fill))]
            if old in NEAR and ctx.rng.random() < 0.7:
                bullets.insert(ctx.rng.randrange(len(bullets)), Bullet(text=NEAR[old].format(**fill)))
            notes = f"{slides[i].notes} Mention that {old} ships in {fill['month']}.".strip()
            slides[i] = slides[i].model_copy(update={"bullets": bullets, "notes": notes})
        last = topics(deck)[-1]
        slides[last] = slides[last].model_copy(update={"title": f"{slides[last].title}: {pairs[-1][0]}"})
        deck = deck.model_copy(update={"slides": slides})
        base = deck_paths(ctx, deck.file_stem, "renamed")
        folder = str(base["input"]).rpartition("/")[0]
        params = Params(**base, glossary=f"{folder + '/' if folder else ''}new_names.csv", with_notes=with_notes)
        listing = write_csv(Table.of("new_names", [["old", "new"], *[list(p) for p in pairs]]))
        return params.with_files(input=write_pptx(deck), glossary=listing)

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(f"""
            import csv, re
            import pptx
            pairs = {{r["old"]: r["new"] for r in csv.DictReader(open({lit(params.glossary)}, newline="",
                                                                       encoding="utf-8"))}}
            names = sorted(pairs, key=len, reverse=True)
            pattern = re.compile(r"(?<!\\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\\w)")
            def rename(frame):
                for paragraph in frame.paragraphs:
                    text = paragraph.text
                    new = pattern.sub(lambda m: pairs[m.group(1)], text)
                    if new != text:
                        paragraph.runs[0].text = new
                        for run in paragraph.runs[1:]:
                            run.text = ""
                        print(repr(text), "->", repr(new))
            deck = pptx.Presentation({lit(params.input)})
            for slide in deck.slides:
                for shape in slide.shapes:
                    if shape.has_text_frame:
                        rename(shape.text_frame)
                if {lit(params.with_notes)} and slide.has_notes_slide:
                    rename(slide.notes_slide.notes_text_frame)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} and read {params.glossary}."),
                        script_step(script, "I replace each old name as a whole word with python-pptx, all names "
                                    "in one pass.", "Apply the new names"),
                        list_step(params.output, "I list the slides again to check the names."))
