"""High Rose as a :class:`roses.core.State` (rules in ``howto.md``; "§Deal", "§Turn", "§Show")."""
from __future__ import annotations

import random
from dataclasses import dataclass

from roses.core import CHANCE, TERMINAL, GameInfo, IllegalActionError, State

DEAL, DECIDE, DRAW, OVER = "deal", "decide", "draw", "over"


@dataclass(frozen=True)
class Decide:
    """A seat's one decision (§Turn): keep its card, or swap it."""
    swap: bool

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


@dataclass(frozen=True)
class Card:
    """A chance outcome: the card dealt or drawn."""
    value: int

    def __str__(self) -> str:
        return f"card {self.value}"


KEEP, SWAP = Decide(False), Decide(True)
CARDS = {v: Card(v) for v in range(1, 13)}


@dataclass(frozen=True)
class Observation:
    """What a seat sees: ``card`` its own card (``None`` for a spectator), ``decided`` per seat
    (``"kept"``, ``"swapped"`` or ``None``), ``discards`` per seat (the card laid face up),
    ``shown`` every seat's card once the game is over, ``winner``, ``log``."""
    seat: int | None
    players: int
    phase: str
    current_player: int
    start_player: int
    card: int | None
    decided: tuple
    discards: tuple
    deck_left: int
    shown: tuple | None
    winner: int | None
    log: tuple


def num_distinct_actions(game) -> int:
    return 2


def action_to_id(game, action) -> int:
    if action == KEEP:
        return 0
    if action == SWAP:
        return 1
    raise ValueError(f"{action!r} has no id in high-rose")


def action_from_id(game, action_id: int):
    if action_id not in (0, 1):
        raise ValueError(f"action id {action_id} out of range")
    return (KEEP, SWAP)[action_id]


def info(game) -> GameInfo:
    """One winner (constant-sum); a deal, a decision and at most one draw per seat (``3n`` steps);
    a chance node lists at most the deck's cards."""
    n = game.num_players
    return GameInfo(information="imperfect", chance_mode="explicit", utility="constant-sum",
                    min_utility=0.0, max_utility=1.0, max_game_length=3 * n,
                    num_distinct_actions=2, max_chance_outcomes=int(game.params["cards"]))


class HighRoseState(State):
    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        n = game.num_players
        self.deck = list(range(1, int(game.params["cards"]) + 1))
        self.hands: list[int | None] = [None] * n
        self.decided: list[str | None] = [None] * n
        self.discards: list[int | None] = [None] * n
        self.phase = DEAL
        self.to_move = 0  # the seat dealt to, deciding or drawing

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase in (DEAL, DRAW) else self.to_move

    def _legal_actions(self):
        return [KEEP, SWAP]

    def _chance_outcomes(self):
        p = 1 / len(self.deck)
        return [(CARDS[v], p) for v in self.deck]

    def _apply(self, action) -> None:
        s = self.to_move
        if self.phase in (DEAL, DRAW):  # §Deal: one card face down; §Turn: the swapper draws
            self.deck.remove(action.value)
            self.hands[s] = action.value
            verb = "is dealt" if self.phase == DEAL else "draws"
            mine = "You are dealt the {0}." if self.phase == DEAL else "You draw the {0}."
            self.log.add((f"Seat {{0}} {verb} a card.", s), {s: (mine, action.value)})
            if self.phase == DEAL and s + 1 < self.num_players:
                self.to_move = s + 1
            else:
                self._next_decision(0 if self.phase == DEAL else s + 1)
            return
        if action == KEEP:  # §Turn
            self.decided[s] = "kept"
            self.log.add(("Seat {0} keeps their card.", s))
            self._next_decision(s + 1)
        else:
            self.decided[s] = "swapped"
            self.discards[s], self.hands[s] = self.hands[s], None
            self.log.add(("Seat {0} swaps, laying the {1} face up.", s, self.discards[s]))
            self.phase = DRAW

    def _next_decision(self, seat: int) -> None:
        if seat < self.num_players:
            self.phase, self.to_move = DECIDE, seat
            return
        self.phase = OVER  # §Show
        for s, v in enumerate(self.hands):
            self.log.add(("Seat {0} shows the {1}.", s, v))
        self.log.add(("Seat {0} wins with the highest card.", self.winner()))

    def winner(self) -> int | None:
        return max(range(self.num_players), key=lambda s: self.hands[s]) if self.phase == OVER else None

    def returns(self) -> list[float]:
        w = self.winner()
        return [float(s == w) for s in range(self.num_players)]

    def _may_take_back(self, action) -> bool:
        return action == KEEP  # keeping shows nothing; a swap lays a card face up

    def explain_illegal(self, action) -> IllegalActionError:
        if self.phase != DECIDE:
            return IllegalActionError("§Turn", f"{action} is not a move now: the cards are being dealt or shown", action)
        return IllegalActionError("§Turn", f"{action} is not a move: keep or swap", action)

    def check_invariants(self) -> None:
        held = [v for v in self.hands if v is not None] + [v for v in self.discards if v is not None]
        assert len(set(held)) == len(held) and not set(held) & set(self.deck), "a card is in two places"

    def _observation(self, seat: int | None) -> Observation:
        over = self.phase == OVER
        return Observation(
            seat=seat, players=self.num_players, phase=self.phase, current_player=self.current_player(),
            start_player=0, card=None if seat is None else self.hands[seat], decided=tuple(self.decided),
            discards=tuple(self.discards), deck_left=len(self.deck),
            shown=tuple(self.hands) if over else None, winner=self.winner(), log=self.log.view(seat))

    def _sample_history(self, seat: int, rng: random.Random):
        """The seat's own cards, every decision and every discard as they were; the other cards
        still face down drawn again from the cards this seat has not seen."""
        if self.phase == OVER:
            return list(self.history)  # every card has been shown
        seen = {a.value for s, a in self._own_cards(seat)} | {v for v in self.discards if v is not None}
        pool = [v for v in range(1, int(self.game.params["cards"]) + 1) if v not in seen]
        hidden = [i for i, (s, a) in enumerate(self._chance_steps()) if not self._known(i, seat)]
        drawn = dict(zip(hidden, rng.sample(pool, len(hidden))))
        out, k = [], 0
        for s, a in self.history:
            if s == CHANCE:
                out.append((s, CARDS[drawn[k]] if k in drawn else a))
                k += 1
            else:
                out.append((s, a))
        return out

    def _chance_steps(self) -> list[tuple[int, Card]]:
        """``(receiving seat, card)`` of every chance outcome so far, in order."""
        out, swapped = [], None
        deals = 0
        for s, a in self.history:
            if s == CHANCE:
                if deals < self.num_players:
                    out.append((deals, a))
                    deals += 1
                else:
                    out.append((swapped, a))
            elif a == SWAP:
                swapped = s
        return out

    def _own_cards(self, seat: int):
        return [(s, a) for s, a in self._chance_steps() if s == seat]

    def _known(self, index: int, seat: int) -> bool:
        """Whether ``seat`` knows the card of chance step ``index``: its own, or a dealt card that
        its owner later laid face up."""
        receiver, card = self._chance_steps()[index]
        return receiver == seat or (index < self.num_players and self.discards[receiver] is not None)
