"""Join files that came in pieces back into one: a download split for an upload limit (7-Zip's
`name.zip.001`, or `name.zip.part1` ... `part12`, where name order is not number order) restored
under its name, or a server's rotated logs (`app.log.11.gz` ... `app.log.1`, `app.log`, some
compressed or none) combined oldest first; one set or several; the pieces deleted or kept."""

from __future__ import annotations

import datetime as dt
import gzip
import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files.unpack_archive import archive_bytes, archive_contents
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kind = Literal["numbered", "part", "rotated"]
SERVICES = ["app", "worker", "nginx-access", "backup", "scheduler", "mailer"]
EVENTS = ["GET /api/orders 200", "job {n} finished in {ms} ms", "user {n} signed in", "cache miss for key {n}",
          "retrying upload {n}", "GET /health 200", "payment {n} captured", "slow query ({ms} ms)"]


class Options(SkillParams):
    kind: Kind | None = None
    gz: bool | None = None
    several: bool | None = None
    remove_parts: bool | None = None


class Params(Prepared):
    folder: str
    kind: Kind
    gz: bool
    several: bool
    remove_parts: bool


def _split(rng: random.Random, faker: Faker, kind: Kind) -> dict[str, bytes]:
    """A zip of a trip's photos, a site or scans, cut into 4-8 numbered pieces or 10-12 `.partN`s."""
    stem, _, files = archive_contents(rng, faker)
    data = archive_bytes(files, "zip")
    count = rng.randint(4, 8) if kind == "numbered" else rng.randint(10, 12)
    size = -(-len(data) // count)
    suffix = (lambda n: f".{n:03d}") if kind == "numbered" else (lambda n: f".part{n}")
    return {f"{stem}.zip{suffix(n + 1)}": data[n * size:(n + 1) * size] for n in range(count)
            if data[n * size:(n + 1) * size]}


def _rotated(rng: random.Random, service: str, gz: bool) -> dict[str, bytes]:
    """A service's log rotated daily, 10-12 days back: x.log.N is N days old, x.log is today's; with
    gz every piece from .2 on is compressed (logrotate's delaycompress)."""
    days = rng.randint(10, 12)
    today = dt.datetime(2024, rng.randint(2, 11), rng.randint(1, 28), 0, 0, 5)
    files = {}
    for age in range(days, -1, -1):
        moment = today - dt.timedelta(days=age)
        lines = []
        for _ in range(rng.randint(3, 7)):
            moment += dt.timedelta(seconds=rng.randrange(60, 9000))
            event = rng.choice(EVENTS).format(n=rng.randint(100, 9999), ms=rng.randint(5, 4000))
            lines.append(f"{moment:%Y-%m-%d %H:%M:%S} {rng.choice(['INFO', 'INFO', 'WARN'])} {event}\n")
        data = "".join(lines).encode()
        name = f"{service}.log" + (f".{age}" if age else "")
        if gz and age >= 2:
            files[name + ".gz"] = gzip.compress(data, mtime=0)
        else:
            files[name] = data
    return files


def pieces(rng: random.Random, faker: Faker, kind: Kind, gz: bool, several: bool) -> dict[str, bytes]:
    """One set of pieces (with `several`, two or three), and a few unrelated files."""
    files: dict[str, bytes] = {}
    services, sets, wanted = rng.sample(SERVICES, 3), 0, rng.randint(2, 3) if several else 1
    for _ in range(8):
        made = _rotated(rng, services[sets], gz) if kind == "rotated" else _split(rng, faker, kind)
        if not any(p in files for p in made):
            files.update(made)
            sets += 1
        if sets == wanted:
            break
    for name in rng.sample(["README.txt", "notes.md", "checksums.txt", "invoice_0412.pdf"], 2):
        files[name] = _filler(rng, rng.randrange(300, 3000), ".txt" if name.endswith(".txt") else ".pdf")
    return files


@register_workflow
class JoinParts(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.join_parts", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{% if kind == 'rotated' %}{{ folder }}/ holds {% if several %}some services' rotated logs{% else %}a "
            "service's rotated log{% endif %}: x.log is the newest, x.log.1 the day before, x.log.2"
            "{% if gz %}.gz{% endif %} the day before that, and so on{% if gz %} (from .2 on they are gzip-"
            "compressed){% endif %}. Combine {% if several %}each log's{% else %}the{% endif %} pieces into one "
            "file, oldest first, named <name>-combined.log (app.log into app-combined.log), with the text "
            "uncompressed.{% else %}{{ folder }}/ holds {% if several %}files{% else %}a file{% endif %} downloaded "
            "in pieces ({% if kind == 'numbered' %}name.001, name.002, ...{% else %}name.part1, name.part2, ... up to "
            "part10 and beyond{% endif %}). Join {% if several %}each file's{% else %}the{% endif %} pieces back in "
            "number order into the file they were cut from, named without the piece ending.{% endif %} "
            "{% if remove_parts %}Then delete the pieces.{% else %}Keep the pieces.{% endif %} Nothing else should "
            "change.",
            "{% if kind == 'rotated' %}I copied the logs off the old server into {{ folder }} and I want "
            "{% if several %}one file per service{% else %}a single file{% endif %} I can read from start to end: "
            "all the rotated pieces{% if gz %} (the older ones are .gz){% endif %} glued together oldest first, "
            "today's x.log last, saved as x-combined.log next to them.{% else %}The "
            "{% if several %}downloads{% else %}download{% endif %} in {{ folder }} came in pieces "
            "({% if kind == 'numbered' %}.001, .002 and so on{% else %}.part1, .part2 and so on, more than nine of "
            "them{% endif %}). Could you stitch {% if several %}each one{% else %}it{% endif %} back together in the "
            "right order, under the original name (just drop the piece ending)?{% endif %} "
            "{% if remove_parts %}Delete the pieces once that's done.{% else %}Leave the pieces there.{% endif %}",
            "{{ folder }}/: {% if kind == 'rotated' %}for each x.log: cat x.log.N{% if gz %} (zcat for .gz){% endif %}"
            " ... x.log.1 x.log (oldest first) > x-combined.log{% elif kind == 'numbered' %}for each name.001..: "
            "cat the pieces in number order > name{% else %}for each name.partN: cat part1..partN in NUMBER order "
            "> name{% endif %}; {% if remove_parts %}rm the pieces{% else %}keep the pieces{% endif %}; leave the rest.",
        ],
        criteria=["Each set of pieces is joined in the right order (rotated logs oldest first, decompressed) into "
                  "the named file.",
                  "The pieces are deleted or kept as asked; nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of file pieces")],
        checks=[CheckTemplate(func="tree.parts_joined", bind={"kind": "kind", "remove_parts": "remove_parts"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = opts.kind or rng.choice(["numbered", "part", "rotated"])
        gz = kind == "rotated" and (opts.gz if opts.gz is not None else rng.random() < 0.5)
        params = Params(folder=rng.choice(["server_logs", "Downloads", "transfer"]) if kind == "rotated"
                        else rng.choice(["Downloads", "transfer", "From_Sam"]), kind=kind, gz=gz,
                        several=opts.several if opts.several is not None else rng.random() < 0.5,
                        remove_parts=opts.remove_parts if opts.remove_parts is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(pieces(rng, ctx.faker, kind, gz, params.several)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import gzip, os, re
            root, kind = {lit(params.folder)}, {lit(params.kind)}
            pattern = {{"numbered": r"^(.+)\\.(\\d{{3}})$", "part": r"^(.+)\\.part(\\d+)$",
                        "rotated": r"^(.+\\.log)(?:\\.(\\d+)(\\.gz)?)?$"}}[kind]
            sets = {{}}
            for name in os.listdir(root):
                match = re.match(pattern, name)
                if match and os.path.isfile(os.path.join(root, name)):
                    sets.setdefault(match[1], []).append((int(match[2] or 0), name))
            for base, found in sorted(sets.items()):
                found.sort(reverse=kind == "rotated")  # rotated logs: the highest number is the oldest
                target = base[:-4] + "-combined.log" if kind == "rotated" else base
                with open(os.path.join(root, target), "wb") as out:
                    for _, name in found:
                        path = os.path.join(root, name)
                        out.write(gzip.open(path).read() if name.endswith(".gz") else open(path, "rb").read())
                print(target, "<-", [name for _, name in found])
                if {params.remove_parts!r}:
                    for _, name in found:
                        os.remove(os.path.join(root, name))
        """
        return solution(
            shell_step(f"ls -l {params.folder}", f"First I see which pieces are in {params.folder}/.", "List the pieces"),
            script_step(script, "I join each set's pieces by their NUMBER (not their names, which sort part10 before "
                        "part2)" + (", oldest log first" if params.kind == "rotated" else "") + ".", "Join the pieces"),
            shell_step(f"ls -l {params.folder}", "Then I check the joined files.", "Check the folder"))
