"""The Maharaja engine: wires the rule modules into the ``games.base`` protocol."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import Any

from games import rng
from games.base import Action, ActionId, Decision, Game, Msg, Option, Outcome, seat_order, seat_ref
from games.maharaja import ai, determinize, evaluate, rounds, scoring, setup_phase, turn, undo
from games.maharaja.board import CITY_IDS, VILLAGE_IDS
from games.maharaja.common import EMPTY_BOARD, char_msg, character_order, encode_board, m
from games.maharaja.data import (
    ACTION_COINS,
    HOUSES_PER_COLOUR,
    OUTER_SLOTS,
    PALACES,
    PALACES_SHORT,
    START_GOLD,
    START_HOUSES,
    TRACK_START_SPACES,
)
from games.maharaja.rounds import PLAN_MENU_ID_SETS, PLAN_MENU_IDS
from games.maharaja.schema import MaharajaState, MaharajaView, PublicView, SeatView
from games.maharaja.view import view

# The rules by decision kind (``decision_kind``: the first pending decision's
# kind, else the phase).
DECISIONS: dict[str, Decision] = {
    "choose": Decision(setup_phase.choose_legal, setup_phase.choose_apply, setup_phase.choose_ids),
    "bid": Decision(setup_phase.bid_legal, setup_phase.bid_apply, setup_phase.bid_ids),
    "place": Decision(setup_phase.place_legal, setup_phase.place_apply, setup_phase.place_ids),
    "plan": Decision(rounds.plan_legal, rounds.plan_apply, rounds.plan_ids),
    "act": Decision(turn.legal, turn.transition, turn.ids),
    "pick": Decision(turn.pick_legal, turn.pick_apply, turn.pick_ids),
    "yield": Decision(turn.yield_legal, turn.yield_apply, turn.yield_ids),
}
# ``DECISIONS`` unpacked for the engine's own dispatch (every kind has ids;
# its ``admit`` looks an id up in them, but for the planning and the turn).
_IDS: dict[str, Callable[[MaharajaState, int], list[str]]] = {
    kind: d.ids for kind, d in DECISIONS.items() if d.ids is not None}
_APPLY = {kind: d.apply for kind, d in DECISIONS.items()}
assert len(_IDS) == len(DECISIONS)
# Every legal id admitted, parsed (``admit``): a call of ``ActionId.parse``
# (through its cache) costs a few dict lookups, and the game's ids are a
# small vocabulary (only legal ids are parsed).
_PARSED: dict[str, ActionId] = {}
# By the number of players: the neutral outer palaces of the unused colours
# in every garden (< 5 players, every game: §5.0 points the basic game to
# 11.2.4), stored as -(colour + 1).
_NEUTRAL_PALACES = {n: tuple(-(col + 1) for col in range(n, 5)) for n in range(2, 6)}


class Maharaja(Game[MaharajaState, MaharajaView]):
    id = "maharaja"
    min_players = 2
    max_players = 5
    options = (
        Option("short", False, (False, True), "maharaja.option.short", "maharaja.option.short.desc"),
        Option("advanced", 0, (0, 1, 2), "maharaja.option.advanced", "maharaja.option.advanced.desc"),
    )
    state_type = MaharajaState
    public_view_type = PublicView
    seat_view_type = SeatView
    decisions = DECISIONS

    # -- lifecycle -----------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> MaharajaState:
        self.check_players(players)
        resolved = self.resolve_options(options)
        n = players
        advanced = resolved["advanced"]
        neutral = _NEUTRAL_PALACES[n]
        total = PALACES_SHORT if resolved["short"] else PALACES
        state: MaharajaState = {
            "game": self.id, "players": n, "options": {"short": resolved["short"], "advanced": advanced},
            "rng": rng.seed_state(seed), "phase": "choose", "round": 0, "end_reason": None,
            "gold": [START_GOLD] * n,
            "reserve": [START_HOUSES] * n,
            "bank_houses": [HOUSES_PER_COLOUR - START_HOUSES] * n,
            "palaces_left": [total] * n, "palace_total": total,
            "characters": [[] for _ in range(n)],
            "character_bank": list(range(1, 8 if advanced else 7)),
            "action_coins": [0] * n, "coin_bank": ACTION_COINS if advanced else 0,
            "architects": ["start"] * n, "maharaja": "start",
            "governors": {},
            "villages": {v: [] for v in VILLAGE_IDS}, "board": EMPTY_BOARD,
            "city_houses": {c: [0] * n for c in CITY_IDS},
            "gardens": {c: {"inner": None, "outer": [*neutral]} for c in CITY_IDS},
            "plans": [[] for _ in range(n)], "confirmed": [False] * n, "acting": [],
            "revealed": [False] * n,
            "acted": [False] * n, "coin_used": [False] * n,
            "turn": None, "turn_progress": None, "pending": [],
            "character_choice": None, "auction": None, "placement": None,
            "last_evaluation": None, "first_seat": 0, "opening_events": [],
        }
        order = list(CITY_IDS)
        rng.shuffle(state, order)
        state["governors"] = {c: i for i, c in enumerate(order)}
        # "the youngest player" starts: a random seat drawn from the game RNG
        first = rng.randbelow(state, n)
        state["first_seat"] = first
        state["opening_events"] = [m("event.youngest", seat=seat_ref(first))]
        if advanced:
            state["phase"] = "bid"
            state["opening_events"] += setup_phase.start_auction(state)
        else:
            state["character_choice"] = {"order": seat_order(n, first), "index": 0}
        state["acting"] = rounds.seats_to_act(state)
        return state

    def setup_events(self, state: MaharajaState) -> list[Msg]:
        """Who was drawn as "youngest" (and the opening of the bidding variant)."""
        return list(state["opening_events"])

    # The core's dispatch through ``decisions`` asks ``to_act`` and
    # ``decision_kind`` first; these run for every move, so ``to_act`` copies
    # the seats kept in the state and the others read the phase once and go
    # straight to the decision (the planning clicks, half of all moves, and
    # the acting seat's turn first).  Their lists are copied as displays
    # ([*x]: a third cheaper than a call of list or a slice).
    def to_act(self, state: MaharajaState) -> list[int]:
        try:
            return [*state["acting"]]  # kept by the transitions (``rounds.seats_to_act``)
        except KeyError:  # a state stored before it
            return rounds.seats_to_act(state)

    def is_due(self, state: MaharajaState, seat: int) -> bool:
        try:
            return seat in state["acting"]
        except KeyError:  # a state stored before it
            return seat in rounds.seats_to_act(state)

    def _due(self, state: MaharajaState, seat: int) -> str | None:
        """The kind of decision (``decision_kind``) ``seat`` is to take now,
        outside the planning; None when it is not to act."""
        phase = state["phase"]
        if phase == "act":
            pending = state["pending"]
            if pending:
                first = pending[0]
                return first["kind"] if first["seat"] == seat else None
            return phase if state["turn"] == seat else None
        if phase == "over":
            return None
        return phase if rounds.SET_UP_SEAT[phase](state) == seat else None

    def legal_ids(self, state: MaharajaState, seat: int) -> list[str]:
        phase = state["phase"]
        if phase == "plan":
            return [] if state["confirmed"][seat] else [*PLAN_MENU_IDS[len(state["plans"][seat])]]
        if phase == "act" and not state["pending"]:  # the acting seat's turn, most moves
            return turn.ids(state, seat) if state["turn"] == seat else []
        if phase == "place":
            placement = state["placement"]
            assert placement is not None
            return setup_phase.place_ids(state, seat) if placement["order"][placement["index"]] == seat else []
        kind = self._due(state, seat)
        return [] if kind is None else _IDS[kind](state, seat)

    def admit(self, state: MaharajaState, seat: int, action_id: str) -> ActionId | None:
        try:
            due = seat in state["acting"]  # (``is_due``, inline: asked at every move)
        except KeyError:  # a state stored before it
            due = self.is_due(state, seat)
        if not due:
            return None
        # the decision is the first pending, else the phase's
        phase = state["phase"]
        if phase == "plan":
            legal = action_id in PLAN_MENU_ID_SETS[len(state["plans"][seat])]
        elif pending := state["pending"]:
            legal = action_id in _IDS[pending[0]["kind"]](state, seat)
        elif phase == "act":
            legal = turn.allows(state, seat, action_id)
        elif phase == "place":
            legal = setup_phase.place_allows(state, action_id)
        else:
            legal = action_id in _IDS[phase](state, seat)
        if not legal:
            return None
        try:
            return _PARSED[action_id]
        except KeyError:  # (once per id)
            parsed = _PARSED[action_id] = ActionId.parse(action_id)
            return parsed

    def transition(self, state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
        phase = state["phase"]
        if phase == "plan":
            return rounds.plan_apply(state, seat, action)
        pending = state["pending"]
        if not pending:  # the turn and the placing keep ``acting`` themselves (``next_turn``, ``interrupt``)
            if phase == "act":
                return turn.transition(state, seat, action)
            if phase == "place":
                return setup_phase.place_apply(state, seat, action)
        # a choice of characters, a bid or the answer to an interruption: the seats to act read afresh
        events = _APPLY[pending[0]["kind"] if pending else phase](state, seat, action)
        state["acting"] = rounds.seats_to_act(state)
        return events

    def is_over(self, state: MaharajaState) -> bool:
        return state["phase"] == "over"

    # -- what players see -------------------------------------------------------------
    def prompt(self, state: MaharajaState, seat: int) -> Msg:
        if seat not in self.to_act(state):
            return m("prompt.over") if self.is_over(state) else m("prompt.wait")
        phase = state["phase"]
        if phase == "choose":
            return m("prompt.choose")
        if phase == "bid":
            auction = state["auction"]
            assert auction is not None
            if auction["chooser"] is not None:
                return m("prompt.choose")
            if auction["leader"] is not None:
                return m("prompt.bid", gold=max(auction["high_bid"], 0))
            return m("prompt.bid_open")
        if phase == "place":
            placement = state["placement"]
            assert placement is not None
            return m("prompt.place", n=placement["index"] // state["players"] + 1, total=START_HOUSES)
        if phase == "plan":
            plan = state["plans"][seat]
            if len(plan) == 2:
                return m("prompt.confirm", a=m(f"action.{plan[0]}"), b=m(f"action.{plan[1]}"))
            return m("prompt.plan", n=len(plan) + 1)
        pending = state["pending"]
        if pending:
            first = pending[0]
            if first["kind"] == "pick":
                return m("prompt.pick")
            return m("prompt.yield", seat=seat_ref(first["recipient"]))
        progress = turn.progress(state)
        decision = progress["decision"]
        if decision is not None:
            return m(f"prompt.step.{decision['kind']}")
        if not progress["parts"]:
            return m("prompt.turn_done")
        return m("prompt.turn", parts=[m(f"part.{p}") for p in progress["parts"]])

    def view(self, state: MaharajaState, seat: int | None) -> MaharajaView:
        """The open board; gold and plans only where this audience may see
        them (see ``view``)."""
        return view(state, seat)

    def outcome(self, state: MaharajaState) -> Outcome:
        n = state["players"]
        order = scoring.final_order(state)
        scores = [scoring.palaces_built(state, s) for s in range(n)]
        details = [[m("detail.palaces", n=scores[s]), m("detail.gold", gold=state["gold"][s]),
                    m("detail.character", char=[char_msg(c) for c in sorted(state["characters"][s])])]
                   for s in range(n)]
        return Outcome(scores=scores, ranking=[[s] for s in order], details=details)

    def check_invariants(self, state: MaharajaState) -> None:
        # runs after every step of the random suites: C-level counting only
        n = state["players"]
        villages = state["villages"].values()
        assert max(map(len, villages)) <= (1 if n == 2 else 2)
        assert state.get("board", "") in ("", encode_board(state["villages"])), "board"  # absent: stored before it
        on_villages = Counter(chain.from_iterable(villages))
        in_cities = [sum(col) for col in zip(*state["city_houses"].values(), strict=True)]
        gardens = state["gardens"].values()
        palaces: Counter[int | None] = Counter(chain.from_iterable(g["outer"] for g in gardens))
        palaces.update(g["inner"] for g in gardens)
        reserve, bank, gold, left = state["reserve"], state["bank_houses"], state["gold"], state["palaces_left"]
        for s in range(n):
            assert on_villages[s] + in_cities[s] + reserve[s] + bank[s] == HOUSES_PER_COLOUR, ("houses", s)
            assert reserve[s] >= 0 and bank[s] >= 0
            assert palaces[s] + left[s] == state["palace_total"], ("palaces", s)
            assert gold[s] >= 0, ("gold", s, gold[s])
        assert max(len(g["outer"]) for g in gardens) <= OUTER_SLOTS
        held = [c for cs in state["characters"] for c in cs]
        assert sorted(held + state["character_bank"]) == list(range(1, 8 if state["options"]["advanced"] else 7))
        order = character_order(state)
        assert state.get("character_order", order) == order, "character order"  # absent: dropped (``pass_card``)
        if state["options"]["advanced"]:
            assert min(state["action_coins"]) >= 0
            assert sum(state["action_coins"]) + state["coin_bank"] == ACTION_COINS
        gov = state["governors"].values()
        assert len(set(gov)) == 7 and min(gov) >= 0 and max(gov) <= TRACK_START_SPACES + 9
        assert (state["turn"] is None) == (state["turn_progress"] is None)
        acting = rounds.seats_to_act(state)
        assert state.get("acting", acting) == acting, "acting"  # absent: stored before it

    def timed_default(self, state: MaharajaState, seat: int) -> tuple[int, str] | None:
        # a player whose character was taken (or lured) must answer mid-turn of
        # someone else: do not let the round stall
        pending = state["pending"]
        if state["phase"] == "act" and pending and pending[0]["seat"] == seat:
            legal = self.legal_actions(state, seat)
            return (120, legal[0].id) if legal else None
        return None

    def closes_undo(self, before: MaharajaState, after: MaharajaState, seat: int, action_id: str) -> bool:
        """Open unless a plan is shown, another seat's gold changes, the round
        is evaluated or the game ends (see ``undo``)."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: MaharajaView, seat: int) -> list[Msg]:
        """Gold, plan, characters, action coins and the parts still owed."""
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(view, seat, legal, rnd)

    def choose_normal_action(self, view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(view, seat, legal, rnd)

    def determinize(self, view: MaharajaView, seat: int, rnd: Any) -> MaharajaState:
        return determinize.determinize(view, seat, rnd)

    def evaluate(self, state: MaharajaState) -> list[float]:
        return evaluate.evaluate(state)
