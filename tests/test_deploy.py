"""The deployment files build/parse: a Dockerfile lint and systemd's own verifier."""

import shutil
import subprocess
from pathlib import Path

import dockerfile

ROOT = Path(__file__).resolve().parents[1]


def _commands():
    return dockerfile.parse_file(str(ROOT / "deploy" / "Dockerfile"))


def test_dockerfile_is_slim_non_root_with_a_data_volume():
    commands = _commands()
    by_cmd = {}
    for command in commands:
        by_cmd.setdefault(command.cmd, []).append(command)
    assert by_cmd["FROM"][0].value[0].endswith("-slim")
    # The last USER is not root, and it comes after every RUN (installs run as root).
    user = by_cmd["USER"][-1]
    assert user.value[0] not in ("root", "0")
    assert all(run.start_line < user.start_line for run in by_cmd["RUN"])
    assert "/data" in by_cmd["VOLUME"][0].value[0] or "/data" in by_cmd["VOLUME"][0].value
    assert any("ASZTAL_DB=/data/" in c.original for c in by_cmd["ENV"])
    assert by_cmd["CMD"][-1].value == ("asztal-bot",)
    # docker stop's SIGTERM reaches the bot itself (exec form), which stops gracefully.
    assert by_cmd["STOPSIGNAL"][-1].value == ("SIGTERM",)
    assert by_cmd["CMD"][-1].json


def test_dockerfile_bakes_no_secret_and_copies_every_package():
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "ASZTAL_TOKEN=" not in "".join(c.original for c in _commands() if c.cmd in ("ENV", "ARG"))
    copied = {c.value[0] for c in _commands() if c.cmd == "COPY"}
    for package in ("games", "render", "service", "bot"):
        assert package in copied, package
    assert "pip install" in text and "--no-cache-dir" in text


def test_systemd_unit_verifies(tmp_path):
    analyzer = shutil.which("systemd-analyze")
    assert analyzer, "systemd-analyze is part of this machine image"
    unit = tmp_path / "asztal.service"
    # Point the unit at binaries that exist here, so verify checks everything else.
    text = (ROOT / "deploy" / "asztal.service").read_text()
    unit.write_text(text.replace("/opt/asztal/.venv/bin/asztal-bot", "/bin/true"))
    result = subprocess.run([analyzer, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    problems = [line for line in (result.stderr + result.stdout).splitlines()
                if "asztal.service" in line and "Documentation" not in line]
    assert result.returncode == 0 and not problems, result.stderr


def test_systemd_unit_gives_the_graceful_stop_its_time():
    text = (ROOT / "deploy" / "asztal.service").read_text()
    settings = dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))
    assert settings["KillSignal"] == "SIGTERM"
    # Longer than the bot's own grace period (ASZTAL_STOP_GRACE, 20 s by default), or systemd SIGKILLs it first.
    assert int(settings["TimeoutStopSec"]) > 20


def test_compose_runs_postgresql_and_one_bot_process_per_shard():
    import yaml

    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    services = compose["services"]
    db = services.pop("db")
    assert db["image"].startswith("postgres:") and "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert "${POSTGRES_PASSWORD" in db["environment"]["POSTGRES_PASSWORD"]
    shards: list[int] = []
    counts = set()
    for name, bot in services.items():
        env = bot["environment"]
        assert env["ASZTAL_DB"].startswith("postgresql://") and "@db:5432/" in env["ASZTAL_DB"], name
        assert env["ASZTAL_TOKEN"].startswith("${ASZTAL_TOKEN"), "the token comes from the environment"
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert env["ASZTAL_METRICS_PORT"] in " ".join(bot["healthcheck"]["test"])
        # docker stop waits longer than the bot's own graceful stop.
        assert int(bot["stop_grace_period"].rstrip("s")) > int(env["ASZTAL_STOP_GRACE"])
        counts.add(int(env["ASZTAL_SHARD_COUNT"]))
        shards += [int(s) for s in env["ASZTAL_SHARD_IDS"].split(",")]
    assert len(services) >= 2 and len(counts) == 1
    assert sorted(shards) == list(range(counts.pop())), "every shard is run by exactly one process"
