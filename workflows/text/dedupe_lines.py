"""Remove repeated lines from a list without sorting it: keep the first or the last occurrence,
treat lines differing only in case as repeats or not, drop every repeat or only back-to-back ones
(what `uniq` does); in place or as a new file."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
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

Keep = Literal["first", "last"]
KINDS = {"subscribers": ("newsletter subscribers", "email"), "hosts": ("hosts to patch", "hostname"),
         "attendees": ("workshop sign-ups", "name"), "urls": ("pages to re-crawl", "uri")}

_RULE = ("{% if adjacent %}only where the same line repeats back to back (a run of identical lines becomes one; a "
         "line that comes back later, after something else, stays){% else %}so that every line appears only once"
         "{% endif %}, keeping the {{ keep }} occurrence{% if not adjacent and keep == 'last' %} (where it stands in "
         "the list){% endif %}{% if ignore_case %}; lines that differ only in upper/lower case count as the same, and "
         "the kept one keeps its own spelling{% else %}; the comparison is case-sensitive, so lines differing only "
         "in case are different{% endif %}")


class Options(SkillParams):
    keep: Keep | None = None
    ignore_case: bool | None = None
    adjacent: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    what: str
    keep: Keep
    ignore_case: bool
    adjacent: bool


def repeated_list(rng: random.Random, faker: Faker, kind: str) -> list[str]:
    """Entries of `kind` with repeats: some back to back, some further on, some in another case."""
    field = KINDS[kind][1]
    entries = list(dict.fromkeys(str(getattr(faker, field)()) for _ in range(rng.randint(18, 30))))
    lines = list(entries)
    for entry in rng.sample(entries, 5):  # repeats further down the list
        lines.insert(rng.randrange(min(lines.index(entry) + 2, len(lines)), len(lines) + 1), entry)
    for entry in rng.sample(entries, 4):  # back-to-back repeats, one in another case
        at = lines.index(entry)
        lines[at:at] = [entry] * rng.randint(1, 2)
    for entry in rng.sample(entries, 3):
        variant = entry.upper() if entry.upper() != entry else entry.lower()
        at = lines.index(entry)
        lines.insert(at + 1 if rng.random() < 0.5 else rng.randrange(at + 1, len(lines) + 1), variant)
    return lines


@register_workflow
class DedupeLines(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.dedupe_lines", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} holds our {{ what }}, one per line, pasted together from several exports. Remove the "
            "repeated lines " + _RULE + ". Keep the remaining lines in their original order (do not sort), "
            "trimmed of stray spaces. " + SAVE["formal"],
            "Hey, the {{ what }} list in {{ input }} has duplicates all over it. Could you de-dupe it "
            + _RULE + "? The order must stay as it is, no sorting please. " + SAVE["chatty"],
            "{{ input }}: drop repeated lines " + _RULE + "; original order, no sort. " + SAVE["terse"],
        ],
        criteria=["Each repeat removed as asked, the right occurrence kept.", "The order of the list is unchanged."],
        files=[FileSlot(param="input", type="txt", role="input", description="A list with repeated lines"),
               FileSlot(param="output", type="txt", description="The list without repeats")],
        checks=[CheckTemplate(func="text.lines_deduplicated",
                              bind={"keep": "keep", "ignore_case": "ignore_case", "adjacent": "adjacent"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = ctx.rng.choice(sorted(KINDS))
        pick = lambda value, p: value if value is not None else ctx.rng.random() < p  # noqa: E731
        params = Params(**edit_paths(ctx, kind, "txt", "unique", ["", "lists/", "exports/"]), what=KINDS[kind][0],
                        keep=opts.keep or ctx.rng.choice(["first", "last"]), ignore_case=pick(opts.ignore_case, 0.5),
                        adjacent=pick(opts.adjacent, 0.3))
        lines = repeated_list(ctx.rng, ctx.faker, kind)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            items = [line.strip() for line in open({lit(params.input)}, encoding="utf-8") if line.strip()]
            key = str.casefold if {params.ignore_case!r} else str
            last = {params.keep == "last"!r}
            if {params.adjacent!r}:
                out = []
                for item in items:
                    if out and key(out[-1]) == key(item):
                        if last:
                            out[-1] = item
                    else:
                        out.append(item)
            else:
                seen = {{}}
                for item in (reversed(items) if last else items):
                    seen.setdefault(key(item), item)
                out = list(seen.values())[::-1] if last else list(seen.values())
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                f.write("".join(line + "\\n" for line in out))
            print(len(items) - len(out), "repeats removed,", len(out), "lines kept")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I look at {params.input} to see the repeats.", f"Show {params.input}"),
                        script_step(script, f"I walk the lines in order and keep the {params.keep} of each repeat, "
                                    "without sorting.", f"De-duplicate {params.input}"))
