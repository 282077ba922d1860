"""What a card's counting static counts now (ST-8: "in play" includes cards in stasis), named for its tooltip."""

from __future__ import annotations

from typing import Any

from game.rules.stats import picked


def counted_lines(game: Any, ref: str) -> list[str]:
    """One line per counting static of a character on the board, e.g. "Counts 1: Ember Witch (Ada, in stasis)"
    (none for a game without a table, such as a stand-in, or a card elsewhere)."""
    table = getattr(game, "table", None)
    if table is None or ref not in table.refs:
        return []
    eid = table.eid(ref)
    if table.zone(eid) != "board":
        return []
    lines = []
    for static in table.defn(eid).static:
        filt = static.get("per") or static.get("if_any") or static.get("highest")
        if filt is None:
            continue
        found = picked(table, filt, eid, table.controller(eid))
        names = [f"{table.name(e)} ({table.controller(e) or 'nobody'}, "
                 f"{'in stasis' if table.zone(e) == 'stasis' else 'on the board'})" for e in found]
        lines.append(f"Counts {len(names)}: {', '.join(names)} (ST-8: cards in stasis count as in play)."
                     if names else "Counts nothing now.")
    return lines
