"""Tidy a text file's whitespace: Windows line endings, trailing blanks, tab indents, blank-line runs."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_notes, make_readme, make_report_text, make_untidy
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
    tabs: bool | None = None
    collapse_blank: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    tab_width: int | None
    collapse_blank: bool
    in_place: bool


@register_workflow
class WhitespaceCleanup(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.whitespace_cleanup", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} came back from a Windows editor in a mess. Please convert it to Unix line endings, remove "
            "trailing spaces and tabs from every line{% if tab_width %}, turn the tab indents into spaces (tab stops "
            "every {{ tab_width }} columns){% endif %}{% if collapse_blank %}, squeeze runs of blank lines down to a "
            "single blank line{% endif %}, and drop blank lines at the start and end so it ends with one newline. "
            "Don't change any words. {% if in_place %}Fix the file in place.{% else %}Save the clean copy as "
            "{{ output }}.{% endif %}",
            "The diff for {{ input }} is all whitespace noise. Can you normalise it? LF endings, no trailing "
            "whitespace{% if tab_width %}, tabs expanded to {{ tab_width }}-column stops{% endif %}{% if collapse_blank %}"
            ", never more than one blank line in a row{% endif %}, a single final newline. Text itself stays exactly "
            "the same. {% if in_place %}Overwrite {{ output }}.{% else %}Write it to {{ output }}.{% endif %}",
            "Normalise {{ input }}: CRLF->LF, strip trailing whitespace{% if tab_width %}, expand -t {{ tab_width }}"
            "{% endif %}{% if collapse_blank %}, collapse blank-line runs{% endif %}, trim leading/trailing blank lines"
            "; -> {{ output }}{% if in_place %} (in place){% endif %}.",
        ],
        criteria=["Only whitespace changes, exactly the ones asked for.", "Unix line endings, one final newline."],
        files=[FileSlot(param="input", type="md", role="input", description="An untidy markdown file"),
               FileSlot(param="output", type="md", description="The tidied file")],
        checks=[CheckTemplate(func="text.normalised", bind={"tab_width": "tab_width", "collapse_blank": "collapse_blank"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source = ctx.rng.choice([make_notes, make_readme, make_report_text])(ctx.rng, ctx.faker)
        tabs = opts.tabs if opts.tabs is not None else ctx.rng.random() < 0.5
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.5
        name = f"drafts/{source.file_name}"
        params = Params(input=name, output=name if in_place else name.replace(".md", "_clean.md"),
                        tab_width=ctx.rng.choice([2, 4, 8]) if tabs else None, in_place=in_place,
                        collapse_blank=opts.collapse_blank if opts.collapse_blank is not None else ctx.rng.random() < 0.5)
        return params.with_files(input=make_untidy(ctx.rng, source.text, tabs=tabs).encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            raw = open({lit(params.input)}, encoding="utf-8", newline="").read()
            lines = raw.replace("\\r\\n", "\\n").replace("\\r", "\\n").split("\\n")
            if {lit(params.tab_width)}:
                lines = [line.expandtabs({lit(params.tab_width)}) for line in lines]
            lines = [line.rstrip(" \\t") for line in lines]
            if {params.collapse_blank!r}:
                lines = [line for i, line in enumerate(lines) if line or i == 0 or lines[i - 1]]
            with open({lit(params.output)}, "w", encoding="utf-8", newline="\\n") as out:
                out.write("\\n".join(lines).strip("\\n") + "\\n")
            print(raw.count("\\r\\n"), "CRLF line ends fixed")
        """
        return solution(script_step(script, f"I read {params.input} without newline translation, fix the line "
                                    "endings and whitespace line by line, and write the result.",
                                    f"Normalise {params.input}"))
