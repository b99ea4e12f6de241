"""Tidy a markdown article's footnotes: renumber them 1, 2, 3 in the order they are first referenced
(after edits left the numbers out of order, or when a draft used named labels such as
`[^smith2023]`), listing the notes at the end in that order, optionally under a `## Notes` heading;
or put every note inline in parentheses where it is referenced, for a platform without footnotes."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.text_footnotes import FootnotesEdited, expected_lines
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TITLES = ["Remote work and team output", "What our customers told us", "Why the migration took longer",
          "Energy use in the new office", "A year of the support rota"]
_ASK = ("{% if operation == 'renumber' %}renumber the footnotes 1, 2, 3 and so on in the order they are first "
        "referenced in the text (a note referenced twice keeps one number), change every reference to match, and "
        "list all the notes at the end of the document in that order{% if heading %}, under a final "
        "\"## {{ heading }}\" heading{% endif %}{% else %}put every footnote inline: replace each reference with "
        "a space and the note's text in parentheses, e.g. `growth[^2].` becomes `growth (note text).`, and delete "
        "the note lines{% endif %}")


def _note(rng: random.Random, faker: Faker, year: int) -> str:
    if rng.random() < 0.6:
        return f"{faker.last_name()}, {faker.first_name()[0]}. ({year}). {faker.catch_phrase()}. {faker.company()}."
    return rng.choice(["Figures from the finance team's monthly export.", "Survey of all staff, answered anonymously.",
                       "Numbers rounded to the nearest hundred.", "Based on the tickets closed in the period."])


def make_article(rng: random.Random, faker: Faker, named: bool, scattered: bool) -> str:
    """An article with 4-6 footnotes referenced out of order (or by name), one of them twice."""
    count = rng.randint(4, 6)
    years = [rng.randint(2015, 2025) for _ in range(count)]
    if named:
        labels = [f"{faker.last_name().lower()}{y}" for y in years]
    else:
        labels = [str(n) for n in rng.sample(range(1, count + 1), count)]
        if labels == sorted(labels, key=int):
            labels = labels[1:] + labels[:1]
    notes = {label: _note(rng, faker, y) for label, y in zip(labels, years, strict=True)}
    refs = [*labels, rng.choice(labels[:-1])]  # one note referenced again later
    lines, defs_at_end = [f"# {rng.choice(TITLES)}", ""], []
    per = [refs[i:i + 2] for i in range(0, len(refs), 2)]
    for group in per:
        sentences = [faker.sentence(nb_words=rng.randint(8, 14)).rstrip(".") for _ in range(len(group) + 1)]
        text = " ".join(f"{s}[^{label}]." for s, label in zip(sentences, group, strict=False)) + f" {sentences[-1]}."
        lines += [text, ""]
        new = [label for label in group if label not in defs_at_end and not any(
            line.startswith(f"[^{label}]:") for line in lines)]
        if scattered:
            lines += [*(f"[^{label}]: {notes[label]}" for label in new), ""]
        else:
            defs_at_end += new
    if not scattered:
        lines += [f"[^{label}]: {notes[label]}" for label in sorted(defs_at_end, key=lambda k: rng.random())]
    return "\n".join(lines).rstrip() + "\n"


class Options(SkillParams):
    operation: Literal["renumber", "inline"] | None = None
    named: bool | None = None
    notes_heading: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Literal["renumber", "inline"]
    heading: str | None


@register_workflow
class Footnotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.footnotes", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "The article {{ input }} uses markdown footnotes (`text[^label]` and a `[^label]: note` line). Please "
            + _ASK + ". Every other line stays as it is. " + SAVE["formal"],
            "Before we publish {{ input }}, could you sort out its footnotes? Please " + _ASK + ". The text itself "
            "shouldn't change otherwise. " + SAVE["chatty"],
            "{{ input }} footnotes: " + _ASK + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["References and notes renumbered (or put inline) exactly as asked.", "Every other line unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="An article with footnotes"),
               FileSlot(param="output", type="md", description="The article with its footnotes tidied")],
        checks=[CheckTemplate(func="text.footnotes_edited", bind={"operation": "operation", "heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation = opts.operation or rng.choice(["renumber", "inline"])
        named = opts.named if opts.named is not None else rng.random() < 0.5
        want_heading = operation == "renumber" and (opts.notes_heading if opts.notes_heading is not None
                                                    else rng.random() < 0.5)
        text = make_article(rng, ctx.faker, named, scattered=rng.random() < 0.5)
        rule = FootnotesEdited(file="a.md", input_file="a.md", operation=operation,
                               heading="Notes" if want_heading else None)
        expected_lines(text.splitlines(), rule, "a.md")  # the article can take the edit
        params = Params(**edit_paths(ctx, rng.choice(["article", "post", "essay"]), "md", "final",
                                     ["", "drafts/", "blog/"]), operation=operation,
                        heading="Notes" if want_heading else None)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            definition = re.compile(r"^\\[\\^([^\\]\\s]+)\\]:\\s*(.*?)\\s*$")
            reference = re.compile(r"\\[\\^([^\\]\\s]+)\\](?!:)")
            notes = {{m.group(1): m.group(2) for line in lines if (m := definition.match(line))}}
            body = [line for line in lines if not definition.match(line)]
            if {lit(params.operation)} == "inline":
                out = [reference.sub(lambda m: " (" + notes[m.group(1)] + ")", line) for line in body]
            else:
                order = list(dict.fromkeys(m.group(1) for line in body for m in reference.finditer(line)))
                number = {{label: str(n) for n, label in enumerate(order, start=1)}}
                out = [reference.sub(lambda m: "[^" + number[m.group(1)] + "]", line) for line in body]
                while out and not out[-1].strip():
                    out.pop()
                out += [""] + (["## " + {lit(params.heading)}, ""] if {lit(params.heading)} else [])
                out += ["[^" + number[label] + "]: " + notes[label] for label in order]
            out = [line for n, line in enumerate(out) if line.strip() or (n and out[n - 1].strip())]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out).strip() + "\\n")
            print("\\n".join(out[-8:]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find its footnote references and notes.",
                                    f"Show {params.input}"),
                        script_step(script, "I collect the notes, then rewrite the references in the order they "
                                    "first appear and write the notes as asked.", "Tidy the footnotes"))
