"""The one settings object. Everything configurable is here, read from `FORGE_*` and `.env`.

Nothing else in Forge reads `os.environ`; settings flow down as arguments.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_concurrency() -> int:
    """One worker more than the cores this process may run on. A worker's task leaves its core idle
    now and then (the round trips to its sandboxes and its soffice): with one worker per core the
    cores sat idle about a tenth of a run, and a third worker on 2 cores filled most of that
    (measured, the flow on 400 tasks, interleaved: 2 workers 8.61/8.80, 3 workers 9.21/9.89/9.90,
    4 workers 9.65 tasks/s)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no CPU affinity outside Linux
        cores = os.cpu_count() or 1
    return cores + 1


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FORGE_", env_file=".env", extra="ignore")

    data_dir: Path = Field(default=Path("data/runs"), description="Where runs, the DB and shards go (git-ignored).")
    db_url: str | None = Field(default=None, description="SQLAlchemy URL; default: SQLite file `forge.db` in data_dir.")
    server_port: int = Field(default=4200, ge=1, le=65535, description="Port on 127.0.0.1 for `forge server start`'s Prefect server.")
    sandbox_backend: str = Field(default="bwrap", description="Sandbox backend for the terminal channel.")
    sandbox_memory_mb: int = Field(default=2048, ge=64, description="Memory of a whole sandbox, MiB: all its processes plus what it writes to /tmp and /dev/shm (a memory cgroup; over it the kernel kills its largest process).")
    sandbox_max_processes: int = Field(default=512, ge=8, description="Processes and threads a whole sandbox may hold at once (a pids cgroup).")
    sandbox_disk_mb: int = Field(default=1024, ge=8, description="Size of each job dir, MiB: its own tmpfs, so a write past it fails with ENOSPC (the pages count as the sandbox's memory too).")
    sandbox_wall_time_s: float = Field(default=3600.0, gt=0, description="Wall-clock life of one sandbox; past it every process in it is killed and the episode is recorded as out of time.")
    sandbox_require_aggregate_limits: bool = Field(default=True, description="Refuse to run sandboxes whose memory, processes and disk cannot be bounded as a whole (needs root, or a delegated cgroup v2 subtree); false falls back to per-process rlimits and unbounded job dirs, with a warning.")
    sandbox_cgroup_parent: str | None = Field(default=None, description="Cgroup path (e.g. /forge) under which each sandbox's cgroup is made; unset: Forge's own cgroup, so limits Forge runs under still hold.")
    command_timeout_s: float = Field(default=30.0, gt=0, description="Wall-clock limit per sandbox command.")
    output_limit_bytes: int = Field(default=64_000, ge=1024, description="Bytes kept per output stream per command.")
    concurrency: int = Field(default_factory=default_concurrency, ge=1, le=256, description="Worker processes for the flow's task runner (default: one more than the cores Forge may use).")
    batch_size: int = Field(default=64, ge=1, le=10_000, description="Samples per Prefect task run (a batch is gated, then replayed, as one task run each); smaller runs use smaller batches so every worker gets some. Each task run costs ~0.11 s of CPU between worker, flow and server (measured): at 8 that was ~18% of a long run's work, at 32 ~5%, at 64 ~2.5%.")
    dedup_threshold: float = Field(default=0.9, gt=0, le=1, description="Jaccard similarity at which a task is a near duplicate of an accepted one.")
    libreoffice_roundtrip: bool = Field(default=True, description="Round-trip office files through LibreOffice in the file gate, where it is installed.")
    shard_max_rows: int = Field(default=500, ge=1, description="Episodes per Parquet shard: a shard is written as soon as this many passed episodes wait, the rest at the end of the run.")
    output_file_mode: str | None = Field(default=None, description="Permission bits for shards and the manifest, in octal (e.g. 0640); unset = 0666 minus the umask, like any new file.")
    teacher_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the teacher; unset = reference replay.")
    teacher_model: str | None = Field(default=None, description="Model name at FORGE_TEACHER_BASE_URL.")
    teacher_api_key: SecretStr | None = Field(default=None, description="API key for FORGE_TEACHER_BASE_URL (never logged, stored or passed to a sandbox).")
    teacher_price_input: float = Field(default=0.0, ge=0, description="Teacher price in USD per million uncached input tokens.")
    teacher_price_cached_input: float | None = Field(default=None, ge=0, description="Teacher price in USD per million cached input tokens; default: the input price.")
    teacher_price_output: float = Field(default=0.0, ge=0, description="Teacher price in USD per million output tokens.")
    annotator_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the reasoning annotator (a smaller model); unset = steps without returned reasoning stay unannotated.")
    annotator_model: str | None = Field(default=None, description="Model name at FORGE_ANNOTATOR_BASE_URL.")
    annotator_api_key: SecretStr | None = Field(default=None, description="API key for FORGE_ANNOTATOR_BASE_URL (never logged, stored or passed to a sandbox).")
    annotator_price_input: float = Field(default=0.0, ge=0, description="Annotator price in USD per million uncached input tokens.")
    annotator_price_cached_input: float | None = Field(default=None, ge=0, description="Annotator price in USD per million cached input tokens; default: the input price.")
    annotator_price_output: float = Field(default=0.0, ge=0, description="Annotator price in USD per million output tokens.")
    judge_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the LLM rubric judge; unset = programmatic checks only.")
    judge_model: str | None = Field(default=None, description="Model name at FORGE_JUDGE_BASE_URL.")
    judge_api_key: SecretStr | None = Field(default=None, description="API key for FORGE_JUDGE_BASE_URL (never logged, stored or passed to a sandbox).")
    judge_price_input: float = Field(default=0.0, ge=0, description="Judge price in USD per million uncached input tokens.")
    judge_price_cached_input: float | None = Field(default=None, ge=0, description="Judge price in USD per million cached input tokens; default: the input price.")
    judge_price_output: float = Field(default=0.0, ge=0, description="Judge price in USD per million output tokens.")
    author_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the authoring model (instruction variants, agent-first bundles); unset = workflows' own phrasings.")
    author_model: str | None = Field(default=None, description="Model name at FORGE_AUTHOR_BASE_URL.")
    author_api_key: SecretStr | None = Field(default=None, description="API key for FORGE_AUTHOR_BASE_URL (never logged, stored or passed to a sandbox).")
    author_price_input: float = Field(default=0.0, ge=0, description="Author price in USD per million uncached input tokens.")
    author_price_cached_input: float | None = Field(default=None, ge=0, description="Author price in USD per million cached input tokens; default: the input price.")
    author_price_output: float = Field(default=0.0, ge=0, description="Author price in USD per million output tokens.")
    llm_timeout_s: float = Field(default=120.0, gt=0, description="Timeout per model request (seconds).")
    llm_max_retries: int = Field(default=4, ge=0, le=20, description="Retries with exponential backoff on 429, 5xx, timeouts and dropped connections.")
    llm_max_concurrency: int = Field(default=8, ge=1, le=1024, description="Model requests in flight at once per endpoint, per process.")
    llm_requests_per_minute: float | None = Field(default=None, gt=0, description="Request rate limit per endpoint, per process; unset = none.")
    llm_response_cache: bool = Field(default=True, description="Reuse stored replies for identical requests (a resumed run does not pay twice).")

    @field_validator("db_url")
    @classmethod
    def _known_scheme(cls, value: str | None) -> str | None:
        if value is not None and "://" not in value:
            raise ValueError(
                f"FORGE_DB_URL={value!r} is not a SQLAlchemy URL; use e.g. sqlite:///path/forge.db "
                "or postgresql+psycopg://user@host/db"
            )
        return value

    @field_validator("output_file_mode")
    @classmethod
    def _octal_mode(cls, value: str | None) -> str | None:
        if value is not None and (not value.strip() or any(c not in "01234567" for c in value.strip()) or int(value, 8) > 0o777):
            raise ValueError(f"FORGE_OUTPUT_FILE_MODE={value!r} is not permission bits in octal; use e.g. 0644 or 0640")
        return value.strip() if value is not None else None

    def file_mode(self) -> int | None:
        """FORGE_OUTPUT_FILE_MODE as an int, or None to follow the umask."""
        return int(self.output_file_mode, 8) if self.output_file_mode is not None else None

    def resolved_db_url(self) -> str:
        return self.db_url or f"sqlite:///{(self.data_dir / 'forge.db').resolve()}"
