"""How much does the GUI channel cost, model time excluded? Prints one JSON object.

- `step_overhead_ms`: one computer_use step as the harness runs it (an XTest mouse action + screenshot
  grab + PNG encode), split into its parts, on a desktop with Calc open (a real screen to encode);
  the goal is <= 60 ms a step. `type_action_xdotool`: a one-letter `type`, which still spawns xdotool.
- `display_start_s` / `display_close_s`: Xvfb + openbox up in a fresh sandbox, and ended by pid.
- `calc_cold_start_s`: Calc on a workbook until its window is there and the screen settled, in a
  fresh sandbox with a fresh profile; `calc_warm_start_s`: a second instance in the same sandbox
  (files cached by the kernel, a new profile).
- `teardown_s`: closing a desktop with Calc open (every process ended by pid).
- `gui_episodes_per_s`: full GUI-only replays of `spreadsheet.sort_rows` (sandbox, desktop, Calc,
  plan, judge), sequential.

The machine's load is reported with the figures; timings on a shared machine are upper bounds.

    python bench/gui_step.py [--steps 30] [--episodes 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import openpyxl

import workflows
from forge.desktop import ComputerUseArguments, Desktop
from forge.desktop.actions import perform
from forge.desktop.screen import encode_png
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.models.gui_plan import AppLaunch
from forge.sandbox import SandboxLimits, open_sandbox

LIMITS = SandboxLimits(cpu_seconds=600)


def _ms(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values) * 1000, 1), "max": round(max(values) * 1000, 1)}


def _workbook(job: Path) -> str:
    (job / "inputs").mkdir(parents=True, exist_ok=True)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Item", "Qty", "Price"])
    for i in range(40):
        ws.append([f"item {i}", (i * 7) % 13, round(i * 1.37, 2)])
    wb.save(job / "inputs/book.xlsx")
    return "inputs/book.xlsx"


def _open_calc(d: Desktop, launch: AppLaunch) -> float:
    started = time.perf_counter()
    d.launch(launch)
    d.wait_window(d.title_for(launch), 120)
    d.wait_settled(0.3, 30)
    return time.perf_counter() - started


def measure_desktop(steps: int) -> dict[str, object]:
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp)
        launch = AppLaunch(app="calc", file=_workbook(job))
        with open_sandbox(job, LIMITS) as box:
            started = time.perf_counter()
            d = Desktop.open(box, job)
            out["display_start_s"] = round(time.perf_counter() - started, 3)
            out["calc_cold_start_s"] = round(_open_calc(d, launch), 3)
            actions, grabs, encodes, totals, xdotool = [], [], [], [], []
            for i in range(steps):
                args = ComputerUseArguments(action="mouse_move", coordinate=[100 + (i * 31) % 800, 200 + (i * 17) % 600])
                t0 = time.perf_counter()
                perform(args, d.input, d.size)
                t1 = time.perf_counter()
                frame, size = d.screen.grab()
                t2 = time.perf_counter()
                encode_png(frame, size, level=1)
                t3 = time.perf_counter()
                typed = ComputerUseArguments(action="type", text="x")  # still through xdotool (Unicode, keymaps)
                t5 = time.perf_counter()
                perform(typed, d.input, d.size)
                xdotool.append(time.perf_counter() - t5)
                actions.append(t1 - t0)
                grabs.append(t2 - t1)
                encodes.append(t3 - t2)
                t4 = time.perf_counter()
                d.act(args)  # the same step end to end, as the harness runs it
                totals.append(time.perf_counter() - t4)
            out["step_overhead_ms"] = {"action": _ms(actions), "grab": _ms(grabs), "encode_png": _ms(encodes),
                                       "step_total": _ms(totals), "type_action_xdotool": _ms(xdotool), "goal_ms": 60}
            out["png_kib"] = round(len(d.screenshot()) / 1024, 1)
            out["calc_warm_start_s"] = round(_open_calc(d, AppLaunch(app="calc", file=launch.file)), 3)
            started = time.perf_counter()
            d.close()
            out["teardown_s"] = round(time.perf_counter() - started, 3)
        with tempfile.TemporaryDirectory() as tmp2, open_sandbox(Path(tmp2), LIMITS) as box:
            d = Desktop.open(box, Path(tmp2))
            started = time.perf_counter()
            d.close()
            out["display_close_s"] = round(time.perf_counter() - started, 3)
    return out


def measure_episodes(n: int) -> dict[str, object]:
    skill = Skill(id="spreadsheet.sort.bench", apps=["spreadsheet"], category="spreadsheet.sort",
                  description="sort", workflow="spreadsheet.sort_rows", params={})
    wf = workflows.WORKFLOWS.get("spreadsheet.sort_rows")
    tasks = [wf.build(skill, seed) for seed in range(n)]
    passed, durations = 0, []
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        for task in tasks:
            t = time.perf_counter()
            episode = run_episode(task, HARNESSES.get("gui"), ReplayTeacher(), ProgrammaticJudge(),
                                  scratch_root=Path(scratch), limits=LIMITS)
            durations.append(time.perf_counter() - t)
            passed += episode.passed
        elapsed = time.perf_counter() - started
    return {"gui_episodes": n, "gui_episodes_passed": passed, "gui_episodes_per_s": round(n / elapsed, 3),
            "gui_episode_s": {"median": round(statistics.median(durations), 2), "max": round(max(durations), 2)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--episodes", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    result = {"cpus": os.cpu_count(), "load_1min_before": round(load_before, 2)}
    result.update(measure_desktop(args.steps))
    result.update(measure_episodes(args.episodes))
    result["load_1min_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
