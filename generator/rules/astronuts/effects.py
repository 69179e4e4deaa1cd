"""The fate operations of Astronuts' content vocabulary (game.yaml `operations:`).

The fate table (tables/fate.yaml) lists each entry's effects as these operations; the referee
runs them in order when a ship lands. Every effect concerns the ship that landed (`fate_ship`)
and lasts until the end of the turn (`mods`, cleared when the turn ends). `pnp check` compares
this table's keys with the operations game.yaml declares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState

Operation = Callable[["AstronutsState", dict[str, Any]], None]


def _ship_mods(state: AstronutsState) -> dict[str, Any] | None:
    """The fate record of the ship that landed, or None when it is no longer on the map."""
    assert state.fate_ship is not None
    p, k, _ = state.fate_ship
    return state.mods.setdefault((p, k), {}) if state.ships[p][k] >= 0 else None


def destroy_ship(state: AstronutsState, args: dict[str, Any]) -> None:
    assert state.fate_ship is not None
    p, k, _ = state.fate_ship
    if state.ships[p][k] >= 0:
        state.destroy_ship(p, k, "landing")


def ship_done(state: AstronutsState, args: dict[str, Any]) -> None:
    m = _ship_mods(state)
    if m is not None:
        m["done"] = True
        state._emit("ship-stopped", player=state.player)


def forbid(state: AstronutsState, args: dict[str, Any]) -> None:
    m = _ship_mods(state)
    if m is not None:
        m[f"no-{args['action']}"] = True


def colony_risk(state: AstronutsState, args: dict[str, Any]) -> None:
    m = _ship_mods(state)
    if m is not None:
        m["risk"] = max(m.get("risk", 0), int(args["dies_up_to"]))


def _dearer(suffix: str, amount: str) -> Operation:
    """An action of the ship that landed costs `amount` more: actions (`surcharge`, `leave+`), nuts (`fee`, `mine$`)."""
    def operation(state: AstronutsState, args: dict[str, Any]) -> None:
        m = _ship_mods(state)
        if m is not None:
            key = f"{args['action']}{suffix}"
            m[key] = m.get(key, 0) + int(args[amount])
    return operation


def natives(state: AstronutsState, args: dict[str, Any]) -> None:
    if _ship_mods(state) is not None:
        state.natives_need = int(args["at_least"])
        state.die("natives", state.player)


def natives_roll(state: AstronutsState, value: int) -> None:
    """The natives' roll: below the number they stay and the ship's turn is over."""
    need = state.natives_need
    state.natives_need = 0
    if value >= need:
        state._emit("natives-leave", player=state.player, need=need)
        return
    ship_done(state, {})


def lose_actions(state: AstronutsState, args: dict[str, Any]) -> None:
    lost = min(state.actions_left, int(args["actions"]))
    state.actions_left -= lost
    state._emit("actions-lost", player=state.player, n=lost)


def colony_price(state: AstronutsState, args: dict[str, Any]) -> None:
    m = _ship_mods(state)
    if m is not None:
        deal = (int(args["actions"]), int(args["nuts"]), int(args.get("colonies", -1)))
        m["deals"] = tuple(m.get("deals", ())) + (deal,)


def gain_nut(state: AstronutsState, args: dict[str, Any]) -> None:
    state.gain(state.player, state.data.colour(args["colour"]))


def _offer(state: AstronutsState, kind: str, count: int, detail: Any = None) -> None:
    """A gift with a choice: the player chooses now, or it is lost when there is nothing to choose."""
    from generator.rules.astronuts.decisions import choice_options

    state.choice = [kind, count, detail]
    options = choice_options(state)
    if options and (kind != "swap" or len(options) > 1):
        state.phase = "choose"
        return
    state.choice = None
    state._emit("gift-lost", player=state.player, what=kind)


def _gift(kind: str, count: str = "", detail: str = "") -> Operation:
    """The operation of a gift with a choice (`_offer`); `count` and `detail` name its arguments, if any."""
    return lambda state, args: _offer(state, kind, int(args[count]) if count else 1,
                                      int(args[detail]) if detail else None)


def track_end(state: AstronutsState) -> int | None:
    """The last space of the printed action track (board `action-track`, track `actions`), or None without one."""
    board = next((b for b in state.game.content.boards if b.id == "action-track"), None)
    track = next((t for t in board.tracks if t.id == "actions"), None) if board is not None else None
    return int(track.end) if track is not None and track.end is not None else None


def extra_actions(state: AstronutsState, args: dict[str, Any]) -> None:
    """A gift of actions (Time Masters): the marker moves up the action track and stops at its end, the rest is lost
    (the rulebook gives the track no length; this edition prints it from 0 to 16)."""
    end = track_end(state)
    gained = int(args["actions"])
    if end is not None:
        gained = max(0, min(gained, end - state.actions_left))
    state.actions_left += gained
    state._emit("actions-gained", player=state.player, n=gained)


OPERATION_CODE: dict[str, Operation] = {
    "destroy_ship": destroy_ship, "ship_done": ship_done, "forbid": forbid, "colony_risk": colony_risk,
    "surcharge": _dearer("+", "actions"), "fee": _dearer("$", "nuts"), "natives": natives, "lose_actions": lose_actions,
    "bank_swaps": _gift("swap", "count"), "colony_price": colony_price, "gain_nut": gain_nut,
    "choose_nuts": _gift("take", "count"), "free_technology": _gift("gift-tech"), "extra_actions": extra_actions,
    "extra_colony": _gift("gift-colony"), "teleport": _gift("teleport"), "free_ship": _gift("gift-ship"),
    "choose_entry": _gift("genie", detail="group"),
}
