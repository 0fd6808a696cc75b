"""The map of Hermagor — RECONSTRUCTED.

The printed map is not public.  This one keeps every stated fact: Hermagor in
the centre, 32 villages each selling one of the 8 goods (4 villages a good),
roads costing 2–5, regions enclosed by 3–6 villages (the four small regions
next to Hermagor by 3 villages), each region with 1–3 production buildings
and/or a nobility flag, the main road through 8 villages and Hermagor, and
three duchies separated by rivers.  It is laid out so that the rulebook's
movement example can be rebuilt: Hermagor → v1 (3) → v2 (5) reaches the
amulet village v2, which closes the flagged region next to Hermagor
(v1, v2, v3) and the region v2–v11–v10 with cemetery, weapon smith and
corn field.

Coordinates are map units (about 860 × 900) for the renderer.
"""

from __future__ import annotations

HERMAGOR = "h"

# node id -> (x, y, good sold there); Hermagor sells nothing.
NODES = {
    "h": (430, 450, None),
    "v1": (430, 299, "corn"),
    "v2": (527, 343, "amulet"),
    "v3": (565, 450, "egg"),
    "v4": (518, 557, "blessing"),
    "v5": (430, 601, "weapon"),
    "v6": (342, 557, "salt"),
    "v7": (295, 450, "relic"),
    "v8": (333, 343, "book"),
    "v9": (430, 142, "book"),
    "v10": (574, 183, "corn"),
    "v11": (674, 296, "egg"),
    "v12": (705, 450, "blessing"),
    "v13": (643, 604, "amulet"),
    "v14": (542, 717, "salt"),
    "v15": (430, 758, "relic"),
    "v16": (318, 717, "weapon"),
    "v17": (217, 604, "book"),
    "v18": (155, 450, "corn"),
    "v19": (186, 296, "egg"),
    "v20": (286, 183, "blessing"),
    "v21": (540, 23, "amulet"),
    "v22": (724, 137, "salt"),
    "v23": (819, 335, "relic"),
    "v24": (782, 565, "weapon"),
    "v25": (649, 763, "book"),
    "v26": (502, 877, "corn"),
    "v27": (358, 877, "egg"),
    "v28": (211, 763, "blessing"),
    "v29": (78, 565, "amulet"),
    "v30": (41, 335, "salt"),
    "v31": (136, 137, "relic"),
    "v32": (320, 23, "weapon"),
}
ROADS = [
    ("h", "v1", 3), ("h", "v3", 4), ("h", "v5", 4), ("h", "v7", 3), ("v1", "v2", 5),
    ("v2", "v3", 4), ("v3", "v4", 3), ("v4", "v5", 4), ("v5", "v6", 2), ("v6", "v7", 5),
    ("v7", "v8", 3), ("v8", "v1", 4), ("v1", "v9", 3), ("v2", "v10", 2), ("v2", "v11", 4),
    ("v3", "v12", 3), ("v4", "v13", 5), ("v4", "v14", 2), ("v5", "v15", 3), ("v6", "v16", 4),
    ("v6", "v17", 2), ("v7", "v18", 5), ("v8", "v19", 3), ("v8", "v20", 4), ("v9", "v10", 3),
    ("v10", "v11", 2), ("v11", "v12", 4), ("v12", "v13", 3), ("v13", "v14", 5),
    ("v14", "v15", 2), ("v15", "v16", 3), ("v16", "v17", 4), ("v17", "v18", 2),
    ("v18", "v19", 5), ("v19", "v20", 3), ("v20", "v9", 4), ("v9", "v21", 3), ("v10", "v22", 2),
    ("v12", "v24", 4), ("v13", "v25", 3), ("v15", "v27", 5), ("v16", "v28", 2),
    ("v18", "v30", 3), ("v19", "v31", 4), ("v21", "v22", 2), ("v22", "v23", 5),
    ("v23", "v24", 3), ("v24", "v25", 4), ("v25", "v26", 3), ("v26", "v27", 2),
    ("v27", "v28", 4), ("v28", "v29", 3), ("v29", "v30", 5), ("v30", "v31", 2),
    ("v31", "v32", 3), ("v32", "v21", 4),
]

VILLAGES: tuple[str, ...] = tuple(n for n in NODES if n != HERMAGOR)
GOOD_OF: dict[str, str] = {v: good for v, (_x, _y, good) in NODES.items() if good is not None}

# Regions: boundary villages in drawing order (Hermagor, never holding a post,
# is a corner of the first four), production buildings (by good), flag.
REGIONS: list[dict] = [
    {"v": ["v1", "v2", "v3"], "h": True, "b": [], "flag": True},
    {"v": ["v3", "v4", "v5"], "h": True, "b": ["salt"], "flag": True},
    {"v": ["v5", "v6", "v7"], "h": True, "b": [], "flag": True},
    {"v": ["v7", "v8", "v1"], "h": True, "b": ["book"], "flag": True},
    {"v": ["v1", "v2", "v10", "v9"], "b": ["blessing", "egg"], "flag": False},
    {"v": ["v2", "v11", "v10"], "b": ["relic", "weapon", "corn"], "flag": False},
    {"v": ["v2", "v3", "v12", "v11"], "b": ["amulet", "salt"], "flag": False},
    {"v": ["v3", "v4", "v13", "v12"], "b": ["book", "corn"], "flag": False},
    {"v": ["v4", "v14", "v13"], "b": ["egg"], "flag": True},
    {"v": ["v4", "v5", "v15", "v14"], "b": ["relic", "amulet"], "flag": False},
    {"v": ["v5", "v6", "v16", "v15"], "b": ["salt", "blessing"], "flag": False},
    {"v": ["v6", "v17", "v16"], "b": ["corn"], "flag": True},
    {"v": ["v6", "v7", "v18", "v17"], "b": ["weapon", "book"], "flag": False},
    {"v": ["v7", "v8", "v19", "v18"], "b": ["amulet", "egg"], "flag": False},
    {"v": ["v8", "v20", "v19"], "b": ["blessing"], "flag": True},
    {"v": ["v8", "v1", "v9", "v20"], "b": ["relic", "salt"], "flag": False},
    {"v": ["v9", "v10", "v22", "v21"], "b": ["corn", "weapon"], "flag": False},
    {"v": ["v10", "v11", "v12", "v24", "v23", "v22"], "b": ["amulet", "book", "relic"], "flag": False},
    {"v": ["v12", "v13", "v25", "v24"], "b": ["egg", "blessing"], "flag": False},
    {"v": ["v13", "v14", "v15", "v27", "v26", "v25"], "b": ["salt", "weapon", "corn"], "flag": True},
    {"v": ["v15", "v16", "v28", "v27"], "b": ["book", "amulet"], "flag": False},
    {"v": ["v16", "v17", "v18", "v30", "v29", "v28"], "b": ["egg", "relic", "blessing"], "flag": False},
    {"v": ["v18", "v19", "v31", "v30"], "b": ["weapon", "corn"], "flag": False},
    {"v": ["v19", "v20", "v9", "v21", "v32", "v31"], "b": ["book", "salt", "amulet"], "flag": False},
]

# village -> indices of the regions it borders
REGIONS_OF: dict[str, tuple[int, ...]] = {
    v: tuple(i for i, r in enumerate(REGIONS) if v in r["v"]) for v in VILLAGES
}

# The main road: 8 villages and Hermagor, north coast to south coast.
MAIN_ROAD_PATH: tuple[str, ...] = ("v22", "v21", "v9", "v1", "h", "v5", "v15", "v27", "v28")
MAIN_ROAD: frozenset[str] = frozenset(MAIN_ROAD_PATH) - {HERMAGOR}

# Three duchies, separated by rivers running from Hermagor to the coast.
DUCHIES: tuple[tuple[str, ...], ...] = (
    ("v1", "v2", "v3", "v9", "v10", "v11", "v12", "v21", "v22", "v23", "v32"),
    ("v4", "v5", "v13", "v14", "v15", "v16", "v24", "v25", "v26", "v27"),
    ("v6", "v7", "v8", "v17", "v18", "v19", "v20", "v28", "v29", "v30", "v31"),
)
DUCHY_OF: dict[str, int] = {v: d for d, vs in enumerate(DUCHIES) for v in vs}
# River polylines (map units) for the renderer, Hermagor outward.
RIVERS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((453, 460), (550, 507), (615, 523), (681, 530), (751, 499), (825, 450)),
    ((421, 476), (384, 590), (332, 641), (265, 668), (268, 748), (285, 833)),
    ((420, 424), (376, 311), (361, 233), (355, 152), (384, 78), (430, 8)),
)


def _shortest() -> dict[str, dict[str, int]]:
    """All-pairs cheapest route costs (Floyd–Warshall once at import: 33 nodes,
    so every move lookup during play is a dict access)."""
    inf = 10**6
    nodes = list(NODES)
    dist = {a: {b: (0 if a == b else inf) for b in nodes} for a in nodes}
    for a, b, c in ROADS:
        dist[a][b] = dist[b][a] = min(dist[a][b], c)
    for k in nodes:
        dk = dist[k]
        for i in nodes:
            di = dist[i]
            dik = di[k]
            if dik == inf:
                continue
            for j in nodes:
                if dik + dk[j] < di[j]:
                    di[j] = dik + dk[j]
    return dist


DIST: dict[str, dict[str, int]] = _shortest()


def label(village: str) -> str:
    """The number painted next to a village on the map ("12" for v12)."""
    return village[1:] if village != HERMAGOR else "H"
