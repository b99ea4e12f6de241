"""The tree view: a directory as the paths under it, with sizes and content hashes."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from forge.views.spec import View, register_view


class Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str = Field(description="Relative posix path under the tree's root.")
    kind: Literal["file", "dir"]
    size: int = Field(default=0, ge=0)
    sha256: str | None = Field(default=None, description="Files only.")


@register_view
class TreeView(View):
    kind: ClassVar[str] = "tree"

    source: str
    entries: list[Entry]

    def files(self) -> dict[str, Entry]:
        return {e.path: e for e in self.entries if e.kind == "file"}
