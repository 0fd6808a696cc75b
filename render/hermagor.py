"""Hermagor: the map, the market with its stall/space labels, the price
table, the nobility track and player panels; privately money and tiles."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.hermagor import board as hmap
from games.hermagor import market, scoring
from games.hermagor.data import END_VALUE, GOODS, NOBILITY, PROD_SLOTS, tile_goods, tile_number
from render.common import (
    BORDER,
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
)

W, H = 1300, 1030
GOOD_COLOURS = {
    "corn": (236, 196, 52), "amulet": (150, 92, 196), "weapon": (128, 128, 138),
    "egg": (226, 104, 48), "salt": (240, 240, 236), "book": (150, 100, 60),
    "blessing": (110, 172, 232), "relic": (56, 120, 80),
}
SHARED_COLOUR = (64, 64, 70)  # dark grey: apart from the five seat colours
LAND, WATER, ROAD, MAIN = (214, 226, 180), (96, 150, 210), (140, 120, 90), (170, 60, 40)
MAP_X, MAP_Y, SCALE = 20, 52, 0.76


def _colour(view: dict, c: int) -> tuple[int, int, int]:
    return SHARED_COLOUR if c >= view["players"] else seat_colour(c)


def _p(node: str) -> tuple[float, float]:
    x, y, _ = hmap.NODES[node]
    return MAP_X + x * SCALE, MAP_Y + y * SCALE


def _mp(x: float, y: float) -> tuple[float, float]:
    return MAP_X + x * SCALE, MAP_Y + y * SCALE


def board(view: dict[str, Any], texts: Texts) -> Image.Image:
    image, draw = canvas(W, H)
    _header(draw, view, texts)
    _map(draw, view, texts)
    _market(draw, view, texts)
    _prices(draw, view, texts)
    _panels(draw, view, texts)
    if view["phase"] == "over":
        _result(draw, view, texts)
    return image


def _result(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    """The final result over the (then empty) market: winner, each player's
    money with its final income, discs on the price table, and the tiebreak."""
    out = scoring.outcome(view)
    ranking = out.ranking
    x0, y0, x1 = MK_X - 8, MK_Y - 6, W - 12
    rows = len(out.scores)
    ties = [g for g in _money_groups(view, ranking) if len(g) > 1]
    y1 = y0 + 62 + rows * 46 + len(ties) * 40 + 10
    winners = ranking[0]
    panel(draw, (x0, y0, x1, y1), outline=seat_colour(winners[0]) if len(winners) == 1 else INK,
          width=4)
    if len(winners) == 1:
        title = texts("hermagor.ui.winner", seat={"seat": winners[0]})
    else:
        title = texts("hermagor.ui.winners", names=", ".join(texts.name(s) for s in winners))
    draw_text(draw, (x0 + 14, y0 + 12), title, 26, "bold",
              fill=INK, max_width=x1 - x0 - 28)
    y = y0 + 56
    rank = 1
    final = view.get("final_income") or [None] * rows
    for group in ranking:
        for seat in group:
            draw.rectangle((x0 + 14, y + 3, x0 + 30, y + 19), fill=seat_colour(seat), outline=INK)
            draw_text(draw, (x0 + 38, y), texts("hermagor.ui.result_row", rank=rank, seat={"seat": seat},
                                                 amount=out.scores[seat],
                                                 discs=scoring.discs_on_table(view, seat)),
                      17, "bold" if seat in winners else "regular", max_width=x1 - x0 - 52)
            d = final[seat]
            if d is not None:
                road = d["main_road"] if d["road_paid"] == d["main_road"] else d["road_paid"]
                draw_text(draw, (x0 + 38, y + 21),
                          texts("hermagor.ui.result_detail", prod=d["production"], posts=d["posts"],
                                road=f"{road:+d}" if road else "0"),
                          14, fill=MUTED, max_width=x1 - x0 - 52)
            y += 46
        rank += len(group)
    for group in ties:
        draw_text(draw, (x0 + 14, y + 4), _tie_text(view, group, texts), 15, "condensed-bold",
                  fill=(110, 50, 130), max_width=x1 - x0 - 28)
        y += 40


def _money_groups(view: dict, ranking: list[list[int]]) -> list[list[int]]:
    """Seats in ranking order, grouped by equal money."""
    groups: list[list[int]] = []
    for group in ranking:
        for seat in group:
            if groups and view["money"][groups[-1][0]] == view["money"][seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
    return groups


def _tie_text(view: dict, group: list[int], texts: Texts) -> str:
    """How the rulebook's tiebreak settled a group with equal money: the first
    of the group wins by discs, else by the nobility track, else nobody."""
    first, second = group[0], group[1]
    amount = view["money"][first]
    d1, d2 = scoring.discs_on_table(view, first), scoring.discs_on_table(view, second)
    if d1 != d2:
        return texts("hermagor.ui.tie_discs", amount=amount, seat={"seat": first})
    if scoring.nobility_reach(view, first) != scoring.nobility_reach(view, second):
        return texts("hermagor.ui.tie_nobility", amount=amount, discs=d1, seat={"seat": first})
    tied = [s for s in group if scoring.discs_on_table(view, s) == d1
            and scoring.nobility_reach(view, s) == scoring.nobility_reach(view, first)]
    return texts("hermagor.ui.tie_shared", names=", ".join(texts.name(s) for s in tied))


def _header(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    title = f"{texts('hermagor.name')} — {texts('hermagor.ui.round', round=max(1, view['round']))}"
    width = draw_text(draw, (20, 12), title, 24, "bold")
    if view.get("action_tile"):  # this round's action tile, turned up
        x = 20 + width + 16
        label = texts("hermagor.ui.action_tile")
        lw = draw_text(draw, (x, 17), label, 16, fill=MUTED)
        tx = x + lw + 8
        draw.rounded_rectangle((tx, 10, tx + 34, 40), radius=5, fill=(250, 244, 228), outline=INK,
                               width=2)
        draw.text((tx + 17, 25), str(view["action_tile"]), font=font(20, "bold"), fill=INK, anchor="mm")
    right = [texts("hermagor.ui.actions_left", n=view["action_tiles_left"]),
             texts("hermagor.ui.bag", n=view["bag_size"])]
    if view["phase"] == "over":
        right.append(texts("hermagor.ui.over"))
    else:
        seat = view["pending"][0]["seat"] if view["pending"] else view["turn"]
        right.append(texts("hermagor.ui.turn", seat={"seat": seat}))
    draw_text(draw, (W - 20, 16), "   ·   ".join(right), 17, anchor="ra")


# -- map ------------------------------------------------------------------------
def _map(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    coast = [_p(f"v{i}") for i in range(21, 33)]
    cx, cy = _p(hmap.HERMAGOR)
    grown = [(cx + (x - cx) * 1.09, cy + (y - cy) * 1.07) for x, y in coast]
    draw.polygon(grown, fill=LAND, outline=(120, 140, 100))
    for river in hmap.RIVERS:
        draw.line([_mp(x, y) for x, y in river], fill=WATER, width=5, joint="curve")
    main = set(zip(hmap.MAIN_ROAD_PATH, hmap.MAIN_ROAD_PATH[1:], strict=False))
    for a, b, _cost in hmap.ROADS:
        is_main = (a, b) in main or (b, a) in main
        draw.line([_p(a), _p(b)], fill=MAIN if is_main else ROAD, width=5 if is_main else 2)
    for a, b, cost in hmap.ROADS:
        (x1, y1), (x2, y2) = _p(a), _p(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        draw.ellipse((mx - 8, my - 8, mx + 8, my + 8), fill=(255, 250, 235), outline=ROAD)
        draw.text((mx, my), str(cost), font=font(12, "bold"), fill=INK, anchor="mm")
    for i, (rx, ry) in enumerate(_marker_spots(view["players"])):
        _region_marker(draw, rx, ry, hmap.REGIONS[i], i + 1)
    hx, hy = _p(hmap.HERMAGOR)
    draw.rectangle((hx - 17, hy - 17, hx + 17, hy + 17), fill=(120, 60, 50), outline=INK, width=2)
    draw.text((hx, hy), "H", font=font(18, "bold"), fill=(255, 255, 255), anchor="mm")
    for v in hmap.VILLAGES:
        _village(draw, view, v)
    _merchants(draw, view)
    _legend(draw, texts)


MARK_ITEM, MARK_BADGE = 15, 20  # width of a building/flag icon, of the number badge


def _marker_size(region: dict) -> tuple[float, float]:
    items = len(region["b"]) + (1 if region["flag"] else 0)
    return MARK_BADGE + items * MARK_ITEM + 6, 24


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


_SPOTS: dict[int, list[tuple[float, float]]] = {}


def _marker_spots(players: int) -> list[tuple[float, float]]:
    """Centre of each region's marker: near the region's centre, clear of the
    villages, of the rows of trading posts under them (as many as there are
    colours), of the road costs and of the other markers."""
    if players in _SPOTS:
        return _SPOTS[players]
    k = players + (1 if players == 2 else 0)
    blocked = []
    for v in hmap.VILLAGES:
        x, y = _p(v)
        half = max(16, k * 11 / 2 + 2)
        blocked.append((x - 17, y - 17, x + 17, y + 17))
        blocked.append((x - half, y + 15, x + half, y + 30))
    for a, b, _cost in hmap.ROADS:
        (x1, y1), (x2, y2) = _p(a), _p(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        blocked.append((mx - 9, my - 9, mx + 9, my + 9))
    hx, hy = _p(hmap.HERMAGOR)
    blocked.append((hx - 19, hy - 19, hx + 19, hy + 19))
    spots = []
    for region in hmap.REGIONS:
        pts = [_p(v) for v in region["v"]] + ([(hx, hy)] if region.get("h") else [])
        rx = sum(p[0] for p in pts) / len(pts)
        ry = sum(p[1] for p in pts) / len(pts)
        if region.get("h"):  # small regions: pull the marker off Hermagor
            rx, ry = rx + (rx - hx) * 0.25, ry + (ry - hy) * 0.25
        w, h = _marker_size(region)
        near = [o for o in blocked if o[0] < rx + 110 and o[2] > rx - 110
                and o[1] < ry + 80 and o[3] > ry - 80]
        best = None
        for dy in range(-40, 41, 3):
            for dx in range(-40, 41, 3):
                x, y = rx + dx, ry + dy
                box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                cost = sum(_overlap(box, o) for o in near) * 100 + dx * dx + dy * dy
                if best is None or cost < best[0]:
                    best = (cost, x, y)
        assert best is not None
        _, x, y = best
        spots.append((x, y))
        blocked.append((x - w / 2 - 2, y - h / 2 - 2, x + w / 2 + 2, y + h / 2 + 2))
    _SPOTS[players] = spots
    return spots


def _region_marker(draw: ImageDraw.ImageDraw, x: float, y: float, region: dict, number: int) -> None:
    """A plate: the region's number in a badge, then its production buildings
    (factories with a saw-tooth roof and a chimney, unlike the trading posts'
    houses) and its nobility flag."""
    items = list(region["b"]) + (["flag"] if region["flag"] else [])
    w, h = _marker_size(region)
    x0, y0 = x - w / 2, y - h / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=6, fill=(246, 242, 222),
                           outline=(120, 140, 100))
    draw.ellipse((x0 + 3, y - 9, x0 + 21, y + 9), fill=(60, 80, 50))
    draw.text((x0 + 12, y), str(number), font=font(12, "bold"), fill=(255, 255, 255), anchor="mm")
    bx = x0 + MARK_BADGE + 3
    for item in items:
        if item == "flag":
            draw.line((bx + 3, y - 8, bx + 3, y + 8), fill=INK, width=2)
            draw.polygon([(bx + 4, y - 8), (bx + 13, y - 4), (bx + 4, y)], fill=(200, 30, 40))
        else:
            _factory(draw, bx, y, GOOD_COLOURS[item])
        bx += MARK_ITEM


def _factory(draw: ImageDraw.ImageDraw, bx: float, y: float, colour) -> None:
    """A production building: chimney, body with a saw-tooth roof."""
    draw.rectangle((bx + 9, y - 9, bx + 12, y - 2), fill=INK)
    draw.polygon([(bx, y + 8), (bx, y - 3), (bx + 4, y - 7), (bx + 4, y - 3),
                  (bx + 8, y - 7), (bx + 8, y - 3), (bx + 13, y - 3), (bx + 13, y + 8)],
                 fill=colour, outline=INK)


def _house(draw: ImageDraw.ImageDraw, px: float, py: float, colour) -> None:
    """A trading post: a small house with a pitched roof."""
    draw.rectangle((px, py + 3, px + 9, py + 10), fill=colour, outline=INK)
    draw.polygon([(px - 1, py + 3), (px + 4.5, py - 1), (px + 10, py + 3)], fill=colour, outline=INK)


def _village(draw: ImageDraw.ImageDraw, view: dict, v: str) -> None:
    x, y = _p(v)
    good = hmap.GOOD_OF[v]
    r = 15
    ring = MAIN if v in hmap.MAIN_ROAD else INK
    draw.ellipse((x - r, y - r, x + r, y + r), fill=GOOD_COLOURS[good], outline=ring,
                 width=3 if v in hmap.MAIN_ROAD else 2)
    draw.text((x, y), hmap.label(v), font=font(13, "bold"), fill=readable_on(GOOD_COLOURS[good]),
              anchor="mm")
    posts = view["village_posts"][v]
    for k, c in enumerate(posts):
        # houses in a row under the village
        px = x - (len(posts) * 11) / 2 + k * 11
        py = y + r + 2
        _house(draw, px, py, _colour(view, c))


def _merchants(draw: ImageDraw.ImageDraw, view: dict) -> None:
    by_place: dict[str, list[int]] = {}
    for seat, node in enumerate(view["merchants"]):
        by_place.setdefault(node, []).append(seat)
    for node, seats in by_place.items():
        x, y = _p(node)
        for k, seat in enumerate(seats):
            mx = x + 17 + k * 9
            my = y - 20
            draw.ellipse((mx - 6, my - 6, mx + 6, my + 6), fill=seat_colour(seat), outline=INK, width=2)
            draw.rectangle((mx - 4, my + 4, mx + 4, my + 12), fill=seat_colour(seat), outline=INK)


def _legend(draw: ImageDraw.ImageDraw, texts: Texts) -> None:
    x, y = 20, 760
    for i, good in enumerate(GOODS):
        gx = x + (i % 4) * 165
        gy = y + (i // 4) * 22
        draw.ellipse((gx, gy, gx + 16, gy + 16), fill=GOOD_COLOURS[good], outline=INK)
        draw_text(draw, (gx + 22, gy), texts(f"hermagor.good.{good}"), 15, max_width=138)
    gy = y + 46
    draw.line((x, gy + 8, x + 30, gy + 8), fill=MAIN, width=5)
    draw_text(draw, (x + 38, gy), texts("hermagor.ui.main_road"), 15)
    draw.line((x + 180, gy + 8, x + 210, gy + 8), fill=WATER, width=5)
    draw_text(draw, (x + 218, gy), texts("hermagor.ui.river"), 15)
    gy += 24  # what the small pictures on the map are
    _house(draw, x + 8, gy + 2, seat_colour(0))
    draw_text(draw, (x + 26, gy), texts("hermagor.ui.legend_post"), 15, max_width=180)
    _factory(draw, x + 212, gy + 8, (236, 236, 236))
    draw_text(draw, (x + 232, gy), texts("hermagor.ui.legend_building"), 15, max_width=220)
    draw.line((x + 463, gy, x + 463, gy + 16), fill=INK, width=2)
    draw.polygon([(x + 464, gy), (x + 473, gy + 4), (x + 464, gy + 8)], fill=(200, 30, 40))
    draw_text(draw, (x + 480, gy), texts("hermagor.ui.legend_flag"), 15, max_width=180)
    # duchy names in the empty corners next to their part of the map
    for d, (lx, ly, anchor) in enumerate(((688, 58, "ra"), (688, 708, "ra"), (20, 708, "la"))):
        draw_text(draw, (lx, ly), texts(f"hermagor.duchy.{d}"), 15, "condensed-bold",
                  fill=(60, 90, 140), max_width=190, anchor=anchor)


# -- market ---------------------------------------------------------------------
MK_X, MK_Y, SW, SH, G = 712, 54, 112, 48, 36


def _cell_box(fr: int, fc: int) -> tuple[float, float, float, float]:
    """Pixel box of a fine-grid cell: stalls are SW × SH, lines G thick."""
    def span(i: int, big: int, origin: int) -> tuple[float, float]:
        start = origin + (i // 2) * (big + G) + (big if i % 2 else 0)
        return start, start + (G if i % 2 else big)
    x0, x1 = span(fc, SW, MK_X)
    y0, y1 = span(fr, SH, MK_Y)
    return x0, y0, x1, y1


def _market(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    n = view["players"]
    rows = market.active_rows(n)
    active = set(market.active_spaces(n))
    x1 = _cell_box(0, 6)[2]
    y1 = _cell_box(8, 0)[3]
    panel(draw, (MK_X - 8, MK_Y - 6, int(x1) + 8, int(y1) + 6), fill=(236, 226, 204))
    for stall in range(market.ROWS * market.COLS):
        r, c = market.stall_pos(stall)
        box = _cell_box(2 * r, 2 * c)
        if r not in rows:
            draw.rounded_rectangle(box, radius=6, fill=(222, 214, 196))
            continue
        _stall(draw, view, stall, box, texts)
    for space, (fr, fc, cost) in market.SPACES.items():
        bx0, by0, bx1, by1 = _cell_box(fr, fc)
        cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
        if space not in active:
            continue
        who = view["space_buyers"][space]
        rad = 16
        fill = _colour(view, who) if who is not None else (255, 250, 238)
        draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=fill, outline=INK, width=1)
        ink = readable_on(fill)
        draw.text((cx, cy - 5), str(space), font=font(13, "bold"), fill=ink, anchor="mm")
        draw.text((cx, cy + 8), f"{cost}$", font=font(10, "condensed"), fill=ink, anchor="mm")


def _stall(draw: ImageDraw.ImageDraw, view: dict, stall: int, box, texts: Texts) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=6, fill=PANEL, outline=BORDER, width=2)
    draw.text((x0 + 6, y0 + 3), market.stall_label(stall), font=font(16, "bold"), fill=INK)
    tile = view["stalls"][stall]
    if tile is not None:
        _tile(draw, (x0 + 26, y0 + 5, x1 - 6, y1 - 5), tile, texts)
    who = view["stall_buyers"][stall]
    if who is not None:
        draw.ellipse((x0 + 4, y1 - 22, x0 + 22, y1 - 4), fill=_colour(view, who), outline=INK, width=2)


def _tile(draw: ImageDraw.ImageDraw, box, tile: str, texts: Texts) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=4, fill=(250, 244, 228), outline=INK)
    if tile[0] != "g":
        name = texts(f"hermagor.tile.{tile}")
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), name, 12, "condensed-bold",
                  max_width=int(x1 - x0 - 4), anchor="mm")
        return
    goods = tile_goods(tile)
    draw.text((x0 + 4, y0 + 2), str(tile_number(tile)), font=font(12, "bold"), fill=INK)
    size = 18
    gx = x0 + 26
    for good in goods:
        draw.ellipse((gx, (y0 + y1) / 2 - size / 2, gx + size, (y0 + y1) / 2 + size / 2),
                     fill=GOOD_COLOURS[good], outline=INK)
        gx += size + 4
    if len(goods) == 1:  # the arrow of a single tile: its price may rise
        ax, ay = gx + 6, (y0 + y1) / 2
        draw.polygon([(ax - 6, ay + 4), (ax, ay - 7), (ax + 6, ay + 4)], fill=(200, 40, 40))


# -- price table and nobility -------------------------------------------------------
PT_X, PT_Y = 704, 568


def _prices(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    n = view["players"]
    row_h = 25
    panel(draw, (PT_X, PT_Y - 28, W - 12, PT_Y + 8 * row_h + 82))
    draw_text(draw, (PT_X + 10, PT_Y - 24), texts("hermagor.ui.prices"), 16, "bold")
    px = PT_X + 150  # price columns 5..10
    sx = PT_X + 400  # production slots
    for p in range(5, 11):
        x = px + (p - 5) * 38
        draw.text((x + 16, PT_Y - 14), str(p), font=font(13, "bold"), fill=INK, anchor="mm")
    for k, value in enumerate(PROD_SLOTS):
        draw.text((sx + k * 40 + 16, PT_Y - 14), str(value), font=font(13, "bold"),
                  fill=(40, 130, 60), anchor="mm")
    for i, good in enumerate(GOODS):
        y = PT_Y + i * row_h
        draw.ellipse((PT_X + 8, y + 4, PT_X + 24, y + 20), fill=GOOD_COLOURS[good], outline=INK)
        draw_text(draw, (PT_X + 30, y + 3), texts(f"hermagor.good.{good}"), 14, max_width=112)
        price = view["prices"][good]
        for p in range(5, 11):
            x = px + (p - 5) * 38
            on = p == price
            draw.rectangle((x, y + 2, x + 32, y + 22), fill=(60, 50, 40) if on else (250, 246, 236),
                           outline=BORDER)
            draw.text((x + 16, y + 12), str(END_VALUE[p]), font=font(11, "bold" if on else "regular"),
                      fill=(255, 210, 200) if on else (190, 40, 40), anchor="mm")
        slots = view["production"][good]
        usable = 2 if price <= 5 else 3 if price == 6 else 4
        for k in range(4):
            x = sx + k * 40
            unused = n == 2 and k in (1, 3)
            covered = k >= usable
            fill = (200, 194, 180) if covered or unused else (236, 248, 232)
            draw.rectangle((x, y + 2, x + 32, y + 22), fill=fill, outline=BORDER)
            c = slots[k]
            if c is not None:
                draw.ellipse((x + 7, y + 3, x + 25, y + 21), fill=_colour(view, c), outline=INK, width=2)
            elif covered:
                draw.line((x + 4, y + 12, x + 28, y + 12), fill=MUTED, width=2)
    y = PT_Y + 8 * row_h + 12
    draw_text(draw, (PT_X + 10, y + 10), texts("hermagor.ui.nobility"), 16, "bold")
    for k, value in enumerate(NOBILITY):
        x = PT_X + 150 + k * 52
        draw.rectangle((x, y, x + 46, y + 44), fill=(246, 236, 250), outline=BORDER)
        draw.text((x + 23, y + 10), str(value), font=font(14, "bold"), fill=(110, 50, 130), anchor="mm")
        c = view["nobility"][k]
        if c is not None:
            draw.ellipse((x + 13, y + 20, x + 33, y + 40), fill=_colour(view, c), outline=INK, width=2)


# -- player panels --------------------------------------------------------------------
def _panels(draw: ImageDraw.ImageDraw, view: dict, texts: Texts) -> None:
    n = view["players"]
    top = 852
    width = (W - 24 - (n - 1) * 8) // n
    for seat in range(n):
        x0 = 12 + seat * (width + 8)
        box = (x0, top, x0 + width, H - 10)
        panel(draw, box, outline=seat_colour(seat), width=3)
        draw.rectangle((x0 + 3, top + 3, x0 + width - 3, top + 26), fill=seat_colour(seat))
        name = texts.name(seat)
        if seat == view["start_player"]:
            name = f"★ {name}"
        draw_text(draw, (x0 + 8, top + 5), name, 16, "bold", fill=readable_on(seat_colour(seat)),
                  max_width=width - 16)
        money = view["money"][seat]
        stats = [texts("hermagor.ui.posts", n=view["posts_in_hand"][seat]),
                 texts("hermagor.ui.discs", n=view["disc_supply"][seat])]
        if view["phase"] in ("buy", "tax"):
            stats.append(texts("hermagor.ui.buyers", n=view["buyers"][seat]))
        if n == 2:
            stats.append(texts("hermagor.ui.shared_left", n=view["shared_posts"][seat]))
        if money is not None:
            stats.append(f"{money}$")
        draw_text(draw, (x0 + 8, top + 32), "  ·  ".join(stats), 14, max_width=width - 16)
        merchant = view["merchants"][seat]
        draw_text(draw, (x0 + 8, top + 52), "⌂ " + hmap.label(merchant), 14, fill=MUTED)
        tx, ty = x0 + 8, top + 74
        for tile in view["front_tiles"][seat]:
            tw = 96
            if tx + tw > x0 + width - 4:
                tx, ty = x0 + 8, ty + 36
            _tile(draw, (tx, ty, tx + tw, ty + 30), tile, texts)
            tx += tw + 6


def private(view: dict[str, Any], seat: int, texts: Texts) -> Image.Image:
    tiles = view["front_tiles"][seat]
    image, draw = canvas(640, 150 + 40 * ((len(tiles) + 3) // 4))
    panel(draw, (8, 8, 632, image.height - 8), outline=seat_colour(seat), width=3)
    draw_text(draw, (24, 20), texts.name(seat), 20, "bold", fill=seat_colour(seat), max_width=590)
    draw_text(draw, (24, 52), texts("hermagor.ui.money", amount=view["money"][seat]), 28, "bold")
    stats = [texts("hermagor.ui.posts", n=view["posts_in_hand"][seat]),
             texts("hermagor.ui.discs", n=view["disc_supply"][seat])]
    draw_text(draw, (24, 92), "  ·  ".join(stats), 16, fill=MUTED)
    y = 118
    if not tiles:
        draw_text(draw, (24, y), texts("hermagor.ui.no_tiles"), 16, fill=MUTED)
    for k, tile in enumerate(tiles):
        x = 24 + (k % 4) * 150
        _tile(draw, (x, y + (k // 4) * 40, x + 140, y + (k // 4) * 40 + 32), tile, texts)
    return image
