"""Engine creation and the versioned create/migrate path.

An empty DB is created at `SCHEMA_VERSION`; an older Forge DB is migrated step by step in one
transaction; a newer or foreign DB is refused before anything is written to it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import Connection, Engine, create_engine, event, inspect, make_url, select, text, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlalchemy.schema import CreateColumn

from forge.errors import StoreError
from forge.store.tables import Base, HarnessVersionRow, ModelCall, ModelResponse, SchemaMeta, TaskBand, TaskSignature

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4
"""Bump when the tables change, and register the step from the old version in `MIGRATIONS`."""

MIGRATIONS: dict[int, Callable[[Connection], None]] = {}
"""`MIGRATIONS[n]` upgrades a DB from schema vN to vN+1, inside the open transaction."""

WRITE_OPTION = "forge_write"
"""Execution option marking a write transaction (SQLite then takes the write lock up front)."""



def _add_columns(conn: Connection, table: str, names: list[str]) -> None:
    """ALTER TABLE ... ADD COLUMN for columns the ORM declares, rendered for the DB's dialect."""
    columns = Base.metadata.tables[table].columns
    for name in names:
        spec = CreateColumn(columns[name]).compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {spec}"))


def _v1_to_v2(conn: Connection) -> None:
    """The cost ledger grows (cached tokens, task, stage, cache hits, errors); the reply cache and
    harness versions get their tables."""
    _add_columns(conn, ModelCall.__tablename__,
                 ["cached_tokens", "task_id", "stage", "cache_hit", "request_key", "error"])
    for index in ModelCall.__table__.indexes:
        if "task_id" in index.columns:
            index.create(conn)
    for table in (ModelResponse.__table__, HarnessVersionRow.__table__):
        table.create(conn)


def _v2_to_v3(conn: Connection) -> None:
    """Accepted tasks' near-duplicate signatures get their table (tasks accepted before it have
    none: readers compute theirs from the bundle)."""
    TaskSignature.__table__.create(conn)


def _v3_to_v4(conn: Connection) -> None:
    """Accepted tasks' LSH band keys get their table (tasks accepted before it have none: the
    flow bands them from their kept signatures when a run starts)."""
    TaskBand.__table__.create(conn)


MIGRATIONS[1] = _v1_to_v2
MIGRATIONS[2] = _v2_to_v3
MIGRATIONS[3] = _v3_to_v4

_FIX = "set FORGE_DB_URL to a SQLAlchemy URL such as sqlite:///data/runs/forge.db"
_VERSION_KEY = "schema_version"


def is_memory_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and (
        url.database in (None, "", ":memory:") or url.query.get("mode") == "memory"
    )


def open_engine(url: str) -> Engine:
    """An engine whose DB is at this Forge's schema version, or StoreError saying why not."""
    parsed = _parse(url)
    engine = _make_engine(parsed)
    shown = parsed.render_as_string(hide_password=True)
    try:
        ensure_schema(engine, shown)
        if parsed.get_backend_name() == "sqlite":
            _enable_wal(engine)
    except StoreError:
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StoreError(
            f"cannot open the Forge database FORGE_DB_URL={shown}: {exc}; check that the URL is right, "
            f"the server is reachable and the file is a database, or {_FIX}"
        ) from exc
    return engine


def ensure_schema(engine: Engine, shown: str = "") -> int:
    """Create, accept or migrate the schema in one write transaction; returns the version."""
    with engine.connect() as conn:
        conn.execution_options(**{WRITE_OPTION: True})
        with conn.begin():
            return _create_or_migrate(conn, shown or str(engine.url))


def read_version(conn: Connection) -> int | None:
    raw = conn.execute(select(SchemaMeta.value).where(SchemaMeta.key == _VERSION_KEY)).scalar_one_or_none()
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


def _create_or_migrate(conn: Connection, shown: str) -> int:
    names = {n for n in inspect(conn).get_table_names() if not n.startswith("sqlite_")}
    if not names:
        Base.metadata.create_all(conn)
        conn.execute(SchemaMeta.__table__.insert().values(key=_VERSION_KEY, value=str(SCHEMA_VERSION)))
        log.info("created Forge schema v%d at %s", SCHEMA_VERSION, shown)
        return SCHEMA_VERSION
    if SchemaMeta.__tablename__ not in names:
        listed = ", ".join(sorted(names)[:5])
        raise StoreError(
            f"the database at FORGE_DB_URL={shown} is not a Forge database (it has tables {listed} but no "
            f"schema_meta); Forge will not touch it; point FORGE_DB_URL at a new file or an empty database"
        )
    version = read_version(conn)
    if version is None:
        raise StoreError(
            f"the database at FORGE_DB_URL={shown} has a schema_meta table without a valid schema_version; "
            "it is not a Forge database Forge can trust; point FORGE_DB_URL elsewhere"
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"database schema v{version} is newer than this Forge (v{SCHEMA_VERSION}); "
            "upgrade mage-cua-forge or point FORGE_DB_URL elsewhere"
        )
    for step in range(version, SCHEMA_VERSION):
        migrate = MIGRATIONS.get(step)
        if migrate is None:
            raise StoreError(
                f"no migration registered from schema v{step} to v{step + 1}; the database at "
                f"FORGE_DB_URL={shown} was left as it was"
            )
        log.info("migrating Forge schema v%d -> v%d at %s", step, step + 1, shown)
        migrate(conn)
    if version < SCHEMA_VERSION:
        conn.execute(
            update(SchemaMeta).where(SchemaMeta.key == _VERSION_KEY).values(value=str(SCHEMA_VERSION))
        )
    return SCHEMA_VERSION


def _parse(url: str) -> URL:
    try:
        return make_url(url)
    except (ArgumentError, ValueError, TypeError) as exc:
        raise StoreError(f"FORGE_DB_URL={url!r} is not a valid SQLAlchemy URL ({exc}); {_FIX}") from exc


def _make_engine(url: URL) -> Engine:
    kwargs: dict[str, Any] = {}
    sqlite = url.get_backend_name() == "sqlite"
    if sqlite:
        _make_parent_dir(url)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if is_memory_sqlite(url):
            kwargs["poolclass"] = StaticPool  # one shared connection, or each thread sees its own empty DB
        else:
            kwargs.update(pool_size=8, max_overflow=32)
    else:
        kwargs["pool_pre_ping"] = True
    try:
        engine = create_engine(url, **kwargs)
    except (SQLAlchemyError, ImportError) as exc:
        shown = url.render_as_string(hide_password=True)
        raise StoreError(
            f"cannot use FORGE_DB_URL={shown}: {exc}; install the database driver it names, or {_FIX}"
        ) from exc
    if sqlite:
        _install_sqlite_hooks(engine)
    return engine


def _make_parent_dir(url: URL) -> None:
    database = url.database or ""
    if is_memory_sqlite(url) or database.startswith("file:"):
        return
    try:
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"cannot create the folder for the SQLite database {database!r}: {exc}; "
            f"fix the permissions or {_FIX}"
        ) from exc


def _install_sqlite_hooks(engine: Engine) -> None:
    """Per-connection pragmas, and BEGIN IMMEDIATE for writes so concurrent writers queue, not fail."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (see _on_begin)
        cursor = dbapi_conn.cursor()
        try:
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get(WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _enable_wal(engine: Engine) -> None:
    """Switch to WAL only once the DB is known to be ours, then keep it on for every new connection."""

    def _wal(dbapi_conn: Any) -> str:
        cursor = dbapi_conn.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return str(cursor.fetchone()[0])
        finally:
            cursor.close()

    raw = engine.raw_connection()
    try:
        mode = _wal(raw.dbapi_connection)
    finally:
        raw.close()
    log.debug("sqlite journal_mode=%s for %s", mode, engine.url)
    event.listen(engine, "connect", lambda dbapi_conn, _record: _wal(dbapi_conn))
