"""Judges score an episode's final state (and later its trajectory)."""

from forge.judge.programmatic import ProgrammaticJudge

__all__ = ["ProgrammaticJudge"]
