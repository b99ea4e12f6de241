"""Sort a hand-kept list (guests, tags, cities, emails): optionally once per entry, ignoring case, Z to A."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_word_list
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
    unique: bool | None = None
    ignore_case: bool | None = None
    reverse: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    what: str
    unique: bool
    ignore_case: bool
    reverse: bool
    in_place: bool = False


@register_workflow
class SortLines(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.sort_lines", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is our list of {{ what }}, one per line, but it's a mess. Sort it "
            "{% if reverse %}Z to A{% else %}A to Z{% endif %}{% if ignore_case %} ignoring upper/lower case"
            "{% else %} (plain character order, capitals before lower case){% endif %}"
            "{% if unique %}, keep each entry only once{% if ignore_case %} (entries differing only in case are the "
            "same; keep the first spelling){% endif %}{% endif %}, trim the spaces around each entry and drop blank "
            "lines. {% if in_place %}Overwrite {{ output }} with the result.{% else %}Save it as {{ output }}.{% endif %}",
            "Can you tidy the {{ what }} in {{ input }}? Trimmed, no empty lines, sorted "
            "{% if reverse %}in reverse{% endif %}{% if ignore_case %} case-insensitively{% else %} by character code"
            "{% endif %}{% if unique %}, duplicates removed{% if ignore_case %} regardless of case (first spelling "
            "wins){% endif %}{% else %}, every entry kept even if repeated{% endif %}. {% if in_place %}Sort {{ output }} in place.{% else %}Put the result in {{ output }}.{% endif %}",
            "sort{% if ignore_case %} -f{% endif %}{% if unique %} -u{% endif %}{% if reverse %} -r{% endif %} "
            "{{ input }} (trimmed, blanks dropped{% if unique and ignore_case %}, first spelling kept{% endif %}) "
            "-> {{ output }}{% if in_place %} (sort -o: in place){% endif %}.",
        ],
        criteria=["Every entry, trimmed, in the order asked.", "Repeats handled as asked."],
        files=[FileSlot(param="input", type="txt", role="input", description="A hand-kept list"),
               FileSlot(param="output", type="txt", description="The sorted list")],
        checks=[CheckTemplate(func="text.lines_sorted", bind={"unique": "unique", "ignore_case": "ignore_case",
                                                              "reverse": "reverse"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        listing = make_word_list(ctx.rng, ctx.faker)
        pick = lambda value, p: value if value is not None else ctx.rng.random() < p  # noqa: E731
        in_place = pick(opts.in_place, 0.3)
        params = Params(input=f"lists/{listing.file_name}", in_place=in_place,
                        output=f"lists/{listing.file_name}" if in_place else f"lists/{listing.kind}_sorted.txt",
                        what=listing.kind, unique=pick(opts.unique, 0.6), ignore_case=pick(opts.ignore_case, 0.5),
                        reverse=pick(opts.reverse, 0.2))
        return params.with_files(input=listing.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            items = [line.strip() for line in open({lit(params.input)}, encoding="utf-8") if line.strip()]
            key = str.casefold if {params.ignore_case!r} else str
            if {params.unique!r}:
                first = {{}}
                for item in items:
                    first.setdefault(key(item), item)
                items = list(first.values())
            items.sort(key=key, reverse={params.reverse!r})
            open({lit(params.output)}, "w", encoding="utf-8").write("".join(i + "\\n" for i in items))
            print(len(items), "entries")
        """
        return solution(script_step(script, f"I read the {params.what} from {params.input}, trim them, "
                                    f"{'dedupe and ' if params.unique else ''}sort them and write {params.output}.",
                                    f"Sort {params.input}"))
