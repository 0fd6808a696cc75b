"""The table service: lobby, moves, AI seats and timers, frontend-agnostic.

Both the Discord bot and the offline console drive games only through
``TableService``.  It owns the rules of the *platform* (who may join, start,
abort, whose click counts); the rules of each *game* stay in its engine.  Every
request is serialised per channel, so moves in one game never interleave while
different games run concurrently.

The service is made of units, one per responsibility, over one shared
``TableCore`` (the store, the locks, the cache, the frontend's hooks:
``service.core``):

* ``service.lobby``: open, join, leave, AI seats, start, abort, pause, resume;
* ``service.play``: a seat's move, the AI's answers, the change pipeline;
* ``service.clocks``: what falls due and doing it (``service.clock`` counts);
* ``service.votes``: who votes on an absent seat, and what the vote decides;
* ``service.seats``: seats changing hands (leave, rejoin, substitute) and undo.

``TableService`` stays the one object a frontend holds, a facade whose every
name is its unit's method: the bot, the console and the tests call it in a few
hundred places, and one entry point keeps them thin (they need not know which
unit does what); a reader of a rule goes to the unit named above.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from service import core
from service.clocks import Clocks
from service.core import (
    ABORTED,
    ACTIVE,
    FINISHED,
    LOBBY,
    Amendment,
    Caller,
    TableCore,
    TableLimits,
    Update,
    human_user_ids,
)
from service.lobby import Lobby
from service.play import MAX_AI_STEPS, Play
from service.seats import CLOCK_AI, LEAVE, REJOIN, SUBSTITUTE, UNDO, Seats
from service.store import Store, TableRow
from service.thinking import Thinker
from service.votes import VOTE_CHOICES, Votes

__all__ = ["ABORTED", "ACTIVE", "CLOCK_AI", "FINISHED", "LEAVE", "LOBBY", "MAX_AI_STEPS", "REJOIN", "SUBSTITUTE",
           "UNDO", "VOTE_CHOICES", "Amendment", "Caller", "TableLimits", "TableService", "Update", "human_user_ids"]


class TableService:
    # Pure lookups, usable on the class (``TableService.engine(row)``).
    engine = staticmethod(core.engine)
    seat_of = staticmethod(core.seat_of)
    check_running = staticmethod(core.check_running)

    def __init__(self, store: Store, *, rng: random.Random | None = None, clock_scale: float = 1.0,
                 limits: TableLimits | None = None):
        self.core = TableCore(store, rng=rng, clock_scale=clock_scale, limits=limits)
        play = Play(self.core)
        seats = Seats(self.core, play)
        votes = Votes(self.core, seats)
        seats.votes = votes
        clocks = Clocks(self.core, play, seats)
        lobby = Lobby(self.core, play, seats)
        # Looking tables up: the core.
        self.lock = self.core.lock
        self.forget = self.core.forget
        self.table = self.core.table
        self.table_in_channel = self.core.table_in_channel
        self.require_table = self.core.require_table
        self.cached = self.core.cached
        self.cached_in_channel = self.core.cached_in_channel
        self.open_tables = self.core.open_tables
        self.to_act = self.core.to_act
        self.humans_to_act = self.core.humans_to_act
        # A table's life around play: service.lobby.
        self.open_table = lobby.open_table
        self.check_limits = lobby.check_limits
        self.expire_lobbies = lobby.expire_lobbies
        self.join = lobby.join
        self.leave = lobby.leave
        self.add_ai = lobby.add_ai
        self.remove_ai = lobby.remove_ai
        self.start = lobby.start
        self.abort = lobby.abort
        self.pause = lobby.pause
        self.resume = lobby.resume
        self.member_gone = lobby.member_gone
        # Moves and the AI: service.play.
        self.legal_actions = play.legal_actions
        self.play = play.play
        self.prompt_current = play.prompt_current
        self.resume_ai = play.resume_ai
        self.thinking_done = play.thinking_done
        self.stop_thinking = play.stop_thinking
        # The turn clock: service.clocks; votes on an absent seat: service.votes.
        self.clock_dues = clocks.clock_dues
        self.clock_tick = clocks.clock_tick
        self.timers = clocks.timers
        self.vote = votes.vote
        # Seats changing hands, and undo: service.seats.
        self.leave_game = seats.leave_game
        self.rejoin = seats.rejoin
        self.substitute = seats.substitute
        self.can_undo = seats.can_undo
        self.undo = seats.undo

    # The store and the frontend's hooks live in the core, shared by every unit.
    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock_scale(self) -> float:
        return self.core.clock_scale

    @clock_scale.setter
    def clock_scale(self, value: float) -> None:
        self.core.clock_scale = value

    @property
    def listener(self) -> Callable[[TableRow], None] | None:
        return self.core.listener

    @listener.setter
    def listener(self, value: Callable[[TableRow], None] | None) -> None:
        self.core.listener = value

    @property
    def membership(self) -> Callable[[int | None, int], Awaitable[bool | None]] | None:
        return self.core.membership

    @membership.setter
    def membership(self, value: Callable[[int | None, int], Awaitable[bool | None]] | None) -> None:
        self.core.membership = value

    @property
    def thinker(self) -> Thinker | None:
        return self.core.thinker

    @thinker.setter
    def thinker(self, value: Thinker | None) -> None:
        self.core.thinker = value
