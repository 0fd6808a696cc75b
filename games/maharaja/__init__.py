"""Maharaja (Wolfgang Kramer & Michael Kiesling, Phalanx 2004), 2-5 players.

Rule readings (where the rulebook is silent or the printed board is not public):

* The map is RECONSTRUCTED (``board``): 7 cities, the start, 16 roads carrying
  30 villages.  A village holds one house with two players, two otherwise.
* "The youngest player" is a seat drawn from the game's RNG at set-up.
* Outer palaces of the unused colours (fewer than 5 players) stand in every
  city from the start, in every game (§5.0 points the basic game to 11.2.4).
* Travel follows a cheapest route; where routes cost the same the traveller
  chooses whom he pays (ruling on rule 7.1).  "Travel…" is offered only when
  some destination is affordable (the monk: when a road is open).
* The payout by rank is 3 × (players + 1 − rank) gold, RECONSTRUCTED from the
  4-player row 12/9/6/3; the monopoly bonus (5) is paid apart.
* A planned part left undone costs 2 gold paid by the bank to every other player.
* Gold is hidden until the game is over (the final count compares it); a
  plan is secret until its player's turn reveals it.
"""

from games.maharaja.engine import Maharaja

maharaja = GAME = Maharaja()

__all__ = ["GAME", "Maharaja", "maharaja"]
