"""Number a folder's files in the running order someone sent, so they sort and play in that order
(a session's talks for the stage laptop, a ceremony's music for the sound desk, a book's chapters for
the editor): the list's position in front of each name as `01_` or `01 - `; renamed in place or
copied so into a subfolder; the files the list leaves out left or moved aside; entries with no file
yet keeping their number (a gap) or skipped; the list naming the files exactly, or as people type
them (no extension, any case)."""

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

TITLES = {
    "talks": (["Scaling search", "Lessons from a failed launch", "Designing for trust", "Data contracts",
               "Hiring your first ten", "Pricing experiments", "Accessible by default", "Edge caching",
               "Incident reviews that work", "Roadmaps without dates"], [".pptx", ".pdf"],
              ["session notes.docx", "venue map.pdf", "speaker bios.docx"]),
    "tracks": (["Canon in D", "A Thousand Years", "Here Comes the Sun", "Clair de Lune", "Perfect",
                "Signed Sealed Delivered", "At Last", "Can't Help Falling in Love", "Viva la Vida", "Make You Feel My "
                "Love"], [".mp3"], ["soundcheck.wav", "backup playlist.m3u", "dj notes.txt"]),
    "chapters": (["Introduction", "The early years", "Leaving home", "The first shop", "Hard winters",
                  "A second chance", "The market crash", "Starting over", "What we kept", "Afterword"], [".docx"],
                 ["cut material.docx", "style sheet.pdf", "cover ideas.txt"]),
}
SCENES = {"talks": ("Stage_laptop", "session_order.txt", "the talks"),
          "tracks": ("Ceremony_music", "ceremony_order.txt", "the music"),
          "chapters": ("Manuscript", "chapter_order.txt", "the chapters")}


Missing = Literal["none", "gap", "close"]
# entries with no file yet, by scene
PENDING = {"talks": ["Tanaka - Closing remarks", "Open Q&A"], "tracks": ["Ave Maria", "First Dance medley"],
           "chapters": ["Epilogue", "Acknowledgements"]}


class Options(SkillParams):
    missing: Missing | None = None
    loose: bool | None = None
    copies: bool | None = None
    move_unused: bool | None = None


class Params(Prepared):
    folder: str
    order: str
    what: str
    separator: Literal["_", " - "]
    example: str
    loose: bool
    into: str | None
    unused: str | None
    missing: Missing


def _names(rng: random.Random, faker: Faker, scene: str) -> tuple[list[str], list[str]]:
    """The listed files (in the running order) and the folder's other files."""
    titles, exts, others = TITLES[scene]
    picked = rng.sample(titles, rng.randint(5, 8))
    if scene == "talks":
        speakers = rng.sample([faker.last_name() for _ in range(20)], len(picked))
        picked = [f"{who} - {title}" for who, title in zip(speakers, picked, strict=True)]
    listed = [f"{t}{rng.choice(exts)}" for t in picked]
    spare = [t for t in titles if t not in picked][:1]
    unlisted = rng.sample(others, 2) + [f"{spare[0]} (old){exts[0]}"] if spare else rng.sample(others, 2)
    return listed, unlisted


def _typed(rng: random.Random, name: str) -> str:
    """An entry as a person types it: no extension, the case changed, a space doubled now and then."""
    stem = name[:name.rfind(".")]
    stem = rng.choice([stem.lower(), stem, stem.upper() if len(stem) < 12 else stem.lower()])
    return stem.replace(" ", "  ", 1) if rng.random() < 0.3 else stem


@register_workflow
class NumberByList(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.number_by_list", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ order }} is the running order for {{ what }} in {{ folder }}/: one file per line, first to last "
            "({% if loose %}written without the extension and not always in the right case{% else %}by exact "
            "file name{% endif %}; lines starting with # are comments). {% if into %}Copy each listed file into "
            "{{ folder }}/{{ into }}/ with its position in front of its name{% else %}Rename each listed file in "
            "place by putting its position in front of its name{% endif %}, two digits then \"{{ separator }}\" "
            "(e.g. {{ example }}).{% if missing == 'gap' %} Some entries have no file yet: they keep their number, so "
            "the numbers of the files skip theirs.{% elif missing == 'close' %} Some entries have no file yet: skip "
            "them and number the files found one after another, with no gaps.{% endif %}{% if unused %} Move the "
            "files at the top of {{ folder }}/ that the list leaves out into {{ folder }}/{{ unused }}/.{% endif %} "
            "Nothing else changes.",
            "Here's the order for {{ what }}: {{ order }}{% if loose %} (I typed the names from memory, without "
            "extensions){% endif %}. Could you number the files in {{ folder }} so they sort in that order, like "
            "{{ example }}?{% if missing == 'gap' %} A few on the list don't have a file yet; keep their numbers free "
            "for when they come in.{% elif missing == 'close' %} A few on the list don't have a file yet; just "
            "leave those out and number the rest straight through.{% endif %} {% if into %}Please don't rename the "
            "originals, put numbered copies in a new {{ into }} folder inside {{ folder }}.{% else %}Just rename "
            "them where they are.{% endif %}"
            "{% if unused %} Anything at the top of {{ folder }} that's not on the list can go into {{ unused }} in "
            "there, out of the way.{% else %} Leave the files that aren't on the list alone.{% endif %}",
            "{{ folder }}/: number the files listed in {{ order }} (one per line, in order, # = comment"
            "{% if loose %}; names without extension, any case{% endif %}) as NN{{ separator }}<name>, NN from 01 "
            "(e.g. {{ example }}){% if missing == 'gap' %}; entries without a file still take a number"
            "{% elif missing == 'close' %}; entries without a file are skipped (no gaps in NN){% endif %}"
            "{% if into %}, as copies in {{ folder }}/{{ into }}/{% else %}, renamed in place{% endif %}"
            "{% if unused %}; mv unlisted top-level files to {{ folder }}/{{ unused }}/{% endif %}.",
        ],
        criteria=["Each listed file carries its position in the list, two digits, in front of its name.",
                  "Copies or renames as asked; unlisted files moved aside when asked, otherwise untouched."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of {{ what }}"),
               FileSlot(param="order", type="txt", role="input", description="The running order")],
        checks=[CheckTemplate(func="tree.numbered_by_list", paths={"folder": "folder", "order_file": "order"},
                              bind={"separator": "separator", "loose": "loose", "into": "into", "unused": "unused",
                                    "missing": "missing"})],
    )
    states_values = ("example",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        scene = rng.choice(sorted(SCENES))
        folder, order, what = SCENES[scene]
        listed, unlisted = _names(rng, ctx.faker, scene)
        separator = rng.choice(["_", " - "])
        missing = opts.missing or rng.choice(["none", "gap", "close"])
        loose = opts.loose if opts.loose is not None else rng.random() < 0.5
        copies = opts.copies if opts.copies is not None else rng.random() < 0.4
        move = opts.move_unused if opts.move_unused is not None else (not copies and rng.random() < 0.5)
        params = Params(folder=folder, order=order, what=what, separator=separator,
                        example=f"03{separator}{rng.choice(['Intro', 'Welcome', 'Opening'])}"
                                f"{listed[0][listed[0].rfind('.'):]}", loose=loose,
                        into=rng.choice(["Numbered", "For_desk", "In_order"]) if copies else None,
                        unused=rng.choice(["Not used", "Spare", "_unused"]) if move else None, missing=missing)
        files = {name: _filler(rng, rng.randrange(4_000, 60_000), name[name.rfind("."):])
                 for name in listed + unlisted}
        files[f"old/{rng.choice(listed)}"] = _filler(rng, rng.randrange(2_000, 9_000), ".bak")
        lines = [f"# {what.capitalize()}, in order ({ctx.faker.first_name()})", ""]
        entries = [_typed(rng, name) if loose else name for name in listed]
        if missing != "none":  # an entry or two with no file yet, never last, so gap and close differ
            for pending in rng.sample(PENDING[scene], rng.randint(1, 2)):
                where = rng.randrange(len(entries) - 1)
                ext = listed[where][listed[where].rfind("."):]
                entries.insert(where, pending.lower() if loose else pending + ext)
        lines += entries
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))),
                                 order=("\n".join(lines) + "\n").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            root, into, unused = {lit(params.folder)}, {lit(params.into)}, {lit(params.unused)}
            top = sorted(n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n)))

            def key(name):
                return " ".join(os.path.splitext(name)[0].split()).casefold() if {params.loose!r} else name

            entries = [l.strip() for l in open({lit(params.order)}, encoding="utf-8")]
            entries = [e for e in entries if e and not e.startswith("#")]
            ordered, n = [], 0
            for entry in entries:
                wanted = " ".join(entry.split()).casefold() if {params.loose!r} else entry
                found = [name for name in top if key(name) == wanted]
                if found or {lit(params.missing)} == "gap":
                    n += 1
                ordered += [(n, name) for name in found]
                if not found:
                    print("no file yet:", entry)
            if into:
                os.makedirs(os.path.join(root, into), exist_ok=True)
            for n, name in ordered:
                new = f"{{n:02d}}{params.separator}{{name}}"
                if into:
                    shutil.copy2(os.path.join(root, name), os.path.join(root, into, new))
                else:
                    os.rename(os.path.join(root, name), os.path.join(root, new))
                print(name, "->", new)
            if unused:
                os.makedirs(os.path.join(root, unused), exist_ok=True)
                for name in top:
                    if name not in [o for _, o in ordered]:
                        shutil.move(os.path.join(root, name), os.path.join(root, unused, name))
        """
        return solution(
            shell_step(f"cat {params.order}; ls -la {params.folder}", "First I read the order and list the folder.",
                       "Read the running order"),
            script_step(script, "I match each entry to its file and number it by its place in the list.",
                        "Number the files"),
            shell_step(f"ls -R {params.folder}", "Then I check the folder.", "Check the numbering"))
