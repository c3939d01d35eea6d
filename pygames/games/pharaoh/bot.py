"""A heuristic bot for Return of the Pharaoh.

It prices one member point by the treasure still to come against the members in play, values the
card on offer by its items, the kinds bonus it completes (and what it would give the best
opponent), and bids the cheapest total that beats every active opponent's reach, or else the
cheapest total that tops the highest declaration, while the price stays below the card's worth.
When it passes it takes the hospital with a Pharaoh card if that is worth it, else the Horus chip
(to start the next auction), else it passes plainly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.pharaoh.rules import (
    KINDS_BONUS,
    PharaohState,
    is_flag,
    kind_of,
    number_of,
    subsets,
    total,
)

Option = tuple[str, int, int]  # notation body, member total, flag cards used


@lru_cache(maxsize=2048)
def cheapest_by_total(hand: tuple[int, ...]) -> tuple[Option, ...]:
    """For each total a hand can add, the way that uses the fewest flag cards, then the fewest
    cards; sorted by total."""
    best: dict[int, tuple[int, int, str]] = {}
    for body, added in subsets(hand):
        flags = body.count("f")
        key = (flags, len(body) - flags, body)
        if added not in best or key < best[added]:
            best[added] = key
    return tuple((best[s][2], s, best[s][0]) for s in sorted(best))


def treasure_gain(kinds_held: set[str], card: str) -> float:
    """Points a treasure adds to a collection: its items and the step of the kinds bonus."""
    gain = float(number_of(card))
    kind = kind_of(card)
    if kind not in kinds_held:
        k = len(kinds_held)
        gain += KINDS_BONUS[k + 1] - KINDS_BONUS[k]
    return gain


@dataclass(frozen=True)
class Outlook:
    """What a member point is worth to the bot now, and how the auctions left are split."""

    price: float
    left: int
    left_in_round: int


class PharaohHeuristicBot(Bot):
    """Reads only what its seat may know: the open table, its hand and the deck's contents."""

    name = "normal"

    def __init__(self, alpha: float = 1.0, deny: float = 0.5, hospital_min: float = 6.0) -> None:
        self.alpha = alpha
        self.deny = deny
        self.hospital_min = hospital_min

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, PharaohState)
        look = self.outlook(state, seat)
        bid = self._bid(state, seat, look)
        return bid if bid is not None else self._pass(state, seat, look)

    # --- judgement ----------------------------------------------------------------------------
    def outlook(self, state: PharaohState, seat: int) -> Outlook:
        """The price of a member point from the treasure left and the members in play."""
        pending = state.pending_offer()[1:]
        future = [c for c in state.deck + pending if kind_of(c) != "flag"]
        worth = float(sum(number_of(c) + 1 for c in future))  # integers: exact everywhere
        n = state.players
        supply = sum(
            total(state.hands[s] + state.front[s] + state.tents[s]) for s in range(n)
        ) + 0.5 * total(state.hospital)
        mine = total(state.hands[seat] + state.front[seat] + state.tents[seat])
        scarcity = min(1.6, max(0.7, (supply / n + 1.0) / (mine + 1.0)))
        price = self.alpha * worth / max(supply, 1.0) * scarcity
        return Outlook(price, len(state.deck) + len(pending), len(pending))

    def card_value(self, state: PharaohState, seat: int, look: Outlook) -> float:
        """What winning the current card is worth to ``seat`` (denial included)."""
        card = state.current
        if kind_of(card) == "flag":
            later = (look.left - look.left_in_round) / max(look.left, 1)
            return 1.0 + look.price * number_of(card) * later
        held = [{kind_of(c) for c in state.treasures[s]} for s in range(state.players)]
        mine = treasure_gain(held[seat], card)
        others = [treasure_gain(held[s], card) for s in range(state.players) if s != seat]
        factor = 1.0 if state.players == 2 else self.deny / (state.players - 2)
        return mine + factor * max(others)

    def cost(self, state: PharaohState, committed: int, flags: int, look: Outlook) -> float:
        """What committing members worth ``committed`` (``flags`` flag cards) costs if it wins."""
        if kind_of(state.current) == "flag":
            return look.price * committed * look.left_in_round / max(look.left, 1)
        return look.price * committed + flags

    # --- bidding ------------------------------------------------------------------------------
    def _bid(self, state: PharaohState, seat: int, look: Outlook) -> str | None:
        front = total(state.front[seat])
        front_flags = sum(1 for c in state.front[seat] if is_flag(c))
        bonus = state.round if state.bonus_open(seat) else 0
        reach = max(
            (total(state.front[o] + state.hands[o]) for o in state.active() if o != seat),
            default=0,
        )
        worth = self.card_value(state, seat, look)
        cheap: str | None = None
        for body, added, flags in cheapest_by_total(tuple(sorted(state.hands[seat]))):
            declared = front + added + bonus
            if declared <= state.highest:
                continue
            net = worth - self.cost(state, front + added, front_flags + flags, look)
            if net <= 0.2:
                break
            action = "d" + body + ("+" if bonus else "")
            if declared > reach:
                return action
            if cheap is None:
                cheap = action
        return cheap

    # --- passing ------------------------------------------------------------------------------
    def _pass(self, state: PharaohState, seat: int, look: Outlook) -> str:
        if state.pharaohs[seat] > 0 and self._pharaoh_worth(state, seat, look):
            return "pharaoh"
        if state.horus_open():
            return "horus"
        return "pass"

    def _pharaoh_worth(self, state: PharaohState, seat: int, look: Outlook) -> bool:
        if not state.hospital:
            return False
        flags = sum(1 for c in state.hospital if is_flag(c))
        later = look.left - look.left_in_round
        if later <= 0:
            return flags > 0 or not state.horus_open()
        gain = flags + look.price * total(state.hospital) * later / max(look.left, 1)
        spare = state.pharaohs[seat] * 4 >= later
        return gain >= self.hospital_min * (0.6 if spare else 1.0)
