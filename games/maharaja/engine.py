"""The Maharaja engine: wires the rule modules into the ``games.base`` protocol."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import Any

from games import rng
from games.base import (
    Action,
    ActionId,
    Decision,
    Game,
    Msg,
    Option,
    Outcome,
    menu_labels,
    seat_order,
    seat_ref,
)
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
from games.maharaja.schema import MaharajaState, MaharajaView, PublicView, SeatView
from games.maharaja.view import view

Apply = Callable[[MaharajaState, int, ActionId], list[Msg]]

# The rules by decision kind (``decision_kind``: the first pending decision's
# kind, else the phase).
def _then_seats_to_act(apply: Apply) -> Apply:
    """A decision's rules, then the seats to act read afresh (a choice of
    characters, a bid or the answer to an interruption; the planning, the
    turn and the placing keep ``acting`` themselves)."""

    def transition(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
        events = apply(state, seat, action)
        state["acting"] = rounds.seats_to_act(state)
        return events

    return transition


def _by_text(allows: Callable[[MaharajaState, int, str], bool]) -> Callable[[MaharajaState, int, ActionId], bool]:
    def allows_action(state: MaharajaState, seat: int, action: ActionId) -> bool:
        return allows(state, seat, str(action))

    return allows_action


DECISIONS: dict[str, Decision] = {
    "choose": Decision(setup_phase.choose_ids, _then_seats_to_act(setup_phase.choose_apply),
                       menu_labels(setup_phase.choose_legal)),
    "bid": Decision(setup_phase.bid_ids, _then_seats_to_act(setup_phase.bid_apply), menu_labels(setup_phase.bid_legal)),
    "place": Decision(setup_phase.place_ids, setup_phase.place_apply, menu_labels(setup_phase.place_legal),
                      _by_text(lambda state, seat, action_id: setup_phase.place_allows(state, action_id))),
    "plan": Decision(rounds.plan_ids, rounds.plan_apply, menu_labels(rounds.plan_legal)),
    "act": Decision(turn.ids, turn.transition, menu_labels(turn.legal), _by_text(turn.allows)),
    "pick": Decision(turn.pick_ids, _then_seats_to_act(turn.pick_apply), menu_labels(turn.pick_legal)),
    "yield": Decision(turn.yield_ids, _then_seats_to_act(turn.yield_apply), menu_labels(turn.yield_legal)),
}
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

    def to_act(self, state: MaharajaState) -> list[int]:
        return [*state["acting"]]  # kept by the transitions (``rounds.seats_to_act``)

    def upgrade_state(self, state: dict[str, Any]) -> MaharajaState:
        if "acting" not in state:  # stored before the seats to act were kept
            state["acting"] = rounds.seats_to_act(state)  # type: ignore[arg-type]
        return state  # type: ignore[return-value]

    def decision_for(self, state: MaharajaState, seat: int) -> str | None:
        phase = state["phase"]
        if phase == "plan":
            return None if state["confirmed"][seat] else phase
        if phase == "act":
            pending = state["pending"]
            if pending:
                first = pending[0]
                return first["kind"] if first["seat"] == seat else None
            return phase if state["turn"] == seat else None
        if phase == "over":
            return None
        return phase if rounds.SET_UP_SEAT[phase](state) == seat else None

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
