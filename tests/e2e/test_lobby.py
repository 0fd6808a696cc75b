"""Lobby flow through real Discord interactions."""



async def test_commands_pass_discords_limits_in_both_languages(env):
    fake = env.fake
    assert not fake.validation_failures, fake.validation_failures
    game = await fake.wait_commands("game")
    assert game["name_localizations"]["hu"] == "játék"
    subs = {o["name"]: o for o in game["options"]}
    assert {"new", "join", "leave", "start", "status", "abort", "rules", "log"} <= set(subs)
    assert subs["new"]["name_localizations"]["hu"] == "új"


async def test_new_join_and_wrong_user_errors(env):
    fake = env.fake
    anna = fake.add_user("anna", locale="hu")
    bela = fake.add_user("bela", locale="en-US")
    new = await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan"})
    lobby = new.original
    assert "San Juan" in lobby.content and "anna" in lobby.content
    ids = lobby.custom_ids()
    join_id = next(c for c in ids if c.endswith(":join"))
    click = await fake.click(bela, lobby, join_id)
    assert click.responded
    await env.settle()
    lobby = fake.channel_messages(fake.channel)[0]
    assert "bela" in lobby.content
    # Béla may not start Anna's table; the refusal is ephemeral and in his language.
    start = await fake.slash(bela, fake.channel, "game", "start")
    assert start.ephemeral and "creator" in start.content
    # A second table in the same channel is refused.
    again = await fake.slash(bela, fake.channel, "game", "new", {"game": "sanjuan"})
    assert again.ephemeral and "already has a game" in again.content
    # A command in a channel without a game.
    other = fake.add_channel(fake.guild, "other")
    status = await fake.slash(anna, other, "game", "status")
    assert status.ephemeral and "nincs játék" in status.content


async def test_rules_settings_and_log(env):
    fake = env.fake
    anna = fake.add_user("anna", locale="en-US")
    rules = await fake.slash(anna, fake.channel, "game", "rules", {"game": "maharaja"})
    assert rules.ephemeral and "Maharaja" in rules.content and "`short`" in rules.content
    # A personal override beats the Discord client's language.
    changed = await fake.slash(anna, fake.channel, "settings", "language", {"language": "hu"})
    assert changed.ephemeral and "magyar" in changed.content
    rules = await fake.slash(anna, fake.channel, "game", "rules", {"game": "maharaja"})
    assert "Maharadzsa" in rules.content
    empty_log = await fake.slash(anna, fake.channel, "game", "log")
    assert empty_log.ephemeral and "nincs játék" in empty_log.content
    # Only a server manager may set the server's language.
    refused = await fake.slash(anna, fake.channel, "settings", "server-language", {"language": "hu"})
    assert refused.ephemeral and "kezelője" in refused.content
    await fake.slash(anna, fake.channel, "settings", "language", {"language": "auto"})
    new = await fake.slash(anna, fake.channel, "game", "new", {"game": "alhambra"})
    lobby = new.original
    await fake.click(anna, lobby, next(c for c in lobby.custom_ids() if c.endswith(":ai")))
    await fake.click(anna, fake.channel_messages(fake.channel)[0], next(c for c in lobby.custom_ids()
                                                                         if c.endswith(":start")))
    await env.settle()
    log = await fake.slash(anna, fake.channel, "game", "log")
    # Alhambra's open starting draw opens the log.
    assert log.ephemeral and "Game log" in log.content and len(log.content.splitlines()) >= 3


async def test_table_in_a_new_thread_and_a_rate_limited_board(env):
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela")
    new = await fake.slash(anna, fake.channel, "game", "new", {"game": "sanjuan", "thread": True})
    [thread] = fake.threads(fake.channel)
    assert f"<#{thread.id}>" in new.content
    lobby = (await fake.wait_for(lambda: fake.channel_messages(thread), what="the lobby in the thread"))[0]
    ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    await fake.click(bela, lobby, ops["join"])
    # The parent channel stays free for another table.
    other = await fake.slash(bela, fake.channel, "game", "new", {"game": "alhambra"})
    assert not other.ephemeral and "Alhambra" in other.content
    # Discord answers the first board post with a 429; discord.py waits and retries.
    fake.rate_limit_next("POST", f"/channels/{thread.id}/messages", retry_after=0.2)
    await fake.click(anna, fake.channel_messages(thread)[0], ops["start"])
    await env.settle()
    boards = [m for m in fake.channel_messages(thread) if m.attachments]
    assert len(boards) == 1 and boards[0].attachments[0].is_png
    assert fake.rate_limited and not fake.validation_failures
