"""Pull every email address, IP address, link or order number out of a support inbox export."""

from __future__ import annotations

from typing import Literal

from forge.checks.text_reports import PATTERNS
from forge.models import ReferenceSolution
from preparers.text import make_support_log
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

Kind = Literal["email", "ipv4", "url", "order_id"]
WORDS = {"email": "email addresses", "ipv4": "IP addresses", "url": "links (http/https URLs)",
         "order_id": "order numbers (ORD-...)"}


Listing = Literal["distinct", "occurrences", "counted"]


class Options(SkillParams):
    kind: Kind | None = None
    listing: Listing | None = None


class Params(Prepared):
    input: str
    output: str
    kind: Kind
    what: str
    unique: bool
    counted: bool = False


@register_workflow
class ExtractValues(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.extract_values", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "I need all the {{ what }} that appear in {{ input }}. Write them to {{ output }}, one per line"
            "{% if counted %}, each as `value: count` with how often it occurs, most frequent first (ties in "
            "alphabetical order){% if kind == 'email' %}, emails lower-cased{% endif %}"
            "{% elif unique %}, each distinct one only once, sorted{% if kind == 'email' %} (lower-case them){% endif %}"
            "{% else %}, every occurrence in the order they appear (repeats included){% endif %}.",
            "Could you grep the {{ what }} out of {{ input }} into {{ output }}? "
            "{% if counted %}I'd like a tally: `value: N` per line, biggest count first, ties alphabetical"
            "{% if kind == 'email' %}, lower case{% endif %}.{% elif unique %}Deduplicated and sorted, please"
            "{% if kind == 'email' %}, all lower case{% endif %}.{% else %}Keep every hit in file order, duplicates "
            "too.{% endif %}",
            "{{ input }}: extract {{ what }} -> {{ output }}, one per line, "
            "{% if counted %}`value: N` counts, by count desc then value{% elif unique %}unique + sorted{% endif %}"
            "{% if kind == 'email' %}, lower-cased{% endif %}{% if not unique and not counted %}all occurrences, in "
            "order{% endif %}.",
        ],
        criteria=["Exactly the values of that kind, as asked (distinct and sorted, or every occurrence)."],
        files=[FileSlot(param="input", type="txt", role="input", description="A support inbox export"),
               FileSlot(param="output", type="txt", description="The extracted values")],
        checks=[CheckTemplate(func="text.matches_listed", bind={"kind": "kind", "unique": "unique",
                                                                "counted": "counted"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        inbox = make_support_log(ctx.rng, ctx.faker)
        kind: Kind = opts.kind or ctx.rng.choice(list(WORDS))  # type: ignore[assignment]
        listing = opts.listing or ctx.rng.choice(["distinct", "distinct", "occurrences", "counted"])
        params = Params(input=f"support/{inbox.file_name}", output=f"support/{kind}s_{listing}.txt", kind=kind,
                        what=WORDS[kind], unique=listing != "occurrences", counted=listing == "counted")
        return params.with_files(input=inbox.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            found = re.findall({lit(PATTERNS[params.kind])}, open({lit(params.input)}, encoding="utf-8").read())
            if {lit(params.kind)} == "email":
                found = [f.lower() for f in found]
            values = sorted(set(found)) if {params.unique!r} else found
            if {params.counted!r}:
                counts = {{v: found.count(v) for v in set(found)}}
                values = [f"{{v}}: {{n}}" for v, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
            open({lit(params.output)}, "w").write("".join(v + "\\n" for v in values))
            print(len(found), "found,", len(values), "written")
        """
        return solution(script_step(script, f"I match the {params.what} in {params.input} with a regular expression "
                                    f"and write them to {params.output}.", f"Extract {params.kind} values"))
