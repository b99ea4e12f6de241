"""Hard-wrap a markdown report's paragraphs to a width (as `fmt`/an editor's fill does, greedily)
or unwrap hard-wrapped paragraphs to one line each, with or without its bullet items; headings,
the table and the code block (whose long command must not be broken) stay as they are."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.text_wrap import rewrapped
from forge.models import ReferenceSolution
from preparers.text import make_report_text
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

Operation = Literal["wrap", "unwrap"]

_ASK = ("{% if width %}hard-wrap every paragraph{% if lists %} and every bullet item{% endif %} to at most {{ width }} "
        "characters per line, filling each line with as many words as fit (greedy, never breaking a word)"
        "{% if lists %}; a bullet's continuation lines are indented by two spaces{% endif %}{% else %}unwrap the "
        "hard-wrapped paragraphs{% if lists %} and bullet items{% endif %}: join the lines of each one into a "
        "single line, words separated by one space{% endif %}. {% if not lists %}Leave the bullet lists exactly as "
        "they are. {% endif %}Headings, the table, the code block and blank lines stay unchanged")


class Options(SkillParams):
    operation: Operation | None = None
    lists: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    width: int | None
    lists: bool


def compose(rng: random.Random, text: str, stem: str) -> list[str]:
    """The report with a bullet list of long findings, a small table and a code block added."""
    lines = text.splitlines()
    sentences = [s.strip().rstrip(".") + "." for line in lines if line and not line.startswith("#")
                 for s in line.split(". ") if len(s) > 40]
    bullets = [f"- {a} {b}" for a, b in zip(*[iter(rng.sample(sentences, 6))] * 2, strict=False)]
    code = ["```bash", f"python -m report_tools.build --input data/{stem}.csv --output out/{stem}_summary.md "
            "--format markdown --include-appendix", "```"]
    table = ["| Metric | Value |", "| --- | --- |", f"| Responses | {rng.randint(200, 900)} |",
             f"| Score | {rng.randint(60, 95)} |"]
    heads = [i for i, line in enumerate(lines) if line.startswith("## ")]
    at = heads[min(1, len(heads) - 1)]
    return [*lines[:at], "## Key findings", "", *bullets, "", *table, "", *lines[at:], "## Reproducing", "",
            "Run the build from the project folder:", "", *code]


@register_workflow
class WrapParagraphs(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.wrap_paragraphs", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Please reformat {{ input }}: " + _ASK + ". Don't change any words. " + SAVE["formal"],
            "{% if width %}Our reviewers read {{ input }} in a terminal and the long lines are a pain{% else %}"
            "{{ input }} was hard-wrapped by an old editor, and every small edit re-flows half a paragraph in the diffs"
            "{% endif %}. Here is what I need: " + _ASK + ". Same words, same order. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; words unchanged. " + SAVE["terse"],
        ],
        criteria=["Each paragraph re-flowed as asked, same words in the same order.",
                  "Headings, table, code block (and lists unless asked) unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown report"),
               FileSlot(param="output", type="md", description="The re-flowed report")],
        checks=[CheckTemplate(func="text.paragraphs_wrapped", bind={"width": "width", "lists": "lists"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        operation = opts.operation or ctx.rng.choice(["wrap", "unwrap"])
        lists = opts.lists if opts.lists is not None else ctx.rng.random() < 0.5
        source = make_report_text(ctx.rng, ctx.faker)
        stem = source.file_name.removesuffix(".md")
        lines = compose(ctx.rng, source.text, stem)
        width = ctx.rng.choice([60, 72, 80])
        if operation == "unwrap":
            lines = rewrapped(lines, ctx.rng.choice([50, 64, 70]), True)
        params = Params(**edit_paths(ctx, stem, "md", "wrapped" if operation == "wrap" else "unwrapped",
                                     ["", "docs/", "reports/"]), width=width if operation == "wrap" else None,
                        lists=lists)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, textwrap
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            width, lists, out, i = {lit(params.width)}, {params.lists!r}, [], 0
            def flow(words, first="", rest=""):
                if width is None:
                    return [first + " ".join(words)]
                return textwrap.wrap(" ".join(words), width, initial_indent=first, subsequent_indent=rest,
                                     break_long_words=False, break_on_hyphens=False)
            while i < len(lines):
                line = lines[i].rstrip()
                if line.startswith("```"):
                    j = i + 1
                    while j < len(lines) and not lines[j].startswith("```"):
                        j += 1
                    out += lines[i:j + 1]
                    i = j + 1
                    continue
                if not line or line.startswith(("#", "|", ">")):
                    out.append(line)
                elif line.startswith("- "):
                    block = [line]
                    while i + 1 < len(lines) and lines[i + 1].startswith(" ") and lines[i + 1].strip():
                        i += 1
                        block.append(lines[i])
                    out += flow(" ".join(block)[2:].split(), "- ", "  ") if lists else block
                else:
                    block = [line]
                    special = r"(#|\\||>|```|- )"
                    while i + 1 < len(lines) and lines[i + 1].strip() and not re.match(special, lines[i + 1]):
                        i += 1
                        block.append(lines[i])
                    out += flow(" ".join(block).split())
                i += 1
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                f.write("\\n".join(out).rstrip("\\n") + "\\n")
            print(max(map(len, out)), "characters in the longest line")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its paragraphs, lists and code.",
                                    f"Show {params.input}"),
                        script_step(script, "I re-flow each paragraph block by block, leaving headings, the table "
                                    "and the code block alone.", f"Re-flow {params.input}"))
