"""The trajectory filter: keep an episode for training only when it is clean all the way through.

A 4B student is sensitive to noisy demonstrations, so the rule is strict: the loop finished on the
teacher's own word (not the step budget, not repeated malformed calls), every rubric item passed
(programmatic checks and judged criteria, see `forge.judge.llm`), and reasoning annotation, where
it ran, succeeded. The score is the share of rubric items passed, for ranking and reports.
"""

from __future__ import annotations

from forge.models import Episode, FilterDecision


def decide(episode: Episode) -> FilterDecision:
    checks = episode.rubric.checks if episode.rubric else []
    score = round(sum(c.passed for c in checks) / len(checks), 4) if checks else 0.0
    if episode.status == "error":
        return FilterDecision(keep=False, score=score, reason=f"episode error: {episode.error}")
    if episode.status != "completed":
        return FilterDecision(keep=False, score=score, reason=f"not finished: {episode.end_reason or episode.status}"
                                                              f"{' - ' + episode.error if episode.error else ''}")
    failed = [c for c in checks if not c.passed]
    if not checks or failed:
        first = failed[0] if failed else None
        detail = f"{first.func} failed: {first.message}" if first else "no rubric results"
        more = f" (+{len(failed) - 1} more)" if len(failed) > 1 else ""
        return FilterDecision(keep=False, score=score, reason=f"{detail}{more}")
    if episode.annotation is not None and episode.annotation.error is not None:
        return FilterDecision(keep=False, score=score, reason=f"annotation failed: {episode.annotation.error}")
    judged = sum(c.func.startswith("llm_judge") for c in checks)
    return FilterDecision(keep=True, score=score, reason=f"kept: {len(checks) - judged} checks"
                                                         f"{f' and {judged} judged criteria' if judged else ''} passed")
