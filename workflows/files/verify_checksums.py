"""Verify a folder against its `sha256sum` manifest and list the files that fail (changed or gone)."""

from __future__ import annotations

import hashlib

from forge.models import ReferenceSolution
from preparers.files import make_documents_tree, make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    nested: bool | None = None


class Params(Prepared):
    folder: str
    manifest: str
    report: str
    nested: bool = False


@register_workflow
class VerifyChecksums(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.verify_checksums", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "I restored {{ folder }}/{% if nested %} (with all its subfolders){% endif %} from a backup and I'm not "
            "sure it's intact. {{ manifest }} has the SHA256 of "
            "every file as it was (sha256sum format). Check the folder against it and write the paths (relative to "
            "{{ folder }}/, sorted) of the files that are missing or don't match, one per line, to {{ report }}. "
            "Don't modify anything in the folder.",
            "Could you run a checksum verification of {{ folder }}/ against {{ manifest }}? I only need the list of "
            "failures (changed or missing files), one relative path per line in sorted order, in {{ report }}.",
            "Verify {{ folder }}/ with {{ manifest }} (sha256sum); failing paths (mismatch or missing), sorted, one per "
            "line -> {{ report }}. Folder read-only.",
        ],
        criteria=["Exactly the changed and missing files are listed.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A restored Downloads folder"),
               FileSlot(param="manifest", type="txt", role="input", description="The sha256sum manifest"),
               FileSlot(param="report", type="txt", description="The files failing verification")],
        checks=[CheckTemplate(func="tree.checksum_failures", bind={"folder": "folder"}, paths={"manifest": "manifest"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        nested = opts.nested if opts.nested is not None else ctx.rng.random() < 0.4
        tree = make_documents_tree(ctx.rng, ctx.faker) if nested else make_tree(ctx.rng, ctx.faker)
        files = dict(tree.files)
        manifest = "".join(f"{hashlib.sha256(data).hexdigest()}  {path}\n" for path, data in sorted(files.items()))
        damaged = ctx.rng.sample(sorted(files), ctx.rng.randint(1, 3))
        for path in damaged[1:]:  # corrupted in place: same name, a few bytes different
            data = bytearray(files[path])
            data[ctx.rng.randrange(len(data))] ^= 0x20
            files[path] = bytes(data)
        del files[damaged[0]]
        params = Params(folder=tree.root, manifest=f"{tree.root}.sha256.txt", report="verify_failures.txt",
                        nested=nested)
        return params.with_files(folder=pack_tree(files), manifest=manifest.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import hashlib, os
            failing = []
            for line in open({lit(params.manifest)}, encoding="utf-8"):
                digest, path = line.rstrip("\\n").split("  ", 1)
                full = os.path.join({lit(params.folder)}, path)
                if not os.path.isfile(full) or hashlib.sha256(open(full, "rb").read()).hexdigest() != digest:
                    failing.append(path)
            open({lit(params.report)}, "w").write("".join(p + "\\n" for p in sorted(failing)))
            print(failing)
        """
        return solution(script_step(script, f"I re-hash every file {params.manifest} lists and note the ones that are "
                                    f"gone or differ, sorted, in {params.report}.", f"Verify {params.folder}/"))
