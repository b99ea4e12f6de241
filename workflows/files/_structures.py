"""The standard project structures a studio, a video team, a lab or an office keeps (folders ending in
'/', files created empty), and the ways people write one down: relative paths, Windows paths, an
indented outline, a nested Markdown list, `tree -F` output."""

from __future__ import annotations

import random

STRUCTURES = {
    "client": ["01_Brief/", "01_Brief/References/", "02_Contracts/", "02_Contracts/Signed/", "03_Design/Drafts/",
               "03_Design/Final/", "04_Invoices/", "05_Correspondence/", "README.txt"],
    "video": ["Footage/Raw/", "Footage/Proxies/", "Audio/Music/", "Audio/Voiceover/", "Edit/Exports/",
              "Graphics/", "Docs/", "Docs/shot_list.txt", "Docs/release_forms/"],
    "research": ["data/raw/", "data/processed/", "notebooks/", "figures/", "papers/", "ethics/", "notes.md",
                 "data/README.md"],
    "event": ["Venue/", "Venue/Floor_plans/", "Suppliers/Catering/", "Suppliers/AV/", "Guests/", "Budget/",
              "Photos/", "checklist.txt"],
}
PROJECT_WORDS = {"client": ["rebrand", "website", "packaging", "annual_report", "campaign"],
                 "video": ["promo", "documentary", "wedding_film", "training_videos", "launch_teaser"],
                 "research": ["annual_survey", "pilot_study", "field_trial", "lab_series", "replication"],
                 "event": ["summer_party", "conference", "product_launch", "charity_gala", "team_offsite"]}


def _depth_items(entries: list[str]) -> list[tuple[int, str, bool]]:
    """(depth, name, is_folder) in outline order: every folder once, its contents after it, sorted."""
    folders, files = set(), set()
    for entry in entries:
        parts = entry.strip("/").split("/")
        folders.update("/".join(parts[:n]) for n in range(1, len(parts)))
        (folders if entry.endswith("/") else files).add(entry.strip("/"))
    ordered = sorted(folders | files, key=lambda p: p.split("/"))
    return [(p.count("/"), p.rsplit("/", 1)[-1], p in folders) for p in ordered]


def write_structure(rng: random.Random, entries: list[str], source: str) -> str:
    """The structure as the office wrote it down in the source's way."""
    if source in ("paths", "windows"):
        lines = [("./" if rng.random() < 0.2 else "") + e for e in entries]
        if source == "windows":
            lines = [line.replace("/", "\\") for line in lines]
        return "# Standard project folders\n" + "\n".join(lines) + "\n"
    items = _depth_items(entries)
    if source == "tree":
        out = [".", *_tree_lines(items)]
        n_dirs = sum(1 for _, _, d in items if d)
        n_files = len(items) - n_dirs
        summary = f"{n_dirs} director{'y' if n_dirs == 1 else 'ies'}, {n_files} file{'' if n_files == 1 else 's'}"
        return "\n".join([*out, "", summary]) + "\n"
    unit = rng.choice([2, 4])
    lines = [" " * (unit * depth) + ("- " if source == "markdown" else "") + name + "/" * is_dir
             for depth, name, is_dir in items]
    head = "# Project template\n\nEvery new project starts with these folders:\n\n" if source == "markdown" else ""
    return head + "\n".join(lines) + "\n"


def _tree_lines(items: list[tuple[int, str, bool]]) -> list[str]:
    lines = []
    for n, (depth, name, is_dir) in enumerate(items):
        later = [d for d, _, _ in items[n + 1:]]
        last = next((d for d in later if d <= depth), -1) < depth
        lead = ""
        for level in range(depth):  # a bar where the ancestor at that level has later siblings
            lead += "│   " if next((d for d in later if d <= level), -1) == level else "    "
        lines.append(f"{lead}{'└── ' if last else '├── '}{name}{'/' * is_dir}")
    return lines
