"""The terminal hint's figures where the evaluator values the discards (``sparrow play``'s ``h``):
each discard's chance to win, a win's worth, its chance to deal in and its expected points
(:mod:`sparrow.bots.evaluator`), with the reasons under it, as the web table's hint panel shows them."""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.bots.evaluator import DiscardValue, evaluate_discards
from sparrow.bots.reasons import SEAT_NAMES, reason_text
from sparrow.core.tiles import Tile, format_tiles
from sparrow.game.state import Observation
from sparrow.play.hints import options_hint

__all__ = ["valued_discards", "valued_lines", "safest_lines", "option_lines"]


def valued_discards(observation: Observation) -> dict[int, DiscardValue]:
    """The evaluator's values of the discards the seat may make, by kind, best first
    (:mod:`sparrow.bots.evaluator`); empty when it is not the seat's turn to discard."""
    return {int(value.tile): value for value in evaluate_discards(observation)}


def valued_lines(value: DiscardValue, improving: Sequence[Tile], short: bool) -> list[str]:
    """A discard's hint with the evaluator's figures (``value``), as the web panel shows them: what it
    waits on or improves with; under it the chance to win, a win's worth, the chance to deal in
    (against every threat together: the players in riichi, or
    each opponent by how likely it is ready) and the expected points; then ``why:`` the reasons the
    first line does not say already (each riichi's reading, what is given up, furiten). The counts are the
    evaluator's: the dora indicators and the discard itself are seen."""
    if value.shanten == 0 and value.waits:
        shape = f"waits on {format_tiles(value.waits)}"
    elif value.shanten == 0:
        shape = f"waits{', short of the minimum,' if short else ''} on {format_tiles(improving) or '—'}"
    else:
        shape = f"improves with {format_tiles(improving) or '—'}"
    figures = f"win {100 * value.win_chance:.1f}%, worth {value.win_value:,.0f}"
    if value.dangers or value.deal_in:
        figures += f", deal-in {100 * value.deal_in:.1f}%"
    figures += f", expected {value.value:+,.0f}"
    reasons = list(value.reasons)
    if reasons and reasons[0].code in ("ready", "accepts"):  # the first line says it
        reasons = reasons[1:]
    lines = [f"  discard {value.name}: shanten {value.shanten}, {shape} ({value.accepted} unseen)", f"      {figures}"]
    if reasons:
        lines.append(f"      why: {reason_text(reasons)}")
    return lines


def safest_lines(values: Sequence[DiscardValue], threats: Sequence[str]) -> list[str]:
    """Facing a threat (a player in riichi, or one that looks ready: ``threats``, the evaluator's
    :func:`~sparrow.bots.evaluator.threats`): the three safest discards against them, whatever they
    do to the hand (as the web panel)."""
    if not threats or not values:
        return []
    worst = {
        value.name: max((danger.percent for danger in value.dangers if danger.seat in threats), default=0.0)
        for value in values
    }
    safest = sorted(worst.items(), key=lambda item: item[1])[:3]
    names = ", ".join(SEAT_NAMES.get(seat, seat) for seat in threats)
    return [f"  safest against {names}: " + ", ".join(f"{name} {percent:g}%" for name, percent in safest)]


def option_lines(observation: Observation) -> list[str]:
    """With a claim, a win or a kong to decide: each choice and what it is worth in expected points,
    best first, as the web panel lists them (:func:`~sparrow.play.hints.options_hint`); none when only
    discards are open."""
    options = options_hint(observation)
    if not options:
        return []

    def said(option: dict[str, object]) -> str:
        kind = str(option["action"])
        if kind == "win":
            return "win (ron)" if observation.claim_tile is not None else "win (tsumo)"
        if kind == "abortive_draw":
            return "nine terminals"
        if kind == "pass":
            return "pass"
        if kind == "discard":
            return f"{'riichi' if option.get('riichi') else 'discard'} {option['tile']}"
        # A set as the prompt writes it: chow 789s, pung 999s, kong 9999s.
        tile = str(option.get("tile") or observation.claim_tile)
        rank, suit = tile[0].replace("0", "5"), tile[1]
        if kind == "chow":
            return f"chow {rank}{int(rank) + 1}{int(rank) + 2}{suit}"
        return f"{'pung' if kind == 'pung' else 'kong'} {rank * (3 if kind == 'pung' else 4)}{suit}"

    return ["  each choice, in expected points: " + " · ".join(f"{said(o)} {o['value']:+,}" for o in options)]
