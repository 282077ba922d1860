"""Pure geometry of the window: where the board, panels, hand, log and buttons sit, for its size (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass

LOGICAL_W = 1280
LOGICAL_H = 720
MIN_W = 960
MIN_H = 540
COLS = 7
ROWS = 5

Rect = tuple[int, int, int, int]


def inside(rect: Rect, point: tuple[int, int]) -> bool:
    """Whether a point lies in a rect given as (x, y, w, h)."""
    x, y, w, h = rect
    return x <= point[0] < x + w and y <= point[1] < y + h


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rects given as (x, y, w, h) share any pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def unit_for(width: int, height: int) -> float:
    """How many window pixels one design pixel takes in a window of this size: the design (1280×720) fits
    it, never less than at the smallest window (MIN_W×MIN_H)."""
    return max(MIN_W / LOGICAL_W, min(width / LOGICAL_W, height / LOGICAL_H))


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """The size a window is kept at: at least MIN_W×MIN_H."""
    return (max(MIN_W, width), max(MIN_H, height))


@dataclass(frozen=True)
class Layout:
    """Every rect of the play screen, in window pixels, for one window size.

    The design is laid out for 1280×720 (unit 1); a window of another size gets it scaled by its unit
    (unit_for) and drawn straight into the window, text included (draw.text_px), so nothing is a blurred
    picture. A window wider than 16:9 gives the extra width to the log column; a taller one centres the rest.
    """

    unit: float = 1.0
    size: tuple[int, int] = (LOGICAL_W, LOGICAL_H)
    top_bar: Rect = (0, 0, 1012, 34)
    board_origin: tuple[int, int] = (12, 40)
    cell: int = 96
    message_strip: Rect = (12, 524, 996, 24)
    hand: Rect = (12, 552, 996, 166)
    hand_card: tuple[int, int] = (96, 162)
    hand_card_min_w: int = 70
    hand_gap: int = 4
    players: Rect = (692, 40, 316, 480)
    log: Rect = (1016, 40, 256, 384)
    dice: Rect = (1016, 428, 256, 182)
    buttons: Rect = (1016, 616, 256, 100)

    @classmethod
    def for_window(cls, width: int, height: int) -> Layout:
        """The layout of a window of this size (at least MIN_W×MIN_H)."""
        width, height = clamp_size(width, height)
        unit = unit_for(width, height)
        design = cls()
        wide = max(0, width - round(LOGICAL_W * unit))
        top = max(0, (height - round(LOGICAL_H * unit)) // 2)

        def scaled(rect: Rect, grow: int = 0) -> Rect:
            x, y, w, h = (round(v * unit) for v in rect)
            return (x, y + top, w + grow, h)

        def column(rect: Rect) -> Rect:
            return scaled(rect, wide)

        return cls(
            unit=unit,
            size=(width, height),
            top_bar=scaled(design.top_bar),
            board_origin=(round(design.board_origin[0] * unit), round(design.board_origin[1] * unit) + top),
            cell=round(design.cell * unit),
            message_strip=scaled(design.message_strip),
            hand=scaled(design.hand),
            hand_card=(round(design.hand_card[0] * unit), round(design.hand_card[1] * unit)),
            hand_card_min_w=round(design.hand_card_min_w * unit),
            hand_gap=max(2, round(design.hand_gap * unit)),
            players=scaled(design.players),
            log=column(design.log),
            dice=column(design.dice),
            buttons=column(design.buttons),
        )

    def px(self, n: float) -> int:
        """A length of the design in window pixels."""
        return round(n * self.unit)

    def board_rect(self) -> Rect:
        """The whole 7×5 grid."""
        return (*self.board_origin, COLS * self.cell, ROWS * self.cell)

    def square_rect(self, x: int, y: int) -> Rect:
        """The rect of board square [x, y]; row 0 (player 1's home row) is at the top."""
        ox, oy = self.board_origin
        return (ox + x * self.cell, oy + y * self.cell, self.cell, self.cell)


    def hand_card_rect(self, index: int, count: int) -> Rect:
        """The rect of the index-th of count cards in hand.

        Cards get narrower (down to hand_card_min_w) so that a big hand still fits side by side; only
        beyond that do they overlap.
        """
        hx, hy, hw, _ = self.hand
        w, h = self.hand_card
        gap = self.hand_gap
        w = max(self.hand_card_min_w, min(w, (hw - gap * (count - 1)) // max(count, 1)))
        step = w + gap
        if count * step - gap > hw:
            step = (hw - w) // max(count - 1, 1)
        return (hx + index * step, hy + 1, w, h)

    def player_panel_rect(self, index: int, count: int) -> Rect:
        """The panel of the index-th player (in turn order) of count."""
        x, y, w, h = self.players
        ph = h // count
        return (x, y + index * ph, w, ph - self.px(4))

    def chip_rects(self, panel: Rect, count: int) -> tuple[list[Rect], bool]:
        """Where each of count small cards (relics, cards in stasis) goes in a player panel, so that every one
        shows whole, its counter disc too: the biggest size at which they all fit inside the panel, in as many rows
        as needed; and whether there is room for a "relic"/"stasis" label above each."""
        px = self.px
        x, y, w, h = panel
        top, bottom = y + px(44), y + h - px(2)
        for design in range(66, 23, -2):
            size, labelled = px(design), design >= 44
            pitch_y = size + px(16 if labelled else 4)
            first = top + (px(14) if labelled else 0)
            cols = max(1, (w - px(14)) // (size + px(6)))
            rows = (bottom - first - size) // pitch_y + 1 if bottom - first >= size else 0
            if cols * rows >= count or design <= 24:
                return [
                    (x + px(12) + (i % cols) * (size + px(6)), first + (i // cols) * pitch_y, size, size)
                    for i in range(count)
                ], labelled
        raise AssertionError("unreachable")

    def log_lines_rect(self) -> Rect:
        """The log text area, under its title."""
        px = self.px
        x, y, w, h = self.log
        return (x + px(6), y + px(26), w - px(12), h - px(32))

    def button_rects(self) -> dict[str, Rect]:
        """The buttons under the log, by name."""
        px = self.px
        x, y, w, _ = self.buttons
        gap = px(4)
        third = (w - 2 * gap) // 3
        last = w - 2 * (third + gap)
        row2, row3 = y + px(50), y + px(76)
        return {
            "end_turn": (x, y, w, px(44)),
            "save": (x, row2, third, px(22)),
            "rules": (x + third + gap, row2, third, px(22)),
            "legend": (x + 2 * (third + gap), row2, last, px(22)),
            "undo": (x, row3, third, px(22)),
            "redo": (x + third + gap, row3, third, px(22)),
            "cancel": (x + 2 * (third + gap), row3, last, px(22)),
    }
