"""Compare two one-per-line lists as people do with `comm` or by eye: last month's and this month's
subscribers, two exports of account names. Write the entries only in the first list, only in the
second, or in both; matched exactly or ignoring case; in their list's order or A to Z."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_compare import Keep
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

KINDS = {"subscribers": ("newsletter/subscribers_{a}.txt", "newsletter/subscribers_{b}.txt", "email addresses"),
         "accounts": ("exports/accounts_{a}.txt", "exports/accounts_{b}.txt", "account names")}
STEMS = {"only_first": "gone", "only_second": "new", "both": "kept"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october"]
_KEEP = ("{% if keep == 'only_first' %}the entries of {{ first }} that are not in {{ second }}{% elif keep == "
         "'only_second' %}the entries of {{ second }} that are not in {{ first }}{% else %}the entries that are in "
         "both lists, written as {{ first }} has them{% endif %}")
_RULES = ("{% if ignore_case %}Treat entries that differ only in upper/lower case as the same entry{% else %}Compare "
          "entries exactly, upper/lower case included{% endif %}; write one per line, {% if sort %}sorted A to Z "
          "ignoring case{% else %}in the order their list has them{% endif %}, and nothing else.")


def make_lists(rng: random.Random, faker: Faker, kind: str) -> tuple[list[str], list[str]]:
    """Two overlapping lists: some entries only in the first, some only in the second, and a few of
    the shared ones typed again in the second with other capitals."""
    make = faker.email if kind == "subscribers" else faker.user_name
    entries = list(dict.fromkeys(make().lower() for _ in range(60)))
    shared = entries[:rng.randint(12, 18)]
    gone, new = entries[20:20 + rng.randint(2, 4)], entries[30:30 + rng.randint(2, 4)]
    recased = set(rng.sample(shared, 3))
    first = shared + gone
    second = [e.capitalize() if e in recased else e for e in shared] + new
    rng.shuffle(first)
    rng.shuffle(second)
    return first, second


class Options(SkillParams):
    keep: Keep | None = None
    ignore_case: bool | None = None
    sort: bool | None = None


class Params(Prepared):
    first: str
    second: str
    output: str
    what: str
    keep: Keep
    ignore_case: bool
    sort: bool


@register_workflow
class CompareLists(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.compare_lists", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ first }} and {{ second }} hold {{ what }}, one per line. Write to {{ output }} " + _KEEP + ". "
            + _RULES,
            "Can you compare {{ first }} with {{ second }} for me? I need " + _KEEP + " in {{ output }}. " + _RULES,
            "{{ first }} vs {{ second }} -> {{ output }}: " + _KEEP + ". " + _RULES,
        ],
        criteria=["Exactly the entries asked, each once, as its list writes it.", "Matching and order as asked."],
        files=[FileSlot(param="first", type="txt", role="input", description="The first list"),
               FileSlot(param="second", type="txt", role="input", description="The second list"),
               FileSlot(param="output", type="txt", description="The compared entries")],
        checks=[CheckTemplate(func="text.lists_compared", paths={"first": "first", "second": "second"},
                              bind={"keep": "keep", "ignore_case": "ignore_case", "sort": "sort"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = rng.choice(sorted(KINDS))
        first, second = make_lists(rng, ctx.faker, kind)
        m = rng.randrange(len(MONTHS) - 1)
        a, b, what = KINDS[kind]
        keep: Keep = opts.keep or rng.choice(["only_first", "only_second", "both"])
        params = Params(first=a.format(a=MONTHS[m]), second=b.format(b=MONTHS[m + 1]),
                        output=f"{STEMS[keep]}_{kind}.txt",
                        what=what, keep=keep,
                        ignore_case=opts.ignore_case if opts.ignore_case is not None else rng.random() < 0.5,
                        sort=opts.sort if opts.sort is not None else rng.random() < 0.5)
        return params.with_files(first=("\n".join(first) + "\n").encode(), second=("\n".join(second) + "\n").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            read = lambda p: [x.strip() for x in open(p, encoding="utf-8") if x.strip()]
            first, second = read({lit(params.first)}), read({lit(params.second)})
            key = (lambda e: e.casefold()) if {params.ignore_case} else (lambda e: e)
            keep = {lit(params.keep)}
            source, other = (second, first) if keep == "only_second" else (first, second)
            others = {{key(e) for e in other}}
            out = [e for e in source if (key(e) in others) == (keep == "both")]
            if {params.sort}:
                out.sort(key=str.casefold)
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print(len(out), "entries")
        """
        return solution(script_step(f"print(open({lit(params.first)}).read()); print('---'); "
                                    f"print(open({lit(params.second)}).read())",
                                    "First I look at both lists.", "Show both lists"),
                        script_step(script, "I compare the two lists entry by entry as asked and write the "
                                    "entries that qualify.", f"Write {params.output}"))
