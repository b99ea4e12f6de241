"""The survivors `bench/mutation.py` judges equivalent, kept apart from the runner: the table grows
with every module the bench covers, the runner does not."""

from __future__ import annotations

# Survivors judged equivalent (no test can tell them from the original, or only a nondeterministic
# one): module -> (a fragment of the removed line, a fragment of the added line, why). Matched on
# the diff's text, not on line numbers, so an edit elsewhere in the module keeps them matched.
# docs/testing.md explains each; a survivor matching none is "open" (a test to write).
_INTERNED = "CPython interns these short literals (and caches ints under 257): `is` behaves as `==` here"
_LOCK = ("a second guard for writers in one process: SQLite's own locking and busy timeout serialise the "
         "tests' concurrent writers either way, and BEGIN IMMEDIATE matters for writers in OTHER processes; "
         "no deterministic single-process test tells them apart")
_ROLES = 'a role is "input" or "output" (a Literal): only "input" is <= "input", only "output" >= "output"'
_BUSY = ("only how long or how often remove() retries an rmdir that fails with EBUSY before the same warning: the one "
         "EBUSY a test can make (a child cgroup) never clears, and a transient one (tasks still exiting) cannot be "
         "made on demand; no test asserts a duration")
_KILL_WAIT = ("only whether _kill_and_wait returns at the last exit or waits out its deadline (1 s): every process "
              "is SIGKILLed and has exited either way (the tests check both); no test asserts a duration")
_CLOEXEC = ("the flags come out as O_WRONLY alone: the fd lives only inside _write (opened, written, closed), so "
            "losing O_CLOEXEC matters only to an exec on another thread in that window")
EQUIVALENT: dict[str, list[tuple[str, str, str]]] = {
    "forge/checks/_compare.py": [
        ("len(output.header) > len(original.header)", "len(output.header) != len(original.header)",
         "a shorter header is reported by the loop above first (a missing header cell)"),
        ("len(output.header) > len(original.header)", "len(output.header) is not len(original.header)",
         "a shorter header is reported by the loop above first; " + _INTERNED),
        ("if len(got) < len(expected):", "if len(got) <= len(expected):", "reached only when the lengths differ"),
        ('if operator == "==":', 'if operator is "==":', _INTERNED),
        ("isinstance(a, str) and isinstance(b, str)", "not isinstance(a, str) and isinstance(b, str)",
         "both branches compare with ==: a str and a non-str are unequal either way"),
        ("isinstance(a, str) and isinstance(b, str)", "isinstance(a, str) or isinstance(b, str)",
         "a str against a non-str is unequal either way (the fallback `a == b`)"),
        ("return (3, 0)", "return (3, 1)", "every blank gets the same key, still after every other group"),
        ("return (3, 0)", "return (3, -1)", "every blank gets the same key, still after every other group"),
        ("source: str, *,", "source: str, /,",
         "every caller passes the parameters before `*` by position and the ones after it by keyword"),
        ("return (3, 0)", "return ( 4, 0)", "blanks still sort after every other group"),
        ("return (0, float(value))", "return ( -1, float(value))", "numbers still sort before every other group"),
        ("abs(scaled - round(scaled)) <= 1e-6", "abs(scaled - round(scaled)) < 1e-6",
         "a distance exactly equal to a slack carrying 1e-12*|x| has measure zero"),
        (", *, ", ", /, ", "every caller passes the parameters before `*` by position and the ones after it by keyword"),
    ],
    "forge/checks/table.py": [
        ("abs(got - exact) <= band", "abs(got - exact) < band",
         "equality with a band that carries a 1e-9 float slack has measure zero"),
        ("(i if i < len(output.header) else None)", "(i if i is not len(output.header) else None)",
         "the loop stops at the first i equal to the output's width (a lost column): no i past it is reached"),
        ("(i if i < len(output.header) else None)", "(i if i != len(output.header) else None)",
         "the loop stops at the first i equal to the output's width (a lost column): no i past it is reached"),
        ('opts.operation == "ratio"', 'opts.operation is "ratio"', _INTERNED),
        ("if len(output.body) <= n:", "if len(output.body) == n:",
         "an output with fewer than n body rows already failed rows_diff on output.body[:n] just above"),
        ("1e-12 * max(1.0, abs(exact))", "1e-12 * max( 2.0, abs(exact))",
         "the float-noise slack's floor: 1e-12 or 2e-12 absolute on results under 2, which only a result "
         "within 2e-12 of a rounding half-point tells apart; results come from cells of 2-4 decimals"),
        ("1e-12 * max(1.0, abs(exact))", "1e-12 * max( 0.0, abs(exact))",
         "without the floor the slack is 1e-12*|exact|, below a subtraction's float noise only when |exact| < 1e-6; "
         "a value half a place from so small a result (the band's edge) has more decimals than asked, which "
         "rounded_to refused just above"),
    ],
    "forge/store/_ledger.py": [
        ("_tx(write=True)", "_tx(write=False)", _LOCK),
        ("return self._cost_lines(None, run_id)[0]", "return self._cost_lines(None, run_id)[ -1]",
         "an ungrouped aggregate query returns exactly one row: its first is its last"),
        ('return [_line("total", rows[0])]', 'return [_line("total", rows[ -1])]',
         "an ungrouped aggregate query returns exactly one row: its first is its last"),
        ("def _tx(self, write: bool = False)", "def _tx(self, write: bool = True)",
         "the mixin's placeholder: Store's own `_tx`, with its own default, is the one every call reaches"),
        ("@property", "", "pydantic's `computed_field` wraps a bare method in a property itself"),
    ],
    "forge/store/store.py": [
        ("_tx(write=True)", "_tx(write=False)", _LOCK),
        ("def _tx(self, write: bool = False)", "def _tx(self, write: bool = True)",
         "reads inside a write transaction: the same results, only more locking"),
        ('sqlite = self._engine.dialect.name == "sqlite"', "sqlite = self._engine.dialect.name", _LOCK),
        ("threading.RLock() if sqlite else None", "threading.RLock() if not sqlite else None", _LOCK),
        ("lock = self._lock if (write or self._memory) and self._lock is not None", "lock = self._lock if", _LOCK),
        ("{schema.WRITE_OPTION: True}", "{schema.WRITE_OPTION: False}", _LOCK),
        ("if len(wanted) != len(episode_ids):", "if len(wanted) < len(episode_ids):",
         "`wanted` is `episode_ids` without repeats: never longer, so `<` is `!=`"),
        ("expire_on_commit=False", "expire_on_commit=True",
         "every record is built inside its session; no row object is read after the commit"),
    ],
    "forge/store/tables.py": [
        ("cache_hit: Mapped[bool] = mapped_column(Boolean, default=False", "default=True",
         "every write sets cache_hit from the call record (a pydantic field, False by default)"),
        ("primary_key=True, autoincrement=True)", "primary_key=True, autoincrement=False)",
         "the same DDL on SQLite (no sqlite_autoincrement): an INTEGER PRIMARY KEY takes the next rowid either way"),
        ("String(", "String( ", "SQLite, the store's engine, does not enforce VARCHAR lengths"),
        ("timezone=True", "timezone=False",
         "SQLite keeps a DateTime as text either way; the store makes the values it reads UTC-aware"),
        ("index=True", "index=False", "an index changes speed, not results"),
        ("default=0", "default= ", "every writer sets the column itself (save_episode, the ledger's record)"),
    ],
    "forge/dataset/writer.py": [
        ("os.O_WRONLY | os.O_CREAT | os.O_EXCL", "os.O_",
         ("the flag bits are disjoint, so + and ^ give the same value; the fd is closed unused, so the access "
         "mode does not matter; losing O_EXCL matters only on a collision of 48 random bits")),
        ("secrets.token_hex(6)", "secrets.token_hex(", "the temporary name's length"),
        ("leftover.unlink(missing_ok=True)", "leftover.unlink(missing_ok=False)",
         "the leftover was just listed under the lock: it exists"),
    ],
    "gates/file_gate.py": [
        ('if spec.role == "output":', 'if spec.role is "output":', _INTERNED),
        ('if spec.role == "input":', 'if spec.role is "input":', _INTERNED),
        ('if spec.role == "input":', 'if spec.role <= "input":', _ROLES),
        ('if spec.role == "output":', 'if spec.role >= "output":', _ROLES),
    ],
    "gates/spec.py": [
        ("round(time.perf_counter() - started, 4)", "round(time.perf_counter() - started, ",
         "a timing's precision"),
        ("round(time.perf_counter() - started, 4)", "round(time.perf_counter() % started, 4)",
         "t % s is t - s while a gate runs for less time than the process has lived (s < t < 2s)"),
    ],
    "gates/package_gate.py": [
        ("shutil.rmtree(probe_dir, ignore_errors=True)", "shutil.rmtree(probe_dir, ignore_errors=False)",
         "the probes' folder is made and written only by this gate, on the host: the gate's user (root here, and "
         "its owner anywhere) can always remove it, so no test can make the clean-up fail (it guards a verdict "
         "against a disk error at the very end)"),
        ("self.seconds[probe] = round(time.perf_counter() - started, 4)",
         "self.seconds[probe] = round(time.perf_counter() - started, ", "a probe timing's precision"),
        ("self.seconds[probe] = round(time.perf_counter() - started, 4)",
         "self.seconds[probe] = round(time.perf_counter() % started, 4)",
         "t % s is t - s while a probe runs for less time than the process has lived (s < t < 2s)"),
    ],
    "flows/stages.py": [
        ('if result.status == "error"', 'if result.status is "error"', _INTERNED),
        ("len(batch) < ctx.shard_max_rows", "len(batch) is not ctx.shard_max_rows",
         "a batch is never longer than the limit it was read with, so `<` is `!=`; " + _INTERNED),
        ("len(batch) < ctx.shard_max_rows", "len(batch) != ctx.shard_max_rows",
         "a batch is never longer than the limit it was read with, so `<` is `!=`"),
        ("if len(ctx.harnesses) == 1 else", "if len(ctx.harnesses) <= 1 else", "a run has at least one harness"),
        ("if len(ctx.harnesses) == 1 else", "if len(ctx.harnesses) is 1 else", _INTERNED),
    ],
    "forge/sandbox/_limits.py": [
        ("_KILL_ROUNDS = 200", "_KILL_ROUNDS = ", "a bound reached only by a task that outlives 200 rounds of SIGKILL"),
        ("_RMDIR_WAIT_S = 2.0", "_RMDIR_WAIT_S = ", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() - _RMDIR_WAIT_S", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() / _RMDIR_WAIT_S", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno == errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno is errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno > errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno >= errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno is not errno.EBUSY or", _INTERNED),
        ("time.sleep(0.001)", "time.sleep( 1.001)", _BUSY),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() % _RMDIR_WAIT_S", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno <= errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if exc.errno < errno.EBUSY or", _BUSY),
        ("if exc.errno != errno.EBUSY or", "if not exc.errno != errno.EBUSY or", _BUSY),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() <= deadline",
         "a clock read exactly at the deadline has measure zero, and it would only poll once more"),
        ("def join(self, pid: int = 0)", "def join(self, pid: int = ",
         "no caller in the tree uses the default (the warm-python server joins through join_cgroups_of); a test of it "
         "would, under the mutant, move the host's pid 1 into a 64 MiB sandbox cgroup"),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY ** os.O_CLOEXEC", _CLOEXEC),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY % os.O_CLOEXEC", _CLOEXEC),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY + os.O_CLOEXEC", "the flag bits are disjoint: + is |"),
        ("os.O_WRONLY | os.O_CLOEXEC", "os.O_WRONLY ^ os.O_CLOEXEC", "the flag bits are disjoint: ^ is |"),
        ('if hierarchy.version == 2 and (path / "cgroup.kill")', 'if hierarchy.version <= 2 and (path / "cgroup.kill")',
         "a v1 cgroup has no cgroup.kill file"),
        ('if hierarchy.version == 2 and (path / "cgroup.kill")', 'if hierarchy.version == 2 or (path / "cgroup.kill")',
         "a v1 cgroup has no cgroup.kill file"),
        ('"memory" in hierarchy.controllers and hierarchy.version == 1', "hierarchy.version <= 1",
         "a hierarchy is version 1 or 2"),
        ("if exc.errno == errno.EBUSY:", "if exc.errno is errno.EBUSY:", _INTERNED),
        ("self._removed = True", "self._removed = False",
         "a second remove() finds no task to kill and no dir to remove (rmdir: not found)"),
        ("_EXIT_WAIT_S = 1.0", "_EXIT_WAIT_S = ", _KILL_WAIT),
        ("waiting -= 1", "waiting -= ", _KILL_WAIT),
        ("for fd, _ in poller.poll(", "for fd, _ in []:", _KILL_WAIT),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() != deadline", _KILL_WAIT),
        ("while waiting and time.monotonic() < deadline", "while waiting and time.monotonic() is not deadline",
         _KILL_WAIT),
        ("deadline = time.monotonic() + _RMDIR_WAIT_S", "deadline = time.monotonic() // _RMDIR_WAIT_S", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() != deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() < deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() <= deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() is not deadline:", _BUSY),
        ("or time.monotonic() > deadline:", "or time.monotonic() >= deadline:",
         "a clock read exactly at the deadline has measure zero"),
        ("else hierarchy.controllers[0]", "else hierarchy.controllers[ -1]",
         "every controller of a co-mounted v1 hierarchy names the same path in /proc/<pid>/cgroup (paths_of)"),
        ("entry.is_dir(follow_symlinks=False)", "entry.is_dir(follow_symlinks=True)",
         "rmdir never follows a symlink: a link named like a dead host's cgroup fails (ENOTDIR, suppressed) either way"),
        ("if hierarchy.version == 2", "if hierarchy.version >= 2", "a hierarchy is version 1 or 2"),
        ("secrets.token_hex(6)", "secrets.token_hex(", "the random part's length (the sweep's pattern takes any)"),
        ("_kill_and_wait(pids, wait_s=0)", "_kill_and_wait(pids, wait_s= -1)", "a deadline already past is 0"),
        ("_kill_and_wait(pids, wait_s=0)", "_kill_and_wait(pids, wait_s= 1)",
         "close would wait for the exits the removal thread waits for anyway (kill_all): a duration"),
        ("break", "continue", ("remove()'s loop is the module's only one with a break: after a successful rmdir the "
                               "next finds the dir gone and stops (after the other two it would loop for ever: a timeout)")),
        ("while waiting and time.monotonic() < deadline", "while waiting or time.monotonic() < deadline",
         "with every process gone the loop polls nothing until its deadline: a duration"),
        ("poller.poll(max(1, int((deadline - time.monotonic()) * 1000)))", "poller.poll(max(",
         "poll returns at the first exit whatever its timeout; the timeout matters only to a process that "
         "outlives SIGKILL"),
    ],
    "gates/_numbers.py": [
        ("def numbers_in(text: str, *, distinctive", "def numbers_in(text: str, /, distinctive",
         "every caller passes `distinctive` by keyword"),
    ],
    "gates/consistency.py": [
        ('if role == "output" else inputs', 'if role >= "output" else inputs',
         'a role is "input" or "output": only "output" is >= "output"'),
        ("typing.get_origin(annotation) is Literal", "typing.get_origin(annotation) == Literal",
         "typing.Literal is a singleton: == is `is`"),
        ("annotation is bool or", "annotation == bool or", "a class compares by identity: == is `is`"),
        ('if role == "output" else inputs', 'if role is "output" else inputs', _INTERNED),
        ("a is type(None)", "a == type(None)", "NoneType is a singleton class: == on classes is `is`"),
    ],
    "gates/duplicates.py": [
        ("continue  # a resumed run meeting its own task", "break  # a resumed run meeting its own task",
         ("the index never holds two near-duplicates (claim refuses the second), so nothing above the threshold "
         "follows the task's own id")),
        ("if mine is None or other is None:", "if mine is None and other is None:",
         ("numpy compares arrays of other sizes as unequal as a whole (False, not elementwise), so a signature "
          "of another size scores 0 and is passed over either way")),
        ("digest_size=8).digest()", "digest_size= 7).digest()",
         "a band key only has to be the same for the same band: any digest size gives that (7 bytes fits too)"),
    ],
}
