"""The teacher harness: configs, tools, teachers, the context policy and the step loop."""

from forge.harness.configs import HARNESSES, register_harness
from forge.harness.context import ContextPlan, action_line, fold_block, plan_context
from forge.harness.openai_messages import assistant_text, observation_text, render_messages
from forge.harness.episode import Annotator, Judge, record_episode, run_episode
from forge.harness.runner import LoopResult, episode_id, run_loop, run_steps
from forge.harness.teacher import ReplayTeacher, Teacher, TeacherTurn
from forge.harness.tools import TOOLS, execute_tool, openai_tools
from forge.harness.model_teacher import ModelTeacher
from forge.harness.annotate import ModelAnnotator
from forge.harness.factory import annotator_for, teacher_for
from forge.harness.oracle_replay import OracleReplay
from forge.harness import gui_configs as _gui_configs  # noqa: F401  (registers `gui`, `hybrid`, `computer_use`)

__all__ = [
    "HARNESSES", "TOOLS", "Annotator", "ContextPlan", "Judge", "LoopResult", "ModelAnnotator", "ModelTeacher",
    "OracleReplay", "ReplayTeacher", "Teacher", "TeacherTurn", "action_line", "annotator_for", "assistant_text", "episode_id",
    "execute_tool", "fold_block", "observation_text", "openai_tools", "plan_context", "register_harness",
    "record_episode", "render_messages", "run_episode", "run_loop", "run_steps", "teacher_for",
]
