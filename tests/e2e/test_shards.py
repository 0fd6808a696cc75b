"""Two bot processes, one shard each, on one PostgreSQL database, against the
local Discord speaking shards: guild events go to the shard of their guild,
every DM to shard 0.  Production settings otherwise (the real board debounce,
pictures drawn in the process pool).

* full games in guilds of both shards, moved mostly by DM buttons, which
  reach process A (shard 0) even for the table in B's guild;
* two players joining one lobby at the same instant through different
  processes are both seated;
* the same move clicked at once in a DM (process A) and in the channel
  (process B) is applied once;
* process B is SIGKILLed mid-game, owing a board: A delivers it (when B's
  outbox lease runs out) and carries B's game on to the end through DMs.
"""

from __future__ import annotations

import asyncio
import random
import socket
import urllib.request

from games import registry
from games.play import replay
from service.store import Store
from tests.e2e.test_crash import BotProcess
from tests.e2e.test_field import board_seqs
from tests.fakediscord import FakeDiscord

LEASE = "3"  # seconds before another process takes over a dead one's deliveries


def _guild_on_shard(fake: FakeDiscord, shard: int):
    while True:
        guild = fake.guild if (fake.guild.id >> 22) % 2 == shard else fake.add_guild(f"guild-{shard}")
        if (guild.id >> 22) % 2 == shard:
            return guild


async def _lobby(fake: FakeDiscord, user, channel, game_id: str = "sanjuan"):
    new = (await fake.slash(user, channel, "game", "new", {"game": game_id})).expect_response()
    lobby = new.original
    return lobby, {c.rsplit(":", 1)[1]: c for c in lobby.custom_ids()}


async def _table_of(store: Store, channel_id: int):
    return await store.table_in_channel(channel_id)


def _dm_prompt(fake: FakeDiscord, user, table_id: int, seq: int, dms_only: bool = True):
    """The newest prompt for move ``seq`` the user sees: in their DMs (which
    reach shard 0's process), or also one shown to them alone in the channel."""
    markers = (f"az:a:{table_id}:{seq}:", f"az:s:{table_id}:{seq}:")
    for message in reversed(fake.dms(user) if dms_only else fake.visible_to(user)):
        ids = [c for c in message.custom_ids() if c.startswith(markers)]
        if ids:
            return message, ids
    return None, []


async def _dm_move(fake: FakeDiscord, rnd: random.Random, user, table_id: int, seq: int, dms_only: bool = True):
    """The user answers the newest prompt (by default the one in their DMs)."""
    message, ids = await fake.wait_for(lambda: _dm_prompt(fake, user, table_id, seq, dms_only)[0] and
                                       _dm_prompt(fake, user, table_id, seq, dms_only), 20,
                                       f"the prompt of move {seq}")
    custom_id = rnd.choice(ids)
    if custom_id.startswith("az:s:"):
        options = [o["value"] for o in message.find_component(custom_id)["options"]]
        return await fake.select(user, message, custom_id, [rnd.choice(options)])
    return await fake.click(user, message, custom_id)


async def _play_until(store: Store, fake: FakeDiscord, rnd: random.Random, users: dict, table_id: int,
                      moves: int | None = None, dms_only: bool = True) -> None:
    """Moves by prompt buttons (by default in DMs) until the game ends (or ``moves`` were made)."""
    made = 0
    while moves is None or made < moves:
        row = await store.get_table(table_id)
        if row.status != "active":
            return
        game = registry.get(row.game_id)
        seat = next(s for s in game.to_act(row.state) if not row.seats[s].ai)
        (await _dm_move(fake, rnd, users[row.seats[seat].user_id], table_id, row.seq, dms_only)).expect_response()
        await _until(lambda seq=row.seq: _seq_after(store, table_id, seq), 20, "the move to be stored")
        made += 1


async def _seq_after(store: Store, table_id: int, seq: int) -> bool:
    return (await store.get_table(table_id)).seq > seq


async def _until(predicate, timeout: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await predicate():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


def _check_log(row, log) -> None:
    assert [a.seq for a in log] == list(range(1, row.seq + 1))
    ids = [a.interaction_id for a in log if a.interaction_id is not None]
    assert len(ids) == len(set(ids)), "an interaction was applied twice"
    moves = [(a.seat, a.action_id) for a in log if a.seat >= 0 and not a.undone]
    assert replay(registry.get(row.game_id), len(row.seats), row.seed, row.options, moves) == row.state


async def test_two_shard_processes_share_one_postgresql(tmp_path, postgres_cluster):
    url = await postgres_cluster.new_database()
    rnd = random.Random(12)
    async with FakeDiscord() as fake:
        g0, g1 = _guild_on_shard(fake, 0), _guild_on_shard(fake, 1)
        c0, c1 = fake.add_channel(g0, "games-a"), fake.add_channel(g1, "games-b")
        people = [fake.add_user(name, guilds=[g0, g1]) for name in ("anna", "bela", "cili", "dora", "ede")]
        anna, bela, cili, dora, ede = people
        users = {u.id: u for u in people}
        shared = {"ASZTAL_SHARD_COUNT": "2", "ASZTAL_OUTBOX_LEASE": LEASE}
        metrics_port = _free_port()
        a = BotProcess(fake, url, tmp_path / "a.log", extra_env={**shared, "ASZTAL_SHARD_IDS": "0",
                                                                   "ASZTAL_METRICS_PORT": str(metrics_port)}, shard=0)
        b = BotProcess(fake, url, tmp_path / "b.log", extra_env={**shared, "ASZTAL_SHARD_IDS": "1"}, shard=1)
        store = await Store.open(url)
        try:
            await a.start()
            await fake.wait_commands("game")
            synced = len(fake.commands.get(None, []))
            await b.start()
            await fake.wait_for(lambda: {s.shard for s in fake.gateway.current.values()
                                         if s.conn is not None and s.ready_sent} == {(0, 2), (1, 2)},
                                20, "both shards to be connected")
            assert len(fake.commands.get(None, [])) == synced  # B did not register the commands again

            # Two players join one lobby at the same instant, one through each process.
            lobby, ops = await _lobby(fake, cili, c1)
            joins = await asyncio.gather(fake.click(dora, lobby, ops["join"], shard=0),
                                         fake.click(ede, lobby, ops["join"], shard=1))
            for join in joins:
                join.expect_response()

            async def seated() -> bool:
                row = await _table_of(store, c1.id)
                return sorted(s.user_id for s in row.seats) == sorted([cili.id, dora.id, ede.id])

            await _until(seated, 10, "both joiners to be seated")
            (await fake.slash(cili, c1, "game", "abort")).expect_response()

            # A game in each shard's guild: a person against an AI seat.
            tables = {}
            for user, channel in ((anna, c0), (bela, c1)):
                lobby, ops = await _lobby(fake, user, channel)
                (await fake.click(user, lobby, ops["ai"])).expect_response()
                await fake.wait_for(lambda lobby=lobby: "AI 1" in lobby.content, 10, "the AI seat")
                (await fake.click(user, lobby, ops["start"])).expect_response()
                await _until(lambda ch=channel: _active(store, ch.id), 10, "the game to start")
                tables[channel.id] = (await _table_of(store, channel.id)).id
            t0, t1 = tables[c0.id], tables[c1.id]

            # Some moves in each game by DM buttons: B's table is moved by A.
            await _play_until(store, fake, rnd, users, t0, moves=4)
            await _play_until(store, fake, rnd, users, t1, moves=4)

            # The same prompt button clicked at once in the DM (process A) and on the
            # channel's prompt (process B): one click moves, the other is told it is stale.
            for _ in range(3):
                row = await store.get_table(t1)
                if _dm_prompt(fake, bela, t1, row.seq)[0] is None:  # the last answer showed it in the channel
                    await _play_until(store, fake, rnd, users, t1, moves=1, dms_only=False)
                    continue
                message, ids = _dm_prompt(fake, bela, t1, row.seq)
                # The board follows the DM prompt after the debounce: wait for its turn button.
                board = await fake.wait_for(
                    lambda: next((m for m in reversed(fake.channel_messages(c1))
                                  if f"az:t:{t1}:turn" in m.custom_ids()), None), 20, "the board's turn button")
                asked = (await fake.click(bela, board, f"az:t:{t1}:turn")).expect_response()
                ephemeral = asked.messages[-1]
                button = next((c for c in ids if c.startswith(f"az:a:{t1}:{row.seq}:")
                               and c in ephemeral.custom_ids()), None)
                if button is None:  # only select menus now: move on and try the next prompt
                    await _play_until(store, fake, rnd, users, t1, moves=1, dms_only=False)
                    continue
                clicks = await asyncio.gather(fake.click(bela, message, button), fake.click(bela, ephemeral, button))
                for click in clicks:
                    click.expect_response()
                await _until(lambda seq=row.seq: _seq_after(store, t1, seq), 10, "the move")
                await asyncio.sleep(0.5)  # the slower of the two has answered by now
                log = await store.actions(t1)
                assert [x.interaction_id for x in log if x.seq == row.seq + 1] in ([clicks[0].id], [clicks[1].id])
                stale = clicks[1] if log[row.seq].interaction_id == clicks[0].id else clicks[0]
                # Its prompt is replaced by the current one, saying why.
                await fake.wait_for(lambda stale=stale: "out of date" in stale.message.content, 10, "the stale notice")

            # B is killed owing a board of its own guild's game: A delivers it when
            # B's lease runs out, and carries its own game to the end meanwhile.
            await _until(lambda: _no_board_owed(store, t1), 20, "B's boards to go out")
            row = await store.get_table(t1)
            game = registry.get(row.game_id)
            seat = next(s for s in game.to_act(row.state) if not row.seats[s].ai)
            (await fake.slash(bela, c1, "play", options={"action": game.legal_actions(row.state, seat)[0].id})
             ).expect_response()  # B handles it: its guild
            await _until(lambda seq=row.seq: _seq_after(store, t1, seq), 10, "B's move")
            owed = (await store.get_table(t1)).seq
            await b.kill()
            assert max(board_seqs(fake, c1), default=0) < owed
            await fake.wait_for(lambda: max(board_seqs(fake, c1), default=0) >= owed, 30,
                                "A to deliver the board B left behind")
            await _play_until(store, fake, rnd, users, t0)

            # B comes back.  A board whose post outlasts B's lease (Discord answers 429 and
            # asks for a wait three leases long) is taken over by A; B's retry then carries
            # the same nonce, so the channel still shows the board once.
            await b.start()
            await _until(lambda: _no_board_owed(store, t1), 20, "B's boards to go out")
            row = await store.get_table(t1)
            seat = next(s for s in game.to_act(row.state) if not row.seats[s].ai)
            fake.rate_limit_next("POST", f"/channels/{c1.id}/messages", retry_after=3 * float(LEASE))
            (await fake.slash(bela, c1, "play", options={"action": game.legal_actions(row.state, seat)[0].id})
             ).expect_response()  # B handles it: its guild
            await fake.wait_for(lambda seq=row.seq: max(board_seqs(fake, c1), default=0) > seq, 30,
                                "the board after the long 429")
            await asyncio.sleep(3 * float(LEASE) + 1)  # past B's retry, however early A took over
            later = [seq for seq in board_seqs(fake, c1) if seq > row.seq]
            assert len(later) == len(set(later)), f"a board was posted twice: {later}"

            # B's game goes on to the end (DMs through A, the channel through B).
            await _play_until(store, fake, rnd, users, t1, dms_only=False)
            for table_id, channel in ((t0, c0), (t1, c1)):
                row = await store.get_table(table_id)
                assert row.status == "finished"
                _check_log(row, await store.actions(table_id))
                await fake.wait_for(lambda row=row, ch=channel: max(board_seqs(fake, ch), default=0) == row.seq,
                                    30, "the final board")
            # A's Prometheus endpoint counts what it did.
            figures = await asyncio.to_thread(_metrics, metrics_port)
            assert figures['asztal_interactions_total{kind="update"}'] > 10
            assert figures["asztal_first_response_seconds_count"] >= figures['asztal_interactions_total{kind="update"}']
            assert figures['asztal_rest_requests_total{outcome="ok"}'] > 10
            assert "asztal_outbox_depth" in figures and "asztal_active_tables" in figures
            for log_path in (a.log_path, b.log_path):
                assert "Traceback" not in log_path.read_text(errors="replace"), log_path.read_text()[-3000:]
        finally:
            await store.close()
            await a.stop()
            await b.stop()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _metrics(port: int) -> dict[str, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
            for line in text.splitlines() if line and not line.startswith("#")}


async def _active(store: Store, channel_id: int) -> bool:
    row = await store.table_in_channel(channel_id)
    return row is not None and row.status == "active"


async def _no_board_owed(store: Store, table_id: int) -> bool:
    return not await store.pending_outbox(table_id, "board")
