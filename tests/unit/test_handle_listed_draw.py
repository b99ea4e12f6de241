"""files.handle_listed: an entry the check looks up by name names exactly one file."""

from __future__ import annotations

import random
from pathlib import PurePosixPath

import pytest
from faker import Faker

from workflows.files.handle_listed import colleague_list

# a top-level README.md whose name a subfolder repeats: written as a path it has no '/', so it is
# looked up by name like a by-name entry
FILES = {p: b"x" for p in ["README.md", "budget.xlsx", "notes.txt", "Finance/README.md", "Finance/q1.xlsx",
                           "Finance/q2.xlsx", "HR/policy.docx", "HR/README.md", "HR/leave.csv"]}


@pytest.mark.parametrize("by_name", [False, True])
def test_no_entry_without_a_folder_names_two_files(by_name):
    names = [PurePosixPath(p).name for p in FILES]
    for seed in range(60):
        text = colleague_list(random.Random(seed), Faker(), FILES, "copy", by_name, unmatched=False)
        entries = [e.removeprefix("./") for e in text.splitlines()[1:] if e]
        bare = [e for e in entries if "/" not in e]
        assert all(names.count(e) == 1 for e in bare), (seed, bare)
        assert by_name or any("/" in e for e in entries), seed  # paths still name files in subfolders
