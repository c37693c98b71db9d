"""A real uvicorn process on a free loopback port, for ``bench_http`` and the crash tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import httpx

from service.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def settings_env(settings: Settings) -> dict[str, str]:
    """The ``ADJUDICATOR_*`` variables that make ``Settings.from_env()`` equal ``settings``."""
    env = {
        "ADJUDICATOR_STORE": settings.store,
        "ADJUDICATOR_SNAPSHOT_INTERVAL": str(settings.snapshot_interval),
        "ADJUDICATOR_JUDGE_TOKEN": settings.judge_token,
        "ADJUDICATOR_ALLOW_CLIENT_SEED": "true" if settings.allow_client_seed else "false",
    }
    if settings.store == "sqlite":
        env["ADJUDICATOR_SQLITE_PATH"] = str(settings.sqlite_path)
    if settings.store == "postgres":
        env.update(
            ADJUDICATOR_PG_HOST=settings.pg_host,
            ADJUDICATOR_PG_PORT=str(settings.pg_port),
            ADJUDICATOR_PG_USER=settings.pg_user,
            ADJUDICATOR_PG_PASSWORD=settings.pg_password,
            ADJUDICATOR_PG_DBNAME=settings.pg_dbname,
            ADJUDICATOR_PG_SCHEMA=settings.pg_schema or "",
        )
    return env


def start(
    target: str, env: Mapping[str, str], port: int | None = None, timeout: float = 30.0
) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m uvicorn target`` with ``env`` added; returns once ``/health`` answers."""
    port = port or free_port()
    log_path = Path(tempfile.mkdtemp(prefix="uvicorn-")) / "server.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            target,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            err = log_path.read_text(errors="replace")
            raise RuntimeError(f"uvicorn {target} exited with {proc.returncode}:\n{err[-3000:]}")
        try:
            if httpx.get(f"{url}/health", timeout=1.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"uvicorn {target} did not answer /health within {timeout} s")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
