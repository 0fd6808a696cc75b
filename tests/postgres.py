"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` on a
free port in a temporary directory, one per test process, a fresh database
per test.  Needs the PostgreSQL server binaries (Debian: ``postgresql``;
found on PATH or under ``/usr/lib/postgresql/*/bin``).  Without them the
PostgreSQL tests skip, except under ``CI=true``, where they must run.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def server_binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Cluster:
    """One PostgreSQL server; ``new_database()`` gives a URL of an empty database."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable  # commits survive a crash of the server (fsync, synchronous commit)
        self.folder = Path(tempfile.mkdtemp(prefix="asztal-pg-"))
        self.port = _free_port()
        self._names = itertools.count(1)
        # initdb refuses to run as root: the cluster then belongs to the
        # ``postgres`` system user (as the server packages set it up), else ``nobody``.
        self._as: list[str] = []
        if os.geteuid() == 0:
            owner = "postgres" if _user_exists("postgres") else "nobody"
            self._as = ["runuser", "-u", owner, "--"]
            shutil.chown(self.folder, owner)
        self.data = self.folder / "data"

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "asztal", "-A", "trust",
                  "-E", "UTF8", "--no-sync")
        # fsync off: a test cluster lives for one test run and is never recovered (unless
        # ``durable``: a test that stops the server at once and reads what it had committed).
        fast = "" if self.durable else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._options = options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
                                   f"{fast} -c max_connections=200")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "log"), "-w", "start")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://asztal@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        import asyncpg

        name = f"t{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE DATABASE {name}")
        finally:
            await conn.close()
        return self.url(name)

    def halt(self) -> None:
        """The server gone at once (``pg_ctl stop -m immediate``), its data kept."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", self._options, "-l",
                  str(self.folder / "log"), "-w", "start")

    def stop(self) -> None:
        try:
            with contextlib.suppress(subprocess.CalledProcessError):  # (halted already)
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def cluster_or_skip(*, durable: bool = False) -> Cluster:
    bindir = server_binaries()
    if bindir is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true: the PostgreSQL tests must run, but no PostgreSQL server is installed")
        pytest.skip("no PostgreSQL server binaries (install postgresql to run these tests)")
    cluster = Cluster(bindir, durable=durable)
    cluster.start()
    return cluster
