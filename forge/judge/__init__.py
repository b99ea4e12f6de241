"""Judges score an episode's final state and trajectory; the filter decides what is kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from forge.judge.filter import decide
from forge.judge.llm import LLMRubricJudge
from forge.judge.programmatic import ProgrammaticJudge
from forge.llm import client_for
from forge.settings import Settings

if TYPE_CHECKING:
    from forge.store import Store

__all__ = ["LLMRubricJudge", "ProgrammaticJudge", "decide", "judge_for"]


def judge_for(settings: Settings, store: Store | None = None) -> LLMRubricJudge | ProgrammaticJudge:
    """The LLM rubric judge on FORGE_JUDGE_BASE_URL, or the programmatic checks alone when it is unset."""
    client = client_for(settings, "judge", store)
    return LLMRubricJudge(client) if client is not None else ProgrammaticJudge()
