"""Pure geometry of the window: where the board, panels, hand, log and buttons sit (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass

LOGICAL_W = 1280
LOGICAL_H = 720
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


@dataclass(frozen=True)
class Scaling:
    """How the 1280×720 logical picture fits a window of another size (uniform scale, letterboxed)."""

    scale: float
    offset_x: int
    offset_y: int

    @classmethod
    def fit(cls, window_w: int, window_h: int) -> Scaling:
        """The largest uniform scale at which the logical picture fits the window, centred."""
        scale = min(window_w / LOGICAL_W, window_h / LOGICAL_H)
        return cls(
            scale, round((window_w - LOGICAL_W * scale) / 2), round((window_h - LOGICAL_H * scale) / 2)
        )

    def to_logical(self, point: tuple[int, int]) -> tuple[int, int]:
        """A window pixel as a logical pixel."""
        return (int((point[0] - self.offset_x) / self.scale), int((point[1] - self.offset_y) / self.scale))

    def size(self) -> tuple[int, int]:
        """The size of the scaled picture in window pixels."""
        return (round(LOGICAL_W * self.scale), round(LOGICAL_H * self.scale))


@dataclass(frozen=True)
class Layout:
    """Every fixed rect of the play screen, in logical pixels."""

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

    def board_rect(self) -> Rect:
        """The whole 7×5 grid."""
        return (*self.board_origin, COLS * self.cell, ROWS * self.cell)

    def square_rect(self, x: int, y: int) -> Rect:
        """The rect of board square [x, y]; row 0 (player 1's home row) is at the top."""
        ox, oy = self.board_origin
        return (ox + x * self.cell, oy + y * self.cell, self.cell, self.cell)

    def square_at(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """The board square under a logical point, or None."""
        if not inside(self.board_rect(), point):
            return None
        ox, oy = self.board_origin
        return ((point[0] - ox) // self.cell, (point[1] - oy) // self.cell)

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
        return (x, y + index * ph, w, ph - 4)

    def chip_rects(self, panel: Rect, count: int) -> tuple[list[Rect], bool]:
        """Where each of count small cards (relics, cards in stasis) goes in a player panel, so that every one
        shows: the biggest size at which they all fit, in as many rows as needed; and whether there is room
        for a "relic"/"stasis" label above each."""
        x, y, w, h = panel
        top, bottom = y + 44, y + h - 2
        for size in range(66, 23, -2):
            labelled = size >= 44
            pitch_y = size + (16 if labelled else 4)
            cols = max(1, (w - 14) // (size + 6))
            rows = max(1, (bottom - top) // pitch_y)
            if cols * rows >= count or size <= 24:
                first = top + (14 if labelled else 0)
                return [
                    (x + 12 + (i % cols) * (size + 6), first + (i // cols) * pitch_y, size, size) for i in range(count)
                ], labelled
        raise AssertionError("unreachable")

    def log_lines_rect(self) -> Rect:
        """The log text area, under its title."""
        x, y, w, h = self.log
        return (x + 6, y + 26, w - 12, h - 32)

    def button_rects(self) -> dict[str, Rect]:
        """The buttons under the log, by name."""
        x, y, w, _ = self.buttons
        quarter = (w - 12) // 4
        return {
            "end_turn": (x, y, w, 44),
            "save": (x, y + 50, quarter, 22),
            "rules": (x + quarter + 4, y + 50, quarter, 22),
            "legend": (x + 2 * (quarter + 4), y + 50, quarter, 22),
            "undo": (x + 3 * (quarter + 4), y + 50, w - 3 * (quarter + 4), 22),
            "cancel": (x, y + 76, w, 22),
        }
