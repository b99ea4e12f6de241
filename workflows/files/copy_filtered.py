"""Copy a project for someone else (a client, a stick, an e-mail) with what they must not get left
out and the folder layout kept: the build and tool folders, every type but the deliverables, files
over a size, build folders AND big files, or what the project's own ignore list names; with a list
of the files left out or not."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Filter = Literal["tool_dirs", "types", "size", "dirs_and_size", "ignore_list"]
KB = 1024
DELIVERABLES = [".pdf", ".docx"]
IGNORE = ["# not for the client", "*.log", "secrets/", ".env", "*.psd"]


class Options(SkillParams):
    filter: Filter | None = None
    report: bool | None = None


class Params(Prepared):
    folder: str
    source: str
    target: str
    filter: Filter
    exclude_dirs: list[str]
    exts: list[str]
    max_kb: int | None
    max_bytes: int | None
    ignore_file: str | None
    report: str | None


def project(rng: random.Random, faker: Faker, python: bool, ignore_file: str | None) -> dict[str, bytes]:
    """A client project: code, docs, design files (the only ones over 60 KB, all over 150 KB), a log,
    secrets, and the tool folders (.git, and node_modules and dist, or .venv and __pycache__)."""
    word = faker.word()
    if python:
        code = {"app.py": b"print('hello')\n", f"{word}/models.py": b"class Model: ...\n",
                "tests/test_app.py": b"def test(): pass\n", ".venv/pyvenv.cfg": b"home = /usr/bin\n",
                f"{word}/__pycache__/models.cpython-311.pyc": rng.randbytes(900), ".venv/lib/site.py": b"# venv\n"}
    else:
        code = {"index.html": b"<html></html>\n", "src/app.js": b"console.log(1);\n", f"src/{word}.css": b"body {}\n",
                "node_modules/left-pad/index.js": b"module.exports = 1;\n", "dist/bundle.js": rng.randbytes(4000),
                "node_modules/left-pad/package.json": b"{}\n"}
    files = {**code, ".git/HEAD": b"ref: refs/heads/main\n", ".git/config": b"[core]\n", "README.md": b"# Project\n",
             f"docs/{word}_proposal.pdf": _filler(rng, rng.randrange(20 * KB, 60 * KB), ".pdf"),
             "docs/Handover.docx": _filler(rng, rng.randrange(10 * KB, 50 * KB), ".docx"),
             f"design/{word}_mockup.psd": _filler(rng, rng.randrange(150 * KB, 300 * KB), ".psd"),
             "design/logo.png": _filler(rng, rng.randrange(3 * KB, 30 * KB), ".png"),
             "debug.log": _filler(rng, rng.randrange(1 * KB, 8 * KB), ".txt"), "secrets/api_keys.txt": b"KEY=x\n",
             ".env": b"DEBUG=1\n", f"docs/{faker.last_name()}_signed.pdf": _filler(rng, rng.randrange(30 * KB, 40 * KB),
                                                                                ".pdf")}
    if rng.random() < 0.5:
        files["design/storyboard.mp4"] = _filler(rng, rng.randrange(150 * KB, 250 * KB), ".mp4")
    if ignore_file:
        files[ignore_file] = ("\n".join(IGNORE) + "\n").encode()
    return files


@register_workflow
class CopyFiltered(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.copy_filtered", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Copy the project {{ folder }}/{{ source }}/ to {{ folder }}/{{ target }}/, keeping its folder layout, "
            "but leave out {% if filter == 'tool_dirs' %}the tool folders ({{ exclude_dirs | join(', ') }}) wherever "
            "they are{% elif filter == 'types' %}every file that is not a {{ exts | join(' or ') }} (only those are "
            "deliverables){% elif filter == 'size' %}every file larger than {{ max_kb }} KB ({{ max_bytes }} bytes)"
            "{% elif filter == 'dirs_and_size' %}the tool folders ({{ exclude_dirs | join(', ') }}) wherever they are, "
            "and every file larger than {{ max_kb }} KB ({{ max_bytes }} bytes){% else %}what the project's own "
            "{{ ignore_file }} lists (one glob per line; a pattern ending in / is a folder at any depth), and that "
            "list itself{% endif %}.{% if report %} Then write the paths of the files you left out, relative to "
            "{{ source }}/, sorted, one per line, to {{ folder }}/{{ report }}.{% endif %} Leave {{ source }}/ as it "
            "is.",
            "I need to hand {{ source }} (in {{ folder }}) over{% if filter in ('size', 'dirs_and_size') %} through a "
            "mail that can't take big files{% endif %}. Could you make a copy of it as {{ target }} in {{ folder }}, "
            "same subfolders, {% if filter == 'tool_dirs' %}without the {{ exclude_dirs | join('/') }} clutter "
            "(anywhere in the tree){% elif filter == 'types' %}with only the {{ exts | join(' and ') }} files in it"
            "{% elif filter == 'size' %}skipping anything over {{ max_kb }} KB, i.e. {{ max_bytes }} bytes"
            "{% elif filter == 'dirs_and_size' %}without the {{ exclude_dirs | join('/') }} folders and without "
            "anything over {{ max_kb }} KB ({{ max_bytes }} bytes){% else %}minus whatever its {{ ignore_file }} says "
            "to leave out (and minus that file){% endif %}?{% if report %} And put a sorted list of what you skipped "
            "in {{ report }} next to it (paths inside the project).{% endif %} Don't touch the original.",
            "{{ folder }}/: copy {{ source }}/ -> {{ target }}/ (same layout), excluding "
            "{% if filter == 'tool_dirs' %}dirs named {{ exclude_dirs | join(', ') }} at any depth"
            "{% elif filter == 'types' %}all but *{{ exts | join(' *') }}{% elif filter == 'size' %}files > "
            "{{ max_bytes }} bytes ({{ max_kb }} KB){% elif filter == 'dirs_and_size' %}dirs named "
            "{{ exclude_dirs | join(', ') }} at any depth and files > {{ max_bytes }} bytes ({{ max_kb }} KB)"
            "{% else %}the patterns in {{ source }}/{{ ignore_file }} (rsync --exclude-from style) and the list "
            "itself{% endif %}{% if report %}; excluded paths (relative to {{ source }}/, sorted) -> {{ report }}"
            "{% endif %}; source untouched.",
        ],
        criteria=["The copy holds every file the rules keep, under its path in the project, and nothing else.",
                  "The project is untouched; the left-out files are listed when asked."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A workspace with a project")],
        checks=[CheckTemplate(func="tree.filtered_copy", bind={
            "source": "source", "target": "target", "exclude_dirs": "exclude_dirs", "exts": "exts",
            "max_bytes": "max_bytes", "ignore_file": "ignore_file", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = opts.filter or rng.choice(["tool_dirs", "types", "size", "dirs_and_size", "ignore_list"])
        python = rng.random() < 0.5
        dirs = [".git", ".venv", "__pycache__"] if python else [".git", "node_modules", "dist"]
        max_kb = rng.choice([100, 120]) if kind in ("size", "dirs_and_size") else None
        source = ctx.faker.word() + rng.choice(["-site", "_app", "-tool"])
        ignore = rng.choice([".handoffignore", "exclude.txt"]) if kind == "ignore_list" else None
        report = opts.report if opts.report is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Projects", "Work", "Clients"]), source=source,
                        target=f"{source}_{rng.choice(['handoff', 'for_client', 'export'])}", filter=kind,
                        exclude_dirs=dirs if kind in ("tool_dirs", "dirs_and_size") else [],
                        exts=DELIVERABLES if kind == "types" else [], max_kb=max_kb,
                        max_bytes=max_kb * KB if max_kb else None, ignore_file=ignore,
                        report=rng.choice(["left_out.txt", "skipped.txt"]) if report else None)
        files = {f"{source}/{p}": d for p, d in project(rng, ctx.faker, python, ignore).items()}
        files[f"Archive/{ctx.faker.word()}-2019/README.md"] = b"# An older project\n"
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import fnmatch, os, shutil
            root, source, target = {lit(params.folder)}, {lit(params.source)}, {lit(params.target)}
            dirs, exts, limit = {lit(params.exclude_dirs)}, {lit(params.exts)}, {lit(params.max_bytes)}
            ignore_file = {lit(params.ignore_file)}
            src = os.path.join(root, source)
            patterns = []
            if ignore_file:
                lines = open(os.path.join(src, ignore_file)).read().splitlines()
                patterns = [l.strip() for l in lines if l.strip() and not l.strip().startswith("#")]
            def skip(rel):
                parts = rel.split("/")
                if any(d in dirs for d in parts[:-1]) or rel == ignore_file:
                    return True
                if exts and os.path.splitext(rel)[1].lower() not in exts:
                    return True
                if limit is not None and os.path.getsize(os.path.join(src, rel)) > limit:
                    return True
                for p in patterns:
                    if p.endswith("/") and any(fnmatch.fnmatchcase(d, p.rstrip("/")) for d in parts[:-1]):
                        return True
                    if not p.endswith("/") and (fnmatch.fnmatchcase(parts[-1], p) or fnmatch.fnmatchcase(rel, p)):
                        return True
                return False
            skipped = []
            for folder, _, names in os.walk(src):
                for name in names:
                    rel = os.path.relpath(os.path.join(folder, name), src)
                    if skip(rel):
                        skipped.append(rel)
                        continue
                    os.makedirs(os.path.dirname(os.path.join(root, target, rel)), exist_ok=True)
                    shutil.copy2(os.path.join(src, rel), os.path.join(root, target, rel))
            if {lit(params.report)}:
                open(os.path.join(root, {lit(params.report)}), "w").write("".join(p + "\\n" for p in sorted(skipped)))
            print(len(skipped), "left out:", sorted(skipped))
        """
        return solution(
            shell_step(f"find {params.folder}/{params.source} -type f | sort && du -ab {params.folder}/{params.source} "
                       "| sort -n | tail -5", "First I see what the project holds and what is big.",
                       "Look at the project"),
            script_step(script, f"I copy {params.source}/ to {params.target}/ file by file, leaving out what the rules "
                        "name.", "Copy without the excluded files"),
            shell_step(f"find {params.folder}/{params.target} -type f | sort", "Then I check the copy.",
                       "Check the copy"))
