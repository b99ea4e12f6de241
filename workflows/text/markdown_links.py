"""Switch a README's links between inline (`[text](url)`) and numbered reference style (`[text][1]`
plus `[1]: url` definitions at the end), images converted too or left alone; a code block holding
a markdown example stays as it is; in place or as a new file."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.text_links import to_reference
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

Style = Literal["reference", "inline"]

_ASK = ("{% if style == 'reference' %}turn every inline link `[text](url)` into a numbered reference link `[text][n]`"
        "{% if images %}, images `![alt](src)` included (`![alt][n]`){% endif %}: number them 1, 2, 3 ... in order of "
        "first appearance (a URL used again gets its earlier number) and put the definitions `[n]: url` at the very "
        "end of the file, one per line in number order, after one blank line{% else %}write every reference link "
        "`[text][n]`{% if images %} and reference image `![alt][n]`{% endif %} inline as `[text](url)` with the URL "
        "from its `[n]: url` definition, and delete the definitions that are no longer used{% endif %}"
        "{% if not images %}. Leave the images exactly as they are{% endif %}. The code block stays untouched")


class Options(SkillParams):
    style: Style | None = None
    images: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    style: Style
    images: bool


def linked_readme(rng: random.Random, faker: Faker) -> tuple[str, list[str]]:
    """A project README written with inline links and images; one URL is linked twice."""
    project = f"{faker.word()}-{rng.choice(['sync', 'report', 'tracker', 'export'])}"
    site = f"https://{project}.{faker.domain_name().split('.')[-1]}"
    guide = f"{site}/docs/install"
    sections = {
        "Installation": [f"Follow the [installation guide]({guide}); you need Python from "
                         "[python.org](https://www.python.org/downloads/).",
                         "", f"![architecture diagram](docs/img/{project}-architecture.png)"],
        "Usage": [f"Every option is listed in the [CLI reference]({site}/docs/cli). Bugs go to the "
                  f"[issue tracker](https://github.com/{faker.user_name()}/{project}/issues).", "",
                  "To link the docs from your own README, paste:", "", "```markdown",
                  f"See the [{project} docs]({site}/docs).", "```"],
        "Contributing": [f"Set up a checkout as in the [installation guide]({guide}) and read the "
                         f"[code of conduct]({site}/conduct) first.", "",
                         f"![build status](https://ci.{faker.domain_name()}/{project}/badge.svg)"],
    }
    order = list(sections)
    rng.shuffle(order)
    lines = [f"# {project}", "", f"{faker.catch_phrase()}. See the [project site]({site}) for news.", ""]
    for name in order:
        lines += [f"## {name}", "", *sections[name], ""]
    lines += ["## License", "", f"[{rng.choice(['MIT', 'Apache-2.0'])}](https://opensource.org/licenses/)", ""]
    return project, lines


@register_workflow
class MarkdownLinks(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_links", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Please rewrite the links in {{ input }}: " + _ASK + ". No other change. " + SAVE["formal"],
            "{% if style == 'reference' %}The long URLs in {{ input }} make the paragraphs hard to read in a plain "
            "editor{% else %}Our docs site can't resolve reference-style links in {{ input }}{% endif %}. Could you "
            "sort it out? Please " + _ASK + ". Nothing else should change. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; all else unchanged. " + SAVE["terse"],
        ],
        criteria=["Every link in the style asked, pointing where it pointed.", "Images and code as asked."],
        files=[FileSlot(param="input", type="md", role="input", description="A README with links"),
               FileSlot(param="output", type="md", description="The README with its links restyled")],
        checks=[CheckTemplate(func="text.links_restyled", bind={"style": "style", "images": "images"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        style: Style = opts.style or ctx.rng.choice(["reference", "inline"])
        images = opts.images if opts.images is not None else ctx.rng.random() < 0.5
        _, lines = linked_readme(ctx.rng, ctx.faker)
        if style == "inline":
            lines = to_reference(lines, images=True)
        params = Params(**edit_paths(ctx, "README", "md", "links", ["", "docs/"]), style=style, images=images)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            lines = open({lit(params.input)}, encoding="utf-8").read().rstrip().split("\\n")
            images, fenced, out = {params.images!r}, False, []
            defs = dict(re.findall(r"(?m)^\\[([^\\]]+)\\]:\\s+(\\S+)$", "\\n".join(lines)))
            numbers, used = {{}}, set()
            def inline_to_ref(m):
                if m.group(1) and not images:
                    return m.group(0)
                n = numbers.setdefault(m.group(3), len(numbers) + 1)
                return f"{{m.group(1)}}[{{m.group(2)}}][{{n}}]"
            def ref_to_inline(m):
                if m.group(1) and not images:
                    used.add(m.group(3))
                    return m.group(0)
                return f"{{m.group(1)}}[{{m.group(2)}}]({{defs[m.group(3)]}})"
            for line in lines:
                if line.startswith("```"):
                    fenced = not fenced
                elif not fenced and {params.style == "reference"!r}:
                    line = re.sub(r"(!?)\\[([^\\]]+)\\]\\(([^)\\s]+)\\)", inline_to_ref, line)
                elif not fenced:
                    line = re.sub(r"(!?)\\[([^\\]]+)\\]\\[([^\\]]+)\\]", ref_to_inline, line)
                out.append(line)
            if {params.style == "reference"!r}:
                out += [""] + [f"[{{n}}]: {{url}}" for url, n in numbers.items()]
            else:
                out = [line for line in out if not (re.match(r"^\\[([^\\]]+)\\]:\\s", line)
                                                    and line[1:line.index("]")] not in used)]
            while out and not out[-1].strip():
                out.pop()
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its links, images and code.",
                                    f"Show {params.input}"),
                        script_step(script, "Outside the code block I rewrite each link in the other style, "
                                    "numbering new references by first use.", f"Restyle the links of {params.input}"))
