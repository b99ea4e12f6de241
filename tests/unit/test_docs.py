"""Docs cannot rot: every registered name is documented, and the README's commands are the real ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from forge.checks import CHECKS
from forge.environment import SETUP_STEPS
from forge.harness import HARNESSES, TOOLS
from forge.sandbox import SANDBOX_BACKENDS
from gates import GATES
from gates.mutations import MUTATORS
from preparers import FILE_TYPES, PREPARERS
from workflows import WORKFLOWS

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = "\n".join(page.read_text() for page in [ROOT / "docs" / "reference.md",
                                                   *sorted((ROOT / "docs" / "reference").glob("*.md"))])

REGISTRIES = {
    "workflow": WORKFLOWS, "check": CHECKS, "gate": GATES, "harness": HARNESSES, "tool": TOOLS,
    "setup step": SETUP_STEPS, "sandbox backend": SANDBOX_BACKENDS, "preparer": PREPARERS, "file type": FILE_TYPES,
    "mutator": MUTATORS,
}


@pytest.mark.parametrize("kind", sorted(REGISTRIES))
def test_every_registered_name_is_in_the_reference(kind: str) -> None:
    missing = [name for name in REGISTRIES[kind] if f"`{name}`" not in REFERENCE]
    assert not missing, f"document these {kind}s in docs/reference.md, or run `forge docs`: {missing}"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^(bash scripts/dev\.sh \w+)", readme, flags=re.M)
    assert commands == ["bash scripts/dev.sh generate", "bash scripts/dev.sh test"]
    assert "bash scripts/dev.sh test" in (ROOT / ".ci" / "run").read_text()


def test_docs_links_resolve() -> None:
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for target in re.findall(r"\]\(([^)#]+\.md)", page.read_text()):
            assert (page.parent / target).is_file(), f"{page.name} links to missing {target}"
