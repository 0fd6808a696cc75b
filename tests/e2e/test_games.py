"""Every game, from /game new to the score sheet, played by simulated users
through the real bot and the local Discord.

Moves are made every way a player can: DM prompt buttons and selects, the
board's "My move" button, and /play with its autocomplete.  Along the way
the test checks what each user could see: board images are exactly the
public view, DMs carry the private view, a player with closed DMs is sent to
/hand, and wrong-user / wrong-turn input is refused privately, changing
nothing.
"""

from __future__ import annotations

import random

import pytest

from games import registry
from games.base import clone
from service import i18n, presenter
from service.outbox import seat_target
from service.tables import ACTIVE, FINISHED

GAMES = registry.game_ids()
MAX_INTERACTIONS = 3_000


def _humans_and_ai(game):
    humans = 2
    ai = min(game.max_players, 3) - humans if game.max_players > 2 else 0
    return humans, ai


async def _drive_lobby(env, game_id: str, anna, bela, ai: int):
    fake = env.fake
    new = await fake.slash(anna, fake.channel, "game", "new", {"game": game_id})
    lobby = new.expect_response().original
    table_ops = {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}
    await fake.click(bela, lobby, table_ops["join"])
    await env.bot.handlers.idle()  # a click is answered (deferred) before it is handled
    for _ in range(ai):
        lobby = fake.channel_messages(fake.channel)[0]
        await fake.click(anna, lobby, table_ops["ai"])
        await env.bot.handlers.idle()
    lobby = fake.channel_messages(fake.channel)[0]
    # Béla did not create the table: his Start click is refused, only to him.
    refused = await fake.click(bela, lobby, table_ops["start"])
    # The click is deferred first; the refusal follows, to him alone.
    [answer] = await fake.wait_for(lambda: refused.messages, what="the refusal")
    assert answer.ephemeral and answer.ephemeral_for == bela.id
    started = await fake.click(anna, fake.channel_messages(fake.channel)[0], table_ops["start"])
    started.expect_response()
    await env.settle()
    return await env.bot.service.table_in_channel(fake.channel.id)


def _dm_prompt(fake, user, table_id: int, seq: int):
    """The newest DM to ``user`` carrying action components for ``seq``."""
    marker_a, marker_s = f"az:a:{table_id}:{seq}:", f"az:s:{table_id}:{seq}:"
    for message in reversed(fake.dms(user)):
        ids = [c for c in message.custom_ids() if c.startswith((marker_a, marker_s))]
        if ids:
            return message, ids
    return None, []


async def _choose(fake, rnd: random.Random, user, message, ids: list[str]) -> None:
    """Click one of the action buttons, or pick from one of the action selects."""
    custom_id = rnd.choice(ids)
    if custom_id.startswith("az:s:"):
        options = [o["value"] for o in message.find_component(custom_id)["options"]]
        (await fake.select(user, message, custom_id, [rnd.choice(options)])).expect_response()
    else:
        (await fake.click(user, message, custom_id)).expect_response()


async def _act(env, rnd: random.Random, user, row, seat: int, method: str) -> None:
    fake = env.fake
    if method == "dm":
        message, ids = _dm_prompt(fake, user, row.id, row.seq)
        if message is not None:
            await _choose(fake, rnd, user, message, ids)
            return
        method = "play"
    if method == "button":
        board = next(m for m in reversed(fake.channel_messages(fake.channel)) if f"az:t:{row.id}:turn" in m.custom_ids())
        prompt = await fake.click(user, board, f"az:t:{row.id}:turn")
        reply = prompt.expect_response().messages[-1]
        assert reply.ephemeral_for == user.id and reply.attachments and reply.attachments[0].is_png
        ids = [c for c in reply.custom_ids() if c.startswith(("az:a:", "az:s:"))]
        if ids:
            await _choose(fake, rnd, user, reply, ids)
            return
    # /play with what autocomplete offers for a random prefix of nothing.
    choices = await fake.autocomplete(user, fake.channel, "play", {"action": ""}, focused="action")
    legal = {a.id for a in env.bot.service.legal_actions(row, seat)}
    assert choices and {c["value"] for c in choices} <= legal
    played = await fake.slash(user, fake.channel, "play", options={"action": rnd.choice(choices)["value"]})
    assert played.expect_response().ephemeral


async def _refusals_change_nothing(env, row, users_by_seat, outsider) -> None:
    fake = env.fake
    before = (row.seq, clone(row.state))
    due = env.bot.service.to_act(row)
    idle = [s for s in users_by_seat if s not in due]
    some_action = env.bot.service.legal_actions(row, due[0])[0].id
    answer = await fake.slash(outsider, fake.channel, "play", options={"action": some_action})
    assert answer.ephemeral and answer.messages[0].ephemeral_for == outsider.id
    board = next(m for m in reversed(fake.channel_messages(fake.channel)) if f"az:t:{row.id}:turn" in m.custom_ids())
    click = await fake.click(outsider, board, f"az:t:{row.id}:turn")
    assert click.ephemeral
    if idle:
        wrong_turn = await fake.slash(users_by_seat[idle[0]], fake.channel, "play", options={"action": some_action})
        assert wrong_turn.ephemeral
    await env.settle()
    fresh = await env.bot.service.table(row.id)
    assert (fresh.seq, fresh.state) == before


@pytest.mark.parametrize("game_id", GAMES)
async def test_full_game_through_discord(env, game_id):
    fake, service = env.fake, env.bot.service
    game = registry.get(game_id)
    rnd = random.Random(game_id)
    # Half of the games run on a Hungarian server, half on an English one.
    fake.guild.locale = "hu" if GAMES.index(game_id) % 2 else "en-US"
    anna = fake.add_user("Anna", locale="hu")
    bela = fake.add_user("Béla", locale="en-US", dms_open=False)
    outsider = fake.add_user("Zoli", locale="hu")
    humans, ai = _humans_and_ai(game)
    row = await _drive_lobby(env, game_id, anna, bela, ai)
    assert row.status == ACTIVE
    users_by_seat = {seat: {anna.id: anna, bela.id: bela}[s.user_id] for seat, s in enumerate(row.seats) if not s.ai}
    methods = ["dm", "play", "button"]
    checked_refusal = False
    for step in range(MAX_INTERACTIONS):
        row = await service.table(row.id)
        if row.status != ACTIVE:
            break
        due = [s for s in service.to_act(row) if s in users_by_seat]
        assert due, "a human must be due while the game runs"
        if not checked_refusal and step == 3:
            await _refusals_change_nothing(env, row, users_by_seat, outsider)
            # Béla's DMs are closed: /hand shows him his private view, to him alone.
            hand = await fake.slash(bela, fake.channel, "hand")
            assert hand.ephemeral and all(m.ephemeral_for == bela.id for m in hand.messages)
            assert [a.filename for a in hand.attachments] == ["private.png"]
            checked_refusal = True
        seat = rnd.choice(due)
        user = users_by_seat[seat]
        method = methods[step % 3] if user.id == anna.id else methods[1 + step % 2]
        if method == "dm":
            # Only this seat's DM prompt must be out; the rest coalesces behind the rate limits.
            await env.settle(targets={seat_target(seat)})
        await _act(env, rnd, user, row, seat, method)
        await env.bot.handlers.idle()
    row = await service.store.get_table(row.id)
    assert row.status == FINISHED, f"{game_id} did not finish in {MAX_INTERACTIONS} interactions"
    await env.settle()
    await _check_channel(env, row, anna, bela)
    _check_private(env, row, anna, bela)
    assert not fake.validation_failures, fake.validation_failures
    assert all(error.code == 50007 for error in fake.errors), fake.errors


async def _check_channel(env, row, anna, bela) -> None:
    fake = env.fake
    guild_lang = i18n.language_for_locale(fake.guild.locale)
    messages = fake.channel_messages(fake.channel)
    boards = [m for m in messages if m.attachments and m.attachments[0].filename == "board.png"]
    assert boards, "no board was posted"
    final = boards[-1]
    assert i18n.text("core.score.title", guild_lang) in final.content
    # The final image is exactly the public view's picture: nothing hidden can be in it.
    assert final.attachments[0].data == presenter.board_png(row, guild_lang)
    # Boards carry only table-level buttons (never a move of a past position);
    # the score sheet has none.  Old boards are not edited: that would cost a
    # request per board against Discord's global limit.
    assert not final.custom_ids()
    assert all(c.startswith(f"az:t:{row.id}:") for m in boards[:-1] for c in m.custom_ids())
    # Béla's DMs are closed: the channel told him (once, without content) to use /hand.
    hint = i18n.text("core.turn.dm_failed", guild_lang, player=f"<@{bela.id}>")
    assert sum(1 for m in messages if m.content == hint) == 1
    # Private events (what a seat alone may read) never reached the channel.
    channel_text = "\n".join(m.content for m in messages)
    for line in await _private_lines(env, row):
        assert line not in channel_text


async def _private_lines(env, row) -> list[str]:
    """Every private event of the game, as each language would show it."""
    logged = await env.bot.service.store.actions(row.id)
    private = [e for entry in logged for e in entry.events if "to" in e]
    return [line for lang in i18n.LANGUAGES for line in presenter.event_lines(row, private, lang) if len(line) > 12]


def _check_private(env, row, anna, bela) -> None:
    fake = env.fake
    # Answered prompts are edited down to text, so look at every version of each DM.
    versions = [v for m in fake.dms(anna) for v in [*m.history, m.payload()]]
    pictures = [a["filename"] for v in versions for a in v.get("attachments") or []]
    assert pictures and set(pictures) == {"private.png"}, (row.seq, len(versions))
    assert not fake.dms(bela)
    assert not [m for m in fake.visible_to(bela) if m.ephemeral_for == anna.id]
