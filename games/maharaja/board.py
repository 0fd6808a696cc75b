"""The Maharaja map as data, shared by the rules and the renderer.

RECONSTRUCTED: the printed board is not public.  This map keeps everything the
rulebook states -- one start location, 7 cities in their own colours (each with
a palace garden and a governor token), 30 villages on roads that join cities
and the start, 1 or 2 villages on a road -- and is a planar "square antiprism":
every city and the start has exactly 4 roads, so 16 roads carry the 30 villages
(14 roads with 2, 2 roads with 1).  About 20 roads would need city degrees
above 4, which the brief forbids, so 16 is the closest faithful choice.

Coordinates are map units on a 1000 x 700 field (x right, y down).
"""

from __future__ import annotations

START = "start"

# city id -> (x, y), drawing colour
CITIES: dict[str, tuple[tuple[int, int], tuple[int, int, int]]] = {
    "jodhpur": ((120, 110), (70, 130, 200)),    # blue city
    "delhi": ((880, 105), (200, 60, 60)),       # red
    "varanasi": ((890, 600), (235, 150, 40)),   # saffron
    "udaipur": ((115, 595), (245, 245, 245)),   # white
    "agra": ((500, 215), (150, 90, 55)),        # brown
    "lucknow": ((730, 360), (40, 140, 90)),     # green
    "jaipur": ((270, 365), (225, 120, 160)),    # pink
}
CITY_IDS: tuple[str, ...] = tuple(CITIES)
START_XY = (500, 470)

# roads: (end a, end b, number of villages)
ROADS: tuple[tuple[str, str, int], ...] = (
    ("jodhpur", "delhi", 2),
    ("delhi", "varanasi", 2),
    ("varanasi", "udaipur", 2),
    ("udaipur", "jodhpur", 2),
    ("agra", "lucknow", 1),
    ("lucknow", START, 2),
    (START, "jaipur", 2),
    ("jaipur", "agra", 1),
    ("agra", "jodhpur", 2),
    ("agra", "delhi", 2),
    ("lucknow", "delhi", 2),
    ("lucknow", "varanasi", 2),
    (START, "varanasi", 2),
    (START, "udaipur", 2),
    ("jaipur", "udaipur", 2),
    ("jaipur", "jodhpur", 2),
)

# Each character's home city (advanced game, "Otthon").
HOMES: dict[int, str] = {
    1: "agra", 2: "delhi", 3: "varanasi", 4: "lucknow", 5: "jaipur", 6: "udaipur", 7: "jodhpur",
}


def node_xy(node: str) -> tuple[int, int]:
    return START_XY if node == START else CITIES[node][0]


def _villages() -> tuple[dict[str, tuple[int, int]], list[list[str]], dict[str, int]]:
    xy: dict[str, tuple[int, int]] = {}
    on_road: list[list[str]] = []
    road_of: dict[str, int] = {}
    number = 0
    for r, (a, b, count) in enumerate(ROADS):
        (ax, ay), (bx, by) = node_xy(a), node_xy(b)
        ids = []
        for k in range(count):
            number += 1
            t = (k + 1) / (count + 1)
            vid = f"v{number}"
            xy[vid] = (round(ax + (bx - ax) * t), round(ay + (by - ay) * t))
            road_of[vid] = r
            ids.append(vid)
        on_road.append(ids)
    return xy, on_road, road_of


VILLAGE_XY, ROAD_VILLAGES, ROAD_OF = _villages()
VILLAGE_IDS: tuple[str, ...] = tuple(VILLAGE_XY)
NODES: tuple[str, ...] = (START, *CITY_IDS)

# adjacency: node -> [(other node, road index)]
ADJ: dict[str, list[tuple[str, int]]] = {n: [] for n in NODES}
for _r, (_a, _b, _c) in enumerate(ROADS):
    ADJ[_a].append((_b, _r))
    ADJ[_b].append((_a, _r))

assert len(VILLAGE_IDS) == 30 and len(CITY_IDS) == 7
assert all(2 <= len(ADJ[c]) <= 4 for c in CITY_IDS)
