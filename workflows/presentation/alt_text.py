"""Give a deck's pictures their alternative text from the list the comms team sent (a CSV naming
each slide by title or by number), after an accessibility check flagged them: every listed
picture gets its text, or only those with none yet (empty, or just a file name), the
descriptions someone already wrote staying."""

from __future__ import annotations

import io

from forge.models import ReferenceSolution
from forge.views import Table
from preparers._corpora import corpus
from preparers._ooxml import normalize_package
from preparers.filetypes.csv import write_csv
from preparers.filetypes.image import photo_jpeg
from preparers.presentation import DeckContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

ALTS = ["Bar chart of {metric} by month", "Photo of the {dept} team at the {city} office",
        "Map showing the {city} site", "Line chart of {metric} over the last two years",
        "Screenshot of the {dept} dashboard", "Photo of the reception area in {city}",
        "Diagram of the {dept} approval process", "Pie chart of {metric} by region"]
KEEP = ("{% if keep_existing %}Only pictures that have no alternative text yet (none at all, or just a file name "
        "such as IMG_2041.jpg) get the text from the list; descriptions someone already wrote stay as they are"
        "{% else %}Every picture on a listed slide gets the text from the list, replacing whatever alternative text "
        "it has now{% endif %}")
SLIDE = "{% if by_number %}the slide number{% else %}the slide title{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    slide_column: str
    text_column: str
    by_number: bool
    keep_existing: bool


class Options(SkillParams):
    by_number: bool | None = None
    keep_existing: bool | None = None
    in_place: bool | None = None


def with_pictures(deck: DeckContent, pictures: dict[int, tuple[bytes, str]]) -> bytes:
    """The deck as pptx, a picture (with its alternative text) on each slide index given."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation(io.BytesIO(write_pptx(deck)))
    for at, (jpeg, alt) in sorted(pictures.items()):
        picture = prs.slides[at].shapes.add_picture(io.BytesIO(jpeg), Inches(6.6), Inches(4.6), width=Inches(3))
        picture._element.xpath("./*[1]/p:cNvPr")[0].set("descr", alt)
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")


@register_workflow
class AltText(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.alt_text", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The accessibility check flagged the pictures in {{{{ input }}}}. {{{{ data }}}} lists the alternative "
            f"text for each picture: column \"{{{{ text_column }}}}\", with {SLIDE} in \"{{{{ slide_column }}}}\". "
            f"{KEEP}. Nothing else in the deck changes. " + SAVE["formal"],
            f"Comms sent {{{{ data }}}} with alt text for the pictures in {{{{ input }}}} (the slide is in "
            f"\"{{{{ slide_column }}}}\" - that's {SLIDE} - and the text in \"{{{{ text_column }}}}\"). Could you put "
            f"it on the pictures? {KEEP}. " + SAVE["chatty"],
            f"{{{{ input }}}}: picture alt text from {{{{ data }}}} (\"{{{{ slide_column }}}}\" = {SLIDE}, "
            f"\"{{{{ text_column }}}}\" = text). {KEEP}. " + SAVE["terse"],
        ],
        criteria=["Each listed picture carries the listed alternative text (or keeps its own, as asked).",
                  "No picture is added or removed and no slide text changes."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with pictures"),
               FileSlot(param="data", type="csv", role="input", description="The alternative texts, per slide"),
               FileSlot(param="output", type="pptx", description="The deck with the pictures described")],
        checks=[CheckTemplate(func="slides.alt_texts_set", paths={"input_file": "input", "source": "data"}, bind={
            "slide_column": "slide_column", "text_column": "text_column", "by_number": "by_number",
            "keep_existing": "keep_existing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by_number = pick(ctx, "by_number")
        keep = pick(ctx, "keep_existing")
        deck = make_deck(ctx.rng, ctx.faker)
        topics = list(range(2, len(deck.slides) - 1))
        chosen = sorted({*ctx.rng.sample(topics[:-1], min(3, len(topics) - 1)), topics[-1]})
        texts = self._texts(ctx, len(chosen) * 2)
        # before: at least one real description (kept or replaced) and one missing, the rest drawn
        kinds = ["written", "missing", *(ctx.rng.choice(["written", "missing"]) for _ in chosen[2:])]
        ctx.rng.shuffle(kinds)
        before = [texts[len(chosen) + k] if kind == "written" else ctx.rng.choice(
            ["", f"IMG_{ctx.rng.randint(1000, 9999)}.jpg", f"image{k + 1}.png"]) for k, kind in enumerate(kinds)]
        pictures = {at: (photo_jpeg(ctx.rng, (480, 320)), alt) for at, alt in zip(chosen, before, strict=True)}
        rows = [[at + 1 if by_number else deck.slides[at].title, texts[k]] for k, at in enumerate(chosen)]
        ctx.rng.shuffle(rows)
        slide_column = "Slide number" if by_number else "Slide"
        base = deck_paths(ctx, deck.file_stem, "alt_text")
        folder = base["input"].rsplit("/", 1)[0] + "/" if "/" in base["input"] else ""  # type: ignore[union-attr]
        params = Params(**base, data=f"{folder}alt_text.csv", slide_column=slide_column, text_column="Alt text",
                        by_number=by_number, keep_existing=keep)
        listing = write_csv(Table.of("alt_text", [[slide_column, "Alt text"], *rows]))
        return params.with_files(input=with_pictures(deck, pictures), data=listing)

    @staticmethod
    def _texts(ctx: WorkflowContext, count: int) -> list[str]:
        """`count` distinct descriptions in the deck's world."""
        out: list[str] = []
        while len(out) < count:
            text = ctx.rng.choice(ALTS).format(metric=ctx.rng.choice(corpus("decks")["metrics"]).lower(),
                                               dept=ctx.rng.choice(corpus("business")["departments"]),
                                               city=ctx.faker.city())
            out += [text] if text not in out else []
        return out

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re, pptx
            from pptx.enum.shapes import MSO_SHAPE_TYPE
            rows = list(csv.DictReader(open({lit(params.data)}, newline="", encoding="utf-8")))
            listed = {{" ".join(r[{lit(params.slide_column)}].split()).casefold(): r[{lit(params.text_column)}]
                      for r in rows}}
            def missing(alt):
                return not alt.strip() or re.match(r"^[\\w\\- ]+\\.(jpe?g|png|gif|bmp|tiff?|webp)$", alt.strip(), re.I)
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title is not None else ""
                text = listed.get(str(n) if {lit(params.by_number)} else title.casefold())
                for shape in slide.shapes:
                    if text is None or shape.shape_type != MSO_SHAPE_TYPE.PICTURE:
                        continue
                    props = shape._element.xpath("./*[1]/p:cNvPr")[0]
                    if {lit(params.keep_existing)} and not missing(props.get("descr", "")):
                        print("slide", n, "keeps", props.get("descr"))
                        continue
                    props.set("descr", text)
                    print("slide", n, "->", text)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to match the list to them."),
                        script_step(script, f"I read {params.data} with the csv module and set each picture's "
                                    "alternative text (its cNvPr descr) with python-pptx.", "Set the alt texts"),
                        list_step(params.output, "I list the slides again to check nothing else moved."))
