"""What the code workflows share: a seeded project shipped as one archive that setup unpacks.

`ProjectParams.make(ctx, project, files)` names the project folder and keeps the archive
aside for `contents`; `setup` unpacks it; `pytest_step` is the check a developer runs last.
"""

from __future__ import annotations

from pydantic import PrivateAttr

from forge.models import ReferenceStep
from preparers.code import ProjectContent
from preparers.filetypes.project import pack_project
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import shell_step

TEST_COMMAND = "PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider"


class ProjectParams(Prepared):
    folder: str
    module: str
    test_file: str
    _project: ProjectContent | None = PrivateAttr(default=None)

    @classmethod
    def folder_of(cls, project: ProjectContent) -> str:
        return project.package.replace("_", "-")


class ProjectWorkflow(FolderWorkflow[ProjectParams]):
    """A code workflow: the project folder arrives as an archive and setup unpacks it."""


def project_files(folder: str, files: dict[str, str]) -> dict[str, bytes]:
    """The `project` slot's bytes: the files as the archive the project type holds."""
    return {"folder": pack_project(files)}


def pytest_step(folder: str, thought: str, *, may_fail: bool = False) -> ReferenceStep:
    """Run the suite; `may_fail` shows a failing run's summary without failing the step (a first look)."""
    command = f"(cd {folder} && {TEST_COMMAND})" + (" 2>&1 | tail -20" if may_fail else "")
    return shell_step(command, thought, f"Run the tests in {folder}")
