"""Apply a style guide's term list to a docs page before it is published, as a tech writer does after
a product rename or a terminology change: every old term replaced by its new one, whole words only,
in one pass. The list comes as a CSV, as the table of a style-guide page, or as `old -> new` lines.
The rule changes the work: product names matched exactly as written (the same words in lower case
are a generic phrase and stay), terms matched in any case with a sentence's initial capital kept,
or terms replaced in the prose while code (blocks and `inline code`, commands and settings) stays.
"""

from __future__ import annotations

import random
from typing import Literal

from forge.checks import text_terms as _terms  # noqa: F401  (registers text.terms_replaced)
from forge.models import ReferenceSolution
from workflows._inplace import SAVE
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._term_docs import LIST_FILES, RULE_TEXT, Rule, write_list, write_page

ListFormat = Literal["csv", "markdown", "arrows"]


class Options(SkillParams):
    list_format: ListFormat | None = None
    rule: Rule | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    terms: str
    output: str
    list_format: ListFormat
    rule: Rule
    ignore_case: bool
    skip_code: bool
    in_place: bool


_RULE = "".join(f"{{% if rule == {k!r} %}}{v}{{% endif %}}" for k, v in RULE_TEXT.items())


@register_workflow
class TermList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.term_list", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Apply the term list in {{ terms }} to {{ input }}: replace every old term with its new term, whole words "
            "only (not inside longer words), all in one pass. " + _RULE + " Nothing else on the page changes. "
            + SAVE["formal"],
            "We've changed our terminology and {{ input }} still uses the old words. The old -> new pairs are in "
            "{{ terms }}; could you swap them in? Whole words only, and " + _RULE + " " + SAVE["chatty"],
            "{{ input }}: old terms -> new terms per {{ terms }} (whole words). " + _RULE + " " + SAVE["terse"],
            "I'd like {{ input }} to follow the style guide's terminology, which {{ terms }} lists (the term to drop, "
            "then the one to use). Whole words only. " + _RULE + " The rest of the text stays word for word. "
            + SAVE["formal"],
        ],
        criteria=["Every listed old term is replaced by its new one as a whole word, in one pass.",
                  "Case and code are handled as the rule asks.", "Nothing else on the page changed."],
        files=[FileSlot(param="input", type="md", role="input", description="A docs page"),
               FileSlot(param="terms", type="txt", role="input", description="The term list (old, new)",
                        types_by={"list_format": {"csv": "csv", "markdown": "md"}}),
               FileSlot(param="output", type="md", description="The page with the new terms")],
        checks=[CheckTemplate(func="text.terms_replaced",
                              bind={"list_format": "list_format", "ignore_case": "ignore_case",
                                    "skip_code": "skip_code"},
                              paths={"file": "output", "input_file": "input", "list_file": "terms"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng: random.Random = ctx.rng
        fmt: ListFormat = opts.list_format or rng.choice(["csv", "markdown", "arrows"])  # type: ignore[assignment]
        rule: Rule = opts.rule or rng.choice(list(RULE_TEXT))  # type: ignore[assignment]
        in_place = opts.in_place if opts.in_place is not None else rng.choice([False, True])
        page, stem, pairs = write_page(rng, ctx.faker, rule)
        folder = rng.choice(["", "docs/", "site/content/"])
        params = Params(input=f"{folder}{stem}.md", terms=rng.choice(LIST_FILES[fmt]),
                        output=f"{folder}{stem}{'' if in_place else '_updated'}.md", list_format=fmt, rule=rule,
                        ignore_case=rule == "any_case", skip_code=rule == "skip_code", in_place=in_place)
        return params.with_files(input=page.encode("utf-8"), terms=write_list(rng, pairs, fmt).encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        read_list = {
            "csv": "rows = list(csv.reader(open(LIST, encoding='utf-8')))[1:]",
            "markdown": ("rows = [[c.strip() for c in l.strip().strip('|').split('|')][:2] for l in "
                         "open(LIST, encoding='utf-8') if l.strip().startswith('|')][2:]"),
            "arrows": "rows = [l.split('->', 1) for l in open(LIST, encoding='utf-8') if '->' in l]",
        }[params.list_format]
        script = f"""
            import csv, re
            LIST = {lit(params.terms)}
            {read_list}
            terms = {{old.strip(): new.strip() for old, new in rows if old.strip()}}
            print(terms)
            folded = {{old.casefold(): old for old in terms}}
            flags = re.IGNORECASE if {params.ignore_case} else 0
            pattern = re.compile(r"(?<!\\w)(" + "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
                                 + r")(?!\\w)", flags)
            def swap(m):
                found = m.group(0)
                new = terms[folded[found.casefold()]]
                return new[:1].upper() + new[1:] if {params.ignore_case} and found[:1].isupper() else new
            def prose(line):
                if not {params.skip_code}:
                    return pattern.sub(swap, line)
                parts = re.split(r"(`+[^`]+`+)", line)
                return "".join(p if p.startswith("`") else pattern.sub(swap, p) for p in parts)
            out, fenced = [], False
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                fence = line.lstrip().startswith("```")
                fenced ^= fence
                out.append(line if {params.skip_code} and (fenced or fence) else prose(line))
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                f.write("\\n".join(out) + "\\n")
            print("wrote", {lit(params.output)})
        """
        return solution(script_step(f"print(open({lit(params.terms)}, encoding='utf-8').read())\n"
                                    f"print(open({lit(params.input)}, encoding='utf-8').read()[:800])",
                                    f"First I read the term list {params.terms} and the start of {params.input}.",
                                    f"Show {params.terms} and {params.input}"),
                        script_step(script, "I replace the terms in one pass with a single whole-word pattern, "
                                    f"longest terms first ({params.rule.replace('_', ' ')}).",
                                    f"Apply the terms to {params.input}"))
