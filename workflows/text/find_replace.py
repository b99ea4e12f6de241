"""Find and replace a term in a markdown report, as a user renames a thing: whole words only or
inside longer words too (`vendor` in `vendors`), matching case or not (`Vendor` at a sentence's
start), in the code block too or not (a command's `--vendor` flag); in place or as a new file."""

from __future__ import annotations

import random

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

TERMS = {"vendor": "supplier", "client": "customer", "ticket": "case", "server": "host", "budget": "allowance",
         "invoice": "bill", "region": "territory", "warehouse": "depot"}
PROSE = ["The {w} list was reviewed again this quarter.", "{W} changes need sign-off from the steering group.",
         "Two {w}s were added after the audit.", "Every {w} record now has an owner.",
         "We expect fewer {w} escalations next quarter.", "{W} data is refreshed every Monday."]

_ASK = ("replace `{{ old }}` with `{{ new }}`{% if whole_word %} where it is a whole word only (not inside a longer "
        "word such as `{{ old }}s`){% else %} wherever it occurs, inside longer words too (so `{{ old }}s` becomes "
        "`{{ new }}s`){% endif %}{% if ignore_case %}, in any upper/lower case (`{{ old | capitalize }}` too), always "
        "writing `{{ new }}` exactly like that{% else %}, matching case exactly (leave `{{ old | capitalize }}` and "
        "other spellings alone){% endif %}{% if skip_code %}, and leave the code block untouched{% else %}, the "
        "code block included{% endif %}")


class Options(SkillParams):
    whole_word: bool | None = None
    ignore_case: bool | None = None
    skip_code: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    old: str
    new: str
    whole_word: bool
    ignore_case: bool
    skip_code: bool


def seeded_report(rng: random.Random, text: str, word: str, stem: str) -> list[str]:
    """The report with sentences using `word` (plain, capitalised, inside a longer word) added to
    some paragraphs, and a closing code block whose command names it too."""
    lines = text.splitlines()
    paragraphs = [i for i, line in enumerate(lines) if line and not line.startswith("#") and len(line) > 60]
    sentences = [PROSE[0], PROSE[1], PROSE[2], *rng.sample(PROSE[3:], 2)]
    for i, sentence in zip(rng.sample(paragraphs, min(len(paragraphs), len(sentences))), sentences, strict=False):
        lines[i] += " " + sentence.format(w=word, W=word.capitalize())
    return [*lines, "## Data export", "", f"The {word} figures come from the export tool:", "", "```bash",
            f"python -m exports.run --{word} all --out data/{stem}_{word}s.csv", "```"]


@register_workflow
class FindReplace(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.find_replace", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}, " + _ASK + ". Change nothing else. " + SAVE["formal"],
            "We're calling it `{{ new }}` from now on, not `{{ old }}`. Could you update {{ input }}? Please "
            + _ASK + ". No other edits. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; nothing else. " + SAVE["terse"],
        ],
        criteria=["Exactly the occurrences asked for replaced, spelled as given.", "No other change."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown report"),
               FileSlot(param="output", type="md", description="The report after the replacement")],
        checks=[CheckTemplate(func="text.text_replaced", bind={
            "old": "old", "new": "new", "whole_word": "whole_word", "ignore_case": "ignore_case",
            "skip_code": "skip_code"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        pick = lambda value: value if value is not None else ctx.rng.random() < 0.5  # noqa: E731
        source = make_report_text(ctx.rng, ctx.faker)
        old = ctx.rng.choice(sorted(TERMS))
        stem = source.file_name.removesuffix(".md")
        lines = seeded_report(ctx.rng, source.text, old, stem)
        params = Params(**edit_paths(ctx, stem, "md", "renamed", ["", "docs/", "reports/"]), old=old, new=TERMS[old],
                        whole_word=pick(opts.whole_word), ignore_case=pick(opts.ignore_case),
                        skip_code=pick(opts.skip_code))
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            old, new = {lit(params.old)}, {lit(params.new)}
            pattern = r"\\b" + re.escape(old) + r"\\b" if {params.whole_word!r} else re.escape(old)
            flags = re.IGNORECASE if {params.ignore_case!r} else 0
            out, in_code, total = [], False, 0
            for line in open({lit(params.input)}, encoding="utf-8").read().split("\\n"):
                is_fence = line.lstrip().startswith("```")
                in_code ^= is_fence
                if {params.skip_code!r} and (in_code or is_fence):
                    out.append(line)
                    continue
                line, n = re.subn(pattern, lambda m: new, line, flags=flags)
                total += n
                out.append(line)
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out))
            print(total, "replacements")
        """
        return solution(script_step(f"import subprocess; subprocess.run(['grep', '-n', '-i', {lit(params.old)}, "
                                    f"{lit(params.input)}])", f"First I look for every spelling of {params.old!r} in "
                                    f"{params.input}.", f"Find {params.old} in {params.input}"),
                        script_step(script, "I replace only the occurrences asked for, line by line.",
                                    f"Replace {params.old} with {params.new}"))
