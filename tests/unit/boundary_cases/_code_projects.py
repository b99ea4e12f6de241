"""Helpers for the code app's boundary cases: a seeded catalogue project and a case that writes an
edited copy of it under `proj/`, the project as given being the task's original."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from faker import Faker

from preparers.code import ProjectContent
from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case


def seeded(make: Callable[[random.Random, Faker], ProjectContent]) -> tuple[dict[str, str], str, str]:
    """(files, module, test file) of the project `make` draws with seed 7."""
    faker = Faker()
    faker.seed_instance(7)
    project = make(random.Random(7), faker)
    return project.files, project.module, project.test_file


def project_case(label: str, files: dict[str, str], edits: dict[str, str], options: dict[str, Any], passes: bool,
                 says: str = "") -> Case:
    """A case on `files` with `edits` applied, in the folder `proj` (options name paths as `proj/...`)."""
    left = {**files, **edits}
    return Case(label, None, {"folder": "proj", **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in left.items()}, originals={"proj": pack_project(files)})
