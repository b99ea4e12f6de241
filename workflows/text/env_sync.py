"""Bring a developer's local .env in line with the project's committed example.env after a pull, as
people do when the app refuses to start: add the variables the example gained (with its value, or
empty to fill in), remove, comment out or keep the ones it dropped, and never touch a value the
local file already has; laid out in the example's order or with the new ones appended."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from forge.checks.text_env_sync import NewValue, Obsolete, Order
from forge.models import ReferenceSolution
from workflows._inplace import SAVE
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# section -> (name, the example's value, a local value: a format filled from the draw)
SECTIONS: dict[str, list[tuple[str, str, str]]] = {
    "app": [("APP_ENV", "development", "development"), ("APP_DEBUG", "false", "true"), ("APP_PORT", "8000", "{port}"),
            ("APP_SECRET_KEY", "changeme", "{hex}")],
    "database": [("DATABASE_URL", "postgres://user:password@localhost:5432/app",
                  "postgres://{user}:{user}@localhost:5432/{project}_dev"), ("DATABASE_POOL_SIZE", "5", "10"),
                 ("DATABASE_TIMEOUT_S", "30", "30")],
    "cache": [("REDIS_URL", "redis://localhost:6379/0", "redis://localhost:6379/{db}"), ("CACHE_TTL_S", "300", "60")],
    "mail": [("MAIL_HOST", "smtp.example.com", "localhost"), ("MAIL_PORT", "587", "1025"),
             ("MAIL_FROM", "noreply@example.com", "{user}@{project}.test")],
    "services": [("STRIPE_API_KEY", "sk_test_changeme", "sk_test_{key}"), ("S3_BUCKET", "app-uploads-dev",
                                                                             "{user}-uploads"),
                 ("LOG_LEVEL", "info", "debug"), ("SENTRY_ENVIRONMENT", "development", "local")],
    "features": [("FEATURE_NEW_CHECKOUT", "false", "true"), ("FEATURE_EXPORT_V2", "false", "false")],
}
OBSOLETE = [("MEMCACHED_HOST", "localhost:11211"), ("LEGACY_API_URL", "http://localhost:9000/v1"),
            ("SMTP_RELAY", "mail.internal"), ("USE_OLD_SEARCH", "true"), ("ASSETS_CDN", "https://cdn.{project}.test")]
_ASK = ("Add every variable {{ example }} has and {{ input }} lacks, {% if new_value == 'example' %}with the "
        "example's value{% else %}with an empty value (NAME=) so I can fill it in{% endif %}; {% if obsolete == "
        "'remove' %}delete the variables the example no longer has{% elif obsolete == 'comment' %}comment out the "
        "variables the example no longer has (# NAME=value) rather than deleting them{% else %}keep the variables the "
        "example doesn't have{% endif %}. Every variable already in {{ input }} keeps its value. {% if order == "
        "'example' %}Lay the variables out in the example's order{% if obsolete == 'keep' %}, the ones it doesn't "
        "have at the end{% endif %}.{% else %}Leave the existing lines where they are and add the new variables at "
        "the end, in the example's order.{% endif %}")


def env_files(rng: random.Random, faker: Faker) -> tuple[str, str]:
    """(example.env, the local .env): the local file is an older example's variables with local values
    and a few variables the example has since dropped; two to four variables it lacks, at least one
    of them before the last section, every one with a non-empty example value."""
    fill = {"port": rng.choice([8080, 8001, 5000, 3000]), "hex": f"{rng.getrandbits(96):024x}",
            "key": f"{rng.getrandbits(96):024x}",
            "user": faker.user_name(), "project": faker.domain_word(), "db": rng.randint(1, 9)}
    names = [(section, v) for section, values in SECTIONS.items() for v in values]
    early = [k for k, (section, _) in enumerate(names) if section != "features"]
    new = set(rng.sample(early, 1) + rng.sample(range(len(names)), rng.randint(1, 3)))
    old = rng.sample(OBSOLETE, rng.randint(1, 3))
    placed = {name: rng.choice(list(SECTIONS)) for name, _ in old}  # each at the end of a section
    example = ["# Copy to .env and fill in your own values.", "# Add every new setting here too.", ""]
    local = [f"# {fill['user']}'s local settings", ""]
    for section in SECTIONS:
        example.append(f"# --- {section} ---")
        local.append(f"# {section}")
        for k, (where, (name, value, mine)) in enumerate(names):
            if where != section:
                continue
            example.append(f"{name}={value}")
            if k not in new:
                mine = mine.format(**fill)
                local.append(f'{name}="{mine}"' if rng.random() < 0.1 else f"{name}={mine}")
        local += [f"{name}={value.format(**fill)}" for name, value in old if placed[name] == section]
        example.append("")
        local.append("")
    return "\n".join(example), "\n".join(local)


class Options(SkillParams):
    new_value: NewValue | None = None
    obsolete: Obsolete | None = None
    order: Order | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    example: str
    output: str
    in_place: bool
    new_value: NewValue
    obsolete: Obsolete
    order: Order


@register_workflow
class EnvSync(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.env_sync", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is my local copy of the settings and has fallen behind {{ example }}, the template in the "
            "repo. Bring it in line: " + _ASK + " " + SAVE["formal"],
            "The app won't start since the last pull, I think {{ input }} is out of date with {{ example }}. Could "
            "you sync it? " + _ASK + " " + SAVE["chatty"],
            "Sync {{ input }} with {{ example }}. " + _ASK + " " + SAVE["terse"],
        ],
        criteria=["The example's new variables are added with the value asked; the dropped ones handled as asked.",
                  "Every existing variable keeps its own value, in the order asked."],
        files=[FileSlot(param="example", type="txt", role="input", description="The committed example.env"),
               FileSlot(param="input", type="txt", role="input", description="A local .env"),
               FileSlot(param="output", type="txt", description="The synced .env")],
        checks=[CheckTemplate(func="text.env_synced", bind={"new_value": "new_value", "obsolete": "obsolete",
                                                             "order": "order"},
                              paths={"file": "output", "input_file": "input", "example": "example"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        pick: Any = lambda value, choices: value if value is not None else rng.choice(choices)  # noqa: E731
        example, local = env_files(rng, ctx.faker)
        folder = rng.choice(["", "backend/", "services/api/"])
        in_place = pick(opts.in_place, [False, True])
        params = Params(input=f"{folder}.env", example=f"{folder}example.env", in_place=in_place,
                        output=f"{folder}.env" if in_place else f"{folder}updated.env",
                        new_value=pick(opts.new_value, ["example", "empty"]),
                        obsolete=pick(opts.obsolete, ["remove", "comment", "keep"]),
                        order=pick(opts.order, ["example", "append"]))
        return params.with_files(example=(example + "\n").encode("utf-8"), input=(local + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            LINE = re.compile(r"^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*=(.*)$")
            def read(path):
                lines = open(path, encoding="utf-8").read().splitlines()
                return lines, {{m.group(1): m.group(2) for m in map(LINE.match, lines) if m}}
            example, theirs = read({lit(params.example)})
            lines, mine = read({lit(params.input)})
            old = [n for n in mine if n not in theirs]
            fresh = lambda value: value if {params.new_value == "example"!r} else ""  # noqa: E731
            new = [f"{{n}}={{fresh(v)}}" for n, v in theirs.items() if n not in mine]
            gone = [f"# {{n}}={{mine[n]}}" for n in old] if {lit(params.obsolete)} == "comment" else []
            kept = [f"{{n}}={{mine[n]}}" for n in old] if {lit(params.obsolete)} == "keep" else []
            if {lit(params.order)} == "example":
                out = [f"{{m.group(1)}}={{mine.get(m.group(1), fresh(m.group(2)))}}" if (m := LINE.match(line)) else line
                       for line in example]
                out += kept + (["# no longer in the example:"] + gone if gone else [])
            else:
                drop = old if {lit(params.obsolete)} != "keep" else []
                out = [line for line in lines if not ((m := LINE.match(line)) and m.group(1) in drop)] + gone
                out += new
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out).rstrip() + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"import subprocess; subprocess.run(['diff', {lit(params.example)}, "
                                    f"{lit(params.input)}])", "First I compare the two files to see which variables "
                                    "each has.", "Compare the files"),
                        script_step(script, "I add the example's new variables, handle the dropped ones as asked and "
                                    "keep every value the local file already had.", f"Write {params.output}"))
