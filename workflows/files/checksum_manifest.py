"""Write a `sha256sum` manifest of a folder (or of one kind of file in it) before it is archived."""

from __future__ import annotations

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
    one_type: bool | None = None
    nested: bool | None = None


class Params(Prepared):
    folder: str
    report: str
    extension: str | None
    nested: bool = False


@register_workflow
class ChecksumManifest(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.checksum_manifest", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Before I copy {{ folder }}/ to the backup drive I want a checksum manifest. Write {{ report }} in the "
            "format `sha256sum` produces (`<sha256>  <path>`, two spaces) with one line per {% if extension %}"
            "{{ extension }} file{% else %}file{% endif %} in {{ folder }}/{% if nested %} and all its subfolders"
            "{% endif %}, paths relative to the folder, sorted by "
            "path. Don't touch the folder itself.",
            "Can you generate SHA256 checksums for {% if extension %}the {{ extension }} files in{% else %}everything "
            "in{% endif %} {{ folder }}/{% if nested %} (subfolders included){% endif %} and save them to {{ report }}? "
            "Same layout as sha256sum output, relative "
            "paths, sorted by name, so we can run `sha256sum -c` later.",
            "sha256sum of {% if extension %}{{ folder }}/{% if nested %}**/{% endif %}*{{ extension }}{% else %}every file "
            "in {{ folder }}/{% if nested %} (recursive){% endif %}"
            "{% endif %} -> {{ report }} (relative paths, sorted; folder read-only).",
        ],
        criteria=["One correct SHA256 line per file asked for, sorted by path.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Downloads folder"),
               FileSlot(param="report", type="txt", description="The checksum manifest")],
        checks=[CheckTemplate(func="tree.checksums_listed", bind={"folder": "folder", "extension": "extension"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        nested = opts.nested if opts.nested is not None else ctx.rng.random() < 0.4
        tree = make_documents_tree(ctx.rng, ctx.faker) if nested else make_tree(ctx.rng, ctx.faker)
        one_type = opts.one_type if opts.one_type is not None else ctx.rng.random() < 0.5
        exts = sorted({p.rsplit(".", 1)[-1] for p in tree.files if "." in p})
        ext = f".{ctx.rng.choice(exts)}" if one_type else None
        report = f"{tree.root.lower()}{(ext or '').replace('.', '_')}_sha256.txt"
        params = Params(folder=tree.root, report=report, nested=nested,
                        extension=ext)
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import hashlib, os
            root, lines = {lit(params.folder)}, []
            for folder, _, names in os.walk(root):
                for name in names:
                    path = os.path.relpath(os.path.join(folder, name), root)
                    if {lit(params.extension)} is None or os.path.splitext(name)[1].lower() == {lit(params.extension)}:
                        digest = hashlib.sha256(open(os.path.join(root, path), "rb").read()).hexdigest()
                        lines.append(f"{{digest}}  {{path}}")
            lines.sort(key=lambda line: line[66:])
            open({lit(params.report)}, "w").write("".join(line + "\\n" for line in lines))
            print(len(lines), "files")
        """
        return solution(script_step(script, f"I hash each file of {params.folder}/ with SHA256 and write the "
                                    f"manifest, sorted by path, to {params.report}.", f"Checksum {params.folder}/"))
