"""The 120 cards of Anno 1701: The Card Game, as data.

RECONSTRUCTED DATA.  The rulebook (Hungarian edition, seed 002) names every
building, action card and voyage-card type and gives a few numbers; the cards
themselves are not public, so this deck is designed to fit the text:

* Sources quoted from the rulebook: 120 cards; per player a 17-card settlement
  (4 explorers, 2 village centres, summary, 7 landscapes — forest, pasture,
  field, 2 clay pits, 2 mines, one pit and one mine empty, the others with 1
  good —, 2 warehouses, the ship at state II, 6 gold in the centres, 2 unhappy
  citizens); 3 eras × 2 piles × 9 cards; citizen costs settler 2 food + 2 cloth,
  citizen 2 food + 2 rum + 1 tobacco, merchant 2 food + 2 rum + 2 tobacco;
  cannon foundry 1 brick + 1 wood + 1 tools; chapel/school/church give 1/2/3
  gold when built; sails/cannons/money sacks are 1 or 2 on a building (the
  examples "1 + 2 sails" and "1 + 1 + 2 cannons"); action-card texts (page 15).
* Choices (marked "choice" below): the split of the remaining 32 cards into
  17 citizen cards (8 settlers, 5 citizens, 4 merchants — enough for one player
  to reach 7 glory points as 4 settlers + 3 citizens, and for both to compete)
  and 15 voyage cards; die numbers; building costs (1–5 goods, rising by era);
  which buildings carry sails, cannons and money sacks.  The rulebook names no
  building with sails or money sacks, so two extra building types carry them:
  the sailmaker (sails) and the market place / trading house (money sacks).
  The guild hall also carries one money sack.  Unhappy citizens shown by a
  centre: 4 gold → 0, 3 → 1, 2 → 2, 1 → 3, riot → 4 (so 3 + 3 gold at the
  start shows the rulebook's 2 unhappy citizens).
"""

from __future__ import annotations

from dataclasses import dataclass, field

GOODS = ("wood", "cloth", "food", "brick", "tools")
LUXURY = ("rum", "tobacco")
GOLD_MAX = 8          # rulebook: at most 8 gold in the two centres
CENTRE_MAX = 4        # each centre card has four gold sides
GOODS_MAX = 3         # a landscape card shows 0–3 goods
LUX_MAX = 3           # a warehouse holds 0–3
SHIP_MAX = 4          # ship states I–IV; 0 = wrecked (face down)
SLOTS = 16            # two above and two below each of the four citizens
HAND_LIMIT = 3
UNHAPPY = {4: 0, 3: 1, 2: 2, 1: 3, 0: 4}   # choice, see docstring
LEVELS = ("explorer", "settler", "citizen", "merchant")
CITIZEN_COST = {      # rulebook, page 8
    "settler": {"food": 2, "cloth": 2},
    "citizen": {"food": 2, "rum": 2, "tobacco": 1},
    "merchant": {"food": 2, "rum": 2, "tobacco": 2},
}
HARMFUL = frozenset({"poisoner", "agitator", "spy", "pickpocket"})


@dataclass(frozen=True)
class Card:
    id: int
    type: str                 # catalogue key suffix: card.<type>
    kind: str                 # base | citizen | building | action | voyage
    era: int = 0              # 1–3 for era cards
    owner: int = -1           # base cards: seat 0 lion, seat 1 dragon
    good: str = ""            # landscape / booster good ("any" for guild hall)
    die: int = 0              # die number (landscape, ship, triggered building)
    start: int = 0            # landscape goods at the start
    guard: int = -1           # landscape above/below this centre (riot blocks it)
    cost: tuple[tuple[str, int], ...] = ()
    sails: int = 0
    cannons: int = 0
    sacks: int = 0
    happy: int = 0
    build_gold: int = 0
    # voyage cards
    power: int = -1           # pirate cannons; -1 = "?" (the opponent's cannons)
    win: tuple[tuple[str, int], ...] = ()
    lose: int = 0
    offer: tuple[tuple[str, int], ...] = field(default=())   # good, price in gold


def _c(**kw) -> dict:
    return kw


# --- building types (cost, die, symbols) -----------------------------------
# Costs are choices unless noted; boosters cost 2 goods, era III buildings 4–5.
B = {
    "lumberjack": _c(good="wood", cost=(("brick", 1), ("tools", 1))),
    "sheepfarm": _c(good="cloth", cost=(("wood", 1), ("brick", 1))),
    "farm": _c(good="food", cost=(("wood", 1), ("brick", 1))),
    "brickworks": _c(good="brick", cost=(("wood", 1), ("tools", 1))),
    "smelter": _c(good="tools", cost=(("wood", 1), ("brick", 1))),
    "guildhall": _c(good="any", sacks=1, cost=(("brick", 2), ("cloth", 1), ("tools", 1))),
    "chapel": _c(happy=1, build_gold=1, cost=(("wood", 1), ("brick", 1))),        # +1 gold: rulebook
    "school": _c(happy=1, build_gold=2, cost=(("brick", 2), ("wood", 1), ("cloth", 1))),  # +2: rulebook
    "church": _c(happy=1, build_gold=3, cost=(("brick", 3), ("wood", 1), ("tools", 1))),  # +3: rulebook
    "theatre": _c(happy=1, cost=(("brick", 2), ("cloth", 2), ("wood", 1))),
    "landing": _c(cost=(("wood", 2), ("brick", 1))),
    "firestation": _c(cost=(("brick", 1), ("wood", 2), ("tools", 1))),
    "lodge": _c(cost=(("brick", 1), ("wood", 1), ("cloth", 1), ("tools", 1))),
    "shipyard": _c(cost=(("wood", 2), ("tools", 2), ("brick", 1))),
    "foundry": _c(cannons=1, cost=(("brick", 1), ("wood", 1), ("tools", 1))),   # cost: rulebook
    "foundry2": _c(cannons=2, cost=(("brick", 2), ("wood", 1), ("tools", 2))),
    "sailmaker": _c(sails=1, cost=(("wood", 1), ("cloth", 2))),
    "sailmaker2": _c(sails=2, cost=(("wood", 2), ("cloth", 2), ("tools", 1))),
    "market": _c(sacks=1, cost=(("wood", 1), ("food", 1), ("cloth", 1))),
    "tradinghouse": _c(sacks=2, cost=(("brick", 2), ("wood", 1), ("cloth", 1))),
}
ACTIONS = ("bishop", "inventor", "poisoner", "captain", "commander", "agitator", "spy", "pickpocket")
TRIGGERED = frozenset({"guildhall", "landing", "lodge"})   # die-triggered functions used as actions

# Era piles (choice): (type, die) per card, 18 per era = 2 piles × 9.
# Die numbers spread so that every face triggers something for someone.
ERA_CARDS: dict[int, list[tuple[str, int]]] = {
    1: [("lumberjack", 1), ("lumberjack", 4), ("sheepfarm", 2), ("sheepfarm", 5),
        ("farm", 3), ("farm", 6), ("brickworks", 4), ("smelter", 2),
        ("chapel", 0), ("chapel", 0), ("sailmaker", 0), ("foundry", 0), ("market", 0),
        ("inventor", 0), ("inventor", 0), ("pickpocket", 0), ("captain", 0), ("agitator", 0)],
    2: [("school", 0), ("school", 0), ("firestation", 0), ("firestation", 0),
        ("landing", 3), ("landing", 5), ("guildhall", 1), ("foundry", 0), ("foundry", 0),
        ("sailmaker", 0), ("lodge", 6), ("brickworks", 1), ("smelter", 5),
        ("commander", 0), ("spy", 0), ("agitator", 0), ("inventor", 0), ("captain", 0)],
    3: [("church", 0), ("church", 0), ("theatre", 0), ("theatre", 0),
        ("shipyard", 0), ("shipyard", 0), ("guildhall", 4), ("lodge", 2),
        ("sailmaker2", 0), ("foundry2", 0), ("tradinghouse", 0), ("tradinghouse", 0),
        ("bishop", 0), ("bishop", 0), ("poisoner", 0), ("poisoner", 0), ("commander", 0), ("spy", 0)],
}

# Settlement layouts (choice of die numbers; the forest on 2 follows the
# rulebook's example).  (type, good, die, start goods, guarding centre)
LAYOUTS = {
    0: [("forest", "wood", 2, 1, 0), ("field", "food", 1, 1, 0), ("pasture", "cloth", 4, 1, 1),
        ("claypit", "brick", 3, 1, 1), ("claypit", "brick", 6, 0, -1),
        ("mine", "tools", 5, 1, -1), ("mine", "tools", 1, 0, -1)],
    1: [("forest", "wood", 2, 1, 0), ("field", "food", 6, 1, 0), ("pasture", "cloth", 3, 1, 1),
        ("claypit", "brick", 4, 1, 1), ("claypit", "brick", 1, 0, -1),
        ("mine", "tools", 5, 1, -1), ("mine", "tools", 3, 0, -1)],
}
SHIP_DIE = {0: 6, 1: 4}

# Voyage cards (choice of values within the rulebook's ranges: pirates win
# 1–2 gold or a luxury good, lose 1–2 ship states; traders sell at 1–3 gold).
VOYAGE = [
    _c(type="tribute", power=1, win=(("gold", 1),), lose=1),
    _c(type="tribute", power=2, win=(("gold", 2),), lose=1),
    _c(type="tribute", power=-1, win=(("rum", 1),), lose=2),
    _c(type="siege", power=1, win=(("tobacco", 1),), lose=1),
    _c(type="siege", power=3, win=(("gold", 2),), lose=2),
    _c(type="freetrader", offer=(("rum", 1), ("tobacco", 2))),
    _c(type="freetrader", offer=(("rum", 2), ("tobacco", 1), ("wood", 1))),
    _c(type="freetrader", offer=(("rum", 2), ("tobacco", 2), ("food", 1))),
    _c(type="freetrader", offer=(("rum", 1), ("tobacco", 3), ("cloth", 1))),
    _c(type="foreign", offer=(("tobacco", 1), ("cloth", 2))),
    _c(type="foreign", offer=(("rum", 1), ("tools", 2))),
    _c(type="cliffs", lose=1),
    _c(type="tornado", lose=2),
    _c(type="flotsam"),
    _c(type="shipwrecked", win=(("gold", 1),)),
]
# Flotsam by die (choice): (ship change, gold change)
FLOTSAM = {1: (-2, 0), 2: (-1, 0), 3: (-1, 1), 4: (0, 1), 5: (0, 2), 6: (1, 2)}

CITIZEN_COUNTS = {"settler": 8, "citizen": 5, "merchant": 4}


def _build() -> list[Card]:
    cards: list[Card] = []

    def add(**kw) -> int:
        cards.append(Card(id=len(cards), **kw))
        return len(cards) - 1

    for seat in (0, 1):
        for _ in range(4):
            add(type="explorer", kind="base", owner=seat)
        add(type="centre", kind="base", owner=seat)
        add(type="centre", kind="base", owner=seat)
        add(type="summary", kind="base", owner=seat)
        for typ, good, die, start, guard in LAYOUTS[seat]:
            add(type=typ, kind="base", owner=seat, good=good, die=die, start=start, guard=guard)
        add(type="warehouse_rum", kind="base", owner=seat, good="rum")
        add(type="warehouse_tobacco", kind="base", owner=seat, good="tobacco")
        add(type="ship", kind="base", owner=seat, die=SHIP_DIE[seat])
    for era, entries in ERA_CARDS.items():
        for typ, die in entries:
            if typ in ACTIONS:
                add(type=typ, kind="action", era=era)
            else:
                spec = dict(B[typ])
                add(type=typ, kind="building", era=era, die=die, **spec)
    for level, count in CITIZEN_COUNTS.items():
        for _ in range(count):
            add(type=level, kind="citizen", cost=tuple(CITIZEN_COST[level].items()))
    for spec in VOYAGE:
        add(kind="voyage", **spec)
    return cards


CARDS: list[Card] = _build()
assert len(CARDS) == 120, len(CARDS)

BASE_IDS = {s: [c.id for c in CARDS if c.kind == "base" and c.owner == s] for s in (0, 1)}
EXPLORER_IDS = {s: [c.id for c in CARDS if c.type == "explorer" and c.owner == s] for s in (0, 1)}
LAND_IDS = {s: [c.id for c in CARDS if c.owner == s and c.good in GOODS] for s in (0, 1)}
SHIP_ID = {s: next(c.id for c in CARDS if c.owner == s and c.type == "ship") for s in (0, 1)}
ERA_IDS = {e: [c.id for c in CARDS if c.era == e] for e in (1, 2, 3)}
CITIZEN_IDS = {lv: [c.id for c in CARDS if c.type == lv and c.kind == "citizen"] for lv in CITIZEN_COUNTS}
VOYAGE_IDS = [c.id for c in CARDS if c.kind == "voyage"]
BUILDING_TYPES = tuple(B)
