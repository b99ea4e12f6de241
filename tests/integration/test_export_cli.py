"""generate -> export -> train through the CLI and the export flow, on real episodes from the sandbox."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.dataset as ds

from forge.train.tiny import build_tiny_model


def forge(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["forge", *args], env=env, capture_output=True, text=True, check=False, timeout=600)


def test_generated_episodes_export_and_train(cli_env: dict[str, str], tmp_path: Path) -> None:
    shards, out = tmp_path / "shards", tmp_path / "export"
    generated = forge("generate", "--tasks", "2", "--seed", "5", "--output-dir", str(shards), "--json", env=cli_env)
    assert generated.returncode == 0, generated.stderr
    rows = json.loads(generated.stdout)["counts"]["rows_written"]
    assert rows >= 1

    exported = forge("export", "-i", str(shards), "-o", str(out), "--dev-fraction", "0", "--json", env=cli_env)
    assert exported.returncode == 0, exported.stderr
    summary = json.loads(exported.stdout)
    assert summary["episodes_kept"] == rows and summary["rejections"] == []
    terminal = next(s for s in summary["stages"] if s["stage"] == "terminal_sft")
    examples = ds.dataset(out / "terminal_sft", format="parquet").to_table().to_pylist()
    assert terminal["train_rows"] == len(examples) > 0
    steps = sum(len(e["steps"]) for e in ds.dataset(shards, format="parquet").to_table().to_pylist())
    assert len(examples) == steps  # one example per step of every kept episode
    assert all(json.loads(e["tools"])[0]["function"]["name"] == "bash" for e in examples)

    tiny = build_tiny_model(tmp_path / "tiny", corpus=[e["target"] for e in examples])
    config = tmp_path / "train.json"
    config.write_text(json.dumps({"stages": [{"name": "terminal_sft", "kind": "sft", "data": ["terminal_sft"],
                                              "sft": {"max_steps": 2, "bin_tokens": 8192, "save_steps": 1}}]}))
    trained = forge("train", "--config", str(config), "--model", str(tiny), "--export-dir", str(out),
                    "-o", str(tmp_path / "ckpt"), "--cpu", "--json", env=cli_env)
    assert trained.returncode == 0, trained.stderr[-3000:]
    result = json.loads(trained.stdout)
    assert result["stages"][0]["steps"] == 2 and (tmp_path / "ckpt" / "terminal_sft" / "final" / "config.json").is_file()


def test_export_flow_runs_on_the_prefect_server(cli_env: dict[str, str], tmp_path: Path) -> None:
    script = (
        "import json, sys\n"
        "from flows.export import export\n"
        "from forge.export import ExportConfig\n"
        "result = export(ExportConfig(input_dir=sys.argv[1], output_dir=sys.argv[2]))\n"
        "print(json.dumps(result.model_dump(mode='json')))\n"
    )
    src = tmp_path / "none"
    src.mkdir()
    failed = subprocess.run([sys.executable, "-c", script, str(src), str(tmp_path / "o")], env=cli_env,
                            capture_output=True, text=True, check=False, timeout=300)
    assert failed.returncode != 0 and "holds no .parquet shards" in failed.stderr


def test_bad_export_input_is_a_clear_message_and_exit_2(cli_env: dict[str, str], tmp_path: Path) -> None:
    def message(run: subprocess.CompletedProcess[str]) -> str:
        assert run.returncode == 2, run.stderr
        return " ".join(run.stderr.split())  # rich wraps long lines

    text = message(forge("export", "-i", str(tmp_path / "missing"), "-o", str(tmp_path / "o"), env=cli_env))
    assert "does not exist" in text and "forge generate" in text
    text = message(forge("export", "-i", str(tmp_path), "--min-steps", "5", "--max-steps", "2", env=cli_env))
    assert "--max-steps 2 is below --min-steps 5" in text
    assert "--model" in message(forge("train", "--export-dir", str(tmp_path), env=cli_env))


def test_export_and_train_flows_complete_on_the_prefect_server(cli_env: dict[str, str], tmp_path: Path) -> None:
    from tests.unit.test_export_episodes import episode, terminal_step, write_episodes
    from tests.unit.test_models import bundle

    tasks = [bundle(seed=i) for i in (1, 2, 3)]
    pairs = [(episode(t.id, "terminal", [terminal_step(0, "I look first."), terminal_step(1)]), t) for t in tasks]
    src = write_episodes(tmp_path / "in", pairs)
    tiny = build_tiny_model(tmp_path / "tiny")
    script = (
        "import asyncio, json, sys\n"
        "from pathlib import Path\n"
        "from prefect import get_client\n"
        "from flows.export import export\n"
        "from flows.train import train\n"
        "from forge.export import ExportConfig\n"
        "from forge.train.config import SFTParams, StageConfig, TrainConfig\n"
        "src, out, tiny, ckpt = map(Path, sys.argv[1:5])\n"
        "exported = export(ExportConfig(input_dir=src, output_dir=out, dev_fraction=0))\n"
        "stage = StageConfig(name='terminal_sft', kind='sft', data=['terminal_sft'],\n"
        "                    sft=SFTParams(max_steps=1, bin_tokens=8192, save_steps=1))\n"
        "trained = train(TrainConfig(model_path=tiny, export_dir=out, output_dir=ckpt, stages=[stage], use_cpu=True))\n"
        "async def runs():\n"
        "    async with get_client() as client:\n"
        "        return [(r.name, r.state_name) for r in await client.read_flow_runs()]\n"
        "print(json.dumps({'kept': exported.episodes_kept, 'trained': trained, 'runs': asyncio.run(runs())}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(src), str(tmp_path / "out"), str(tiny),
                           str(tmp_path / "ckpt")], env=cli_env, capture_output=True, text=True, check=False,
                          timeout=600, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["kept"] == 3 and result["trained"]["stages"][0]["steps"] == 1
    assert (tmp_path / "ckpt" / "terminal_sft" / "final" / "config.json").is_file()
    assert sorted(state for _, state in result["runs"]).count("Completed") >= 2  # both flows, on the server
