"""Number a markdown document's headings (`## 1. Costs`, and with sub-sections `### 1.1 Detail`),
fix numbers that went wrong when sections were moved, or strip every number; the title and the
`# comments` of code blocks are left alone; in place or as a new file."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.text_outline import NUMBER, numbered, outline
from forge.models import ReferenceSolution
from preparers.text import make_readme, make_report_text
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
from workflows.text.heading_levels import structured

Operation = Literal["number", "renumber", "strip"]
Depth = Literal["sections", "subsections"]

_FORMAT = ("each level-2 (##) heading numbered in order from one, written `## N. Heading` (the number, a dot, a "
           "space){% if depth == 3 %}, and each level-3 (###) heading numbered within its section as `### N.M "
           "Heading` (N its section's number, M counting from one afresh under each section, no dot after M)"
           "{% else %}; the level-3 headings stay as they are, with no number{% endif %}; the title (#) gets no number")
_ASK = ("{% if operation == 'strip' %}remove the numbers in front of its headings (`## N. Heading` becomes `## "
        "Heading`, `### N.M Heading` becomes `### Heading`), keeping the heading text{% elif operation == 'renumber' "
        "%}renumber its headings from the top (the numbers got out of order when sections were moved around): "
        + _FORMAT + "{% else %}number its headings: " + _FORMAT + "{% endif %}")


class Options(SkillParams):
    operation: Operation | None = None
    depth: Depth | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    depth: int | None


def _numbers_wrong(rng: random.Random, lines: list[str], depth: int) -> list[str]:
    """Correctly numbered lines with the numbers of some headings scrambled, as after a move."""
    out = list(lines)
    spots = [i for i, item in enumerate(outline(lines)) if not isinstance(item, str) and 1 < item[0] <= depth]
    for i in rng.sample(spots, max(2, len(spots) // 2)):
        hashes, _, rest = out[i].partition(" ")
        text = NUMBER.sub("", rest)
        wrong = f"{rng.randint(1, 9)}." if len(hashes) == 2 else f"{rng.randint(1, 6)}.{rng.randint(1, 4)}"
        out[i] = f"{hashes} {wrong} {text}"
    return out


@register_workflow
class HeadingNumbers(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.heading_numbers", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Please edit the headings of {{ input }}: " + _ASK + ". Code blocks stay exactly as they are (a # "
            "there is no heading) and no other line changes. " + SAVE["formal"],
            "Our style guide wants {% if operation == 'strip' %}plain headings{% else %}numbered sections{% endif %}"
            ", so for {{ input }} could you " + _ASK + "? Don't touch anything else, the code samples included. "
            + SAVE["chatty"],
            "{{ input }} headings: " + _ASK + "; all else unchanged. " + SAVE["terse"],
        ],
        criteria=["Every heading below the title carries exactly the number asked for, or none.",
                  "No other line changes; code blocks are left alone."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown document"),
               FileSlot(param="output", type="md", description="The document with its headings (un)numbered")],
        checks=[CheckTemplate(func="text.headings_numbered", bind={"depth": "depth"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        operation: Operation = opts.operation or ctx.rng.choice(["number", "renumber", "strip"])
        deep = opts.depth == "subsections" if opts.depth else ctx.rng.random() < 0.5
        depth = 3 if deep else 2
        for _ in range(20):
            source = (make_report_text if ctx.rng.random() < 0.6 else make_readme)(ctx.rng, ctx.faker)
            plain = structured(ctx.rng, source.text)
            heads = [item for item in outline(plain) if not isinstance(item, str)]
            first_two = next((n for n, (level, _) in enumerate(heads) if level == 2), len(heads))
            if (sum(level == 3 for level, _ in heads) >= 2 and all(level != 3 for level, _ in heads[:first_two])
                    and not any(NUMBER.match(text) for _, text in heads)):
                break
        if operation == "number":
            lines = plain
        elif operation == "renumber":
            good = numbered(plain, depth)
            tries = (_numbers_wrong(ctx.rng, good, depth) for _ in range(10))
            lines = next((bad for bad in tries if bad != good), good)
        else:
            lines = numbered(plain, ctx.rng.choice([2, 3]) if opts.depth is None else depth)
        stem = source.file_name.removesuffix(".md")
        params = Params(**edit_paths(ctx, stem, "md", "numbered" if operation != "strip" else "plain",
                                     ["", "docs/", "handbook/"]), operation=operation,
                        depth=None if operation == "strip" else depth)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            depth, out, fenced, section, sub = {lit(params.depth)}, [], False, 0, 0
            for line in lines:
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                m = None if fenced or line.lstrip().startswith("```") else re.match(r"^(#{{1,6}})\\s+(.*?)\\s*$", line)
                if not m:
                    out.append(line)
                    continue
                level, text = len(m.group(1)), m.group(2)
                if 1 < level <= (depth or 6):
                    text = re.sub(r"^\\d+(\\.\\d+)*\\.?\\s+", "", text)
                if depth and level == 2:
                    section, sub = section + 1, 0
                    text = f"{{section}}. {{text}}"
                elif depth == 3 and level == 3:
                    sub += 1
                    text = f"{{section}}.{{sub}} {{text}}"
                out.append("#" * level + " " + text)
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                f.write("\\n".join(out) + "\\n")
            print("\\n".join(l for l in out if l.startswith("#")))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its headings and code blocks.",
                                    f"Show {params.input}"),
                        script_step(script, "Outside code blocks I renumber (or strip) each heading below the "
                                    "title, counting sections and sub-sections as I go.",
                                    f"Number the headings of {params.input}"))
