"""Bot seats in tests: a clock that moves only when told, and letting the bots play until a person must act."""

from __future__ import annotations

from game.ui.app import App

BOT_ACTION_LIMIT = 400


class Clock:
    """A stand-in for pygame's tick counter that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


def play_until_person(app: App, clock: Clock) -> int:
    """Let the bots act, one pace at a time, until a person must act or the game is over; how many acted."""
    assert app.game is not None
    acted = 0
    app.step()
    while app.seats.to_act(app.game) is not None:
        before = app.log_seen
        clock.now += app.seats.pace()
        app.step()
        acted += app.log_seen != before
        assert acted < BOT_ACTION_LIMIT
    return acted
