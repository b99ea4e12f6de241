"""The teacher harness: configs, tools, teachers and the step loop."""

from forge.harness.episode import Judge, run_episode
from forge.harness.configs import HARNESSES, register_harness
from forge.harness.runner import episode_id, run_steps
from forge.harness.teacher import ReplayTeacher, Teacher, TeacherTurn
from forge.harness.tools import TOOLS, execute_tool

__all__ = [
    "HARNESSES", "TOOLS", "Judge", "run_episode", "ReplayTeacher", "Teacher", "TeacherTurn",
    "episode_id", "execute_tool", "register_harness", "run_steps",
]
