"""Edit the YAML front matter of a docs-site page (Jekyll, Hugo, MkDocs): set a key, add one,
remove one, rename one, add a tag to its tags, or give a bare page its front matter. Pages come
with the usual mess: quoted and bare values, tags as a [flow] list or a block list."""

from __future__ import annotations

import datetime as dt

from forge.checks.text_markdown import FrontMatterOp
from forge.models import ReferenceSolution
from preparers.document import slug
from preparers.text import make_report_text
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TAGS = ["reports", "finance", "operations", "quarterly", "sales", "internal", "planning", "customers", "it"]
WHAT = {
    "set": "set {{ key }} to {{ value }} in its front matter",
    "add": "add the key {{ key }} with the value {{ value }} to its front matter",
    "remove": "remove the {{ key }} key (with its value) from its front matter",
    "rename": "rename the front matter key {{ key }} to {{ new_key }}, keeping its value",
    "add_tag": "add the tag {{ value }} to the {{ key }} list in its front matter, keeping the tags already there",
    "create": "give it YAML front matter at the very top (between --- lines) with exactly these keys: "
              "{% for k, v in values.items() %}`{{ k }}: {{ v }}`{% if not loop.last %}, {% endif %}{% endfor %}",
}
_WHAT = "".join(f"{{% if operation == {k!r} %}}{v}{{% endif %}}" for k, v in WHAT.items())
_EDIT = {
    "set": "data[{key!r}] = yaml.safe_load({value!r})",
    "add": "data[{key!r}] = yaml.safe_load({value!r})",
    "remove": "del data[{key!r}]",
    "rename": "data = {{({new_key!r} if k == {key!r} else k): v for k, v in data.items()}}",
    "add_tag": "data[{key!r}] = [*data[{key!r}], yaml.safe_load({value!r})]",
    "create": "data = {{k: yaml.safe_load(v) for k, v in {values!r}.items()}}",
}


class Options(SkillParams):
    operation: FrontMatterOp | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: FrontMatterOp
    key: str
    value: str | None
    new_key: str | None
    values: dict[str, str]


def _page(fields: dict[str, object], flow_tags: bool, quoted: bool) -> str:
    lines = ["---"]
    for key, value in fields.items():
        if isinstance(value, list):
            lines += [f"{key}: [{', '.join(value)}]"] if flow_tags else [f"{key}:", *(f"  - {v}" for v in value)]
        elif isinstance(value, bool):
            lines.append(f"{key}: {str(value).lower()}")
        elif isinstance(value, str) and quoted and key in ("title", "description"):
            lines.append(f'{key}: "{value}"')
        else:
            lines.append(f"{key}: {value}")
    return "\n".join([*lines, "---", ""])


@register_workflow
class FrontMatter(PreparedWorkflow[Params]):
    states_values = ("value", "values")
    spec = WorkflowSpec(
        name="text.front_matter", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Edit {{ input }}: " + _WHAT + ". Every other front matter key keeps its value and the page's text "
            "below the front matter stays exactly as it is. " + SAVE["formal"],
            "The site build needs a fix to {{ input }}: could you " + _WHAT + "? Leave everything else in the file "
            "alone. " + SAVE["chatty"],
            "{{ input }}: " + _WHAT + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The front matter has exactly the change asked for, values typed as YAML reads them.",
                  "Every other key and the page body are unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A page of a docs site"),
               FileSlot(param="output", type="md", description="The page with its front matter edited")],
        checks=[CheckTemplate(func="text.front_matter_edited", bind={
            "operation": "operation", "key": "key", "value": "value", "new_key": "new_key", "values": "values"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        op: FrontMatterOp = opts.operation or ctx.rng.choice(list(WHAT))  # type: ignore[assignment]
        report = make_report_text(ctx.rng, ctx.faker)
        title = str(report.facts["title"])
        byline = report.text.splitlines()[2]  # "author, organisation, YYYY-MM-DD"
        day = dt.date.fromisoformat(byline.rsplit(", ", 1)[1])
        fields: dict[str, object] = {"title": title, "date": day.isoformat(), "author": byline.split(", ")[0],
                                     "tags": ctx.rng.sample(TAGS, ctx.rng.randint(2, 4)),
                                     "draft": ctx.rng.random() < 0.5,
                                     "description": f"Figures and findings for {byline.split(', ')[1]}"}
        if ctx.rng.random() < 0.5:
            fields["weight"] = ctx.rng.randrange(1, 20) * 10
        key, value, new_key, values = "title", None, None, {}
        if op == "set":
            key = ctx.rng.choice(["draft", "date", "title"])
            value = {"draft": str(not fields["draft"]).lower(),
                     "date": (day + dt.timedelta(days=ctx.rng.randint(1, 20))).isoformat(),
                     "title": f"{title} (final)"}[key]
        elif op == "add":
            key, value = ctx.rng.choice([("layout", "report"), ("toc", "true"), ("author_email", ctx.faker.email()),
                                         ("slug", slug(title).replace("_", "-"))])
        elif op in ("remove", "rename"):
            key = ctx.rng.choice(["description", "author", "tags"])
            new_key = {"description": "summary", "author": "authors", "tags": "categories"}[key] \
                if op == "rename" else None
        elif op == "add_tag":
            key, value = "tags", ctx.rng.choice([t for t in TAGS if t not in fields["tags"]])  # type: ignore[operator]
        else:
            values = {"title": title, "date": day.isoformat(), "draft": ctx.rng.choice(["true", "false"])}
        text = report.text if op == "create" else \
            _page(fields, ctx.rng.random() < 0.5, ctx.rng.random() < 0.5) + "\n" + report.text
        stem = f"{day.isoformat()}-{slug(title).replace('_', '-')}"
        params = Params(**edit_paths(ctx, stem, "md", "edited", ["content/posts/", "docs/", "_posts/"]),
                        operation=op, key=key, value=value, new_key=new_key, values=values)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        edit = _EDIT[params.operation].format(key=params.key, value=params.value, new_key=params.new_key,
                                              values=params.values)
        script = f"""
            import yaml
            text = open({lit(params.input)}, encoding="utf-8").read()
            if text.startswith("---\\n"):
                head, body = text[4:].split("\\n---\\n", 1)
                data = yaml.safe_load(head)
            else:
                data, body = {{}}, text
            {edit}
            front = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write("---\\n" + front + "---\\n" + body)
            print(front)
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at the top of {params.input}.", f"Show {params.input}"),
                        script_step(script, "I load the front matter with PyYAML, make the one change, and write it "
                                    "back above the untouched body.", f"Edit the front matter of {params.input}"))
