"""Python sources and code projects: the `py` type (one module) and the `project` type (a package
with its tests, shipped as one tar archive that setup unpacks into a folder).

- `py`: UTF-8 and `compile()` succeeds; the summary lists imports, functions and classes, and
  `text` is the module's prose (strings and comments), since code words like `None` are not
  template leftovers;
- `project`: a bounded tar (`preparers.filetypes._tar`) of text files; every `.py` member must
  compile; read as a `ProjectView` (files only: the test run is added by the `project` check
  source, which runs the tests in a sandbox, never on the host).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, MutantFiles, MutationInput, register_file_type, register_mutator
from forge.views import ProjectView, View
from preparers.filetypes._tar import pack_tar, read_tar
from preparers.filetypes.text import decode_utf8

MAX_PROJECT_FILES = 200
_CODE_WORD = re.compile(r"\bNone\b")  # Python's own word, in the prose that talks about the code


def top_level_imports(tree: ast.Module) -> list[str]:
    """Modules imported at module level, in order, once each (`from . import x` shows as `.`)."""
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return list(dict.fromkeys(names))


def python_prose(tree: ast.Module, source: str) -> str:
    """String literals (docstrings included) and comments: the prose of a module.

    Not the whole source: `None` and `{}` are ordinary code, and the leftover scan would flag them.
    Docstrings and comments talk about the code ("Return None when the key is missing"), so the
    word None is theirs; a string the program prints still shows a None that leaked into it.
    """
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and ast.get_docstring(node, clean=False) is not None}
    strings = [_CODE_WORD.sub("", n.value) if id(n) in docstrings else n.value
               for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        comments = [_CODE_WORD.sub("", t.string) for t in tokens if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):  # compiled already, so this is belt and braces
        comments = []
    return "\n".join(strings + comments)


@register_file_type("py")
class PythonFile(FileTypeBase):
    """Python source: UTF-8 and `compile()` succeeds; the summary lists imports, functions, classes.

    `text` is the module's prose (strings and comments), since code words like `None` are not leftovers.
    """

    extensions = (".py",)

    def inspect(self, data: bytes) -> FileReport:
        source = decode_utf8(data, "py")
        try:
            tree = compile(source, "<file>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
            compile(tree, "<file>", "exec", dont_inherit=True)  # catches what the parser alone lets by
        except SyntaxError as exc:
            raise PreparerError(f"Python syntax error at line {exc.lineno}: {exc.msg}") from exc
        except (ValueError, RecursionError, MemoryError) as exc:  # nesting deeper than the compiler's stack
            raise PreparerError(f"Python source does not compile: {type(exc).__name__}: {exc}") from exc
        return FileReport(
            type="py",
            summary={
                "lines": len(source.splitlines()),
                "imports": top_level_imports(tree),
                "functions": [n.name for n in tree.body
                              if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)],
                "classes": [n.name for n in tree.body if isinstance(n, ast.ClassDef)],
            },
            text=python_prose(tree, source),
        )


def project_files(data: bytes, path: str) -> dict[str, str]:
    """The archive's members as text, by relative path; CheckError when out of bounds or not text."""
    files = read_tar(data, path, max_members=MAX_PROJECT_FILES)
    try:
        return {name: content.decode("utf-8") for name, content in files.items()}
    except UnicodeDecodeError as exc:
        raise CheckError(f"{path}: a project file is not UTF-8 text: {exc}") from exc


def pack_project(files: dict[str, str]) -> bytes:
    """A project's files as the archive the `project` type holds (same files, same bytes)."""
    return pack_tar({name: text.encode("utf-8") for name, text in files.items()})


@register_file_type("project")
class ProjectFile(FileTypeBase):
    """A small code project (a package and its tests) as one tar archive of text files."""

    extensions = (".project.tar",)
    views = ("project",)

    def inspect(self, data: bytes) -> FileReport:
        try:
            files = project_files(data, "project")
        except CheckError as exc:
            raise PreparerError(str(exc)) from exc
        modules = sorted(n for n in files if n.endswith(".py"))
        for name in modules:
            if files[name].strip():  # an empty __init__.py is a valid module
                try:
                    PythonFile().inspect(files[name].encode("utf-8"))
                except PreparerError as exc:
                    raise PreparerError(f"{name}: {exc}") from exc
        tests = [n for n in modules if n.split("/")[-1].startswith("test_")]
        if not tests:
            raise PreparerError(f"project has no test modules (test_*.py); its files: {sorted(files)[:10]}")
        return FileReport(type="project", summary={"files": sorted(files), "modules": len(modules), "tests": tests},
                          text="\n".join(python_prose(ast.parse(files[n]), files[n]) for n in modules))

    def check_bounds(self, data: bytes, path: str) -> None:
        read_tar(data, path, max_members=MAX_PROJECT_FILES)

    def read(self, data: bytes, path: str, view: str) -> View:
        return ProjectView(source=path, files=project_files(data, path))


# --- mutators ----------------------------------------------------------------------------------


@register_mutator("py.reverted", file_types={"py"})
def reverted(probe: MutationInput) -> MutantFiles | None:
    """A module the task changed is back as the project gave it (the change never saved)."""
    for output in probe.outputs_of_type({"py"}):
        for source in (f for f in probe.bundle.inputs() if f.type == "project"):
            prefix = source.path.rstrip("/") + "/"
            if not output.startswith(prefix):
                continue
            try:
                given = project_files(probe.inputs[source.path], source.path).get(output[len(prefix):])
            except CheckError:
                return None
            if given is not None and given.encode("utf-8") != probe.oracle_outputs.get(output):
                return {**probe.oracle_outputs, output: given.encode("utf-8")}
    return None
