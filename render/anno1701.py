"""Anno 1701 images: both settlements with every counter, and a player's hand.

Drawn from a view only.  Layout per settlement: goods/ship/warehouses on the
left; on the right the row of citizens (explorer, centre, explorer, summary,
explorer, centre, explorer) with the two building slots above and below each
citizen.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.anno1701.data import CARDS, GOODS, LAND_IDS, SHIP_DIE
from games.anno1701.schema import AnnoView, PublicView, SeatView
from render.common import (
    BORDER,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Texts,
    canvas,
    card,
    draw_text,
    font,
    panel,
    seat_colour,
    wrap,
)

W = 1300
GOOD_COLOUR = {"wood": (120, 80, 40), "cloth": (150, 120, 200), "food": (200, 160, 40),
               "brick": (190, 80, 50), "tools": (90, 100, 110), "rum": (150, 60, 40),
               "tobacco": (110, 130, 50), "gold": (210, 170, 30)}
LEVEL_COLOUR = [(150, 140, 120), (60, 140, 80), (50, 110, 190), (150, 70, 170)]
KIND_COLOUR = {"building": (80, 120, 90), "action": (170, 90, 50), "voyage": (40, 90, 150)}
LEVELS = ("explorer", "settler", "citizen", "merchant")
ROMAN = {0: "—", 1: "I", 2: "II", 3: "III", 4: "IV"}
PANEL_H = 372
CENTRE_MARK = ("①", "②")


def _t(texts: Texts, key: str, **args: Any) -> str:
    return texts("anno1701." + key, **args) if args else texts({"key": "anno1701." + key})


def _card_name(texts: Texts, cid: int) -> str:
    return _t(texts, "card." + CARDS[cid].type)


def _symbols(cid: int) -> str:
    c = CARDS[cid]
    parts = []
    if c.die:
        parts.append(f"⚀{c.die}")
    if c.sails:
        parts.append("▲" * c.sails)
    if c.cannons:
        parts.append("⚔" * c.cannons)
    if c.sacks:
        parts.append("♦" * c.sacks)
    if c.happy:
        parts.append("☺")
    return " ".join(parts)


def _pips(draw, x, y, n, total, colour, r=7):
    for i in range(total):
        box = (x + i * (2 * r + 4), y, x + i * (2 * r + 4) + 2 * r, y + 2 * r)
        draw.ellipse(box, fill=colour if i < n else PANEL, outline=colour, width=2)


def _settlement(draw: ImageDraw.ImageDraw, view: AnnoView, seat: int, texts: Texts, y0: int) -> None:
    p = view["settlements"][seat]
    colour = seat_colour(seat)
    active = seat in _to_act(view)
    panel(draw, (10, y0, W - 10, y0 + PANEL_H), outline=colour, width=4 if active else 2)
    title = texts.name(seat)
    if active:
        title = "▶ " + title
    draw_text(draw, (24, y0 + 8), title, 22, "bold", fill=colour, max_width=330)
    # -- left column: landscapes, ship, warehouses -------------------------
    y = y0 + 42
    for i, cid in enumerate(LAND_IDS[seat]):
        c = CARDS[cid]
        blocked = c.guard >= 0 and p["centres"][c.guard] == 0
        name = _card_name(texts, cid)
        draw.rounded_rectangle((20, y, 350, y + 28), radius=6,
                               fill=(235, 225, 225) if blocked else (250, 246, 236), outline=BORDER)
        draw_text(draw, (28, y + 5), f"⚀{c.die}", 15, "bold", fill=MUTED)
        draw_text(draw, (70, y + 5), f"{name} · {_t(texts, 'good.' + c.good)}", 15, "condensed",
                  max_width=160, fill=MUTED if blocked else INK)
        if c.guard >= 0:
            draw_text(draw, (236, y + 4), CENTRE_MARK[c.guard], 16, "bold", fill=MUTED)
        _pips(draw, 262, y + 7, p["landscapes"][i], 3, GOOD_COLOUR[c.good])
        if blocked:
            draw.line((24, y + 14, 346, y + 14), fill=HIGHLIGHT, width=2)
        y += 32
    y += 4
    ship = ROMAN[p["ship"]] if p["ship"] else _t(texts, "label.wrecked")
    draw.rounded_rectangle((20, y, 350, y + 30), radius=6, fill=(225, 235, 248), outline=BORDER)
    draw_text(draw, (28, y + 6), f"⚀{SHIP_DIE[seat]}", 15, "bold", fill=MUTED)
    draw_text(draw, (70, y + 5), f"{_t(texts, 'label.ship')}: {ship}", 17, "bold",
              fill=HIGHLIGHT if not p["ship"] else INK)
    _pips(draw, 262, y + 8, p["ship"], 4, (40, 90, 150), r=6)
    y += 36
    for lux in ("rum", "tobacco"):
        draw.rounded_rectangle((20, y, 350, y + 28), radius=6, fill=(250, 246, 236), outline=BORDER)
        draw_text(draw, (70, y + 5), _t(texts, "good." + lux), 15, "condensed-bold")
        _pips(draw, 262, y + 7, p["luxury"][lux], 3, GOOD_COLOUR[lux])
        y += 32
    # -- citizens row with slots --------------------------------------------
    gx, cw, gap = 364, 124, 6
    slot_h = 38
    row_y = y0 + 42 + 2 * (slot_h + 4)
    cit_h = 108
    order = ["cit", "centre", "cit", "summary", "cit", "centre", "cit"]
    ci = ce = 0
    guarded = {k: [CARDS[c] for c in LAND_IDS[seat] if CARDS[c].guard == k] for k in (0, 1)}
    for col, what in enumerate(order):
        x = gx + col * (cw + gap)
        box = (x, row_y, x + cw, row_y + cit_h)
        if what == "cit":
            lv = p["levels"][ci]
            card(draw, box, _t(texts, "level." + LEVELS[lv]), LEVEL_COLOUR[lv],
                 (("★" * lv) if lv else "·",), title_size=15)
            for k in range(4):   # two slots above, two below
                sy = row_y - (2 - k) * (slot_h + 4) if k < 2 else row_y + cit_h + 4 + (k - 2) * (slot_h + 4)
                _slot(draw, texts, p["slots"][ci * 4 + k], (x, sy, x + cw, sy + slot_h))
            ci += 1
        elif what == "centre":
            g = p["centres"][ce]
            riot = g == 0
            fill = (120, 30, 30) if riot else (250, 240, 205)
            draw.rounded_rectangle(box, radius=8, fill=fill, outline=(160, 120, 40), width=3)
            draw_text(draw, (x + cw // 2, row_y + 6), f"{_t(texts, 'card.centre')} {CENTRE_MARK[ce]}", 14,
                      "condensed-bold",
                      fill=(255, 255, 255) if riot else INK, anchor="ma", max_width=cw - 8)
            if riot:
                draw_text(draw, (x + cw // 2, row_y + 38), _t(texts, "label.riot"), 20, "bold",
                          fill=(255, 255, 255), anchor="ma", max_width=cw - 8)
                draw_text(draw, (x + cw // 2, row_y + 64), "☹×4", 18, "bold", fill=(255, 220, 220), anchor="ma")
            else:
                draw_text(draw, (x + cw // 2, row_y + 28), f"{g}", 34, "bold", fill=GOOD_COLOUR["gold"], anchor="ma")
                draw_text(draw, (x + cw // 2, row_y + 66), _t(texts, "label.gold") + f" · ☹{4 - g}", 14,
                          "condensed", anchor="ma", max_width=cw - 8)
            # Which landscapes this centre guards (a riot here stops them).
            guards = " · ".join(f"⚀{c.die} {_t(texts, 'good.' + c.good)}" for c in guarded[ce])
            draw_text(draw, (x + cw // 2, row_y + 88), f"{CENTRE_MARK[ce]} {guards}", 12, "condensed-bold",
                      fill=(255, 220, 220) if riot else MUTED, anchor="ma", max_width=cw - 6)
            ce += 1
        else:
            draw.rounded_rectangle(box, radius=8, fill=(240, 232, 214), outline=BORDER, width=2)
            lines = [f"{_t(texts, 'label.glory')}: {p['glory']}", f"{_t(texts, 'label.gold')}: {p['gold']}",
                     f"☹ {p['unhappy']}  ☺ {p['happy']}", f"▲{p['sails']} ⚔{p['cannons']} ♦{p['sacks']}",
                     f"{_t(texts, 'label.speed')}: {p['speed']}"]
            for k, line in enumerate(lines):
                draw_text(draw, (x + cw // 2, row_y + 6 + k * 20), line, 15 if k else 16,
                          "bold" if k == 0 else "condensed", anchor="ma", max_width=cw - 6)
    # hand size and tokens
    info_y = y0 + 10
    hand = _t(texts, "label.hand", n=p["hand_size"])
    tokens = []
    if view["trade_holder"] == seat:
        tokens.append("♦ " + _t(texts, "token.trade"))
    if view["sea_holder"] == seat:
        tokens.append("⚔ " + _t(texts, "token.sea"))
    draw_text(draw, (W - 24, info_y), "   ".join([hand] + tokens), 16, "bold", anchor="ra", max_width=560)


def _slot(draw: ImageDraw.ImageDraw, texts: Texts, cid: int | None, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    if cid is None:
        draw.rounded_rectangle(box, radius=5, outline=(210, 200, 185), fill=(246, 241, 230))
        return
    c = CARDS[cid]
    draw.rounded_rectangle(box, radius=5, fill=(232, 242, 232), outline=KIND_COLOUR["building"], width=2)
    draw_text(draw, ((x0 + x1) // 2, y0 + 3), _card_name(texts, cid), 13, "condensed-bold", anchor="ma",
              max_width=x1 - x0 - 6)
    sym = _symbols(cid)
    if sym:
        draw_text(draw, ((x0 + x1) // 2, y0 + 20), sym, 13, "regular", fill=MUTED, anchor="ma",
                  max_width=x1 - x0 - 6)
    del c


def _to_act(view: AnnoView) -> list[int]:
    if view["phase"] == "over":
        return []
    if view["pending"]:
        return [view["pending"][0]["seat"]]
    return [view["turn"]]


def _header(draw: ImageDraw.ImageDraw, view: AnnoView, texts: Texts) -> None:
    panel(draw, (10, 10, W - 10, 104))
    draw_text(draw, (24, 18), _t(texts, "name"), 24, "bold")
    draw_text(draw, (24, 52), _t(texts, "label.turn", n=view["turn_count"]), 18, "bold", fill=MUTED)
    if view["winner"] is not None:
        draw_text(draw, (24, 76), _t(texts, "label.winner", seat={"seat": view["winner"]}), 18, "bold",
                  fill=HIGHLIGHT, max_width=420)
    else:
        acting = _to_act(view)
        if acting:
            draw_text(draw, (24, 76), _t(texts, "label.to_act", seat={"seat": acting[0]}), 17, "regular",
                      max_width=420)
    # dice
    x = 470
    draw_text(draw, (x, 18), _t(texts, "label.dice"), 15, "bold", fill=MUTED)
    if view["dice"]:
        number, event = view["dice"]["number"], view["dice"]["event"]
        draw.rounded_rectangle((x, 40, x + 54, 94), radius=8, fill=(255, 255, 255), outline=INK, width=3)
        draw_text(draw, (x + 27, 46), str(number), 34, "bold", anchor="ma")
        draw.rounded_rectangle((x + 62, 40, x + 250, 94), radius=8, fill=(255, 250, 235), outline=INK, width=3)
        draw_text(draw, (x + 156, 56), _t(texts, "ev.die." + event), 19, "bold", anchor="ma", max_width=180)
    # piles & supply
    x = 740
    draw_text(draw, (x, 18), _t(texts, "label.piles"), 15, "bold", fill=MUTED)
    for k, n in enumerate(view["pile_sizes"]):
        bx = x + k * 46
        draw.rounded_rectangle((bx, 40, bx + 40, 94), radius=6, fill=(240, 232, 214), outline=BORDER, width=2)
        draw_text(draw, (bx + 20, 44), ROMAN[k // 2 + 1], 13, "bold", fill=MUTED, anchor="ma")
        draw_text(draw, (bx + 20, 62), str(n), 20, "bold", anchor="ma")
    x = 1030
    draw_text(draw, (x, 18), _t(texts, "label.supply"), 15, "bold", fill=MUTED, max_width=250)
    for k, lv in enumerate(("settler", "citizen", "merchant")):
        draw_text(draw, (x, 40 + k * 18), f"{_t(texts, 'level.' + lv)}: {view['supply_sizes'][lv]}", 15,
                  "condensed", fill=LEVEL_COLOUR[k + 1], max_width=150)
    draw_text(draw, (x + 150, 40), _t(texts, "label.discard", n=len(view["discard"])), 14, "condensed",
              fill=MUTED, max_width=120)
    if view["discard"]:
        draw_text(draw, (x + 150, 60), _card_name(texts, view["discard"][-1]), 14, "condensed-bold",
                  max_width=120)


def _result(draw: ImageDraw.ImageDraw, view: AnnoView, texts: Texts, y: int) -> None:
    """The final board: winner and why, both players' scores (no tiebreak exists:
    the game ends the moment one player reaches a goal or riots out)."""
    w = view["winner"]
    assert w is not None
    panel(draw, (10, y, W - 10, y + 92), fill=(252, 244, 222), outline=seat_colour(w), width=4)
    why = _t(texts, "ev.win." + view["win_reason"], seat={"seat": w}, loser={"seat": 1 - w})
    draw_text(draw, (24, y + 8), f"{_t(texts, 'label.over')} — {why}", 20, "bold", fill=seat_colour(w),
              max_width=W - 60)
    for k, s in enumerate((w, 1 - w)):
        p = view["settlements"][s]
        line = _t(texts, "label.score", seat={"seat": s}, glory=p["glory"],
                  merchants=p["levels"].count(3), gold=p["gold"])
        draw_text(draw, (24 + k * 620, y + 40), line, 16, "bold" if s == w else "regular",
                  fill=seat_colour(s), max_width=600)
    draw_text(draw, (24, y + 66), _t(texts, "label.no_tiebreak"), 14, "condensed", fill=MUTED, max_width=W - 60)


def _voyage(draw: ImageDraw.ImageDraw, view: AnnoView, texts: Texts, y: int) -> None:
    if view["phase"] == "over" and view["winner"] is not None:
        _result(draw, view, texts, y)
        return
    v = view["voyage"]
    panel(draw, (10, y, W - 10, y + 92), fill=(230, 238, 248), outline=(40, 90, 150))
    if v is None:
        offer = next((it for it in view["pending"] if it["kind"] in ("answer", "offer")), None)
        if offer:
            give = ", ".join(f"{n} {_t(texts, 'good.' + g)}" for g, n in offer["give"].items()) or "—"
            get = ", ".join(f"{n} {_t(texts, 'good.' + g)}" for g, n in offer["get"].items()) or "—"
            draw_text(draw, (24, y + 34), _t(texts, "label.offer", give=give, get=get), 18, "bold", max_width=W - 60)
        else:
            draw_text(draw, (24, y + 34), _t(texts, "label.voyage", n=0, speed="—", fight="—"), 16,
                      fill=MUTED, max_width=400)
        return
    draw_text(draw, (24, y + 8), _t(texts, "label.voyage", n=len(v["seen"]), speed=v["speed"], fight=v["fight"]),
              16, "bold", max_width=300)
    x = 24
    for i, cid in enumerate(v["seen"][-7:]):
        last = i == len(v["seen"][-7:]) - 1
        c = CARDS[cid]
        lines = []
        if c.type in ("tribute", "siege"):
            lines.append("⚔ " + (str(c.power) if c.power >= 0 else "?"))
        for g, price in c.offer:
            lines.append(_t(texts, "label.price", good=_t(texts, "good." + g), n=price))
        box = (x + 300 if i == 0 else x, y + 8, (x + 300 if i == 0 else x) + 128, y + 84)
        if i == 0:
            x += 300
        card(draw, box, _card_name(texts, cid), HIGHLIGHT if last else KIND_COLOUR["voyage"],
             tuple(lines), title_size=12)
        x += 136


def _legend(draw, texts, y):
    draw_text(draw, (W // 2, y), _t(texts, "label.legend"), 14, "condensed", fill=MUTED, anchor="ma",
              max_width=W - 30)


def board(view: PublicView, texts: Texts) -> Image.Image:
    height = 104 + 2 * (PANEL_H + 10) + 110 + 24
    img, draw = canvas(W, height)
    _header(draw, view, texts)
    y = 114
    for seat in (0, 1):
        _settlement(draw, view, seat, texts, y)
        y += PANEL_H + 10
    _voyage(draw, view, texts, y)
    _legend(draw, texts, y + 98)
    return img


def _hand_card(draw: ImageDraw.ImageDraw, texts: Texts, cid: int, box: tuple[int, int, int, int]) -> None:
    c = CARDS[cid]
    lines = []
    if c.kind == "building":
        cost = ", ".join(f"{n} {_t(texts, 'good.' + g)}" for g, n in c.cost)
        lines.append(f"{_t(texts, 'label.cost')}: {cost}")
        sym = _symbols(cid)
        if sym:
            lines.append(sym)
        if c.build_gold:
            lines.append(_t(texts, "text.build_gold", n=c.build_gold))
        if c.good in GOODS:
            lines.append(f"+1 {_t(texts, 'good.' + c.good)}")
        elif c.type in ("guildhall", "landing", "lodge", "firestation", "shipyard", "theatre"):
            lines.append(_t(texts, "text." + c.type))
    elif c.kind == "action":
        lines.append(_t(texts, "text." + c.type))
    title = f"{ROMAN.get(c.era, '')} · {_card_name(texts, cid)}" if c.era else _card_name(texts, cid)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=KIND_COLOUR.get(c.kind, BORDER), width=3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 30), radius=8, fill=KIND_COLOUR.get(c.kind, BORDER))
    draw_text(draw, ((x0 + x1) // 2, y0 + 6), title, 16, "condensed-bold", fill=(255, 255, 255),
              anchor="ma", max_width=x1 - x0 - 8)
    y = y0 + 38
    fnt = font(15, "condensed")
    for line in lines:
        for part in wrap(draw, line, x1 - x0 - 12, fnt):
            draw_text(draw, ((x0 + x1) // 2, y), part, 15, "condensed", anchor="ma", max_width=x1 - x0 - 8)
            y += 19


def private(view: SeatView, seat: int, texts: Texts) -> Image.Image:
    hand = view.get("hand") or []
    extra = []
    for item in view["pending"]:
        if item.get("cards") is not None and item["seat"] == seat:
            label = _t(texts, "label.searched", n=item["pile"] + 1) if item["kind"] == "pick" \
                else _t(texts, "label.spied")
            extra.append((label, item["cards"]))
    rows = [(_t(texts, "label.your_hand"), hand)] + extra
    cw, ch, gap = 200, 150, 12
    per_row = 6
    height = 20
    for _, cards in rows:
        height += 40 + max(1, (len(cards) + per_row - 1) // per_row) * (ch + gap)
    width = 20 + per_row * (cw + gap) + 8
    img, draw = canvas(width, height)
    y = 12
    for label, cards in rows:
        draw_text(draw, (16, y), f"{label} — {texts.name(seat)}" if cards is hand else label, 20, "bold",
                  fill=seat_colour(seat), max_width=width - 30)
        y += 36
        if not cards:
            draw_text(draw, (20, y + 10), _t(texts, "label.empty"), 18, fill=MUTED)
            y += ch + gap
            continue
        for i, cid in enumerate(cards):
            x = 16 + (i % per_row) * (cw + gap)
            if i and i % per_row == 0:
                y += ch + gap
            _hand_card(draw, texts, cid, (x, y, x + cw, y + ch))
        y += ch + gap
    return img
