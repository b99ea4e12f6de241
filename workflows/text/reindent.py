"""Re-indent a file from one indent unit to another, as a linter or a team's style asks: a YAML
config from 4 spaces to 2 (or 2 to 4), a markdown outline's nested lists between 2 and 4 spaces or
tabs, an nginx config between spaces and tabs. Nesting and text stay exactly as they are."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.text_indent import UNITS, Unit
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHOWN = {"2": "2 spaces per level", "4": "4 spaces per level", "tab": "one tab per level"}


def _yaml(rng: random.Random, faker: Faker) -> list[tuple[int, str]]:
    name = faker.user_name().replace(".", "-")
    return [(0, "services:"), (1, f"{name}:"), (2, f"image: registry.local/{name}:latest"), (2, "ports:"),
            (3, '- "8080:80"'), (2, "environment:"), (3, f"LOG_LEVEL: {rng.choice(['info', 'debug'])}"),
            (3, f"REGION: {rng.choice(['eu-west', 'us-east'])}"), (1, "cache:"), (2, "image: redis:7"),
            (2, "deploy:"), (3, "resources:"), (4, "limits:"), (5, f"memory: {rng.choice([256, 512])}M")]


def _outline(rng: random.Random, faker: Faker) -> list[tuple[int, str]]:
    lines = [(0, f"# {faker.catch_phrase()}"), (0, "")]
    for _ in range(rng.randint(3, 4)):
        lines.append((0, f"- {faker.bs().capitalize()}"))
        for _ in range(rng.randint(1, 3)):
            lines.append((1, f"- {faker.sentence(nb_words=5).rstrip('.')}"))
            if rng.random() < 0.4:
                lines.append((2, f"- {faker.name()} to follow up"))
    return lines


def _nginx(rng: random.Random, faker: Faker) -> list[tuple[int, str]]:
    host = faker.domain_name()
    return [(0, "server {"), (1, "listen 443 ssl;"), (1, f"server_name {host};"), (0, ""), (1, "location / {"),
            (2, f"proxy_pass http://127.0.0.1:{rng.choice([8000, 8080, 3000])};"), (2, "proxy_set_header Host $host;"),
            (1, "}"), (0, ""), (1, "location /static/ {"), (2, "root /var/www;"), (2, "expires 7d;"), (1, "}"),
            (0, "}")]


KINDS = {"yaml": (_yaml, "docker-compose.yaml", "The Compose file"), "outline": (_outline, "outline.txt", "The outline"),
         "nginx": (_nginx, "site.conf", "The nginx config")}


class Options(SkillParams):
    kind: Literal["yaml", "outline", "nginx"] | None = None
    tabs: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    what: str
    source: Unit
    target: Unit
    source_shown: str
    target_shown: str


@register_workflow
class Reindent(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.reindent", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ what }} {{ input }} is indented with {{ source_shown }}. Re-indent it with {{ target_shown }}, "
            "keeping every line's nesting level and its text exactly as they are. " + SAVE["formal"],
            "Our linter wants {{ target_shown }} but {{ input }} uses {{ source_shown }}. Could you re-indent it? "
            "Nothing else should change. " + SAVE["chatty"],
            "{{ input }}: indentation from {{ source_shown }} to {{ target_shown }}; nothing else. " + SAVE["terse"],
        ],
        criteria=["Every line's indent in the asked unit at the same level.", "Every line's text unchanged."],
        files=[FileSlot(param="input", type="txt", role="input", description="An indented file"),
               FileSlot(param="output", type="txt", description="The re-indented file")],
        checks=[CheckTemplate(func="text.reindented", bind={"source": "source", "target": "target"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = opts.kind or rng.choice(sorted(KINDS))
        tabs = kind != "yaml" and (opts.tabs if opts.tabs is not None else rng.random() < 0.5)
        source: Unit = rng.choice(["2", "4"])
        target: Unit = "tab" if tabs else ("4" if source == "2" else "2")
        make, name, what = KINDS[kind]
        text = "\n".join(UNITS[source] * level + line for level, line in make(rng, ctx.faker)) + "\n"
        stem, ext = name.rsplit(".", 1)
        params = Params(**edit_paths(ctx, stem, ext, "reindented", ["", "config/"]),
                        what=what, source=source, target=target, source_shown=SHOWN[source], target_shown=SHOWN[target])
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            unit, new = {lit(UNITS[params.source])}, {lit(UNITS[params.target])}
            out = []
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                body = line.lstrip(" \\t")
                out.append(new * ((len(line) - len(body)) // len(unit)) + body if body else "")
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out[:8]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I look at {params.input} to see its indentation.", f"Show {params.input}"),
                        script_step(script, "I count each line's indent in the old unit and write as many of the "
                                    "new one, leaving the text of every line alone.", f"Write {params.output}"))
