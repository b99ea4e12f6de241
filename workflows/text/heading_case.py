"""Put a markdown document's headings in the case a style guide asks: sentence case or title case,
stated abbreviations (API, EMEA) kept in capitals; every heading or only the `##` ones. The headings
come typed every which way (lower case, SHOUTED, Every Word Capitalised); code comments stay."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_case import SMALL_WORDS, Case, HeadingCase, expected_lines
from forge.models import ReferenceSolution
from preparers.filetypes.text import read_text
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TITLES = ["project status report", "team handbook for new joiners", "platform migration plan", "quarterly review"]
SECTIONS = ["quarterly results for the EMEA region", "next steps and owners", "how we migrate to the new API",
            "risks and open questions", "budget by team", "what changed since the last review",
            "timeline for the CSV export", "SLA breaches and their causes", "hiring plan with HR",
            "KPI targets for the next quarter", "costs of the AWS accounts"]
SUBSECTIONS = ["data sources", "known issues with the API gateway", "who to ask", "rollout plan",
               "open items from the last meeting", "numbers in the KPI dashboard"]
ABBREVIATIONS = ["API", "AWS", "CSV", "EMEA", "HR", "KPI", "SLA"]
STYLE = {"sentence": "sentence case (only the first word capitalised, every other word in lower case)",
         "title": f"title case (every word capitalised except {', '.join(SMALL_WORDS)} when they are not the first "
                  "word)"}
_ASK = ("put {% if level %}the level {{ level }} (##) headings{% else %}every heading{% endif %} of {{ input }} in "
        "{{ style }}"
        "; keep the abbreviations {{ keep | join(', ') }} in capitals wherever they occur")


def _typed(rng: random.Random, phrase: str) -> str:
    """The phrase as someone typed it: lower case, shouting, every word capitalised, or one word so."""
    look = rng.choice(["lower", "upper", "capitalised", "mixed"])
    words = phrase.split()
    if look == "upper":
        return phrase.upper()
    if look == "capitalised":
        return " ".join(w if w.isupper() else w.capitalize() for w in words)
    if look == "mixed":
        k = rng.randrange(len(words))
        return " ".join(w.capitalize() if i in (0, k) else w.lower() for i, w in enumerate(words))
    return phrase.lower()


def make_document(rng: random.Random, faker: Faker) -> str:
    lines = [f"# {_typed(rng, rng.choice(TITLES))}", "", faker.paragraph(nb_sentences=2), ""]
    for n, section in enumerate(rng.sample(SECTIONS, rng.randint(4, 6))):
        lines += [f"## {_typed(rng, section)}", "", faker.paragraph(nb_sentences=2), ""]
        if rng.random() < 0.4:
            lines += [f"### {_typed(rng, rng.choice(SUBSECTIONS))}", "", f"- {faker.sentence(nb_words=6)}", ""]
        if n == 1:
            lines += ["```bash", "# rerun the export for the region", "make export", "```", ""]
    return "\n".join(lines).rstrip() + "\n"


class Options(SkillParams):
    case: Case | None = None
    only_level_2: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    case: Case
    style: str
    keep: list[str]
    level: int | None


@register_workflow
class HeadingCaseWorkflow(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.heading_case", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Our style guide wants headings in one case. Please " + _ASK + ". Change nothing else: not the heading "
            "levels, not the text, not the code blocks. " + SAVE["formal"],
            "The headings in {{ input }} were typed every which way. Could you " + _ASK + "? The rest of the file "
            "stays as it is. " + SAVE["chatty"],
            _ASK[0].upper() + _ASK[1:] + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The headings asked are in the case asked, abbreviations in capitals.",
                  "Every other line is unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown document"),
               FileSlot(param="output", type="md", description="The document with its headings recased")],
        checks=[CheckTemplate(func="text.heading_case", bind={"case": "case", "keep": "keep", "level": "level"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        case: Case = opts.case or rng.choice(["sentence", "title"])
        only = opts.only_level_2 if opts.only_level_2 is not None else rng.random() < 0.4
        for _ in range(30):  # until the headings asked have an abbreviation and need recasing
            text = make_document(rng, ctx.faker)
            view = read_text(text.encode(), "d.md", "md")
            scope = [h.text for h in view.headings if not only or h.level == 2]
            keep = [a for a in ABBREVIATIONS if any(a.casefold() in h.casefold().split() for h in scope)]
            rule = HeadingCase(file="d.md", input_file="d.md", case=case, keep=keep, level=2 if only else None)
            if keep and expected_lines(view, rule) != view.lines:
                break
        params = Params(**edit_paths(ctx, rng.choice(["report", "plan", "review"]), "md", "styled",
                                     ["", "docs/", "drafts/"]), case=case, style=STYLE[case], keep=keep,
                        level=2 if only else None)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            keep = {{k.casefold(): k for k in {lit(params.keep)}}}
            small = {lit(list(SMALL_WORDS))}
            def recase(text):
                out = []
                for n, word in enumerate(text.split()):
                    if word.casefold() in keep:
                        out.append(keep[word.casefold()])
                    elif n == 0 or ({lit(params.case)} == "title" and word.casefold() not in small):
                        out.append(word[:1].upper() + word[1:].lower())
                    else:
                        out.append(word.lower())
                return " ".join(out)
            lines, fenced = open({lit(params.input)}, encoding="utf-8").read().splitlines(), False
            for i, line in enumerate(lines):
                if line.lstrip().startswith(("```", "~~~")):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r"^ {{0,3}}(#{{1,6}})\\s+(.*?)\\s*#*\\s*$", line)
                if m and m.group(2) and ({lit(params.level)} is None or len(m.group(1)) == {lit(params.level)}):
                    lines[i] = m.group(1) + " " + recase(m.group(2))
                    print(lines[i])
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its headings and code blocks.",
                                    f"Show {params.input}"),
                        script_step(script, "I rewrite only the heading lines asked, word by word, and leave the "
                                    "code blocks and the text alone.", "Recase the headings"))
