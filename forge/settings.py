"""The one settings object. Everything configurable is here, read from `FORGE_*` and `.env`.

Nothing else in Forge reads `os.environ`; settings flow down as arguments.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FORGE_", env_file=".env", extra="ignore")

    data_dir: Path = Field(default=Path("data/runs"), description="Where runs, the DB and shards go (git-ignored).")
    db_url: str | None = Field(default=None, description="SQLAlchemy URL; default: SQLite file `forge.db` in data_dir.")
    sandbox_backend: str = Field(default="bwrap", description="Sandbox backend for the terminal channel.")
    sandbox_memory_mb: int = Field(default=1024, ge=64, description="Address-space limit per sandbox (MiB).")
    sandbox_max_processes: int = Field(default=128, ge=8, description="Process limit per sandbox.")
    command_timeout_s: float = Field(default=30.0, gt=0, description="Wall-clock limit per sandbox command.")
    output_limit_bytes: int = Field(default=64_000, ge=1024, description="Bytes kept per output stream per command.")
    concurrency: int = Field(default=2, ge=1, le=256, description="Worker threads for the flow's task runner.")
    dedup_threshold: float = Field(default=0.9, gt=0, le=1, description="Jaccard similarity at which a task is a near duplicate of an accepted one.")
    libreoffice_roundtrip: bool = Field(default=True, description="Round-trip office files through LibreOffice in the file gate, where it is installed.")
    shard_max_rows: int = Field(default=500, ge=1, description="Episodes per Parquet shard at most.")
    teacher_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the teacher; unset = reference replay.")
    teacher_model: str | None = Field(default=None, description="Teacher model name at that endpoint.")
    teacher_api_key: SecretStr | None = Field(default=None, description="API key for the teacher endpoint.")
    judge_base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint for the LLM judge; unset = programmatic checks only.")
    judge_model: str | None = Field(default=None, description="Judge model name at that endpoint.")
    judge_api_key: SecretStr | None = Field(default=None, description="API key for the judge endpoint.")

    @field_validator("db_url")
    @classmethod
    def _known_scheme(cls, value: str | None) -> str | None:
        if value is not None and "://" not in value:
            raise ValueError(
                f"FORGE_DB_URL={value!r} is not a SQLAlchemy URL; use e.g. sqlite:///path/forge.db "
                "or postgresql+psycopg://user@host/db"
            )
        return value

    def resolved_db_url(self) -> str:
        return self.db_url or f"sqlite:///{(self.data_dir / 'forge.db').resolve()}"
