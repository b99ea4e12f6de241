"""Which teacher and annotator a run gets: models where endpoints are configured, else the embedded default."""

from __future__ import annotations

from typing import TYPE_CHECKING

from forge.harness.annotate import ModelAnnotator
from forge.harness.model_teacher import ModelTeacher
from forge.harness.teacher import ReplayTeacher, Teacher
from forge.llm import client_for
from forge.settings import Settings

if TYPE_CHECKING:
    from forge.store import Store


def teacher_for(settings: Settings, store: Store | None = None) -> Teacher:
    """A ModelTeacher on FORGE_TEACHER_BASE_URL, or the reference replay when it is unset."""
    client = client_for(settings, "teacher", store)
    return ModelTeacher(client) if client is not None else ReplayTeacher()


def annotator_for(settings: Settings, store: Store | None = None) -> ModelAnnotator | None:
    """A reasoning annotator on FORGE_ANNOTATOR_BASE_URL, or None (steps keep what the teacher wrote)."""
    client = client_for(settings, "annotator", store)
    return ModelAnnotator(client) if client is not None else None
