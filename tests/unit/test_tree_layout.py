"""tree.flattened's folder rule, which the boundary cases cannot show (their files make no empty
folder): emptied folders must be gone when asked to be removed, and still there otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from forge.checks import FinalState, run_check
from forge.models import Check
from preparers.filetypes.tree import pack_tree

GIVEN = {"a.jpg": b"a", "Pics/Camera/b.jpg": b"b"}


@pytest.mark.parametrize(("remove_empty", "leave_dirs", "passes"), [
    (True, False, True), (True, True, False), (False, True, True), (False, False, False)])
def test_emptied_folders_removed_or_kept_as_asked(tmp_path: Path, remove_empty: bool, leave_dirs: bool,
                                                  passes: bool) -> None:
    (tmp_path / "Home").mkdir()
    (tmp_path / "Home/a.jpg").write_bytes(b"a")
    (tmp_path / "Home/b.jpg").write_bytes(b"b")
    if leave_dirs:
        (tmp_path / "Home/Pics/Camera").mkdir(parents=True)
    state = FinalState(tmp_path, {"Home": pack_tree(GIVEN)})
    result = run_check(Check(func="tree.flattened", options={"folder": "Home", "naming": "on_clash",
                                                              "remove_empty": remove_empty}), state)
    assert not result.error and result.passed == passes, result.message
    if not passes:
        assert ("Home/Pics/ is left with no file in it; 2 such" if remove_empty else "Home/Pics/ was removed") in result.message
