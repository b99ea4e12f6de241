"""Curriculum stages of the export: which episodes feed each, and how a row becomes examples.

A registry, so a new stage (say, a browser-only SFT set) is one decorated function.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from forge.export._rows import EpisodeRow
from forge.export.config import Rejection
from forge.export.examples import ChatExample, sft_examples
from forge.export.grounding import GroundingDedup, grounding_examples
from forge.models import HarnessConfig
from forge.registry import Registry


class StageInput(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    row: EpisodeRow
    harness: HarnessConfig
    dedup: GroundingDedup


Builder = Callable[[StageInput], tuple[list[ChatExample], list[Rejection]]]
STAGES: Registry[Builder] = Registry("export stage")


def _sft(harness_name: str, stage: str) -> Builder:
    def build(item: StageInput) -> tuple[list[ChatExample], list[Rejection]]:
        if item.row.harness != harness_name:
            return [], []
        examples = sft_examples(item.row, item.harness)
        bad = {s.index for s in item.row.steps if s.error}
        rejections = [Rejection(episode_id=item.row.episode_id, stage=stage, step=i,
                                reason="malformed tool call: not a demonstration") for i in sorted(bad)]
        return [e for e in examples if e.step_index not in bad], rejections
    return build


STAGES.add("gui_sft", _sft("gui", "gui_sft"))
STAGES.add("terminal_sft", _sft("terminal", "terminal_sft"))
STAGES.add("hybrid_sft", _sft("hybrid", "hybrid_sft"))


@STAGES.register("gui_midtrain")
def _grounding(item: StageInput) -> tuple[list[ChatExample], list[Rejection]]:
    if "computer_use" not in item.harness.tools:
        return [], []
    return grounding_examples(item.row, item.harness, item.dedup)
