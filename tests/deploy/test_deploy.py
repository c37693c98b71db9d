"""The deployment files are consistent with the code: every manifest parses, every command
they run is one the worker accepts, every setting they set is one the service reads, and
the operations guide explains every setting.  (No Docker engine or cluster is needed.)"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from service import settings as settings_module
from service.worker import build_parser

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
MANIFESTS = sorted((DEPLOY / "k8s").glob("*.yaml"))
SETTINGS = set(re.findall(r"``(ADJUDICATOR_[A-Z_]+)``", settings_module.__doc__ or ""))
# The oldest Kubernetes the manifests claim (deploy/OPERATIONS.md) and the newest schema that
# kubernetes-validate ships: every object must be valid, strictly, under both.
KUBERNETES_VERSIONS = ("1.29.0", kubernetes_validate.utils.latest_version())
RULES_DIR = Path(os.environ.get("RULES_DIR", REPO / "service" / "rules_texts"))


def documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d is not None]


def all_documents() -> list[dict[str, Any]]:
    return [d for p in MANIFESTS for d in documents(p) if d["kind"] != "Kustomization"]


def by_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in all_documents() if d["kind"] == kind}


def containers(workload: dict[str, Any]) -> list[dict[str, Any]]:
    spec = workload["spec"]["template"]["spec"]
    return list(spec["containers"])


def test_settings_are_known() -> None:
    assert {"ADJUDICATOR_STORE", "ADJUDICATOR_JUDGE_TOKEN", "ADJUDICATOR_PG_PASSWORD"} <= SETTINGS


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_every_manifest_parses_into_kubernetes_objects(path: Path) -> None:
    docs = documents(path)
    assert docs, f"{path.name} is empty"
    for d in docs:
        if d.get("kind") == "Kustomization":
            assert d["apiVersion"].startswith("kustomize.config.k8s.io/") and d["resources"]
            continue
        assert {"apiVersion", "kind", "metadata"} <= set(d), path.name
        if d["kind"] != "Namespace":
            assert d["metadata"].get("namespace") == "tcg-adjudicator", (path.name, d["metadata"]["name"])


def test_the_kustomization_lists_every_manifest_but_the_example_secret() -> None:
    kustomization = documents(DEPLOY / "k8s" / "kustomization.yaml")[0]
    listed = set(kustomization["resources"])
    on_disk = {p.name for p in MANIFESTS} - {"kustomization.yaml", "secret.example.yaml"}
    assert listed == on_disk


def test_api_runs_several_replicas_with_liveness_and_readiness_probes() -> None:
    api = by_kind("Deployment")["adjudicator-api"]
    # The autoscaler owns the replica count; a fixed one would be reset by every apply.
    assert "replicas" not in api["spec"]
    (c,) = containers(api)
    assert c["livenessProbe"]["httpGet"]["path"] == "/health"
    assert c["readinessProbe"]["httpGet"]["path"] == "/ready"
    hpa = by_kind("HorizontalPodAutoscaler")["adjudicator-api"]
    assert hpa["spec"]["minReplicas"] >= 2
    service = by_kind("Service")["adjudicator-api"]
    assert service["spec"]["selector"] == api["spec"]["selector"]["matchLabels"]


def test_projections_run_as_their_own_deployment_with_a_heartbeat_liveness_probe() -> None:
    worker = by_kind("Deployment")["adjudicator-worker"]
    (c,) = containers(worker)
    assert c["command"][:4] == ["python", "-m", "service.worker", "run"]
    assert c["livenessProbe"]["exec"]["command"][:4] == ["python", "-m", "service.worker", "check"]
    assert "readinessProbe" in c


def test_api_and_worker_pods_wait_for_the_migration_job() -> None:
    """With ADJUDICATOR_CREATE_TABLES=false an API process started before the tables exist
    never writes (the event store looks up its composite type once, at start-up), so the
    pods wait in an init container that fails until the Job has created the tables."""
    assert by_kind("ConfigMap")["adjudicator-config"]["data"]["ADJUDICATOR_CREATE_TABLES"] == "false"
    for name in ("adjudicator-api", "adjudicator-worker"):
        pod = by_kind("Deployment")[name]["spec"]["template"]["spec"]
        (init,) = pod["initContainers"]
        assert init["command"] == ["python", "-m", "service.worker", "once"], name
        assert init["envFrom"] == pod["containers"][0]["envFrom"], name
        assert init["image"] == pod["containers"][0]["image"], name


def test_a_job_creates_the_tables() -> None:
    job = by_kind("Job")["adjudicator-migrate"]
    (c,) = containers(job)
    assert c["command"] == ["python", "-m", "service.worker", "migrate"]


def _worker_commands() -> list[list[str]]:
    found: list[list[str]] = []
    for d in all_documents():
        if d["kind"] not in ("Deployment", "Job", "StatefulSet"):
            continue
        for c in containers(d) + d["spec"]["template"]["spec"].get("initContainers", []):
            for cmd in [c.get("command", [])] + [
                c.get(p, {}).get("exec", {}).get("command", [])
                for p in ("livenessProbe", "readinessProbe", "startupProbe")
            ]:
                if cmd[:3] == ["python", "-m", "service.worker"]:
                    found.append(cmd[3:])
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    for service in compose["services"].values():
        cmd = service.get("command", [])
        if cmd[:3] == ["python", "-m", "service.worker"]:
            found.append(cmd[3:])
    for line in (DEPLOY / "Dockerfile").read_text().splitlines():
        m = re.search(r'\["python", "-m", "service\.worker"(.*)\]', line)
        if m:
            found.append(re.findall(r'"([^"]*)"', m.group(1)))
    return found


def test_every_worker_command_in_the_deployment_files_is_valid() -> None:
    commands = _worker_commands()
    assert len(commands) >= 6
    actions = set()
    for args in commands:
        parsed = build_parser().parse_args(args)
        actions.add(parsed.action)
    assert {"run", "check", "migrate"} <= actions


def test_every_setting_in_the_deployment_files_is_one_the_service_reads() -> None:
    config = by_kind("ConfigMap")["adjudicator-config"]["data"]
    secret = by_kind("Secret")["adjudicator-secrets"]["stringData"]
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    used = {k for k in [*config, *secret] if k.startswith("ADJUDICATOR_")}
    for service in compose["services"].values():
        env = service.get("environment", {})
        used |= {k for k in env if k.startswith("ADJUDICATOR_")}
    assert used <= SETTINGS, used - SETTINGS
    secrets = {"ADJUDICATOR_JUDGE_TOKEN", "ADJUDICATOR_PG_PASSWORD", "ADJUDICATOR_CHAIN_KEYS"}
    assert secrets == set(secret)
    assert not secrets & set(config), "secrets belong in the Secret"


def test_compose_brings_up_postgres_migrate_api_and_worker_in_order() -> None:
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "migrate", "api", "worker"}
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in ("api", "worker"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert services["api"]["build"]["target"] == "api"
    assert services["worker"]["build"]["target"] == "worker"
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert re.search(r"^FROM .* AS api$", dockerfile, re.M) and re.search(r"^FROM .* AS worker$", dockerfile, re.M)
    # The secrets have no default: compose refuses to start without them.
    env = services["api"]["environment"]
    assert env["ADJUDICATOR_JUDGE_TOKEN"].startswith("${ADJUDICATOR_JUDGE_TOKEN:?")
    assert env["ADJUDICATOR_PG_PASSWORD"].startswith("${ADJUDICATOR_PG_PASSWORD:?")
    assert env["ADJUDICATOR_CHAIN_KEYS"].startswith("${ADJUDICATOR_CHAIN_KEYS:?")


def test_the_operations_guide_explains_every_setting_and_procedure() -> None:
    guide = (DEPLOY / "OPERATIONS.md").read_text()
    for name in sorted(SETTINGS):
        assert f"`{name}`" in guide, f"{name} is not explained in deploy/OPERATIONS.md"
    for topic in (
        "Backup",
        "Restore",
        "Rebuilding projections",
        "Rotating secrets",
        "Scaling out",
        "/ready",
        "/metrics",
    ):
        assert topic in guide, topic


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_object_is_valid_against_the_kubernetes_api_schema(version: str) -> None:
    """Strict validation against the real OpenAPI schemas of the Kubernetes release (as the
    API server would check them): unknown fields, wrong types and missing required fields
    fail, offline."""
    validated = []
    for d in all_documents():
        kubernetes_validate.validate(d, version, strict=True)
        validated.append(f"{d['kind']}/{d['metadata']['name']}")
    assert len(validated) == 11, validated


def test_the_schema_validation_catches_a_misspelt_field_and_a_wrong_type() -> None:
    worker = by_kind("Deployment")["adjudicator-worker"]
    misspelt = yaml.safe_load(yaml.safe_dump(worker))
    (c,) = containers(misspelt)
    c["livenessprobe"] = c.pop("livenessProbe")
    with pytest.raises(kubernetes_validate.ValidationError, match="livenessprobe"):
        kubernetes_validate.validate(misspelt, KUBERNETES_VERSIONS[0], strict=True)
    wrong_type = yaml.safe_load(yaml.safe_dump(worker))
    wrong_type["spec"]["replicas"] = "1"
    with pytest.raises(kubernetes_validate.ValidationError, match="integer"):
        kubernetes_validate.validate(wrong_type, KUBERNETES_VERSIONS[0], strict=True)


def test_the_rules_configmap_the_guide_creates_is_valid_and_under_the_size_limit() -> None:
    """`kubectl create configmap adjudicator-rules --from-file=service/rules_texts/` (OPERATIONS.md):
    one key per file, every key a valid ConfigMap key, the whole object under 1 MiB."""
    files = sorted(p for p in RULES_DIR.iterdir() if p.is_file())
    assert files, f"no rules texts in {RULES_DIR}"
    configmap = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "adjudicator-rules", "namespace": "tcg-adjudicator"},
        "data": {p.name: p.read_text(encoding="utf-8") for p in files},
    }
    for version in KUBERNETES_VERSIONS:
        kubernetes_validate.validate(configmap, version, strict=True)
    assert all(re.fullmatch(r"[-._a-zA-Z0-9]+", key) for key in configmap["data"])
    size = len(yaml.safe_dump(configmap).encode())
    assert size < 1024 * 1024, f"the rules ConfigMap is {size} bytes, over the 1 MiB limit"


def test_every_named_port_volume_and_reference_in_a_pod_resolves() -> None:
    """What the schema cannot see: probes name a declared port, mounts name a declared
    volume, selectors match the pod labels, and envFrom names the settings and the secret."""
    defined = {("ConfigMap", n) for n in by_kind("ConfigMap")} | {("Secret", n) for n in by_kind("Secret")}
    defined.add(("ConfigMap", "adjudicator-rules"))  # created from the rules texts (OPERATIONS.md)
    for d in all_documents():
        if d["kind"] not in ("Deployment", "Job", "StatefulSet"):
            continue
        pod = d["spec"]["template"]
        name = d["metadata"]["name"]
        if "selector" in d["spec"]:
            assert d["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items(), name
        volumes = {v["name"]: v for v in pod["spec"].get("volumes", [])}
        volumes |= {t["metadata"]["name"]: t for t in d["spec"].get("volumeClaimTemplates", [])}
        for v in volumes.values():
            if "configMap" in v:
                assert ("ConfigMap", v["configMap"]["name"]) in defined, (name, v)
        for c in containers(d):
            ports = {p["name"] for p in c.get("ports", [])}
            for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
                port = c.get(probe, {}).get("httpGet", {}).get("port")
                assert port is None or port in ports, (name, probe, port)
            for mount in c.get("volumeMounts", []):
                assert mount["name"] in volumes, (name, mount)
            for source in c.get("envFrom", []):
                for kind, key in (("ConfigMap", "configMapRef"), ("Secret", "secretRef")):
                    if key in source:
                        assert (kind, source[key]["name"]) in defined, (name, source)
    for service in by_kind("Service").values():
        targets = [
            d
            for d in all_documents()
            if d["kind"] in ("Deployment", "StatefulSet")
            and service["spec"]["selector"].items() <= d["spec"]["template"]["metadata"]["labels"].items()
        ]
        assert len(targets) == 1, service["metadata"]["name"]
        ports = {p["name"] for c in containers(targets[0]) for p in c.get("ports", [])}
        assert {p["targetPort"] for p in service["spec"]["ports"]} <= ports


def test_the_image_user_is_the_uid_and_gid_the_pods_run_as() -> None:
    """The pods' runAsUser/runAsGroup are the image's user and group (files the image gives
    its user, like /app/data, belong to that group)."""
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    uid = re.search(r"useradd [^\n]*--uid (\d+)", dockerfile)
    gid = re.search(r"groupadd [^\n]*--gid (\d+)", dockerfile)
    assert uid and gid, "the Dockerfile must create its user and group with fixed ids"
    for d in all_documents():
        if d["kind"] in ("Deployment", "Job") and "runAsUser" in d["spec"]["template"]["spec"]["securityContext"]:
            ctx = d["spec"]["template"]["spec"]["securityContext"]
            assert (ctx["runAsUser"], ctx["runAsGroup"]) == (int(uid.group(1)), int(gid.group(1))), d["metadata"][
                "name"
            ]
