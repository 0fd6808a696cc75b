"""Alhambra: The Card Game — board and hand images drawn from a view.

``board``: the building yard (currency of each slot, building and price), the
money row, deck sizes and where the next scoring card is, and one row per
player (hand size, buildings by type, points per scoring round).
``private``: the seat's money grouped by currency, next to the yard building
each currency buys.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.alhambra.common import building_msg
from games.alhambra.data import (
    CURRENCIES,
    CURRENCY_COLOURS,
    SCORING,
    TYPE_COLOURS,
    TYPES,
    YARD,
)
from games.alhambra.schema import AlhambraView, MoneyCard
from games.alhambra.view import own_hand
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

W = 1200
P = "alhambra."
NEUTRAL_COLOUR = (120, 120, 120)


def _t(texts: Texts, key: str, **args: Any) -> str:
    return texts({"key": P + key, "args": args} if args else {"key": P + key})


def _darker(colour, f: float = 0.7):
    return tuple(int(c * f) for c in colour)


def _money_card(draw: ImageDraw.ImageDraw, box, cur: int, value: int, texts: Texts,
                big: int = 44, name: bool = True) -> None:
    colour = CURRENCY_COLOURS[CURRENCIES[cur]]
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=colour, outline=_darker(colour), width=2)
    ink = readable_on(colour)
    cy = (y0 + y1) // 2 - (8 if name else 0)
    draw_text(draw, ((x0 + x1) // 2, cy), str(value), big, "bold", fill=ink, anchor="mm")
    if name:
        draw_text(draw, ((x0 + x1) // 2, y1 - 8), _t(texts, "currency." + CURRENCIES[cur]), 14,
                  "condensed-bold", fill=ink, max_width=x1 - x0 - 6, anchor="md")


def _building_card(draw: ImageDraw.ImageDraw, box, type_: int, price: int, texts: Texts) -> None:
    colour = TYPE_COLOURS[TYPES[type_]]
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=_darker(colour, 0.75), width=3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 34), radius=10, fill=colour)
    draw.rectangle((x0 + 3, y0 + 24, x1 - 3, y0 + 34), fill=colour)
    draw_text(draw, ((x0 + x1) // 2, y0 + 17), _t(texts, "building." + TYPES[type_]), 18,
              "condensed-bold", fill=readable_on(colour), max_width=x1 - x0 - 10, anchor="mm")
    draw_text(draw, ((x0 + x1) // 2, (y0 + 34 + y1) // 2 + 2), str(price), 52, "bold", fill=INK, anchor="mm")


def _swatch(draw: ImageDraw.ImageDraw, box, colour) -> None:
    draw.rounded_rectangle(box, radius=4, fill=colour, outline=_darker(colour, 0.6), width=1)


def _status(view: AlhambraView, texts: Texts) -> tuple[str, Any]:
    if view["phase"] == "over":
        totals = [sum(s) for s in view["scores"][: view["players"]]]
        first = [s for s, t in enumerate(totals) if t == max(totals)]
        winners = [texts.name(s) for s in first]
        # the game-over mark in the (first) winner's colour
        return (_t(texts, "r.over_winner", seats=", ".join(winners), count=len(winners), points=max(totals)),
                seat_colour(first[0]))
    seat = view["turn"]
    assert seat is not None
    name = texts.name(seat)
    if view["pending"]:
        building = building_msg(view["pending"][0]["building"])
        return texts({"key": P + "r.turn_gift", "args": {"seat": name, "building": building}}), \
            seat_colour(seat)
    if view["actions_taken"]:
        return _t(texts, "r.turn_bonus", seat=name, n=view["actions_taken"] + 1), seat_colour(seat)
    return _t(texts, "r.turn", seat=name), seat_colour(seat)


def board(view: AlhambraView, texts: Texts) -> Image.Image:
    n = view["players"]
    neutral = view["neutral_type_counts"] is not None
    rows = n + (1 if neutral else 0)
    row_h = 58
    top_h = 300
    table_y = 70 + top_h + 20
    height = table_y + 74 + rows * row_h + 20 + 26   # + the legend line
    image, draw = canvas(W, height)

    # -- header --------------------------------------------------------------
    draw_text(draw, (24, 18), _t(texts, "name"), 30, "bold")
    status, colour = _status(view, texts)
    sw = draw_text(draw, (W - 24, 22), status, 24, "bold", fill=INK, max_width=620, anchor="ra")
    _swatch(draw, (W - 24 - sw - 30, 24, W - 24 - sw - 10, 44), colour)

    # -- building yard -------------------------------------------------------
    panel(draw, (16, 70, 700, 70 + top_h))
    draw_text(draw, (32, 80), _t(texts, "r.yard"), 20, "bold")
    draw_text(draw, (684, 84), _t(texts, "r.bdeck", n=view["building_deck_count"]), 16, fill=MUTED, anchor="ra")
    for i, slot in enumerate(view["yard"]):
        x0 = 32 + i * 166
        cur = CURRENCIES[YARD[i]]
        ccol = CURRENCY_COLOURS[cur]
        draw.rounded_rectangle((x0, 112, x0 + 154, 146), radius=8, fill=ccol)
        draw_text(draw, (x0 + 77, 129), _t(texts, "currency." + cur), 18, "bold",
                  fill=readable_on(ccol), max_width=146, anchor="mm")
        box = (x0, 154, x0 + 154, 70 + top_h - 16)
        if slot is None:
            draw.rounded_rectangle(box, radius=10, outline=BORDER, width=2)
            draw_text(draw, (x0 + 77, (box[1] + box[3]) // 2), _t(texts, "r.empty"), 18,
                      fill=MUTED, anchor="mm")
        else:
            _building_card(draw, box, slot["type"], slot["price"], texts)

    # -- money row, decks, next scoring -----------------------------------------
    panel(draw, (716, 70, W - 16, 70 + top_h))
    draw_text(draw, (732, 80), _t(texts, "r.money_row"), 20, "bold")
    draw_text(draw, (W - 32, 84), _t(texts, "r.deck", n=view["money_deck_count"]) + " · "
              + _t(texts, "r.discard", n=len(view["discard"])), 16, fill=MUTED, anchor="ra")
    if view["phase"] == "over":
        _result(draw, view, texts)
    for i in range(4 if view["phase"] != "over" else 0):
        x0 = 732 + i * 110
        box = (x0, 116, x0 + 100, 256)
        if i < len(view["money_row"]):
            card = view["money_row"][i]
            _money_card(draw, box, card["currency"], card["value"], texts)
        else:
            draw.rounded_rectangle(box, radius=8, outline=BORDER, width=2)
    nxt = view["next_scoring"]
    if view["phase"] == "over" or "C" in view["scored_rounds"]:
        line = ""   # scoring C is over: nothing to announce
    elif nxt:
        lo, hi = nxt["first_position"], nxt["last_position"]
        if lo <= 1:
            line = _t(texts, "r.next_scoring_in", card=nxt["card"], pile=nxt["pile"], hi=hi)
        else:
            line = _t(texts, "r.next_scoring", card=nxt["card"], pile=nxt["pile"], lo=lo, hi=hi)
    else:
        line = _t(texts, "r.final_next")
    fnt = font(16, "bold")
    for k, part in enumerate(wrap(draw, line, W - 32 - 732, fnt)[:2] if line else []):
        draw.text((732, 272 + k * 22), part, font=fnt, fill=HIGHLIGHT)

    # -- players -----------------------------------------------------------------
    panel(draw, (16, table_y, W - 16, height - 16))
    name_x, hand_x, type_x, type_w = 32, 250, 330, 84
    score_x = type_x + 6 * type_w + 10
    score_w = (W - 32 - score_x) // 4
    hy = table_y + 10
    for t, tname in enumerate(TYPES):
        x = type_x + t * type_w
        colour = TYPE_COLOURS[tname]
        _swatch(draw, (x + 4, hy, x + type_w - 4, hy + 26), colour)
        draw_text(draw, (x + type_w // 2, hy + 13), _t(texts, "building." + tname), 14,
                  "condensed-bold", fill=readable_on(colour), max_width=type_w - 12, anchor="mm")
        # the points at stake: A · B 1st/2nd · C 1st/2nd/3rd
        a = SCORING["A"][0][t]
        b = "/".join(str(r[t]) for r in SCORING["B"])
        c = "/".join(str(r[t]) for r in SCORING["C"])
        draw_text(draw, (x + type_w // 2, hy + 32), f"{a} · {b}", 11, "condensed", fill=MUTED, anchor="ma")
        draw_text(draw, (x + type_w // 2, hy + 45), c, 11, "condensed", fill=MUTED, anchor="ma")
    for k, label in enumerate(("A", "B", "C", "Σ")):
        x = score_x + k * score_w + score_w // 2
        done = label == "Σ" or label in view["scored_rounds"]
        draw_text(draw, (x, hy + 13), label, 20, "bold", fill=INK if done else MUTED, anchor="mm")
    y = table_y + 74
    for r in range(rows):
        is_neutral = r == n
        scores = view["scores"][r]
        counts = (view["neutral_type_counts"] or []) if is_neutral else view["type_counts"][r]
        colour = NEUTRAL_COLOUR if is_neutral else seat_colour(r)
        active = not is_neutral and r == view["turn"] and view["phase"] != "over"
        if active:
            draw.rounded_rectangle((24, y - 4, W - 24, y + row_h - 8), radius=8, fill=(255, 236, 200),
                                   outline=HIGHLIGHT, width=2)
        elif r % 2:
            draw.rounded_rectangle((24, y - 4, W - 24, y + row_h - 8), radius=8, fill=(248, 242, 230))
        mid = y + (row_h - 12) // 2
        _swatch(draw, (name_x, mid - 12, name_x + 24, mid + 12), colour)
        name = _t(texts, "neutral") if is_neutral else texts.name(r)
        # the neutral has no hand, so his name may use that column too
        width = (type_x if is_neutral else hand_x) - name_x - 44
        lifted = is_neutral or r == view["start_seat"]
        draw_text(draw, (name_x + 34, mid - (8 if lifted else 0)), name, 20,
                  "bold", max_width=width, anchor="lm")
        if not is_neutral and r == view["start_seat"]:
            draw_text(draw, (name_x + 34, mid + 14), _t(texts, "r.start"), 12, fill=MUTED, anchor="lm")
        if is_neutral:  # 2 players: the imaginary third player cannot win
            draw_text(draw, (name_x + 34, mid + 14), _t(texts, "r.not_competing"), 12, fill=MUTED,
                      max_width=type_x - name_x - 44, anchor="lm")
        if not is_neutral:
            draw_text(draw, (hand_x, mid), _t(texts, "r.hand", n=view["hand_sizes"][r]), 17, anchor="lm")
        for t, count in enumerate(counts):
            x = type_x + t * type_w + type_w // 2
            if count:
                colour_t = TYPE_COLOURS[TYPES[t]]
                draw.rounded_rectangle((x - 24, mid - 18, x + 24, mid + 18), radius=7, fill=colour_t,
                                       outline=_darker(colour_t, 0.6), width=1)
                draw_text(draw, (x, mid), str(count), 24, "bold", fill=readable_on(colour_t), anchor="mm")
            else:
                draw_text(draw, (x, mid), "·", 24, fill=MUTED, anchor="mm")
        for k in range(3):
            x = score_x + k * score_w + score_w // 2
            done = "ABC"[k] in view["scored_rounds"]
            draw_text(draw, (x, mid), str(scores[k]) if done else "–", 20, fill=INK if done else MUTED,
                      anchor="mm")
        x = score_x + 3 * score_w + score_w // 2
        draw_text(draw, (x, mid), str(sum(scores)), 24, "bold", fill=MUTED if is_neutral else INK, anchor="mm")
        y += row_h
    draw_text(draw, (32, y + 2), _t(texts, "r.stake_legend"), 14, fill=MUTED, max_width=W - 64)
    return image


def _result(draw: ImageDraw.ImageDraw, view: AlhambraView, texts: Texts) -> None:
    """The final result in the money panel: the ranking with totals, the
    winner(s) and the rulebook's tiebreak (none: a tie shares the win)."""
    n = view["players"]
    totals = [sum(s) for s in view["scores"][:n]]
    order = sorted(range(n), key=lambda s: (-totals[s], s))
    draw.rectangle((730, 76, W - 30, 110), fill=PANEL)
    draw_text(draw, (732, 80), _t(texts, "r.result"), 20, "bold")
    best = max(totals)
    winners = [s for s in order if totals[s] == best]
    draw_text(draw, (732, 114), _t(texts, "r.result_win", seats=", ".join(texts.name(s) for s in winners),
                                   count=len(winners)),
              20, "bold", fill=seat_colour(winners[0]), max_width=W - 32 - 732)
    y = 146
    for s in order:
        rank = 1 + sum(1 for t in totals if t > totals[s])
        _swatch(draw, (732, y + 2, 748, y + 18), seat_colour(s))
        draw_text(draw, (756, y), _t(texts, "r.result_line", rank=rank, seat=texts.name(s), points=totals[s]),
                  17, "bold" if totals[s] == best else "regular", max_width=W - 32 - 756)
        y += 24
    draw_text(draw, (732, y + 4), _t(texts, "r.result_tie"), 14, fill=MUTED, max_width=W - 32 - 732)


def _exact(cards: list[MoneyCard], price: int) -> bool:
    """Can some of these cards pay exactly ``price``?  (subset sum as bits)"""
    bits = 1
    for c in cards:
        bits |= bits << c["value"]
    return bool(bits >> price & 1)


def private(view: AlhambraView, seat: int, texts: Texts) -> Image.Image:
    hand = own_hand(view)
    groups: list[list[MoneyCard]] = [[] for _ in CURRENCIES]
    for c in hand:
        groups[c["currency"]].append(c)
    for g in groups:
        g.sort(key=lambda c: -c["value"])
    card_w, card_h, gap = 58, 82, 8
    row_h = card_h + 30
    height = 70 + 4 * row_h + 20
    image, draw = canvas(W, height)
    draw_text(draw, (24, 18), _t(texts, "r.your_money", n=len(hand)), 28, "bold")
    draw_text(draw, (W - 24, 24), texts.name(seat), 22, "bold", fill=seat_colour(seat), anchor="ra",
              max_width=400)
    # which yard slot each currency pays for
    slot_of = {cur: i for i, cur in enumerate(YARD)}
    for cur, cards in enumerate(groups):
        y0 = 70 + cur * row_h
        cname = CURRENCIES[cur]
        colour = CURRENCY_COLOURS[cname]
        panel(draw, (16, y0, W - 16, y0 + row_h - 8), fill=PANEL)
        draw.rounded_rectangle((16, y0, 190, y0 + row_h - 8), radius=10, fill=colour)
        ink = readable_on(colour)
        total = sum(c["value"] for c in cards)
        draw_text(draw, (103, y0 + 30), _t(texts, "currency." + cname), 22, "bold", fill=ink,
                  max_width=160, anchor="mm")
        draw_text(draw, (103, y0 + 62), _t(texts, "r.sum", total=total), 18, fill=ink, anchor="mm")
        # the building of this currency's slot, at the right
        slot = view["yard"][slot_of[cur]] if cur in slot_of else None
        bx = W - 16 - 150
        if slot is not None:
            _building_card(draw, (bx + 10, y0 + 8, W - 26, y0 + row_h - 16), slot["type"], slot["price"], texts)
            price = slot["price"]
            if _exact(cards, price):
                hint, colour = _t(texts, "r.pay_exact"), (40, 140, 60)
            elif total >= price:
                hint, colour = _t(texts, "r.pay_over"), INK
            else:
                hint, colour = _t(texts, "r.pay_short", n=price - total), MUTED
            draw_text(draw, (bx, y0 + row_h - 20), hint, 15, "bold", fill=colour, anchor="rd", max_width=300)
        x = 206
        limit = (bx - x) // (card_w + gap)
        for c in cards[:limit]:
            _money_card(draw, (x, y0 + 10, x + card_w, y0 + 10 + card_h), c["currency"], c["value"], texts,
                        big=32, name=False)
            x += card_w + gap
        if len(cards) > limit:
            rest = "+" + "+".join(str(c["value"]) for c in cards[limit:])
            draw_text(draw, (x - gap, y0 + row_h - 14), rest, 14, fill=MUTED, anchor="rd")
        if not cards:
            draw_text(draw, (x, y0 + 10 + card_h // 2), "—", 26, fill=MUTED, anchor="lm")
    return image
