"""Recording the text the window draws: each line's words and, when drawn with draw.text, its box."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import choice_dialog, draw, hand_view, legend, log_panel, panels, renderer, screens, tokens

Rect = tuple[int, int, int, int]


class Drawn:
    """Every line rendered since it started recording: `words` in order, `boxes` (words, box) for lines
    placed with draw.text (the box is on the surface they were drawn on)."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.boxes: list[tuple[str, Rect]] = []

    def clear(self) -> None:
        """Forget what was drawn so far (before the frame to look at)."""
        self.words.clear()
        self.boxes.clear()

    def box_of(self, words: str) -> Rect:
        """The box of the last line drawn with exactly these words."""
        return next(rect for line, rect in reversed(self.boxes) if line == words)


def record(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Start recording the text drawn by the window (rendering caches are bypassed by a fresh App)."""
    drawn = Drawn()
    original_rendered, original_text = draw.rendered, draw.text

    def rendered(words: str, *args: Any, **kwargs: Any):
        drawn.words.append(words)
        return original_rendered(words, *args, **kwargs)

    def text(surface, words: str, *args: Any, **kwargs: Any) -> Rect:
        rect = original_text(surface, words, *args, **kwargs)
        drawn.boxes.append((words, rect))
        return rect

    monkeypatch.setattr(draw, "rendered", rendered)
    for module in (draw, renderer, tokens, screens, legend, choice_dialog, hand_view, panels, log_panel):
        monkeypatch.setattr(module, "text", text)
    monkeypatch.setattr(log_panel, "rendered", rendered)
    monkeypatch.setattr(tokens, "rendered", rendered)
    return drawn
