"""READMEs with real structure for the section edits: a title and intro, then six to nine `##`
sections in a usual order, some with `###` sub-sections, install and usage code blocks whose
shell comments (`# ...`) are not headings. Also the sections people add to a README, with the
text they add, and the new names they give a heading."""

from __future__ import annotations

import random

from faker import Faker

from preparers.document import slug

# title -> (sub-sections, body maker key); in the order READMEs usually have them
ORDER = ["Features", "Requirements", "Installation", "Usage", "Configuration", "Development", "FAQ",
         "Contributing", "Changelog", "License"]
SUBSECTIONS = {"Installation": ["From PyPI", "From source"], "Configuration": ["Environment variables",
               "Config file"], "Development": ["Running the tests", "Building the docs"],
               "Usage": ["Command line", "As a library"]}
ALWAYS = {"Installation", "Usage", "License"}

# sections a person adds: title -> text (one paragraph, placeholders from the project)
NEW_SECTIONS = {
    "Support": "Questions and bug reports go to the issue tracker; for anything urgent, write to {email}.",
    "Security": "Please report vulnerabilities privately to {email} rather than opening a public issue.",
    "Acknowledgements": "Thanks to {person} for the original parser and to everyone who filed issues.",
    "Roadmap": "Next up: a web dashboard and scheduled runs. Ideas are welcome in the discussions.",
    "Code of conduct": "Be kind and assume good faith. Report unacceptable behaviour to {email}.",
    "Troubleshooting": "If the tool hangs, run it with --verbose and attach the output to a new issue.",
    "Authors": "Written and maintained by {person} with help from the {company} data team.",
}
NEW_SUBSECTIONS = {  # parent -> (title, text)
    "Installation": [("Windows", "Use py -m pip install {name} from PowerShell; WSL works too."),
                     ("Docker", "Run docker run --rm -v $PWD:/data {name} to try it without installing.")],
    "Usage": [("Examples", "The examples folder holds a sample input and the report it produces.")],
    "Configuration": [("Proxy settings", "Set HTTPS_PROXY before running the tool behind a corporate proxy.")],
    "Development": [("Code style", "Run the formatter before each commit; the CI rejects unformatted code.")],
    "FAQ": [("Why is the first run slow?", "The first run builds a cache; later runs reuse it.")],
}
RENAMES = {"Features": ["What it does", "Highlights"], "Installation": ["Getting started", "Setup"],
           "Usage": ["Quick start", "How to use it"], "Configuration": ["Settings", "Options"],
           "Development": ["Local development", "Hacking on it"], "FAQ": ["Frequently asked questions"],
           "Contributing": ["How to contribute"], "Changelog": ["Release notes"], "License": ["Licence"],
           "Requirements": ["Prerequisites"]}


def _body(title: str, rng: random.Random, faker: Faker, name: str) -> list[str]:
    package = name.replace("-", "_")
    bodies = {
        "Features": [f"- {f}" for f in rng.sample(["Reads CSV, JSON and Excel exports", "Runs offline",
                                                    "Writes HTML and PDF reports", "Schedules nightly runs",
                                                    "Sends a summary email", "Keeps a local cache"], 3)],
        "Requirements": [f"- Python {rng.choice(['3.10', '3.11', '3.12'])} or newer", "- About 200 MB of disk"],
        "Installation": ["```bash", "# needs a virtual environment", f"pip install {name}", "```"],
        "From PyPI": [f"The package is published as `{name}`."],
        "From source": ["```bash", f"git clone https://git.example.com/{faker.user_name()}/{name}.git",
                        f"cd {name} && pip install -e .", "```"],
        "Usage": ["```bash", "# one report per input file", f"{name} --input data.csv --output report.html", "```"],
        "Command line": [f"Run `{name} --help` for every flag."],
        "As a library": ["```python", f"from {package} import build_report", "build_report('data.csv')", "```"],
        "Configuration": [f"Settings are read from `{package}.toml` in the working directory."],
        "Environment variables": [f"- `{package.upper()}_TIMEOUT`: seconds before a request is abandoned",
                                  f"- `{package.upper()}_WORKERS`: parallel workers"],
        "Config file": ["```toml", "[report]", f"title = \"{faker.company()} weekly\"", "```"],
        "Development": ["Contributions need a passing test suite."],
        "Running the tests": ["```bash", "# from the repository root", "pytest -q", "```"],
        "Building the docs": ["```bash", "mkdocs serve", "```"],
        "FAQ": [f"**Does it upload my data?** No, everything stays on your machine.",
                f"**Who do I ask?** {faker.name()} keeps the project going."],
        "Contributing": ["Fork the repository, create a branch and open a pull request against `main`."],
        "Changelog": ["See CHANGELOG.md for the changes in each release."],
        "License": [f"{rng.choice(['MIT', 'Apache-2.0', 'BSD-3-Clause'])}, see LICENSE."],
    }
    return bodies[title]


class Readme:
    """A drawn README: its lines, its level-2 titles, and which of them have sub-sections."""

    def __init__(self, rng: random.Random, faker: Faker) -> None:
        self.name = slug(f"{faker.word()} {rng.choice(['sync', 'report', 'tracker', 'export', 'monitor'])}"
                         ).replace("_", "-")
        self.email = f"{rng.choice(['help', 'support', 'security', 'maintainers'])}@{faker.domain_name()}"
        self.person, self.company = faker.name(), faker.company()
        optional = [t for t in ORDER if t not in ALWAYS]
        chosen = set(rng.sample(optional, rng.randint(3, 6))) | ALWAYS
        self.titles = [t for t in ORDER if t in chosen]
        self.nested = [t for t in self.titles if t in SUBSECTIONS and rng.random() < 0.6]
        lines = [f"# {self.name}", "", f"A command-line tool that turns {rng.choice(['exports', 'logs', 'orders'])} "
                 f"into tidy reports. Maintained by {self.person} at {self.company}.", ""]
        for title in self.titles:
            lines += [f"## {title}", "", *_body(title, rng, faker, self.name), ""]
            for sub in SUBSECTIONS[title] if title in self.nested else []:
                lines += [f"### {sub}", "", *_body(sub, rng, faker, self.name), ""]
        self.text = "\n".join(lines).rstrip() + "\n"

    def fill(self, text: str) -> str:
        return text.format(email=self.email, person=self.person, company=self.company, name=self.name)
