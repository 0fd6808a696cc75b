"""Start-up behaviour that needs no Discord: configuration and the no-token exit."""

import subprocess
import sys
from pathlib import Path

from bot.config import Config

ROOT = Path(__file__).resolve().parents[1]


def test_config_reads_environment_and_dotenv(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("ASZTAL_TOKEN=from-file # the bot's token\nexport ASZTAL_DEV_GUILD=123\n# comment\n"
                        "ASZTAL_LANGUAGE='hu'\n")
    config = Config.from_env({"ASZTAL_ENV_FILE": str(env_file), "ASZTAL_DB": "x.sqlite3"})
    assert config.token == "from-file" and config.dev_guild == 123 and config.database == "x.sqlite3"
    assert config.default_language == "hu"
    # The real environment wins over the file.
    config = Config.from_env({"ASZTAL_ENV_FILE": str(env_file), "ASZTAL_TOKEN": "env"})
    assert config.token == "env"


def test_bot_without_token_explains_and_exits_cleanly(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "ASZTAL_ENV_FILE": str(tmp_path / "none.env")}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env | {"PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "ASZTAL_TOKEN" in result.stderr and "asztal-console" in result.stderr
    assert "discord.com/developers" in result.stderr
