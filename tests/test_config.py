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


def test_shards_and_metrics_come_from_the_environment(tmp_path):
    import pytest

    from bot.app import AsztalBot, ShardedAsztalBot, make_bot

    base = {"ASZTAL_ENV_FILE": str(tmp_path / "none.env")}
    one = Config.from_env(base)
    assert (one.shard_count, one.shard_ids, one.metrics_port) == (None, None, None) and one.syncs_commands
    assert type(make_bot(one)) is AsztalBot
    second = Config.from_env({**base, "ASZTAL_SHARD_COUNT": "4", "ASZTAL_SHARD_IDS": "2,3",
                              "ASZTAL_METRICS_PORT": "9108"})
    assert (second.shard_count, second.shard_ids, second.metrics_port) == (4, (2, 3), 9108)
    assert not second.syncs_commands  # only the process that runs shard 0 registers the commands
    bot = make_bot(second)
    assert isinstance(bot, ShardedAsztalBot) and (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    first = Config.from_env({**base, "ASZTAL_SHARD_COUNT": "2", "ASZTAL_SHARD_IDS": "0"})
    assert first.syncs_commands and first.shard_ids == (0,)
    assert Config.from_env({**base, "ASZTAL_SHARD_COUNT": "3"}).shard_ids == (0, 1, 2)
    with pytest.raises(ValueError):
        Config.from_env({**base, "ASZTAL_SHARD_COUNT": "2", "ASZTAL_SHARD_IDS": "2"})


async def test_each_shard_process_keeps_to_its_share_of_the_global_rest_limit(tmp_path):
    """Discord's global limit is the bot's: two processes of one shard each at the full
    budget sent up to 88 requests a second together (global 429s in the load benchmark)."""
    import asyncio

    from bot import ratelimit

    base = {"ASZTAL_ENV_FILE": str(tmp_path / "none.env")}
    assert Config.from_env(base).rest_share == 1.0
    half = Config.from_env(base | {"ASZTAL_SHARD_COUNT": "4", "ASZTAL_SHARD_IDS": "2,3"})
    assert half.rest_share == 0.5
    raised = Config.from_env(base | {"ASZTAL_SHARD_COUNT": "2", "ASZTAL_SHARD_IDS": "1", "ASZTAL_REST_RATE": "200"})
    assert raised.rest_rate == 200.0 and raised.rest_share == 0.5

    async def passed_in(seconds: float, bucket) -> int:
        """Requests ``bucket`` lets through in ``seconds``, each sent the moment there is room, on
        a clock the test drives a millisecond at a time (the bucket reads the loop's clock)."""
        loop = asyncio.get_running_loop()
        now = [loop.time()]
        loop.time = lambda: now[0]  # no await below waits: nothing else runs on this clock
        try:
            count = 0
            for _ in range(round(seconds * 1000)):
                while bucket.has_capacity():
                    await bucket.acquire()
                    count += 1
                now[0] += 0.001
            return count
        finally:
            del loop.time

    whole = await passed_in(1.0, ratelimit.limiter(50, 1.0))
    share = await passed_in(1.0, ratelimit.limiter(50, half.rest_share))
    assert 38 <= whole <= 44  # 41 a second plus a burst of 3
    assert 18 <= share <= 23  # half of that: two such processes stay under Discord's 50
