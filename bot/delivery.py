"""The deliverer: drains the durable outbox into Discord.

Items are grouped per table and target (the board, the lobby, channel
notices, each seat's DMs); each group is delivered by one task at a time, so
a table's posts keep their order while tables and players proceed in
parallel, and a channel that fails never holds up its players' DMs.  A group
is coalesced: every pending board item of a table becomes one post of the
newest board with all their events.

What Discord confirmed leaves the outbox in the same transaction that keeps
the message id it returned; a send repeated after a crash carries the same
nonce (``enforce_nonce``), so Discord answers with the message it already has
instead of posting it twice.  Failures are classified: rate limits and
server or network errors are retried with backoff; a channel that is gone or
refuses us pauses its table (its players are told by DM) until a probe or a
gateway event shows it works again; closed DMs are remembered, hinted at
once in the channel, and retried on the player's next interaction or hourly.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import random
import socket
import time
from collections.abc import Iterable
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.compose import Post
from games.base import msg
from service import outbox
from service.outbox import BOARD, LOBBY, NOTICE, SHEET
from service.store import OutboxItem, TableRow
from service.tables import ABORTED, ACTIVE, FINISHED
from service.tables import LOBBY as LOBBY_STATUS

if TYPE_CHECKING:
    from bot.app import AsztalBot

log = logging.getLogger(__name__)

MAX_BACKOFF = 300.0
# A paused table's channel is tried again this often (gateway events try it sooner).
PROBE_INTERVAL = 600.0
# A player whose DMs refused us is tried again after this long (or on their next interaction).
DM_RETRY = 3600.0
# Items that keep failing for a reason retrying cannot mend are given up after this many tries.
MAX_ATTEMPTS = 8
# Seconds a score sheet waits before looking again whether the final board is out.
SHEET_WAIT = 0.5
# Seconds a wake-up waits for others (a commit or a finished delivery each wake the loop).
WAKE_BATCH = 0.01
# How long a burst of board items may be held back by the debounce at most.
MAX_HOLD_FACTOR = 4
# Several processes drain one outbox: a (table, target) group is delivered by
# the one holding its lease.  Longer than any one delivery with its retries;
# a process that died lets go after it.
LEASE_SECONDS = 60.0
# A group another process delivers is looked at again after this long.
ELSEWHERE_RECHECK = 1.0
# Seconds before a group whose delivery met a failing store is tried again (its items stay in the outbox).
STORE_RETRY = 2.0
# Items other processes wrote wake nobody here: the outbox is looked at at
# least this often (two cheap indexed reads).
IDLE_POLL = 2.0

PAUSE_REASONS = {50013: "missing_access", 50001: "missing_access", 10003: "channel_deleted",
                 50083: "thread_closed", 160005: "thread_closed"}


class Deliverer:
    def __init__(self, bot: AsztalBot, *, debounce: float, concurrency: int = 32,
                 lease_seconds: float = LEASE_SECONDS):
        self.bot = bot
        self.debounce = debounce
        self.lease_seconds = lease_seconds
        self._wake = asyncio.Event()
        self._groups: dict[tuple[int, str], asyncio.Task] = {}
        # This process's name in outbox leases: the same after a restart (host and
        # shards), so a process killed while it held a lease takes it back at once.
        shards = bot.config.shard_ids
        self.owner = f"{socket.gethostname()}:{'all' if shards is None else ','.join(map(str, shards))}"
        # When a group leased by another process, or met by a failing store, is looked at again.
        self._recheck_at: dict[tuple[int, str], float] = {}
        # Delivery slots, for channel posts (True) and for DMs (False).
        self._slots = {True: asyncio.Semaphore(concurrency), False: asyncio.Semaphore(concurrency)}
        # DM channels opened at once (Discord limits opening them on its own).
        self._dm_opening = asyncio.Semaphore(4)
        self._loop: asyncio.Task | None = None
        self._urgent = False  # shutting down: no debounce
        self._hurry = asyncio.Event()  # set on stop: boards held by the debounce go now
        self._stopped = False
        self._dm_ids: dict[int, int] = {}
        self._dm_closed: dict[int, float] = {}
        self.delivered = 0  # items confirmed (for tests and figures)

    # -- running ----------------------------------------------------------------
    def start(self) -> None:
        if self._loop is None:
            self._loop = asyncio.create_task(self._run(), name="outbox-deliverer")

    def wake(self) -> None:
        self._wake.set()

    async def stop(self, deadline: float) -> int:
        """Deliver what is due within ``deadline`` seconds, then stop; returns
        how many items are left for the next start.  The loop and the posting
        tasks are stopped even when the store fails meanwhile."""
        self._urgent = True
        self._hurry.set()
        self.wake()
        try:
            await self._deliver_due(deadline)
        finally:
            await self._stop_posting()
        return await self.bot.store.outbox_size()

    async def _deliver_due(self, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + deadline
        with contextlib.suppress(TimeoutError):
            while loop.time() < end:
                now = time.time()
                due = [i for i in await self.bot.store.due_outbox(now) if not self._paused_channel_item(i)]
                if not due and not self._groups:
                    break
                self.wake()
                await asyncio.sleep(0.05)

    async def _stop_posting(self) -> None:
        if self._loop is not None:
            # A flag, not cancel(): on Python 3.11 wait_for() swallows a cancel
            # that races with the wake-up this loop is always getting.
            self._stopped = True
            self.wake()
            loop_task, self._loop = self._loop, None
            await asyncio.gather(loop_task, return_exceptions=True)
        groups = list(self._groups.values())
        for task in groups:
            task.cancel()
        await asyncio.gather(*groups, return_exceptions=True)

    async def idle(self, timeout: float = 30.0, *, targets: set[str] | None = None) -> None:
        """Until nothing due is left undelivered (tests); ``targets``: only
        these (``board``, ``seat:1`` …), the rest may still coalesce."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            due = await self.bot.store.due_outbox(time.time() + self.debounce * MAX_HOLD_FACTOR + 0.01)
            due = [i for i in due if i.claim is None and not self._paused_channel_item(i)
                   and (targets is None or i.target in targets)]
            running = [key for key in self._groups if targets is None or key[1] in targets]
            if not due and not running:
                return
            self.wake()
            await asyncio.sleep(0.02)
        raise TimeoutError("the outbox did not drain")

    def _paused_channel_item(self, item: OutboxItem) -> bool:
        row = self.bot.service.cached(item.table_id)
        return row is not None and row.paused is not None and outbox.is_channel_target(item.target)

    async def _run(self) -> None:
        store = self.bot.store
        while not self._stopped:
            self._wake.clear()
            timeout = IDLE_POLL
            try:
                now = time.time()
                # One row a group: cheap however long the backlog, and no group waits
                # behind a thousand older rows.
                for key in await store.due_groups(now):
                    if key in self._groups:
                        continue
                    recheck = self._recheck_at.get(key, 0.0)
                    if recheck > now:
                        timeout = min(timeout, recheck - now)
                        continue
                    self._groups[key] = task = asyncio.create_task(self._group(key))
                    task.add_done_callback(functools.partial(self._done, key))
                upcoming = await store.next_outbox_time(now)
                if upcoming is not None:
                    timeout = min(timeout, max(0.01, upcoming - now))
            except Exception:
                log.exception("outbox: reading due items failed")
                timeout = 1.0
            if self._stopped:
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()
            # Every commit and every finished delivery wakes us: take a burst of them as one.
            await asyncio.sleep(WAKE_BATCH)

    def _done(self, key: tuple[int, str], _task: asyncio.Task[None] | None = None) -> None:
        self._groups.pop(key, None)
        self.wake()

    # -- one group --------------------------------------------------------------
    async def _group(self, key: tuple[int, str]) -> None:
        try:
            await self._leased(key)
        except Exception as error:  # the store failed: the items stay in the outbox
            log.warning("outbox: delivering %s of table %s met a store error (%s: %s); retried",
                        key[1], key[0], type(error).__name__, error)
            self._recheck_at[key] = time.time() + STORE_RETRY

    async def _leased(self, key: tuple[int, str]) -> None:
        table_id, target = key
        store = self.bot.store
        if not await store.lease_group(table_id, target, self.owner, self.lease_seconds):
            self._recheck_at[key] = time.time() + ELSEWHERE_RECHECK
            return
        self._recheck_at.pop(key, None)
        try:
            await self._leased_group(table_id, target)
        finally:
            with contextlib.suppress(Exception):  # an unreleased lease runs out by itself
                await store.release_group(table_id, target, self.owner)

    async def _leased_group(self, table_id: int, target: str) -> None:
        items = await self._due(table_id, target)
        if target == BOARD and items and not self._urgent:
            hold = self._hold(items)
            if hold > 0:
                # The debounce holds no delivery slot: a burst at one table never
                # keeps another table's posts waiting.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(hold):
                        await self._hurry.wait()
                items = await self._due(table_id, target)
        if not items:
            return
        seat = outbox.target_seat(target)
        if seat is not None:
            # Opening a DM channel may wait on its own rate limit: do it before taking
            # a slot, so the players whose channels are known are not held up.
            await self._open_dm_early(table_id, seat)
        # Channel posts and DMs have their own slots: a queue of DMs never starves the boards.
        async with self._slots[outbox.is_channel_target(target)]:
            row = await self.bot.service.table(table_id)
            items = await self._due(table_id, target)
            if row is None:
                await self.bot.store.settle_outbox([i.id for i in items])
                return
            # A frozen copy: the service replaces (never mutates) state on later moves.
            row = dataclasses.replace(row, seats=list(row.seats))
            # Items of moves this copy does not show yet wait for the next round.
            items = [i for i in items if i.seq <= row.seq]
            if not items:
                return
            try:
                await self._deliver(row, target, items)
            except Exception as error:  # classified: nothing may stop the other groups
                await self._failed(row, target, items, error)
            else:
                self.delivered += len(items)
                if row.paused is not None and outbox.is_channel_target(target):
                    await self._channel_works(row)

    async def _due(self, table_id: int, target: str) -> list[OutboxItem]:
        now = time.time()
        return [i for i in await self.bot.store.pending_outbox(table_id, target) if i.not_before <= now]

    async def _open_dm_early(self, table_id: int, seat: int) -> None:
        row = self.bot.service.cached(table_id) or await self.bot.service.table(table_id)
        user_id = _human(row, seat)
        if user_id is None:
            return
        if user_id in self._dm_ids or user_id in self._dm_closed:
            return
        async with self._dm_opening:
            with contextlib.suppress(Exception):  # the send itself meets and classifies any error
                await self._dm_channel_id(user_id)

    def _hold(self, items: list[OutboxItem]) -> float:
        """The debounce: wait for a burst of moves to end, but not for ever."""
        now = time.time()
        if not items:
            return 0.0
        newest = max(i.created_at for i in items)
        oldest = min(i.created_at for i in items)
        return max(0.0, min(newest + self.debounce, oldest + self.debounce * MAX_HOLD_FACTOR) - now)

    async def _deliver(self, row: TableRow, target: str, items: list[OutboxItem]) -> None:
        ids = [i.id for i in items]
        if target == BOARD:
            events = [e for i in items for e in i.body.get("events", [])]
            mention = {s for i in items for s in i.body.get("mention", [])}
            post = await self.bot.composer.board(row, events, mention)
            message = await self._send(row.channel_id, post, _nonce("b", items))
            await self.bot.store.settle_outbox(ids, table_id=row.id, target=BOARD, message_id=message.id)
        elif target == LOBBY:
            closing = next((i.body["closing"] for i in reversed(items) if i.body.get("closing")), None)
            message_id = await self._show_lobby(row, await self.bot.composer.lobby(row, closing), items)
            await self.bot.store.settle_outbox(ids, table_id=row.id, target=LOBBY, message_id=message_id)
        elif target == SHEET:
            if await self.bot.store.pending_outbox(row.id, BOARD):
                # The score sheet follows the final board: it waits until the board is out.
                await self.bot.store.reschedule_outbox(row.id, [SHEET], time.time() + SHEET_WAIT)
                return
            sheet = await self.bot.composer.sheet(row)
            if sheet is not None:
                await self._send(row.channel_id, sheet, _nonce("r", items))
            await self.bot.store.settle_outbox(ids)
        elif target == NOTICE:
            for item in items:
                post = await self.bot.composer.notice(row, item.body["message"], item.body.get("mention", []),
                                                      item.body.get("vote"))
                await self._send(row.channel_id, post, _nonce("n", [item]))
                await self.bot.store.settle_outbox([item.id])
        else:
            seat = outbox.target_seat(target)
            await self._send_seat(row, seat, items)

    async def _show_lobby(self, row: TableRow, post: Post, items: list[OutboxItem]) -> int | None:
        known = await self.bot.store.delivery(row.id, LOBBY)
        if known and known[0]:
            channel = self.bot.get_partial_messageable(row.channel_id)
            try:
                await channel.get_partial_message(known[0]).edit(
                    content=post.content, view=post.view, allowed_mentions=discord.AllowedMentions.none())
                return known[0]
            except discord.NotFound as error:
                if error.code != 10008:  # only a deleted lobby message is posted anew
                    raise
        if row.status != LOBBY_STATUS:
            return None  # no lobby message to close, and nothing left to join
        message = await self._send(row.channel_id, post, _nonce("l", items))
        return message.id

    async def _send_seat(self, row: TableRow, seat: int | None, items: list[OutboxItem]) -> None:
        ids = [i.id for i in items]
        user_id = _human(row, seat)
        if seat is None or user_id is None:
            await self.bot.store.settle_outbox(ids)
            return
        closed = await self._dm_closed_since(user_id)
        if closed is not None and time.time() - closed < DM_RETRY:
            # They were told to use /hand; what they would see is there.
            await self.bot.store.settle_outbox(ids)
            return
        lang = await self.bot.composer.seat_language(row, seat)
        events = [e for i in items for e in i.body.get("events", [])]
        notices = [i.body["notice"] for i in items if i.body.get("notice")]
        due = row.status == ACTIVE and seat in self.bot.service.to_act(row)
        post = await self.bot.composer.private(row, seat, lang, events, prompt_due=due, notices=notices)
        channel_id = await self._dm_channel_id(user_id)
        try:
            await self._send(channel_id, post, _nonce("s", items), private=True)
        except discord.NotFound as error:
            if error.code == 10003:  # a DM channel we remembered is gone: open a new one next time
                self._dm_ids.pop(user_id, None)
                await self.bot.store.set_dm_channel(user_id, channel_id=None, closed_at=None)
            raise
        if closed is not None:
            await self.dm_reopened(user_id)
        await self.bot.store.settle_outbox(ids)

    async def _send(self, channel_id: int, post: Post, nonce: str, *, private: bool = False) -> discord.Message:
        kind = discord.ChannelType.private if private else None
        channel = self.bot.get_partial_messageable(channel_id, type=kind)
        kwargs: dict[str, Any] = {"view": post.view} if post.view is not None else {}
        file = post.file()
        if file is not None:
            kwargs["file"] = file
        return await channel.send(post.content, allowed_mentions=post.allowed_mentions(), nonce=nonce, **kwargs)

    # -- claims -------------------------------------------------------------------
    async def settle_claim(self, claim: int, *, lobby_message_id: int | None = None) -> None:
        """The interaction ``claim`` showed its items itself."""
        items = await self.bot.store.claimed_outbox(claim)
        if not items:
            return
        if lobby_message_id is not None:
            table_id = items[0].table_id
            await self.bot.store.settle_outbox([i.id for i in items], table_id=table_id, target=LOBBY,
                                               message_id=lobby_message_id)
        else:
            await self.bot.store.settle_outbox([i.id for i in items])
        self.delivered += len(items)

    async def release_claim(self, claim: int) -> None:
        """The interaction could not show its items: deliver them the ordinary way, now."""
        await self.bot.store.release_claim(claim)
        self.wake()

    # -- DMs ----------------------------------------------------------------------
    async def _dm_channel_id(self, user_id: int) -> int:
        if user_id in self._dm_ids:
            return self._dm_ids[user_id]
        known = await self.bot.store.dm_channel(user_id)
        if known and known[0]:
            self._dm_ids[user_id] = known[0]
            return known[0]
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._dm_ids[user_id] = channel.id
        await self.bot.store.set_dm_channel(user_id, channel_id=channel.id, closed_at=None)
        return channel.id

    async def _dm_closed_since(self, user_id: int) -> float | None:
        if user_id not in self._dm_closed:
            known = await self.bot.store.dm_channel(user_id)
            if known and known[1] is not None:
                self._dm_closed[user_id] = known[1]
        return self._dm_closed.get(user_id)

    async def dm_reopened(self, user_id: int) -> None:
        """The player interacted (or a retry went through): try their DMs again."""
        if self._dm_closed.pop(user_id, None) is not None:
            await self.bot.store.set_dm_channel(user_id, channel_id=None, closed_at=None)

    def dm_closed(self, user_id: int) -> bool:
        return user_id in self._dm_closed

    async def load_closed_dms(self) -> None:
        for user_id, closed_at in await self.bot.store.closed_dms():
            self._dm_closed[user_id] = closed_at

    async def _dms_refused(self, row: TableRow, seat: int, items: list[OutboxItem]) -> None:
        user_id = row.seats[seat].user_id
        assert user_id is not None
        self._dm_closed[user_id] = time.time()
        await self.bot.store.set_dm_channel(user_id, channel_id=None, closed_at=self._dm_closed[user_id])
        await self.bot.store.settle_outbox([i.id for i in items])
        hint = f"dm_hint:{user_id}"
        if await self.bot.store.delivery(row.id, hint) is None:
            # Once per table: say so in the channel, without any content.
            await self.bot.store.set_delivery(row.id, hint, None)
            await self.bot.store.add_outbox(row.id, [outbox.notice_item(
                msg("core.turn.dm_failed", player=f"<@{user_id}>"), mention=[user_id])])

    # -- failures -------------------------------------------------------------------
    async def _failed(self, row: TableRow, target: str, items: list[OutboxItem], error: Exception) -> None:
        ids = [i.id for i in items]
        attempts = max(i.attempts for i in items) + 1
        code = getattr(error, "code", 0)
        seat = outbox.target_seat(target)
        if seat is not None and isinstance(error, discord.Forbidden) and code in (50007, 50278):
            if row.guild_id is not None and self.bot.get_guild(row.guild_id) is None:
                # We were removed from the server they shared with us: not their closed DMs.  The
                # table is paused; when we are back, its resume DM shows them where it stands.
                log.info("table %s: seat %s unreachable while we are out of the server", row.id, seat)
                await self.bot.store.settle_outbox(ids)
                return
            user_id = row.seats[seat].user_id
            if (user_id is not None and row.guild_id is not None
                    and await self.bot.is_member(row.guild_id, user_id) is False):
                # Not closed DMs: they left the server (or were kicked): the AI takes their seat.
                log.info("table %s: seat %s left the server", row.id, seat)
                await self.bot.store.settle_outbox(ids)
                await self.bot.service.member_gone(row.guild_id, user_id)
                return
            log.info("table %s: DMs of seat %s are closed", row.id, seat)
            await self._dms_refused(row, seat, items)
            return
        if outbox.is_channel_target(target) and code in PAUSE_REASONS:
            reason = PAUSE_REASONS[code]
            if code == 50001 and row.guild_id is not None and self.bot.get_guild(row.guild_id) is None:
                reason = "removed"
            await self._channel_lost(row, reason, ids)
            return
        if isinstance(error, discord.RateLimited):
            delay = error.retry_after
        elif _transient(error):
            delay = _backoff(attempts)
        else:
            if attempts >= MAX_ATTEMPTS:
                log.error("table %s: giving up %s after %d tries: %r", row.id, target, attempts, error)
                await self.bot.store.settle_outbox(ids)
                return
            delay = _backoff(attempts)
        log.warning("table %s: delivering %s failed (%s), retry in %.1fs",
                    row.id, target, _describe(error), delay, exc_info=not _expected(error))
        await self.bot.store.postpone_outbox(ids, time.time() + delay)

    async def _channel_lost(self, row: TableRow, reason: str, ids: list[int]) -> None:
        if row.status in (ABORTED, FINISHED):
            # Nobody is waiting for it any more, and the channel will not take it.
            log.info("table %s: channel lost (%s) after the game ended; dropping its posts", row.id, reason)
            await self.bot.store.settle_outbox(ids)
            return
        log.warning("table %s: channel %s lost (%s); pausing the table", row.id, row.channel_id, reason)
        await self.bot.store.postpone_outbox(ids, time.time() + PROBE_INTERVAL, count_attempt=False)
        await self.bot.service.pause(row.id, reason)

    async def _channel_works(self, row: TableRow) -> None:
        log.info("table %s: channel %s works again; resuming", row.id, row.channel_id)
        await self.bot.service.resume(row.id)
        await self.bot.store.reschedule_outbox(row.id, list(outbox.CHANNEL_TARGETS), time.time())

    async def probe_channel(self, channel_ids: Iterable[int]) -> None:
        """A gateway event says these channels may work again: try their paused tables now."""
        wanted = set(channel_ids)
        for row in await self.bot.store.paused_tables():
            if row.channel_id in wanted:
                log.info("table %s: channel %s may work again; trying it", row.id, row.channel_id)
                await self.bot.store.reschedule_outbox(row.id, list(outbox.CHANNEL_TARGETS), time.time())
                if not await self.bot.store.pending_outbox(row.id, BOARD):
                    # Nothing was waiting: the next board proves the channel works.
                    await self.bot.store.add_outbox(row.id, [outbox.Outgoing(BOARD, {"events": [], "mention": []})])
        self.wake()

    async def channel_gone(self, channel_ids: Iterable[int], reason: str) -> None:
        """Discord told us a channel (or a whole guild) is gone: pause its tables at once."""
        wanted = set(channel_ids)
        for row in await self.bot.service.open_tables():
            if row.channel_id in wanted and row.paused is None:
                log.warning("table %s: channel %s is gone (%s); pausing the table", row.id, row.channel_id, reason)
                await self.bot.service.pause(row.id, reason)


def _nonce(kind: str, items: list[OutboxItem]) -> str:
    # The same items give the same nonce, so a resend after a crash is recognised;
    # outbox ids are never reused, so no other send ever has it.
    return f"{kind}{items[0].id}.{items[-1].id}"[:25]


def _backoff(attempts: int) -> float:
    return min(MAX_BACKOFF, 2.0 ** (attempts - 1)) * random.uniform(0.8, 1.2)


def _transient(error: Exception) -> bool:
    return isinstance(error, discord.DiscordServerError | aiohttp.ClientError | OSError | TimeoutError
                      | BrokenProcessPool) or (isinstance(error, discord.HTTPException) and error.status >= 500)


def _expected(error: Exception) -> bool:
    return isinstance(error, discord.HTTPException | aiohttp.ClientError | OSError | TimeoutError)


def _describe(error: Exception) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status} code {error.code}"
    return type(error).__name__


def _human(row: TableRow | None, seat: int | None) -> int | None:
    """The user id of the person at ``seat``; None for an AI or empty seat."""
    if row is None or seat is None or seat >= len(row.seats) or row.seats[seat].ai:
        return None
    return row.seats[seat].user_id
