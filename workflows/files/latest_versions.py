"""Keep only the latest version of each document in a folder tree of versioned files
(budget_v3.xlsx, minutes_2024-05-02.docx): delete the older versions, move them aside, or copy the
latest ones into a folder under their plain names to send on. Versions are numbers (v10 comes
after v9) or ISO dates; a document is its folder, name and extension (budget_v2.pdf is not a
version of budget_v3.xlsx)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from faker import Faker

from forge.checks.tree_versions import SCHEMES
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scheme = Literal["number", "date"]
Action = Literal["delete", "aside", "current"]
DOCUMENTS = ["budget", "proposal", "project_plan", "press_release", "floor_plan", "contract", "price_list",
             "grant_report", "menu", "newsletter"]
EXTS = [".docx", ".xlsx", ".pptx", ".pdf"]
INTO = {"aside": ["Old_versions", "Superseded", "archive/old"], "current": ["Current", "Latest", "To_send"]}


class Options(SkillParams):
    scheme: Scheme | None = None
    action: Action | None = None


class Params(Prepared):
    folder: str
    scheme: Scheme
    action: Action
    into: str | None


def _tags(rng: random.Random, scheme: Scheme, count: int, crossing: bool) -> list[str]:
    """`count` version tags, oldest first: numbers (crossing 9 to 10 when asked, so text order is wrong)
    or dates."""
    if scheme == "number":
        number, tags = (10 - rng.randint(1, count - 1)) if crossing else rng.randint(1, 3), []
        for _ in range(count):  # now and then a version skipped
            tags.append(f"v{number}")
            number += 1 + (rng.random() < 0.3)
        return tags
    day = dt.date(rng.choice([2024, 2025]), rng.randint(1, 9), rng.randint(1, 28))
    return [(day + dt.timedelta(days=d)).isoformat() for d in sorted(rng.sample(range(1, 120), count))]


def _folder(rng: random.Random, faker: Faker, scheme: Scheme) -> dict[str, bytes]:
    """3-5 documents in 2-3 folders, each in 1-4 versions (one crossing v9 to v10), an export of an
    older version in another format, and files with no version (one with _v2 not at the end)."""
    subs = ["", f"clients/{faker.last_name().lower()}", rng.choice(["finance", "events", "hr"])]
    files: dict[str, bytes] = {}
    documents = rng.sample(DOCUMENTS, rng.randint(3, 5))
    for n, stem in enumerate(documents):
        sub, ext = rng.choice(subs), rng.choice(EXTS)
        tags = _tags(rng, scheme, 1 if n == len(documents) - 1 else rng.randint(2, 4), crossing=n == 0)
        for tag in tags:
            files[f"{sub}/{stem}_{tag}{ext}".lstrip("/")] = _filler(rng, rng.randrange(900, 9000), ext)
        if n == 1:  # an export of an earlier version: a document of its own
            other = ".docx" if ext == ".pdf" else ".pdf"
            files[f"{sub}/{stem}_{tags[0]}{other}".lstrip("/")] = _filler(rng, rng.randrange(900, 9000), other)
    files["notes.txt"] = (faker.paragraph() + "\n").encode()
    files[f"{rng.choice(subs)}/{rng.choice(documents)}_v2_comments.docx".lstrip("/")] = _filler(rng, 2000, ".docx")
    return files


@register_workflow
class LatestVersions(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.latest_versions", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/ and its subfolders hold several versions of some documents, marked just before the "
            "extension by {% if scheme == 'number' %}_v and a version number (budget_v3.xlsx; v10 is newer than v9)"
            "{% else %}_ and the date saved, YYYY-MM-DD (budget_2024-05-02.xlsx){% endif %}. A document is the same "
            "folder, name and extension. {% if action == 'delete' %}Keep only the latest version of each document "
            "and delete the older versions.{% elif action == 'aside' %}Keep only the latest version of each document "
            "where it is and move the older versions into {{ folder }}/{{ into }}/, keeping their paths.{% else %}"
            "Copy the latest version of each document into {{ folder }}/{{ into }}/, keeping its subfolder path and "
            "naming it without the version part (budget.xlsx); leave the originals as they are.{% endif %} Files "
            "without a version stay as they are.",
            "Our {{ folder }} folder is full of old drafts. {% if action == 'delete' %}Could you delete every version "
            "that has a newer one, so only the latest of each document is left?{% elif action == 'aside' %}Could you "
            "move every version that has a newer one into {{ into }} (inside {{ folder }}, same subfolders), so only "
            "the latest of each document is left in place?{% else %}I need to send the current set: could you copy "
            "the newest version of every document into {{ into }} inside {{ folder }}, same subfolders, with the "
            "version taken out of the name (report_{% if scheme == 'number' %}v4{% else %}2024-06-01{% endif %}.docx "
            "becomes report.docx)? Don't touch the originals.{% endif %} {% if scheme == 'number' %}The version is "
            "the _vN at the end of the name, and it's a number, so v10 beats v9.{% else %}The version is the date at "
            "the end of the name (_YYYY-MM-DD).{% endif %} Same name but another extension is another document, and "
            "anything without a version stays.",
            "{{ folder }}/ (recursive), versions = {% if scheme == 'number' %}<name>_v<N><ext>, numeric{% else %}"
            "<name>_<YYYY-MM-DD><ext>{% endif %}, per folder+name+ext: {% if action == 'delete' %}rm all but the "
            "latest{% elif action == 'aside' %}mv all but the latest to {{ into }}/ (keep paths){% else %}cp the "
            "latest to {{ into }}/<path>/<name><ext>, originals untouched{% endif %}; unversioned files untouched.",
        ],
        criteria=["The latest version of every document stays; the older ones are deleted or moved aside, or the "
                  "latest ones are copied under their plain names, as asked.",
                  "Versions compare as numbers or dates; files without a version and everything else are unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A folder tree of documents in several versions")],
        checks=[CheckTemplate(func="tree.latest_versions", bind={"scheme": "scheme", "action": "action",
                                                                  "into": "into"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        scheme: Scheme = opts.scheme or rng.choice(["number", "date"])
        action: Action = opts.action or rng.choice(["delete", "aside", "current"])
        params = Params(folder=rng.choice(["Work", "Shared_drive", "Projects", "Office"]), scheme=scheme,
                        action=action, into=rng.choice(INTO[action]) if action != "delete" else None)
        return params.with_files(folder=pack_tree(_folder(rng, ctx.faker, scheme)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root, scheme = {lit(params.folder)}, {lit(params.scheme)}
            action, into = {lit(params.action)}, {lit(params.into)}
            pattern = re.compile({lit(SCHEMES[params.scheme].pattern)})
            documents = {{}}
            for folder, dirs, names in os.walk(root):
                rel = os.path.relpath(folder, root)
                for name in names:
                    found = pattern.match(name)
                    if found:
                        rank = int(found["version"]) if scheme == "number" else found["version"]
                        documents.setdefault((rel, found["stem"], found["ext"]), []).append((rank, name))
            for (rel, stem, ext), versions in sorted(documents.items()):
                versions.sort(reverse=True)
                newest = versions[0][1]
                if action == "current":
                    target = os.path.normpath(os.path.join(root, into, rel, stem + ext))
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    shutil.copy2(os.path.join(root, rel, newest), target)
                    print("copied", os.path.join(rel, newest), "->", target)
                    continue
                for _, name in versions[1:]:
                    path = os.path.join(root, rel, name)
                    if action == "delete":
                        os.remove(path)
                    else:
                        target = os.path.normpath(os.path.join(root, into, rel, name))
                        os.makedirs(os.path.dirname(target), exist_ok=True)
                        shutil.move(path, target)
                    print(action, os.path.join(rel, name), "(latest:", newest + ")")
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort", f"First I list the files under {params.folder}/ and "
                       "see which documents come in several versions.", "List the versions"),
            script_step(script, "I group the versions by folder, name and extension and compare them as "
                        + ("numbers." if params.scheme == "number" else "dates."), "Keep the latest versions"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check what is left.", "Check the folder"))
