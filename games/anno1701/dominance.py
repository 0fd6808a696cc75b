"""Trade dominance (money sacks) and sea dominance (cannons).

First to 3 symbols takes the token; after that only a strict majority holds
it, and a tie sets it aside until someone is ahead again.
"""

from __future__ import annotations

from games.base import msg, seat_ref

from .settlement import P, symbol

TOKENS = (("trade", "sacks"), ("sea", "cannons"))


def update(state: dict) -> list:
    events = []
    for token, attr in TOKENS:
        a, b = (symbol(state["p"][s], attr) for s in (0, 1))
        holder = state[token]
        if not state[token + "_claimed"]:
            new = 0 if a >= 3 and a > b else 1 if b >= 3 and b > a else None
            if new is not None:
                state[token + "_claimed"] = True
        else:
            new = 0 if a > b else 1 if b > a else None
        if new != holder:
            state[token] = new
            if new is None:
                events.append(msg(P + "ev.token_aside", token=msg(P + "token." + token)))
            else:
                events.append(msg(P + "ev.token_taken", seat=seat_ref(new), token=msg(P + "token." + token)))
    return events
