"""Maharaja images: the map with the governor track and players' panels
(public), and a player's own gold and plan (private).  Draws a view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.maharaja import scoring
from games.maharaja.board import (
    CITIES,
    HOMES,
    ROAD_VILLAGES,
    ROADS,
    START,
    START_XY,
    VILLAGE_XY,
    node_xy,
)
from games.maharaja.data import CHARACTER_KEYS, MONOPOLY_BONUS, TRACK_LAST, TRACK_START_SPACES
from games.maharaja.schema import MaharajaView
from render.common import (
    BORDER,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Texts,
    canvas,
    draw_text,
    font,
    panel,
    readable_on,
    seat_colour,
    wrap,
)

WIDTH = 1200
MAP_X, MAP_Y, SCALE = 30, 150, 1.14
MAP_H = int(700 * SCALE)
ROAD = (196, 170, 128)
ROAD_OPEN = (120, 92, 60)
GROUND = (236, 226, 200)
NEUTRAL_MARK = (90, 90, 90)


def _ring(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A city's ring and governor token: a pale tint of its colour, so that the
    players' saturated pieces never match a city (red player vs red Delhi)."""
    return tuple(round(c + (255 - c) * 0.58) for c in colour)  # type: ignore[return-value]


def _p(xy: tuple[int, int]) -> tuple[int, int]:
    return int(MAP_X + xy[0] * SCALE), int(MAP_Y + xy[1] * SCALE)


def _city(texts: Texts, city: str) -> str:
    return texts(f"maharaja.city.{city}")


def _char(texts: Texts, c: int) -> str:
    return texts(f"maharaja.char.{CHARACTER_KEYS[c]}")


def _palace_colour(occupant: int) -> tuple[int, int, int]:
    # neutral palaces are stored as -(colour + 1)
    return seat_colour(occupant if occupant >= 0 else -occupant - 1)


def _house(draw: ImageDraw.ImageDraw, x: int, y: int, colour, size: int = 9) -> None:
    """A little house: square body and a roof."""
    draw.rectangle((x - size, y - size // 2, x + size, y + size), fill=colour, outline=INK)
    draw.polygon([(x - size - 2, y - size // 2), (x, y - size - 5), (x + size + 2, y - size // 2)],
                 fill=colour, outline=INK)


def _pawn(draw: ImageDraw.ImageDraw, x: int, y: int, colour) -> None:
    draw.ellipse((x - 5, y - 15, x + 5, y - 5), fill=colour, outline=INK)
    draw.polygon([(x - 8, y + 8), (x, y - 7), (x + 8, y + 8)], fill=colour, outline=INK)


def _abbreviations(texts: Texts) -> dict[str, str]:
    """Shortest prefixes (3+ letters) that tell the localised city names apart."""
    names = {c: _city(texts, c) for c in CITIES}
    out = {}
    for city, name in names.items():
        size = 3
        while size < len(name) and any(o != city and n.startswith(name[:size]) for o, n in names.items()):
            size += 1
        out[city] = name[:size]
    return out


def _track(draw: ImageDraw.ImageDraw, view: MaharajaView, texts: Texts) -> None:
    x0, y0 = 20, 64
    draw_text(draw, (x0, y0 + 4), texts("maharaja.render.track"), 18, "bold")
    cell = 58
    left = x0 + 170
    gov = view["governors"]
    lowest = min(gov, key=gov.__getitem__)
    by_index = {i: c for c, i in gov.items()}
    abbr = _abbreviations(texts)
    for i in range(TRACK_LAST + 1):
        x = left + i * cell
        box = (x, y0, x + cell - 4, y0 + 72)
        numbered = i >= TRACK_START_SPACES
        fill = PANEL if numbered else (228, 218, 196)
        draw.rounded_rectangle(box, radius=6, fill=fill, outline=BORDER, width=2)
        if numbered:
            draw_text(draw, (x + 4, y0 + 2), str(i - TRACK_START_SPACES + 1), 13, "bold", fill=MUTED)
        city = by_index.get(i)
        if city:
            colour = _ring(CITIES[city][1])
            cx, cy = x + (cell - 4) // 2, y0 + 42
            draw.ellipse((cx - 21, cy - 21, cx + 21, cy + 21), fill=colour,
                         outline=HIGHLIGHT if city == lowest else INK, width=4 if city == lowest else 2)
            draw_text(draw, (cx, cy), abbr[city], 13, "condensed-bold", fill=readable_on(colour),
                      anchor="mm", max_width=40)
    draw_text(draw, (x0, y0 + 34), texts("maharaja.render.next", city=_city(texts, lowest)), 14,
              "condensed", fill=HIGHLIGHT, max_width=140)


def _map(image: Image.Image, draw: ImageDraw.ImageDraw, view: MaharajaView, texts: Texts) -> None:
    draw.rounded_rectangle((10, MAP_Y - 20, WIDTH - 10, MAP_Y + MAP_H + 20), radius=14, fill=GROUND,
                           outline=BORDER, width=2)
    villages = view["villages"]
    for r, (a, b, _) in enumerate(ROADS):
        open_road = all(villages[v] for v in ROAD_VILLAGES[r])
        draw.line([_p(node_xy(a)), _p(node_xy(b))], fill=ROAD_OPEN if open_road else ROAD,
                  width=7 if open_road else 5)
    for vid, xy in VILLAGE_XY.items():
        x, y = _p(xy)
        draw.ellipse((x - 21, y - 21, x + 21, y + 21), fill=(250, 246, 234), outline=ROAD_OPEN, width=2)
        owners = villages[vid]
        if not owners:
            draw_text(draw, (x, y), vid[1:], 15, "bold", fill=MUTED, anchor="mm")
        for i, s in enumerate(owners):
            dx = 0 if len(owners) == 1 else (-9 if i == 0 else 9)
            _house(draw, x + dx, y + 3, seat_colour(s), 7)
        if owners:  # the number on a plate above the houses, clear of the road
            draw.rounded_rectangle((x - 13, y - 33, x + 13, y - 15), radius=5, fill=(255, 255, 255),
                                   outline=ROAD_OPEN, width=1)
            draw_text(draw, (x, y - 24), vid[1:], 14, "bold", fill=INK, anchor="mm")
    # start
    sx, sy = _p(START_XY)
    draw.rounded_rectangle((sx - 34, sy - 20, sx + 34, sy + 20), radius=6, fill=(90, 70, 50), outline=INK)
    draw_text(draw, (sx, sy), texts("maharaja.start"), 13, "condensed-bold", fill=(255, 255, 255),
              anchor="mm", max_width=64)
    for city in CITIES:
        _draw_city(draw, view, texts, city)
    if view["options"].get("advanced"):
        _home_legend(draw, texts)
    # architects still at the start
    at_start = [s for s, loc in enumerate(view["architects"]) if loc == START]
    for i, s in enumerate(at_start):
        _pawn(draw, sx - 40 + i * 20, sy + 38, seat_colour(s))
    if view["maharaja"] == START:
        _maharaja(draw, sx + 48, sy - 6)


def _maharaja(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=(20, 20, 20), outline=(240, 200, 60), width=3)
    draw.polygon([(x - 9, y + 5), (x - 9, y - 5), (x - 4, y), (x, y - 9), (x + 4, y), (x + 9, y - 5),
                  (x + 9, y + 5)], fill=(240, 200, 60))


def _draw_city(draw: ImageDraw.ImageDraw, view: MaharajaView, texts: Texts, city: str) -> None:
    (cx, cy), colour = CITIES[city]
    colour = _ring(colour)
    x, y = _p((cx, cy))
    here = view["maharaja"] == city
    radius = 50
    draw.ellipse((x - radius - 6, y - radius - 6, x + radius + 6, y + radius + 6), fill=colour,
                 outline=HIGHLIGHT if here else BORDER, width=5 if here else 2)
    draw.ellipse((x - radius + 6, y - radius + 6, x + radius - 6, y + radius - 6), fill=(214, 232, 196),
                 outline=INK, width=1)
    garden = view["gardens"][city]
    # six outer palace places on a ring, the inner place (worth 3) in the middle
    ring = [(-26, -18), (0, -32), (26, -18), (26, 14), (0, 28), (-26, 14)]
    for i, (dx, dy) in enumerate(ring):
        px, py = x + dx, y + dy
        if i < len(garden["outer"]):
            occ = garden["outer"][i]
            draw.rectangle((px - 9, py - 9, px + 9, py + 9), fill=_palace_colour(occ), outline=INK, width=2)
            if occ < 0:
                draw.line((px - 8, py + 8, px + 8, py - 8), fill=NEUTRAL_MARK, width=2)
        else:
            draw.rectangle((px - 8, py - 8, px + 8, py + 8), outline=(120, 140, 100), width=1)
    inner = garden["inner"]
    if inner is not None:
        draw.rectangle((x - 14, y - 14, x + 14, y + 14), fill=seat_colour(inner), outline=INK, width=3)
        draw_text(draw, (x, y), "3", 14, "bold", fill=readable_on(seat_colour(inner)), anchor="mm")
    else:
        draw.rectangle((x - 13, y - 13, x + 13, y + 13), outline=(90, 110, 70), width=2)
        draw_text(draw, (x, y), "3", 13, "bold", fill=(90, 110, 70), anchor="mm")
    # name plate
    name = _city(texts, city)
    draw_text(draw, (x, y - radius - 18), name, 17, "bold", fill=INK, anchor="mm")
    if view["options"].get("advanced"):  # home city of a character (advanced game)
        _home_badge(draw, x - 42, y - 38, next(c for c, h in HOMES.items() if h == city))
    # houses in the city: one house icon per player with a count
    counts = [(s, n) for s, n in enumerate(view["city_houses"][city]) if n]
    bx = x - (len(counts) * 34) // 2 + 17
    for i, (s, n) in enumerate(counts):
        hx, hy = bx + i * 34, y + radius + 18
        _house(draw, hx, hy, seat_colour(s), 9)
        draw_text(draw, (hx, hy + 3), str(n), 11, "bold", fill=readable_on(seat_colour(s)), anchor="mm")
    # architects
    arch = [s for s, loc in enumerate(view["architects"]) if loc == city]
    for i, s in enumerate(arch):
        _pawn(draw, x + radius + 16 + (i // 3) * 18, y - 24 + (i % 3) * 24, seat_colour(s))
    if here:
        _maharaja(draw, x - radius - 14, y + radius - 8)


HOME_FILL = (250, 214, 110)


def _home_badge(draw: ImageDraw.ImageDraw, x: int, y: int, char: int) -> None:
    """A gold house with the number of the character whose home this is."""
    _house(draw, x, y, HOME_FILL, 11)
    draw_text(draw, (x, y + 3), str(char), 15, "bold", fill=INK, anchor="mm")


def _home_legend(draw: ImageDraw.ImageDraw, texts: Texts) -> None:
    x, y = 40, MAP_Y + MAP_H - 4
    _home_badge(draw, x, y, 1)
    text = texts("maharaja.render.homes") + ": " + ", ".join(
        f"{c} → {_city(texts, HOMES[c])}" for c in sorted(HOMES))
    draw_text(draw, (x + 20, y + 3), text, 14, "condensed", fill=INK, anchor="lm", max_width=WIDTH - 100)


def _status(view: MaharajaView, seat: int, texts: Texts) -> tuple[str, tuple[int, int, int]]:
    phase = view["phase"]
    if phase == "plan":
        return (texts("maharaja.render.planned"), (40, 140, 70)) if view["confirmed"][seat] else \
            (texts("maharaja.render.planning"), MUTED)
    if phase == "act":
        if view["turn"] == seat:
            return texts("maharaja.render.acting"), HIGHLIGHT
        if view["acted"][seat]:
            return texts("maharaja.render.done"), MUTED
    return "", MUTED


def _panels(draw: ImageDraw.ImageDraw, view: MaharajaView, texts: Texts, top: int) -> int:
    n = view["players"]
    gap = 10
    w = (WIDTH - 20 - gap * (n - 1)) // n
    h = 178
    total = view["palace_total"]
    ranks = {s: i + 1 for i, s in enumerate(scoring.final_order(view))} if view["phase"] == "over" else {}
    for s in range(n):
        x0 = 10 + s * (w + gap)
        colour = seat_colour(s)
        panel(draw, (x0, top, x0 + w, top + h), outline=colour, width=3)
        draw.rounded_rectangle((x0, top, x0 + w, top + 30), radius=10, fill=colour)
        rank = ranks.get(s)
        draw_text(draw, (x0 + 10, top + 5), texts.name(s) if rank is None else f"{rank}. {texts.name(s)}", 17,
                  "bold", fill=readable_on(colour), max_width=w - 20)
        y = top + 36
        chars = ", ".join(_char(texts, c) for c in sorted(view["characters"][s])) or "—"
        draw_text(draw, (x0 + 10, y), chars, 15, "condensed-bold", max_width=w - 20)
        y += 22
        on_board = sum(o.count(s) for o in view["villages"].values()) + \
            sum(view["city_houses"][c][s] for c in CITIES)
        built = total - view["palaces_left"][s]
        lines = [texts("maharaja.render.palaces", built=built, total=total),
                 *([texts("maharaja.render.gold", gold=view["gold"][s])] if s in ranks else []),
                 texts("maharaja.render.houses", n=on_board),
                 texts("maharaja.render.reserve", n=view["reserve"][s], b=view["bank_houses"][s])]
        if view["options"].get("advanced"):
            lines.append(texts("maharaja.render.coins", n=view["action_coins"][s]))
        for line in lines:
            draw_text(draw, (x0 + 10, y), line, 14, "condensed", max_width=w - 20)
            y += 18
        status, scol = _status(view, s, texts)
        plan = view["plans"][s]
        if plan and len(plan) == 2 and view["revealed"][s]:
            text = texts("maharaja.render.plan", a=texts(f"maharaja.action.{plan[0]}"),
                         b=texts(f"maharaja.action.{plan[1]}"))
            for line in wrap(draw, text, w - 20, font(13, "condensed"))[:2]:
                draw_text(draw, (x0 + 10, y), line, 13, "condensed", fill=INK)
                y += 16
        if status:
            draw_text(draw, (x0 + w - 10, top + h - 22), status, 14, "condensed-bold", fill=scol, anchor="ra")
    return top + h


def _result(view: MaharajaView, texts: Texts) -> list[tuple[str, int]]:
    """The final ranking and the tiebreaks that decided it: (line, seat)."""
    order = scoring.final_order(view)
    built = {s: scoring.palaces_built(view, s) for s in order}
    gold = view["gold"]
    lines = [(texts("maharaja.render.result"), -1)]
    ranks = [texts("maharaja.render.rank_line", rank=i + 1, seat=texts.name(s), palaces=built[s], gold=gold[s])
             for i, s in enumerate(order)]
    lines.append(("  ·  ".join(ranks), -1))
    for a, b in zip(order, order[1:], strict=False):
        if built[a] == built[b]:
            key = "tie_gold" if gold[a] != gold[b] else "tie_char"
            lines.append((texts(f"maharaja.render.{key}", a=texts.name(a), b=texts.name(b)), -1))
    return lines


def board(view: MaharajaView, texts: Texts) -> Image.Image:
    n = view["players"]
    phase = view["phase"]
    result = _result(view, texts) if phase == "over" else []
    height = MAP_Y + MAP_H + 30 + 178 + 48 + 24 * len(result) + (10 if result else 0)
    image, draw = canvas(WIDTH, height)
    if phase in ("choose", "bid", "place"):
        title = texts("maharaja.render.setup")
    elif phase == "over":
        winner = scoring.final_order(view)[0]
        title = texts("maharaja.render.over") + " — " + texts("maharaja.render.winner", seat=texts.name(winner))
    else:
        title = texts("maharaja.render.round", n=view["round"])
    draw_text(draw, (20, 14), f"{texts('maharaja.name')} — {title}", 28, "bold")
    bank = ", ".join(_char(texts, c) for c in sorted(view["character_bank"])) or "—"
    draw_text(draw, (WIDTH - 20, 20), texts("maharaja.render.bank", chars=bank), 16, "condensed",
              anchor="ra", max_width=560)
    _track(draw, view, texts)
    _map(image, draw, view, texts)
    bottom = _panels(draw, view, texts, MAP_Y + MAP_H + 30)
    last = view["last_evaluation"]
    if last:
        mono = last.get("monopoly")
        parts = [texts("maharaja.render.eval_mono", seat=texts.name(s), points=last["points"][s],
                       gold=last["gold"][s] - MONOPOLY_BONUS, bonus=MONOPOLY_BONUS) if s == mono else
                 texts("maharaja.render.eval_line", seat=texts.name(s), points=last["points"][s], gold=last["gold"][s])
                 for s in range(n) if last["points"][s] or last["gold"][s]]
        text = texts("maharaja.render.last_eval", city=_city(texts, last["city"])) + ": " + " · ".join(parts)
        draw_text(draw, (20, bottom + 12), text, 16, "condensed", max_width=WIDTH - 40)
    if result:
        y = bottom + 44
        winner = scoring.final_order(view)[0]
        draw.rounded_rectangle((10, y - 6, WIDTH - 10, y + 24 * len(result) + 4), radius=10, fill=PANEL,
                               outline=seat_colour(winner), width=3)
        for i, (line, _s) in enumerate(result):
            draw_text(draw, (22, y + i * 24), line, 17 if i == 1 else 15, "bold" if i == 1 else "condensed",
                      fill=INK, max_width=WIDTH - 44)
    return image


def private(view: MaharajaView, seat: int, texts: Texts) -> Image.Image:
    image, draw = canvas(720, 300)
    colour = seat_colour(seat)
    draw.rounded_rectangle((0, 0, 720, 48), radius=0, fill=colour)
    draw_text(draw, (20, 10), texts("maharaja.render.private_title", seat=texts.name(seat)), 22, "bold",
              fill=readable_on(colour), max_width=680)
    gold = view["gold"][seat]
    draw_text(draw, (20, 64), texts("maharaja.render.gold", gold=gold), 34, "bold")
    y = 116
    plan = view["plans"][seat]
    if plan:
        names = [texts(f"maharaja.action.{a}") for a in plan] + ["…"] * (2 - len(plan))
        text = f"{texts('maharaja.render.your_plan')}: {names[0]} + {names[1]}"
    else:
        text = texts("maharaja.render.no_plan")
    draw_text(draw, (20, y), text, 22, "regular", max_width=680)
    y += 38
    progress = view["turn_progress"]
    if progress and view["turn"] == seat and progress["parts"]:
        parts = ", ".join(texts(f"maharaja.part.{p}") for p in progress["parts"])
        for line in wrap(draw, texts("maharaja.render.todo", parts=parts), 680, font(18))[:2]:
            draw_text(draw, (20, y), line, 18, fill=HIGHLIGHT)
            y += 24
    y = max(y + 6, 200)
    for c in sorted(view["characters"][seat]):
        key = CHARACTER_KEYS[c]
        line = f"{_char(texts, c)}: {texts(f'maharaja.charinfo.{key}')}"
        draw_text(draw, (20, y), line, 18, "condensed", max_width=680)
        y += 24
    if view["options"].get("advanced"):
        draw_text(draw, (700, 70), texts("maharaja.render.coins", n=view["action_coins"][seat]), 18, "condensed",
                  anchor="ra")
    return image
