"""Export: filtered trajectories -> per-turn training examples, sharded per curriculum stage."""

from forge.export.config import ALL_STAGES, ExportConfig, ExportFilters, ExportResult, Rejection, StageSummary
from forge.export.examples import ChatExample, sft_examples, to_chat_format
from forge.export.grounding import GroundingDedup, grounding_examples
from forge.export.run import HarnessResolver, run, split_of
from forge.export.stages import STAGES
from forge.export.student import MASKED, Span, final_turn, student_turn, supervised, tool_call_text
from forge.export.writer import EXAMPLE_SCHEMA, MANIFEST

__all__ = [
    "ALL_STAGES", "EXAMPLE_SCHEMA", "MANIFEST", "MASKED", "STAGES", "ChatExample", "ExportConfig", "ExportFilters",
    "ExportResult", "GroundingDedup", "HarnessResolver", "Rejection", "Span", "StageSummary", "final_turn",
    "grounding_examples",
    "run", "sft_examples", "split_of", "student_turn", "supervised", "to_chat_format", "tool_call_text",
]
