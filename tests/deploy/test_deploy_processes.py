"""The deployment runs: the exact commands and settings of deploy/docker-compose.yml and
deploy/k8s (and the image's ENV, CMD and HEALTHCHECK from deploy/Dockerfile) are read from
those files and started as plain processes against the local PostgreSQL, in the order the
orchestrators use: the migration (and, for Kubernetes, the pods' init containers, which must
fail before it and pass after it), then two API replicas and the projection worker.  A game
created through one replica is played and read through the other, the worker projects it,
every probe and health check the files declare answers, and SIGTERM stops every part.

No container engine is needed (none runs on the development machine).  Only what a
container would provide differently is replaced, and nothing else: the executables
(`python`, `uvicorn`) are this interpreter's; the database connection (host, port, role,
password, database) is the test server's, with a fresh schema; `/rules` is the directory
Compose bind-mounts; listening ports are free ports on 127.0.0.1 instead of 8000/9464 on
all interfaces; the container's private `/tmp` (the worker's heartbeat) and the unused
`ADJUDICATOR_SQLITE_PATH` are in a temporary directory; the secrets are generated, as the
guide's `kubectl create secret` does.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
import yaml
from psycopg import sql

from service.worker import DEFAULT_HEARTBEAT
from tests.conftest import _pg_connect, _pg_settings

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
RULES_DIR = Path(os.environ.get("RULES_DIR", REPO / "service" / "rules_texts"))
STARTUP_SECONDS = 40

pytestmark = pytest.mark.postgres


# --- reading the deployment files -------------------------------------------------------


@dataclass
class Stage:
    env: dict[str, str] = field(default_factory=dict)
    cmd: list[str] = field(default_factory=list)
    healthcheck: list[str] = field(default_factory=list)


def dockerfile_stages() -> dict[str, Stage]:
    """ENV (inherited from the parent stage), CMD and HEALTHCHECK CMD of each stage."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    stages: dict[str, Stage] = {}
    current = Stage()
    for line in text.splitlines():
        words = line.split(maxsplit=1)
        if not words or words[0].startswith("#"):
            continue
        instruction, rest = words[0], (words[1] if len(words) > 1 else "")
        if instruction == "FROM":
            m = re.fullmatch(r"(\S+) AS (\S+)", rest.strip())
            assert m, line
            parent = stages.get(m.group(1), Stage())
            current = Stage(env=dict(parent.env), cmd=list(parent.cmd), healthcheck=list(parent.healthcheck))
            stages[m.group(2)] = current
        elif instruction == "ENV":
            current.env.update(dict(w.split("=", 1) for w in shlex.split(rest)))
        elif instruction == "CMD":
            current.cmd = json.loads(rest)
        elif instruction == "HEALTHCHECK":
            current.healthcheck = json.loads(rest.split(" CMD ", 1)[1])
    return stages


def interpolate(value: str, variables: dict[str, str]) -> str:
    """Compose's `${VAR:?message}` and `${VAR:-default}`."""

    def one(m: re.Match[str]) -> str:
        name, op, arg = m.group(1), m.group(2), m.group(3)
        if op == ":?":
            assert variables.get(name), f"compose would refuse to start: {arg}"
            return variables[name]
        return variables.get(name) or arg

    return re.sub(r"\$\{(\w+)(:\?|:-)([^}]*)\}", one, value)


def compose() -> dict[str, Any]:
    return dict(yaml.safe_load((DEPLOY / "docker-compose.yml").read_text()))


def k8s(kind: str, name: str) -> dict[str, Any]:
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for d in yaml.safe_load_all(path.read_text()):
            if d and d["kind"] == kind and d["metadata"]["name"] == name:
                return dict(d)
    raise AssertionError(f"no {kind} {name} in deploy/k8s")


def k8s_container(kind: str, name: str) -> dict[str, Any]:
    (c,) = k8s(kind, name)["spec"]["template"]["spec"]["containers"]
    return dict(c)


# --- running them ---------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Part:
    """One container of the deployment, as a process: its command and environment."""

    name: str
    argv: list[str]
    env: dict[str, str]

    def local_argv(self, tmp: Path, metrics_port: int) -> list[str]:
        """The command with this interpreter, the metrics port given, and the container's
        private /tmp (where the worker's heartbeat lives) moved to `tmp`."""
        exe = {"python": [sys.executable], "uvicorn": [sys.executable, "-m", "uvicorn"]}[self.argv[0]]
        argv = exe + self.argv[1:]
        if argv[1:3] == ["-m", "service.worker"] and "--heartbeat" not in argv:
            argv += ["--heartbeat", str(DEFAULT_HEARTBEAT)]
        if "--heartbeat" in argv:
            i = argv.index("--heartbeat") + 1
            heartbeat = Path(argv[i])
            assert heartbeat.parent == Path("/tmp"), f"{heartbeat}: only /tmp is writable in the pods"
            argv[i] = str(tmp / heartbeat.name)
        if "--metrics-port" in argv:
            argv[argv.index("--metrics-port") + 1] = str(metrics_port)
        return argv


@dataclass
class Deployment:
    migrate: Part
    api: Part
    worker: Part
    inits: list[Part]  # init containers: each must exit 0 before its pod starts
    api_healthchecks: list[list[str]]  # commands run inside an API container
    api_http_probes: list[str]  # paths the orchestrator GETs on an API container
    worker_healthchecks: list[list[str]]
    worker_http_probes: list[str]


def compose_deployment(secret_values: dict[str, str]) -> Deployment:
    stages = dockerfile_stages()
    services = compose()["services"]

    def part(name: str) -> Part:
        service = services[name]
        stage = stages[service["build"]["target"]]
        env = dict(stage.env)
        env.update({k: interpolate(str(v), secret_values) for k, v in service["environment"].items()})
        (volume,) = service["volumes"]
        source = (DEPLOY / interpolate(volume["source"], {})).resolve()
        assert volume["target"] == env["RULES_DIR"] and source == RULES_DIR.resolve(), volume
        env["RULES_DIR"] = str(source)
        return Part(name, list(service.get("command") or stage.cmd), env)

    api_check = services["api"]["healthcheck"]["test"]
    assert api_check[0] == "CMD"
    return Deployment(
        migrate=part("migrate"),
        api=part("api"),
        worker=part("worker"),
        inits=[],
        api_healthchecks=[stages["api"].healthcheck, api_check[1:]],
        api_http_probes=[],
        worker_healthchecks=[stages["worker"].healthcheck],
        worker_http_probes=[],
    )


def k8s_deployment(secret_values: dict[str, str]) -> Deployment:
    stages = dockerfile_stages()
    config = k8s("ConfigMap", "adjudicator-config")["data"]
    secret_keys = set(k8s("Secret", "adjudicator-secrets")["stringData"])
    assert secret_keys <= set(secret_values), secret_keys

    def part(kind: str, name: str, image_stage: str, c: dict[str, Any] | None = None) -> Part:
        c = c or k8s_container(kind, name)
        env = dict(stages[image_stage].env)
        for source in c["envFrom"]:
            if "configMapRef" in source:
                assert source["configMapRef"]["name"] == "adjudicator-config"
                env.update(config)
            else:
                assert source["secretRef"]["name"] == "adjudicator-secrets"
                env.update({k: secret_values[k] for k in secret_keys})
        rules = [m for m in c.get("volumeMounts", []) if m["name"] == "rules"]
        assert all(m["mountPath"] == env["RULES_DIR"] for m in rules)
        if rules:  # else RULES_DIR names a directory that is not there, as in the pod
            env["RULES_DIR"] = str(RULES_DIR)
        return Part(name, list(c.get("command") or stages[image_stage].cmd), env)

    api = k8s_container("Deployment", "adjudicator-api")
    worker = k8s_container("Deployment", "adjudicator-worker")
    probes = ("startupProbe", "livenessProbe", "readinessProbe")
    return Deployment(
        migrate=part("Job", "adjudicator-migrate", "worker"),
        api=part("Deployment", "adjudicator-api", "api"),
        worker=part("Deployment", "adjudicator-worker", "worker"),
        inits=[
            part("Deployment", name, stage, init)
            for name, stage in (("adjudicator-api", "api"), ("adjudicator-worker", "worker"))
            for init in k8s("Deployment", name)["spec"]["template"]["spec"].get("initContainers", [])
        ],
        api_healthchecks=[api[p]["exec"]["command"] for p in probes if "exec" in api.get(p, {})],
        api_http_probes=[api[p]["httpGet"]["path"] for p in probes if "httpGet" in api.get(p, {})],
        worker_healthchecks=[worker[p]["exec"]["command"] for p in probes if "exec" in worker.get(p, {})],
        worker_http_probes=[worker[p]["httpGet"]["path"] for p in probes if "httpGet" in worker.get(p, {})],
    )


@pytest.fixture
def database() -> Iterator[dict[str, str]]:
    """A fresh schema on the test server, and the settings that point a process at it."""
    schema = f"test_{uuid4().hex[:12]}"
    settings = _pg_settings(schema)
    with _pg_connect(settings) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    try:
        yield {
            "ADJUDICATOR_PG_HOST": settings.pg_host,
            "ADJUDICATOR_PG_PORT": str(settings.pg_port),
            "ADJUDICATOR_PG_USER": settings.pg_user,
            "ADJUDICATOR_PG_PASSWORD": settings.pg_password,
            "ADJUDICATOR_PG_DBNAME": settings.pg_dbname,
            "ADJUDICATOR_PG_SCHEMA": schema,
        }
    finally:
        with _pg_connect(settings) as conn:
            conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


def http(method: str, url: str, body: dict[str, Any] | None = None, token: str = "") -> tuple[int, str]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def wait_until_ok(url: str, procs: list[subprocess.Popen[str]]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        for proc in procs:
            assert proc.poll() is None, f"{proc.args} exited during start-up:\n{stop(proc)[-3000:]}"
        try:
            if http("GET", url)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not answer 200 within {STARTUP_SECONDS}s")


def stop(proc: subprocess.Popen[str]) -> str:
    """Its output once it has exited (killed if SIGTERM did not stop it within 20 s)."""
    try:
        return proc.communicate(timeout=20)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()[0] + "\n(did not stop within 20 s of SIGTERM: killed)"


def metric(text: str, name: str) -> float:
    m = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
    assert m, f"{name} not in the metrics"
    return float(m.group(1))


@pytest.mark.parametrize("flavour", ["compose", "k8s"])
def test_the_deployment_migrates_serves_from_two_replicas_and_projects(
    flavour: str, database: dict[str, str], tmp_path: Path
) -> None:
    token = secrets.token_urlsafe(32)
    secret_values = {
        "ADJUDICATOR_JUDGE_TOKEN": token,
        "ADJUDICATOR_PG_PASSWORD": "unused-with-trust-auth",
        "ADJUDICATOR_CHAIN_KEYS": "k1:" + secrets.token_urlsafe(32),
    }
    deployment = (compose_deployment if flavour == "compose" else k8s_deployment)(secret_values)
    assert deployment.migrate.argv == ["python", "-m", "service.worker", "migrate"]
    container_tmp = tmp_path / "tmp"
    container_tmp.mkdir()
    ports = {"api1": free_port(), "api2": free_port(), "metrics": free_port()}

    def env_of(part: Part, port: int | None = None) -> dict[str, str]:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", **part.env, **database}
        env["ADJUDICATOR_SQLITE_PATH"] = str(tmp_path / "unused.db")  # postgres: never opened
        if port is not None:
            env["UVICORN_HOST"], env["UVICORN_PORT"] = "127.0.0.1", str(port)
        return env

    def start(part: Part, port: int | None = None) -> subprocess.Popen[str]:
        return subprocess.Popen(
            part.local_argv(container_tmp, ports["metrics"]),
            cwd=REPO,
            env=env_of(part, port),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def run_check(part: Part, command: list[str], port: int | None = None) -> subprocess.CompletedProcess[str]:
        argv = Part(part.name, command, part.env).local_argv(container_tmp, ports["metrics"])
        if port is not None:  # the compose healthcheck names the container's port 8000
            argv = [a.replace("127.0.0.1:8000/", f"127.0.0.1:{port}/") for a in argv]
        return subprocess.run(argv, cwd=REPO, env=env_of(part, port), capture_output=True, text=True, timeout=30)

    procs: dict[str, subprocess.Popen[str]] = {}
    api1, api2 = (f"http://127.0.0.1:{ports[n]}" for n in ("api1", "api2"))
    try:
        # `kubectl apply -k` starts the pods with the Job: their init containers fail (and
        # are retried) until the Job has created the tables, so no API starts before them.
        for init in deployment.inits:
            done = run_check(init, init.argv)
            assert done.returncode != 0, (init.name, "started before the migration", done.stderr[-2000:])

        # 1. The migration runs to completion (compose: before the rest, which waits for
        #    service_completed_successfully; k8s: the Job).
        migrated = subprocess.run(
            deployment.migrate.local_argv(container_tmp, ports["metrics"]),
            cwd=REPO,
            env=env_of(deployment.migrate),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert migrated.returncode == 0, migrated.stderr
        assert "tables are in place (store: postgres)" in migrated.stderr

        # 2. The init containers now succeed; then two API replicas and the worker.
        for init in deployment.inits:
            done = run_check(init, init.argv)
            assert done.returncode == 0, (init.name, done.stderr[-2000:])
        procs["api1"] = start(deployment.api, ports["api1"])
        procs["api2"] = start(deployment.api, ports["api2"])
        procs["worker"] = start(deployment.worker)
        for base in (api1, api2):
            wait_until_ok(f"{base}/ready", list(procs.values()))
        wait_until_ok(f"http://127.0.0.1:{ports['metrics']}/metrics", list(procs.values()))
        for base in (api1, api2):
            assert http("GET", f"{base}/health") == (200, '{"status":"ok"}')
            assert json.loads(http("GET", f"{base}/ready")[1]) == {"status": "ready", "store": "postgres"}
            for path in deployment.api_http_probes:
                assert http("GET", base + path)[0] == 200, path

        # 3. A game created through one replica is played and read through the other.
        #    Production needs a platform API key (docs/platform-accounts.md), issued by the operator.
        new_game = {
            "ruleset": "FoW-5.5",
            "variant": "valhalla",
            "game_id": "deployed",
            "players": [
                {
                    "id": "alice",
                    "name": "Alice",
                    "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never"},
                },
                {"id": "bob", "name": "Bob", "deck": {"starter": "water-starter"}},
            ],
        }
        assert http("POST", f"{api1}/games", new_game)[0] == 401
        status, body = http("POST", f"{api2}/platforms/deployed/keys", {}, token=token)
        assert status == 201, body
        status, body = http("POST", f"{api1}/games", new_game, token=json.loads(body)["key"])
        assert status == 201, body
        created = json.loads(body)
        assert created["status"] == "awaiting_entropy"
        for player_token in created["player_tokens"].values():  # the last contribution deals the game
            entropy = {"entropy": secrets.token_hex(32)}
            status, body = http("POST", f"{api1}/games/deployed/entropy", entropy, token=player_token)
            assert status == 200, body
        created["version"] = json.loads(body)["version"]
        # Whoever the shuffle made decide does so, through the other replica.
        for player, player_token in created["player_tokens"].items():
            status, body = http("GET", f"{api2}/games/deployed/legal-actions?player={player}", token=player_token)
            assert status == 200, body
            actions = json.loads(body)["actions"]
            if actions:
                break
        action = actions[0]
        command = {"command_id": "c1", "expected_version": created["version"], "type": action["type"]}
        command["args"] = action["args"]  # a legal action's type and args are the command (docs/legal-actions.md)
        status, body = http("POST", f"{api2}/games/deployed/commands", command, token=player_token)
        assert status == 200, body
        version = json.loads(body)["version"]
        assert version > created["version"]
        status, body = http("GET", f"{api1}/games/deployed/state", token=token)
        assert status == 200 and json.loads(body)["version"] == version, body
        # The rules texts are where the deployment mounts them: the citation has its text.
        status, body = http("GET", f"{api2}/games/deployed/why/{created['version'] + 1}", token=token)
        assert status == 200, body
        assert json.loads(body)["chain"][0]["rule_text"], body

        # 4. The worker (the only projector here: no index query was made) projects the game
        #    into the judge read models: its row has the game's version, and the lag is 0.
        deadline = time.monotonic() + 20
        while True:
            with _pg_connect(_pg_settings(database["ADJUDICATOR_PG_SCHEMA"])) as conn:
                table = sql.Identifier(database["ADJUDICATOR_PG_SCHEMA"], "judge_games")
                row = conn.execute(
                    sql.SQL("SELECT version FROM {} WHERE game_id = %s").format(table), ("deployed",)
                ).fetchone()
            metrics = http("GET", f"http://127.0.0.1:{ports['metrics']}/metrics")[1]
            lag = metric(metrics, 'adjudicator_projection_lag_events{projection="judge_games"}')
            if (row is not None and row[0] == version and lag == 0) or time.monotonic() > deadline:
                break
            time.sleep(0.3)
        assert row is not None and row[0] == version, row
        assert lag == 0
        assert metric(metrics, 'adjudicator_projection_applied_total{projection="judge_games"}') >= version
        for path in deployment.worker_http_probes:
            assert http("GET", f"http://127.0.0.1:{ports['metrics']}{path}")[0] == 200, path
        api_metrics = http("GET", f"{api2}/metrics")[1]
        assert metric(api_metrics, 'adjudicator_command_duration_seconds_count{outcome="accepted"}') == 1

        # 5. Every health check and exec probe the files declare passes.
        assert deployment.api_healthchecks or deployment.api_http_probes
        assert deployment.worker_healthchecks
        for check in deployment.api_healthchecks:
            done = run_check(deployment.api, check, ports["api1"])
            assert done.returncode == 0, (check, done.stdout, done.stderr)
        for check in deployment.worker_healthchecks:
            done = run_check(deployment.worker, check)
            assert done.returncode == 0 and done.stdout.startswith("ok: heartbeat"), (check, done.stdout)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        outputs = {name: stop(proc) for name, proc in procs.items()}
    # 6. SIGTERM (what `docker stop` and Kubernetes send) stops every part cleanly.  uvicorn
    #    re-raises the signal once it has shut down, so its status is "killed by SIGTERM".
    for name in ("api1", "api2"):
        assert procs[name].returncode in (0, -signal.SIGTERM), (name, outputs[name][-2000:])
        assert "Application shutdown complete." in outputs[name], (name, outputs[name][-2000:])
    assert procs["worker"].returncode == 0, outputs["worker"][-2000:]
    assert '"worker stopped"' in outputs["worker"], outputs["worker"][-2000:]
