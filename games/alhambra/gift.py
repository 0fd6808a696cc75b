"""The 2-player game (rulebook: "Game for two players"): after every
purchase the buyer keeps the building or gives it to the neutral
"imaginary third player": the pending decision "gift".  Ids: ``keep``,
``gift``."""

from __future__ import annotations

from games.alhambra.common import building_msg, m
from games.alhambra.schema import AlhambraState
from games.alhambra.turn import after_buy
from games.base import Action, ActionId, Msg, seat_ref

GIFT_IDS = ("keep", "gift")
_STYLES = {"keep": "primary", "gift": "secondary"}


def gift_ids(state: AlhambraState, seat: int) -> list[str]:
    """Either choice is always open."""
    return list(GIFT_IDS)


def gift_labels(state: AlhambraState, seat: int, ids: list[str]) -> list[Action]:
    building = state["pending"][0]["building"]
    return [Action(text, m("label." + text, building=building_msg(building)), "gift", _STYLES[text]) for text in ids]


def apply_gift(state: AlhambraState, seat: int, action: ActionId) -> list[Msg]:
    decision = state["pending"].pop(0)
    building = decision["building"]
    events: list[Msg] = []
    if action.head == "gift":
        neutral = state["neutral"]
        assert neutral is not None
        neutral.append(building)
        events.append(m("ev.gift", seat=seat_ref(seat), building=building_msg(building)))
    else:
        state["built"][seat].append(building)
    # an exact payment earns the extra action even when the building is given away
    return after_buy(state, seat, decision["exact"], events)
