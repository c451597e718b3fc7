"""Every option of a decision, valued on the evaluator's one scale: the expected points of the hand.

At any moment a seat is asked to act, :func:`evaluate_options` values each of its legal actions, in
every family, from that seat's observation alone:

* **a discard**: the evaluator's value of it (:func:`~sparrow.bots.evaluator.evaluate_discards`). At
  Riichi a discard that leaves a closed hand ready is two options: with riichi declared (``value``)
  and without (``dama_value``); a red five let go where a plain one could be gives up its han.
* **a win**: what it gains now (:func:`~sparrow.bots.evaluator.value_of_win`), a sure thing.
* **a chow or a pung**: the best discard after it (:func:`~sparrow.bots.call_values.value_of_call`);
  **a kong**, on a discard or of the seat's own tiles: the standing hand it leaves
  (:func:`~sparrow.bots.call_values.value_of_kong`).
* **a pass**: the standing hand kept (:func:`~sparrow.bots.evaluator.evaluate_standing`); at Riichi a
  seat in riichi that passes a win is furiten from then on, and is valued so.
* **nine terminals** (Riichi's abortive draw): 0, the hand ends with no payment.

A fold is a discard like any other (the safest one, valued by what it keeps and what it risks). The
values are comparable across the options of one decision and across decisions (the coming review
reads them), and reproducible: no randomness, the same observation gives the same values.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sparrow.bots.call_values import value_of_call, value_of_kong, value_of_pass
from sparrow.bots.evaluator import DiscardValue, evaluate_discards, value_of_win
from sparrow.bots.seat_view import SeatView, kind_of
from sparrow.core.tiles import Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.views import Observation

__all__ = ["OptionValue", "evaluate_options", "best_option"]


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One legal action and what it is worth, in the family's points. ``then`` is a discard's own
    figures, or for a chow or a pung the best discard after it (its reasons say why)."""

    action: Action
    value: float
    then: DiscardValue | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": str(self.action), "value": round(self.value)}
        if self.then is not None:
            data["then"] = self.then.to_dict()
        return data


def evaluate_options(observation: Observation) -> list[OptionValue]:
    """Every legal action of the seat now, each with its value, best first (equal values in the
    table's order of the actions). Empty when the seat has nothing to decide."""
    actions = observation.legal_actions
    if not actions:
        return []
    view = SeatView.from_observation(observation)
    # The view once: Riichi's discards are valued from it; the other families' from the observation
    # itself (their view would only be turned back into it).
    valued = evaluate_discards(view if view.reads_dora else observation) if view.may_discard else []
    discards = {int(value.tile): value for value in valued}
    claimed = _claimed_name(view, observation)
    found = []
    for action in actions:
        kind = action.kind
        tile = action.tile
        then: DiscardValue | None = None
        if kind is ActionKind.DISCARD and tile is not None:
            then = discards[int(tile)]
            if action.red and _plain_held(view, int(tile)):
                then = _red_let_go(view, int(tile))
            value = then.value if action.riichi or then.dama_value is None else then.dama_value
        elif kind is ActionKind.WIN:
            if observation.claim_tile is not None and claimed is not None:
                value = value_of_win(view, claimed, observation.claim_from)
            else:
                drawn = observation.drawn
                value = value_of_win(view, str(drawn if drawn is not None else observation.hand[-1]), None)
        elif kind is ActionKind.PASS:
            offered_a_win = any(other.kind is ActionKind.WIN for other in actions)
            furiten = offered_a_win and view.seat in view.riichi
            value = value_of_pass(replace(view, furiten=True) if furiten else view)
        elif kind in (ActionKind.CHOW, ActionKind.PUNG) and claimed is not None:
            then = value_of_call(view, claimed, _taken(view, action, claimed), kind.value, observation.claim_from)
            value = then.value if then is not None else 0.0
        elif kind is ActionKind.KONG and claimed is not None:
            value = value_of_kong(view, claimed, "kong", observation.claim_from)
        elif kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and tile is not None:
            value = value_of_kong(view, str(tile), kind.value)
        else:  # nine terminals: the hand ends drawn, nobody pays
            value = 0.0
        found.append(OptionValue(action, value, then))
    order = {id(option): index for index, option in enumerate(found)}
    found.sort(key=lambda option: (-option.value, order[id(option)]))
    return found


def best_option(observation: Observation) -> Action | None:
    """The action the evaluator values most, or None when the seat has nothing to decide."""
    options = evaluate_options(observation)
    return options[0].action if options else None


def _claimed_name(view: SeatView, observation: Observation) -> str | None:
    """The tile open to claims as the family writes it (a red five as ``0``: the discarder's river
    shows it), or None when none is."""
    tile = observation.claim_tile
    if tile is None:
        return None
    river = view.rivers.get(observation.claim_from or "", ())
    wanted = int(tile)
    return next((item.name for item in reversed(river) if not item.called and kind_of(item.name) == wanted), str(tile))


def _taken(view: SeatView, action: Action, claimed: str) -> list[str]:
    """The names of the own tiles a chow or a pung takes: a red five where the action says so, plain
    copies before it otherwise."""
    if action.kind is ActionKind.PUNG:
        kinds = [kind_of(claimed)] * 2
    else:
        low = int(action.tile) if action.tile is not None else kind_of(claimed)
        kinds = [kind for kind in (low, low + 1, low + 2) if kind != kind_of(claimed)]
    left = list(view.hand)
    taken = []
    red_wanted = action.red
    for kind in kinds:
        copies = [name for name in left if kind_of(name) == kind]
        red = [name for name in copies if name.startswith("0")]
        plain = [name for name in copies if not name.startswith("0")]
        name = red[0] if red_wanted and red else (plain or copies)[0]
        if name.startswith("0"):
            red_wanted = False
        left.remove(name)
        taken.append(name)
    return taken


def _plain_held(view: SeatView, kind: int) -> bool:
    return str(Tile(kind)) in view.hand


def _red_let_go(view: SeatView, kind: int) -> DiscardValue:
    """A discard of the red five of ``kind`` where a plain one is held: valued as the hand without
    its red five (the plain copy kept stands for it)."""
    red = "0" + str(Tile(kind))[1]
    plain_hand = list(view.hand)
    plain_hand[plain_hand.index(red)] = str(Tile(kind))
    return next(v for v in evaluate_discards(replace(view, hand=tuple(plain_hand))) if int(v.tile) == kind)
