"""A project's contributor guide in markdown, written clean except for the one markdownlint rule a
task fixes: mixed bullet markers, ordered lists numbered 1. 1. 1. or out of order, underscore
emphasis, bare URLs, indented code blocks, headings ending in a colon, or headings glued to their
text. A fenced code block and inline code carry look-alikes (`* ` lines, `snake_case_names`, a URL,
`1.` lines) that a careless fix would change too."""

from __future__ import annotations

import random

from faker import Faker

STEPS = ["Install the development extras", "Run the test suite once before changing anything",
         "Create a branch named after the issue", "Open a draft pull request early"]
VENV = ("Create a virtual environment with Python 3.11", ["Use the same Python version as CI",
                                                          "Activate it in every new shell"])
NOTES = ["Keep pull requests small and focused", "Ask for a review from a maintainer",
         "Rebase on main before merging", "Link the issue in the description", "Update the docs when behaviour changes"]
CHANGELOG = ("Write a changelog entry for user-facing changes", ["Mention breaking changes first",
                                                                 "Credit outside contributors"])


class LintDoc:
    """The guide's `text` for `rule` (violations of that rule only), and the project's `name`."""

    def __init__(self, rng: random.Random, faker: Faker, rule: str) -> None:
        self.rng, self.rule = rng, rule
        self.name = f"{faker.word()}-{rng.choice(['kit', 'sync', 'cli', 'toolbox', 'tracker'])}"
        site = f"https://{self.name}.{rng.choice(['dev', 'io', 'org'])}"
        repo = f"https://github.com/{faker.user_name()}/{self.name}"
        module = self.name.replace("-", "_")
        lines = [f"# Contributing to {self.name}", "",
                 f"Thanks for helping out! The docs live at {self._url(site + '/docs')} and the issue tracker at "
                 f"{self._url(repo + '/issues')}.", "",
                 self._heading("## Getting started"), "Set up a working copy first:", "",
                 *self._ordered(sorted(rng.sample(STEPS, 2), key=STEPS.index)), "",
                 "Then install the project in editable mode:", "",
                 *self._code(["pip install -e '.[dev]'", f"python -m {module} --version"]), "",
                 self._heading("## Coding style"),
                 f"We follow {self._em('PEP 8')} with a line length of {rng.choice([100, 110, 120])}. Names are "
                 f"{self._strong('snake_case')}; constants such as `MAX_RETRIES` and `default_timeout_s` are "
                 f"declared at module level. Run the linter {self._em('before')} every push.", "",
                 self._heading("## Pull requests"), "Before you open one:", "",
                 *self._bullets(rng.sample(NOTES, 3)), "",
                 f"The review checklist is at {self._url(site + '/review')} (see also the "
                 f"[release guide]({site}/release)).", "",
                 self._heading("## Running the tests"), "The suite runs in a few minutes:", "",
                 "```bash", "# * runs every test; 1. unit first, 2. integration after",
                 "pytest -q tests/unit  # see https://docs.pytest.org/ for _options_", "pytest -q tests/integration",
                 "```", "", f"Questions go to {faker.name()} ({faker.company_email()}).", ""]
        self.text = "\n".join(lines)

    def _url(self, url: str) -> str:
        return url if self.rule == "bare_urls" else f"<{url}>"

    def _em(self, text: str) -> str:
        return f"_{text}_" if self.rule == "emphasis" else f"*{text}*"

    def _strong(self, text: str) -> str:
        return f"__{text}__" if self.rule == "emphasis" else f"**{text}**"

    def _heading(self, text: str) -> str:
        if self.rule == "heading_punct":
            return text + self.rng.choice([":", ":", "."])
        return text if self.rule == "heading_space" else text + "\n"

    def _ordered(self, steps: list[str]) -> list[str]:
        """Fork, the virtual environment (its two sub-steps nested), then `steps`."""
        numbers = {"ordered": self.rng.choice([[1, 1, 1, 1], [1, 2, 4, 5], [1, 3, 2, 4]])}.get(self.rule, [1, 2, 3, 4])
        items = ["Fork the repository and clone your fork", VENV[0], *steps]
        lines = [f"{n}. {step}" for n, step in zip(numbers, items, strict=True)]
        nested = [f"   {1 if self.rule == 'ordered' else k}. {s}" for k, s in enumerate(VENV[1], start=1)]
        return [*lines[:2], *nested, *lines[2:]]

    def _bullets(self, notes: list[str]) -> list[str]:
        """`notes` with the changelog note and its two nested points among them."""
        marks = self.rng.choice([["*", "-", "+", "*"], ["-", "*", "*", "-"]]) if self.rule == "bullets" else ["-"] * 4
        sub = "*" if self.rule == "bullets" else "-"
        at = self.rng.randint(0, 2)
        items = [*notes[:at], CHANGELOG[0], *notes[at:]]
        lines = [f"{m} {n}" for m, n in zip(marks, items, strict=True)]
        return [*lines[:at + 1], *(f"  {sub} {s}" for s in CHANGELOG[1]), *lines[at + 1:]]

    def _code(self, commands: list[str]) -> list[str]:
        return [f"    {c}" for c in commands] if self.rule == "fences" else ["```bash", *commands, "```"]
