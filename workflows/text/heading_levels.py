"""Fix a markdown file's heading levels by one rule: every heading down (or up) one level, one
title only, no skipped levels, underlined (setext) headings written with #. A report or README
with sub-sections, and a code block whose shell comments start with # (no headings there)."""

from __future__ import annotations

import random

from forge.checks.text_markdown import HeadingFix
from forge.models import ReferenceSolution
from preparers.text import make_readme, make_report_text
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

RULE = {
    "demote": "every heading needs to go one level down (# becomes ##, ## becomes ###, and so on)",
    "promote": "every heading is one level too deep (the title is a ## heading): move every heading up one level "
               "(## becomes #, ### becomes ##, and so on)",
    "single_title": "it should have one title only: keep the first level-1 (#) heading and make every later level-1 "
                    "heading a level-2 (##) heading, leaving the other headings as they are",
    "no_skips": "its headings skip levels (a ### right after a #): no heading may be more than one level deeper than "
                "the heading before it, so raise each such heading to one level below the one before it (as "
                "already fixed), leaving the others",
    "setext": "some headings are underlined with === or --- lines: write those as # (===) and ## (---) headings "
              "and drop the underline lines",
}
WHY = {"demote": "This page is going into the team handbook as a chapter", "promote": "The export tool nested "
       "everything one level too deep", "single_title": "Our docs linter complains about several titles",
       "no_skips": "The docs linter flags skipped heading levels", "setext": "We write headings with # in this repo"}
_RULE = "".join(f"{{% if fix == {k!r} %}}{v}{{% endif %}}" for k, v in RULE.items())
_WHY = "".join(f"{{% if fix == {k!r} %}}{v}{{% endif %}}" for k, v in WHY.items())
SUBS = ["Background", "Key figures", "Next steps", "Open questions", "Details", "Risks"]
_FIX = {
    "demote": "level = min(level + 1, 6)",
    "promote": "level -= 1",
    "single_title": "level = 2 if level == 1 and seen_title else level\n                seen_title |= level == 1",
    "no_skips": "level = min(level, previous + 1) if previous else level",
    "setext": "pass",
}


class Options(SkillParams):
    fix: HeadingFix | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    fix: HeadingFix


def structured(rng: random.Random, text: str) -> list[str]:
    """The document with a few level-3 sub-headings and a shell comment in its code blocks."""
    out: list[str] = []
    for line in text.splitlines():
        if line.startswith("```bash"):
            out += [line, "# from the project folder"]
            continue
        out.append(line)
        if line.startswith("## ") and rng.random() < 0.6:
            out += ["", f"### {rng.choice(SUBS)}"]
    return out


def messy(rng: random.Random, lines: list[str], fix: HeadingFix) -> list[str]:
    """Well-levelled lines as they come to be fixed by `fix`."""
    out: list[str] = []
    fenced, skipped = False, False
    for line in lines:
        fenced ^= line.startswith("```")
        level = len(line) - len(line.lstrip("#")) if line.startswith("#") and not fenced else 0
        text = line[level:].strip()
        if not level or fix == "demote":
            out.append(line)
        elif fix == "promote":
            out.append(f"{'#' * (level + 1)} {text}")
        elif fix == "single_title":
            out.append(f"# {text}" if level == 2 and rng.random() < 0.6 else line)
        elif fix == "no_skips":  # the first section always skips a level below the title
            deeper = level > 1 and (not skipped or rng.random() < 0.5)
            out.append(f"{'#' * (level + 1)} {text}" if deeper else line)
            skipped |= level > 1
        else:
            out += [text, ("=" if level == 1 else "-") * len(text)] if level <= 2 else [line]
    return out


@register_workflow
class HeadingLevels(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.heading_levels", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Fix the headings of {{ input }}: " + _RULE + ". Code blocks stay exactly as they are (a # there is no "
            "heading), and no other line changes. " + SAVE["formal"],
            _WHY + ", and {{ input }} needs its headings sorting out: " + _RULE + ". Please don't touch anything "
            "else, code samples included. " + SAVE["chatty"],
            "{{ input }} headings: " + _RULE + "; all else unchanged. " + SAVE["terse"],
        ],
        criteria=["Every heading is at the level the rule gives, written with #.",
                  "No other line changes; code blocks are left alone."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown document"),
               FileSlot(param="output", type="md", description="The document with its headings fixed")],
        checks=[CheckTemplate(func="text.headings_fixed", bind={"fix": "fix"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fix: HeadingFix = opts.fix or ctx.rng.choice(list(RULE))  # type: ignore[assignment]
        source = (make_report_text if ctx.rng.random() < 0.6 else make_readme)(ctx.rng, ctx.faker)
        good = structured(ctx.rng, source.text)
        for _ in range(8):
            lines = messy(ctx.rng, good, fix)
            if lines != good or fix == "demote":
                break
        stem = source.file_name.removesuffix(".md")
        folder = ctx.rng.choice(["docs/", "", "handbook/"]) if source.kind == "report" else ctx.rng.choice(["", "tool/"])
        params = Params(**edit_paths(ctx, stem, "md", "fixed", [folder]), fix=fix)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            out, fenced, previous, seen_title = [], False, 0, False
            for i, line in enumerate(lines):
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    out.append(line)
                    continue
                heading = None if fenced else re.match(r"^(#{{1,6}})\\s+(.*?)\\s*$", line)
                if {params.fix == "setext"} and not fenced and out and re.match(r"^(=+|-+)\\s*$", line) \\
                        and out[-1].strip() and not out[-1].startswith("#"):
                    out[-1] = ("# " if line.strip()[0] == "=" else "## ") + out[-1].strip()
                    continue
                if not heading:
                    out.append(line)
                    continue
                level, text = len(heading.group(1)), heading.group(2)
                {_FIX[params.fix]}
                previous = level
                out.append("#" * level + " " + text)
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                f.write("\\n".join(out) + "\\n")
            print("\\n".join(out[:60]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its headings and code blocks.",
                                    f"Show {params.input}"),
                        script_step(script, "I go through the lines outside code blocks and fix each heading's level "
                                    "by the rule, keeping every other line.", f"Fix the headings of {params.input}"))
