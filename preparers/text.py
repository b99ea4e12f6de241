"""The text preparer: seeded meeting notes and READMEs (markdown), service logs and INI configs.

Each maker returns the text and the facts a workflow may build on (the log's day, the config's
sections), so names and contents agree: `app_2024-05-03.log` holds lines of 3 May 2024 only.

    note = make_notes(ctx.rng, ctx.faker)      # TextContent(text=..., file_name=...)
    log = make_log(ctx.rng, ctx.faker)
"""

from __future__ import annotations

import configparser
import datetime as dt
import io
import random

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from preparers._corpora import corpus
from preparers.document import slug
from preparers.spec import register_preparer

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class TextContent(BaseModel):
    """A text file and what it is about; `facts` are for workflows, never shown to checks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    file_name: str
    text: str
    facts: dict[str, JsonValue] = Field(default_factory=dict)

    @property
    def data(self) -> bytes:
        return self.text.encode("utf-8")


def _day(rng: random.Random) -> dt.date:
    return dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))


def make_notes(rng: random.Random, faker: Faker) -> TextContent:
    """Meeting notes in markdown: a title, attendees, agenda headings with bullets, action items."""
    data = corpus("decks")
    topic = rng.choice(sorted(data["topics"]))
    day = _day(rng)
    people = sorted({faker.name() for _ in range(rng.randint(3, 6))})
    items = rng.sample(data["topics"][topic], rng.randint(3, 5))
    lines = [f"# {topic} - meeting notes", "", f"Date: {day.isoformat()}", "",
             "## Attendees", "", *[f"- {p}" for p in people], ""]
    for item in items:
        lines += [f"## {item}", ""]
        for template in rng.sample(data["bullet_templates"], rng.randint(2, 3)):
            metric = rng.choice(data["metrics"])
            lines.append("- " + template.format(metric=metric, metric_lower=metric.lower(),
                                                pct=rng.randint(3, 28), dept=rng.choice(corpus("business")["departments"]),
                                                company=faker.company(), city=faker.city(),
                                                month=day.strftime("%B")))
        lines.append("")
    actions = [f"- [ ] {rng.choice(people)}: follow up on {i.lower()}" for i in rng.sample(items, 2)]
    lines += ["## Action items", "", *actions, ""]
    return TextContent(kind="notes", file_name=f"{day.isoformat()}_{slug(topic)}_notes.md", text="\n".join(lines),
                       facts={"date": day.isoformat(), "headings": items, "attendees": people})


def make_readme(rng: random.Random, faker: Faker) -> TextContent:
    """A project README: title, description, install and usage code blocks, configuration, licence."""
    name = slug(f"{faker.word()} {rng.choice(['sync', 'report', 'tracker', 'export', 'monitor'])}").replace("_", "-")
    package = name.replace("-", "_")
    lines = [f"# {name}", "", f"A small command-line tool that turns {rng.choice(['exports', 'logs', 'orders', 'timesheets'])} "
             f"into tidy reports. Maintained by {faker.name()} at {faker.company()}.", "",
             "## Installation", "", "```bash", f"pip install {name}", "```", "",
             "## Usage", "", "```bash", f"python -m {package} --input data.csv --output report.csv", "```", "",
             "## Configuration", "", f"Settings are read from `{package}.ini`:", "",
             *[f"- `{key}`: {desc}" for key, desc in rng.sample(
                 [("timeout_s", "seconds before a request is abandoned"), ("workers", "parallel workers"),
                  ("log_level", "one of DEBUG, INFO, WARNING, ERROR"), ("output_dir", "where reports go"),
                  ("retries", "attempts before giving up")], 3)],
             "", "## License", "", rng.choice(["MIT", "Apache-2.0", "BSD-3-Clause"]), ""]
    return TextContent(kind="readme", file_name="README.md", text="\n".join(lines),
                       facts={"project": name, "headings": ["Installation", "Usage", "Configuration", "License"]})


def make_log(rng: random.Random, faker: Faker, *, lines: int | None = None) -> TextContent:
    """One day of a service's log: `YYYY-MM-DD HH:MM:SS LEVEL [service] message`, in time order."""
    data = corpus("logs")
    service = rng.choice(data["services"])
    day = _day(rng)
    n = lines or rng.randint(40, 90)
    users = [faker.user_name() for _ in range(5)]
    seconds = sorted(rng.sample(range(6 * 3600, 23 * 3600), n))
    weights = {"DEBUG": 2, "INFO": 10, "WARNING": 3, "ERROR": 2}
    out = []
    for second in seconds:
        level = rng.choices(list(weights), weights=list(weights.values()))[0]
        message = rng.choice(data["messages"][level]).format(
            ms=rng.randrange(20, 9000), user=rng.choice(users), job=f"job-{rng.randrange(1000, 9999)}",
            n=rng.randrange(2, 500), pct=rng.randrange(70, 99))
        stamp = dt.datetime.combine(day, dt.time()) + dt.timedelta(seconds=second)
        out.append(f"{stamp:%Y-%m-%d %H:%M:%S} {level} [{service}] {message}")
    return TextContent(kind="log", file_name=f"{service}_{day.isoformat()}.log", text="\n".join(out) + "\n",
                       facts={"date": day.isoformat(), "service": service})


def make_config(rng: random.Random, faker: Faker) -> TextContent:
    """An INI config with 3-4 sections of typed-looking values."""
    data = corpus("logs")["config_sections"]
    parser = configparser.ConfigParser()
    sections = rng.sample(sorted(data), rng.randint(3, 4))
    for section in sections:
        parser[section] = {key: str(rng.choice(values)) for key, values in data[section].items()}
    buf = io.StringIO()
    parser.write(buf)
    service = rng.choice(corpus("logs")["services"])
    text = f"; {service} settings, maintained by {faker.name()}\n" + buf.getvalue()
    return TextContent(kind="config", file_name=f"{service}.ini", text=text, facts={"sections": sections})


def make_report_text(rng: random.Random, faker: Faker) -> TextContent:
    """A report as markdown (the document preparer's report: title, sections, paragraphs), several
    hundred words of prose with repeated subject words, as a real report has."""
    from preparers.document import make_document

    doc = make_document(rng, faker, kind="report")
    lines = [f"# {doc.title}", "", f"{doc.author}, {doc.organisation}, {doc.date.isoformat()}", ""]
    for section in doc.sections:
        lines += [f"{'#' * (section.level + 1)} {section.heading}", ""]
        for paragraph in section.paragraphs:
            lines += ["".join(run.text for run in paragraph.runs), ""]
    return TextContent(kind="report", file_name=f"{doc.file_stem}.md", text="\n".join(lines),
                       facts={"title": doc.title})


def make_untidy(rng: random.Random, text: str, *, crlf: bool = True, tabs: bool = True) -> str:
    """`text` as a careless editor leaves it: trailing spaces and tabs, runs of blank lines, leading
    tabs on list items (`tabs`) and (`crlf`) Windows line endings; the words are untouched."""
    out: list[str] = []
    for line in text.split("\n"):
        if tabs and line.startswith("- "):
            line = "\t" * rng.randint(1, 2) + line if rng.random() < 0.5 else line
        if line and rng.random() < 0.35:
            line += rng.choice([" ", "  ", "\t", " \t ", "   "])
        out.append(line)
        if not line.strip() and rng.random() < 0.3:
            out += [rng.choice(["", " ", "\t"])] * rng.randint(1, 3)
    return ("\r\n" if crlf else "\n").join(out) + ("\r\n" if crlf else "\n") * rng.randint(1, 3)


def make_word_list(rng: random.Random, faker: Faker) -> TextContent:
    """A hand-kept list, one entry a line, as people paste them together: guests, tags, cities or
    emails, with repeats (some in another case), stray spaces and blank lines."""
    kind = rng.choice(["guests", "tags", "cities", "emails"])
    makers = {"guests": faker.name, "tags": lambda: rng.choice(["billing", "urgent", "follow-up", "vip", "refund",
                                                                 "shipping", "bug", "feature", "q3", "onboarding",
                                                                 "churn-risk", "upsell", "legal", "press"]),
              "cities": faker.city, "emails": faker.email}
    entries = [makers[kind]() for _ in range(rng.randint(25, 70))]
    for entry in rng.sample(entries, len(entries) // 5):
        entries.insert(rng.randrange(len(entries) + 1), rng.choice([entry, entry.upper(), entry.lower(), entry.title()]))
    lines = [rng.choice(["", " ", "  "]) + e + rng.choice(["", "", " "]) for e in entries]
    for _ in range(rng.randint(1, 4)):
        lines.insert(rng.randrange(len(lines)), "")
    return TextContent(kind=kind, file_name=f"{kind}.txt", text="\n".join(lines) + "\n", facts={"kind": kind})


def make_support_log(rng: random.Random, faker: Faker) -> TextContent:
    """A support inbox export: one line per message with the sender's email, the client IP, an order
    number and sometimes a link, as plain text (what people grep values out of)."""
    day = _day(rng)
    customers = [faker.email() for _ in range(rng.randint(6, 14))]
    ips = [faker.ipv4_public() for _ in range(rng.randint(5, 10))]
    lines = []
    for n in range(rng.randint(40, 120)):
        stamp = dt.datetime.combine(day, dt.time(8)) + dt.timedelta(minutes=7 * n + rng.randrange(7))
        order = f"ORD-{day:%Y%m}-{rng.randrange(1000, 9999)}"
        sender = rng.choice(customers)
        sender = sender.upper() if rng.random() < 0.1 else sender
        text = rng.choice([f"customer asks where {order} is", f"refund requested for {order}",
                           f"address change on {order}, see https://shop.{faker.domain_name()}/orders/{order[-4:]}",
                           f"password reset, no order (ref {order})",
                           f"complaint about {order}: https://{faker.domain_name()}/ticket?id={rng.randrange(10**5)}"])
        lines.append(f"{stamp:%Y-%m-%d %H:%M} from {sender} [{rng.choice(ips)}] {text}")
    return TextContent(kind="support", file_name=f"support_inbox_{day.isoformat()}.txt", text="\n".join(lines) + "\n",
                       facts={"date": day.isoformat()})


@register_preparer("text")
class TextPreparer:
    """Seeded markdown notes and READMEs, logs and INI configs; workflows import the functions."""

    version = "1"
    file_types = ["txt", "md"]
