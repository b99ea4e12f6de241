"""List the most frequent words of a report (optionally only longer words, to skip the little ones)."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_notes, make_report_text
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


class Options(SkillParams):
    long_words_only: bool | None = None


class Params(Prepared):
    input: str
    report: str
    count: int
    min_length: int | None


@register_workflow
class WordFrequency(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.word_frequency", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Which words does {{ input }} use most? Count words case-insensitively (a word is a run of letters "
            "a-z{% if min_length %}, and only count words of at least {{ min_length }} letters{% endif %}) and "
            "write the top {{ count }} to {{ report }}, one `word: count` line each, most frequent first, ties in "
            "alphabetical order.",
            "For the style review I need a word-frequency list of {{ input }}: the {{ count }} most common words "
            "(lower-cased, letters only{% if min_length %}, ignoring anything shorter than {{ min_length }} "
            "letters{% endif %}) with their counts as `word: N` lines in {{ report }}. Highest count first; equal "
            "counts alphabetically.",
            "{{ input }}: top {{ count }} words{% if min_length %} (>= {{ min_length }} letters){% endif %}, "
            "case-folded, [a-z]+ tokens -> {{ report }} as `word: N`, by count desc then word.",
        ],
        criteria=["The right words, counts and order."],
        files=[FileSlot(param="input", type="md", role="input", description="A report in markdown"),
               FileSlot(param="report", type="txt", description="The word-frequency list")],
        checks=[CheckTemplate(func="text.top_words", bind={"count": "count", "min_length": "min_length"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source = ctx.rng.choice([make_report_text, make_report_text, make_notes])(ctx.rng, ctx.faker)
        long_only = opts.long_words_only if opts.long_words_only is not None else ctx.rng.random() < 0.5
        params = Params(input=f"notes/{source.file_name}", report=f"notes/{source.file_name[:-3]}_top_words.txt",
                        count=ctx.rng.choice([5, 8, 10, 12, 15, 20]),
                        min_length=ctx.rng.choice([4, 5, 6]) if long_only else None)
        return params.with_files(input=source.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import collections, re
            text = open({lit(params.input)}, encoding="utf-8").read().lower()
            words = collections.Counter(w for w in re.findall(r"[a-z]+", text) if len(w) >= {params.min_length or 1})
            top = sorted(words.items(), key=lambda item: (-item[1], item[0]))[:{params.count}]
            open({lit(params.report)}, "w").write("".join(f"{{w}}: {{n}}\\n" for w, n in top))
            print(top)
        """
        return solution(script_step(script, f"I lower-case {params.input}, count the letter runs and write the top "
                                    f"{params.count} to {params.report}.", f"Count words in {params.input}"))
