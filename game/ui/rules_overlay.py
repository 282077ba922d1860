"""The rules overlay (F1): every rule in sections by family, a search box, the rules of what was under the cursor
first, and fast scrolling (the wheel, PgUp/PgDn, Home/End; lines are wrapped once, not every frame)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.core.rulebook import FAMILIES, family, load_rules
from game.ui.draw import BLACK, DIM, INK, PANEL, PANEL_EDGE, Zone, box, button, fit_line, font, px, text, wrap
from game.ui.screens import FIELD, GOLD, origin, shade

WHEEL_LINES = 8
RULE_ID = re.compile(r"\b(?:ST|SE|SC|G|R)-\d+\b")
UNDER_CURSOR = "Under the cursor"
NAMED = "Best matches"
TITLE = (255, 230, 140)
Line = tuple[str, str]  # the text and its kind: "section", "title" or "text"


def rules_in(lines: list[str]) -> list[str]:
    """The ids of the rules some lines name (e.g. a tooltip's), in order, each once, only those that exist."""
    known = load_rules()
    found: list[str] = []
    for line in lines:
        for rule_id in RULE_ID.findall(line):
            if rule_id in known and rule_id not in found:
                found.append(rule_id)
    return found


def named(rule_id: str, query: str) -> bool:
    """Whether a rule's id or title holds every word searched for (any case): the rule that defines it."""
    found = load_rules()[rule_id]
    name = f"{found.id} {found.title}".casefold()
    return bool(query.split()) and all(word in name for word in query.casefold().split())


def matches(rule_id: str, query: str) -> bool:
    """Whether a rule's id, title or text holds every word searched for (any case)."""
    found = load_rules()[rule_id]
    haystack = f"{found.id} {found.title} {found.text}".casefold()
    return all(word in haystack for word in query.casefold().split())


@dataclass
class RulesOverlay:
    """What the overlay remembers while open: the search, the rules that were under the cursor, the wrapped lines
    (made again only when the search or the width changes) and where each section starts."""

    query: str = ""
    first: list[str] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    sections: dict[str, int] = field(default_factory=dict)
    made_for: tuple[str, int] | None = None

    def open(self, under_cursor: list[str]) -> None:
        """Open afresh: no search, the rules named under the cursor first."""
        self.query, self.first, self.made_for = "", rules_in(under_cursor), None

    def type(self, event: pygame.event.Event) -> bool:
        """A key while the overlay shows: typing searches, Backspace erases, Esc clears the search (or closes when
        there is none); returns True when the overlay should close (Esc with no search, or F1)."""
        if event.key == pygame.K_F1 or (event.key == pygame.K_ESCAPE and not self.query):
            return True
        if event.key == pygame.K_ESCAPE:
            self.query = ""
        elif event.key == pygame.K_BACKSPACE:
            self.query = self.query[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.query) < 30:
            self.query += event.unicode
        return False

    def make(self, width: int) -> list[Line]:
        """The overlay's lines at a width: the rules under the cursor, or, while searching, the rules whose id or
        title holds the search first; then each family's rules (only those the search finds)."""
        if self.made_for == (self.query, width):
            return self.lines
        groups: list[tuple[str, list[str]]] = []
        if self.first and not self.query:
            groups.append((UNDER_CURSOR, self.first))
        best = [rid for rid in load_rules() if named(rid, self.query)]
        if best:
            groups.append((NAMED, best))
        for prefix, title in FAMILIES.items():
            ids = [rid for rid in load_rules()
                   if family(rid) == prefix and matches(rid, self.query) and rid not in best]
            if ids:
                groups.append((title, ids))
        self.lines, self.sections = [], {}
        for title, ids in groups:
            self.sections[title] = len(self.lines)
            self.lines.append((title, "section"))
            for rule_id in ids:
                found = load_rules()[rule_id]
                self.lines.extend((line, "title") for line in wrap(f"{found.id}  {found.title}", 20, width, True))
                self.lines.extend((line, "text") for line in wrap(found.text, 18, width))
                self.lines.append(("", "text"))
        self.made_for = (self.query, width)
        return self.lines


def scrolled(scroll: int, key: int, page: int, most: int) -> int | None:
    """Where PgUp, PgDn, Home, End, Up or Down move the overlay's scroll (None for any other key)."""
    moves = {pygame.K_PAGEDOWN: scroll + page, pygame.K_PAGEUP: scroll - page, pygame.K_HOME: 0, pygame.K_END: most,
             pygame.K_DOWN: scroll + 1, pygame.K_UP: scroll - 1}
    return max(0, min(moves[key], most)) if key in moves else None


def draw_rules(surface: pygame.Surface, overlay: RulesOverlay, scroll: int) -> tuple[list[Zone], int, int]:
    """The overlay, scrolled by `scroll` lines: the search box, a button per section (it scrolls there), the
    rules. Returns its zones, the largest useful scroll and the lines a page shows."""
    shade(surface, 200)
    ox, oy = origin(surface)
    rect = (ox + px(60), oy + px(20), px(1160), px(680))
    box(surface, rect, PANEL, (255, 230, 60), 2, 8)
    text(surface, "Rules", (rect[0] + px(16), rect[1] + px(10)), 28, INK, True)
    search = (rect[0] + px(120), rect[1] + px(10), px(420), px(34))
    box(surface, search, FIELD, (255, 210, 60), 2)
    shown = overlay.query + "|" if overlay.query else "Type to search the rules…"
    text(surface, shown, (search[0] + px(8), search[1] + px(6)), 20, BLACK if overlay.query else (120, 120, 110))
    for row, keys in enumerate(("wheel or PgUp/PgDn scroll · F1 closes", "Esc clears the search, then closes")):
        at = (search[0] + search[2] + px(14), search[1] + row * font(15).get_linesize())
        text(surface, fit_line(keys, 15, px(440)), at, 15, DIM)
    close = (rect[0] + rect[2] - px(104), rect[1] + px(10), px(90), px(32))
    button(surface, close, "Close", size=20)
    zones: list[Zone] = [(rect, ("rules",)), (close, ("button", "close_rules"))]
    body = (rect[0] + px(230), rect[1] + px(56), rect[2] - px(250), rect[3] - px(70))
    lines = overlay.make(body[2])
    for row, title in enumerate(overlay.sections):
        tab = (rect[0] + px(14), body[1] + px(row * 44), px(200), px(38))
        label = title.split(" (")[0]
        whole = len(wrap(label, 17, tab[2] - px(8))) == 1
        button(surface, tab, label if whole else "", hot=title in (UNDER_CURSOR, NAMED), size=17)
        if not whole:
            pitch = font(15).get_linesize()
            for row, line in enumerate(wrap(label, 15, tab[2] - px(8))[:2]):
                at = (tab[0] + tab[2] // 2, tab[1] + tab[3] // 2 + (2 * row - 1) * pitch // 2)
                text(surface, fit_line(line, 15, tab[2] - px(8)), at, 15, INK, center=True)
        zones.append((tab, ("rules_section", title)))
    if not lines:
        text(surface, f"No rule holds {overlay.query!r}.", (body[0], body[1]), 20, INK)
    pitch = max(px(19), font(20, True).get_linesize())
    visible = max(1, body[3] // pitch)
    most = max(0, len(lines) - visible)
    top = max(0, min(scroll, most))
    for row, (line, kind) in enumerate(lines[top : top + visible]):
        at = (body[0], body[1] + pitch * row)
        if kind == "section":
            pygame.draw.line(surface, PANEL_EDGE, (at[0], at[1] + pitch - 2), (body[0] + body[2], at[1] + pitch - 2))
            text(surface, line, at, 21, GOLD, True)
        else:
            text(surface, line, at, 20 if kind == "title" else 18, TITLE if kind == "title" else INK, kind == "title")
    return zones, most, visible
