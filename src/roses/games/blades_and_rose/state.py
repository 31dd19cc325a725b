"""The rules engine of Blades & Rose (rulebook ``blades-and-rose.txt``, rulings BR-1…BR-9).

Flow: ``setup`` (chance: one character card per seat from the remaining deck, one crystal per seat
from the remaining pool, the coin's first holder; then the Night Phase, BR-3) → rounds of
``coin`` (Step 1: the holder gives the coin, BR-5; the receiver places their crystal) →
``effect`` (only when the placed effect needs a choice, Book of Magic) → ``play`` (Step 2: each
seat in turn order decides once to play a card face down or not) → Step 3 (reveal and resolve,
automatic) → victory checks (after every round, FAQ Q9/Q12) → next round or ``over``.

Step 3's shuffle is modelled as revealing the played cards as a sorted multiset rather than as a
chance event: a shuffle's order carries no information and changes nothing in the game, and a
sorted reveal discloses exactly what the shuffled reveal does (which cards, not whose).
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from roses.core import CHANCE, TERMINAL, GameParameterError, IllegalActionError, State

from .actions import (
    ActivateEffect, ChooseTargets, DealCrystal, DealRole, DeclineEffect, FirstCoin, GiveCoin,
    GIVE_COIN, KEEP_COIN, PASS, PLAY_ACTION, KeepCoin, Pass, Play, RandomCard, parse_seat_action,
)
from .cards import (
    CHART, ROLES, BELIEVER, BLADES, BLOOD_BLADES_FACTION, BUDS, DEATH_LIMIT, DOUBLE_KNIFE, FACTION_CARDS,
    GHOST, NIGHT_ROLES, SACRIFICE_TARGET, WHITE_ROSE, WHITE_ROSE_FACTION, faction_of, role_deck,
    sort_cards,
)
from .chance import (crystal_outcomes, deal_crystal_action, deal_role_action, first_coin_outcomes,
                     random_card_action, random_card_outcomes, role_outcomes)
from .determinize import WorldSampler
from .effects import EFFECTS
from .observation import BladesAndRoseObservation, RoundView

SETUP, COIN, EFFECT, PLAY, OVER = "setup", "coin", "effect", "play", "over"


@dataclass
class Round:
    """The round being played (and, once resolved, its record).

    ``plays`` (seat -> card) is hidden; everything else is public. ``order`` is the Step 2 turn
    order (receiver first, clockwise; effect #6 moves the placer last); ``next`` indexes it.
    """

    number: int
    giver: int
    receiver: int
    crystal: int
    order: list[int]
    effect_applied: bool = False
    targets: list[int] = field(default_factory=list)
    must_play: list[int] = field(default_factory=list)
    bound: list[int] | None = None
    unshuffled: bool = False
    pending_random: list[int] = field(default_factory=list)
    random_seats: list[int] = field(default_factory=list)
    plays: dict[int, str] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)
    ghost_to: list[int] = field(default_factory=list)
    next: int = 0
    revealed: list[str] = field(default_factory=list)
    resolved: bool = False
    outcome: str = ""

    def copy(self) -> "Round":
        """A copy whose lists and ``plays`` are new (the round being played changes them)."""
        new = copy.copy(self)
        for k in ("order", "targets", "must_play", "pending_random", "random_seats", "played",
                  "passed", "ghost_to", "revealed"):
            setattr(new, k, getattr(self, k).copy())
        new.plays = dict(self.plays)
        return new


class BladesAndRoseState(State):
    """One position of Blades & Rose. See the module docstring for the flow.

    Attributes (hidden ones marked): ``roles`` (hidden), ``hands`` (hidden), ``crystals`` (held
    crystal per seat, hidden), ``crystals_dealt``, ``placed`` ([seat, number]), ``coin``,
    ``night_seen`` (per seat, private), ``rnd`` (current :class:`Round`), ``rounds`` (resolved),
    the areas ``sacrifice``, ``death``, ``sanctuary``, ``removed_ghosts``, ``blades_revealed``, the
    table's ``table_double_knife`` and ``extra_ghosts`` (the Double Knife's swapped Ghost),
    ``ghosts_from_supply`` (effect #7, BR-8), ``winner`` and ``end_reason``.
    """

    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        n = game.num_players
        self.pool: list[int] = list(game.params["crystals"])
        if len(self.pool) < n:
            raise GameParameterError("crystals", f"the crystal pool needs at least {n} crystals (BR-4)")
        for k in self.pool:
            if k not in EFFECTS:
                raise GameParameterError("crystals", f"effect #{k} is not registered (BR-4)")
        self.death_limit: int = game.params["death_limit"] or DEATH_LIMIT[n]
        self.sacrifice_target: int = game.params["sacrifice_target"] or SACRIFICE_TARGET[n]
        self.phase = SETUP
        # What the setup draws from: copies of each of ROLES left in the deck (None once every
        # seat has one), and the crystals left in the pool, sorted.
        deck = [CHART[n][r] for r in ROLES]
        self._deck_left: tuple[int, ...] | None = tuple(deck)
        self._pool_left: tuple[int, ...] = tuple(sorted(self.pool))
        self.roles: list[str | None] = [None] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.crystals: list[int | None] = [None] * n
        self.crystals_dealt = 0
        self.placed: list[list[int]] = []
        self.coin: int | None = None
        self.night_seen: list[list[int] | None] = [None] * n
        self.rnd: Round | None = None
        self.rounds: list[Round] = []
        self.sacrifice: list[str] = []
        self.death: list[str] = []
        self.sanctuary: list[str] = []
        self.removed_ghosts: list[str] = []
        self.blades_revealed: list[str] = []
        self.table_double_knife = 1
        self.extra_ghosts = 0
        self.ghosts_from_supply = 0
        self.winner: str | None = None
        self.end_reason = ""
        #: At a FAQ Q12 end won by the Blood Blades: the White Rose Faction seats that still held
        #: faction cards, with those cards, ``((seat, cards), ...)``; shown once the game is over.
        self.held_at_end: tuple[tuple[int, tuple[str, ...]], ...] = ()
        self._samplers: dict = {}  # (seat, history length) -> WorldSampler, for determinize

    def clone(self) -> "BladesAndRoseState":
        """An independent copy: the lists this state changes are copied, everything else shared
        (resolved rounds, placed crystals and night knowledge never change; the RNG is
        copy-on-write)."""
        new = object.__new__(BladesAndRoseState)
        d = self.__dict__.copy()
        d["history"] = self.history.copy()
        d["log"] = self.log.copy()
        d["roles"] = self.roles.copy()
        d["hands"] = [h.copy() for h in self.hands]
        d["crystals"] = self.crystals.copy()
        d["placed"] = self.placed.copy()
        d["night_seen"] = self.night_seen.copy()
        if self.rnd is not None:
            d["rnd"] = self.rnd.copy()
        d["rounds"] = self.rounds.copy()
        for k in ("sacrifice", "death", "sanctuary", "removed_ghosts", "blades_revealed"):
            d[k] = d[k].copy()
        d["_samplers"] = {}
        new.__dict__ = d
        self.share_rng_with(new)
        return new

    #: The per-position determinize cache is not part of the position.
    SNAPSHOT_SKIP = State.SNAPSHOT_SKIP | {"_samplers"}

    # ------------------------------------------------------------------ helpers
    def left_of(self, seat: int) -> int:
        """The next seat clockwise (RULINGS.md seating convention)."""
        return (seat + 1) % self.num_players

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.num_players

    def add_ghost(self, seat: int) -> None:
        """Effect #7: ``seat`` takes a Ghost from the unlimited supply (BR-8)."""
        self.hands[seat] = sort_cards(self.hands[seat] + [GHOST])
        self.ghosts_from_supply += 1
        self.rnd.ghost_to.append(seat)

    def faction(self, seat: int) -> str | None:
        role = self.roles[seat]
        return None if role is None else faction_of(role)

    @staticmethod
    def buds(cards: list[str]) -> int:
        """Flower Buds among ``cards`` (Believer and Bishop, FAQ Q4/Q5, BR-7)."""
        return sum(1 for c in cards if c in BUDS)

    def _remaining_roles(self) -> Counter:
        deck = Counter(role_deck(self.num_players))
        deck.subtract(r for r in self.roles if r is not None)
        return +deck

    def _remaining_pool(self) -> Counter:
        pool = Counter(self.pool)
        pool.subtract(self._dealt_crystals())
        return +pool

    def _dealt_crystals(self) -> list[int]:
        held = [c for c in self.crystals if c is not None]
        return held + [k for _, k in self.placed]

    def _play_options(self, seat: int) -> list[Any]:
        """Step 2 choices of ``seat`` with the current effect's constraints: #1/#8 must play,
        #5 bound pair (B follows A)."""
        rnd = self.rnd
        plays = [PLAY_ACTION[c] for c in dict.fromkeys(self.hands[seat])]  # hands are kept sorted
        if seat in rnd.must_play:
            return plays
        if rnd.bound is not None and seat == rnd.bound[1]:
            return plays if rnd.bound[0] in rnd.plays else [PASS]
        plays.append(PASS)
        return plays

    # ------------------------------------------------------------------ hooks
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            rnd = self.rnd
            return CHANCE if rnd.pending_random else rnd.order[rnd.next]
        if phase == COIN:
            return self.coin
        if phase == EFFECT:
            return self.rnd.receiver
        return CHANCE if phase == SETUP else TERMINAL

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        n = self.num_players
        if self.phase == SETUP:
            if self._deck_left is not None:
                return list(role_outcomes(self.roles.index(None), self._deck_left))
            if self.crystals_dealt < n:
                return list(crystal_outcomes(self.crystals_dealt, self._pool_left))
            return list(first_coin_outcomes(n))
        seat = self.rnd.pending_random[0]
        return list(random_card_outcomes(seat, tuple(self.hands[seat])))

    def _legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == PLAY:
            return self._play_options(self.rnd.order[self.rnd.next])
        if phase == COIN:
            crystals = self.crystals
            coin = self.coin
            others = [GIVE_COIN[s] for s in range(self.num_players) if s != coin and crystals[s] is not None]
            if others:
                return others
            return [KEEP_COIN] if crystals[coin] is not None else []
        eff = EFFECTS[self.rnd.crystal]  # phase EFFECT
        out: list[Any] = [ChooseTargets(eff.number, t) for t in eff.choices(self, self.rnd.receiver)]
        if eff.optional:
            if not out:
                out.append(ActivateEffect(eff.number))
            out.append(DeclineEffect(eff.number))
        return out

    def _apply(self, action: Any) -> None:
        _APPLY[type(action)](self, action)  # apply() checked legality

    def _deal_crystal(self, action: DealCrystal) -> None:
        """Game Setup: the seat draws a crystal, hidden (BR-4)."""
        self.crystals[action.seat] = action.number
        self.crystals_dealt += 1
        left = list(self._pool_left)
        left.remove(action.number)
        self._pool_left = tuple(left)
        self.log.add(("seat {} draws a crystal", action.seat),
                     {action.seat: ("you draw crystal #{} ({})", action.number, EFFECTS[action.number].title)})

    def _first_coin(self, action: FirstCoin) -> None:
        """BR-5: the coin's first holder is drawn at random; then the Night Phase."""
        self.coin = action.seat
        self.log.add(("seat {} holds the coin first", action.seat))
        self._night()

    def _give_coin(self, action: GiveCoin | KeepCoin) -> None:
        self._start_round(self.coin if type(action) is KeepCoin else action.seat)

    def _choose_targets(self, action: ChooseTargets) -> None:
        self._activate(action.seats)

    def _activate_effect(self, action: ActivateEffect) -> None:
        self._activate(())

    def _decline_effect(self, action: DeclineEffect) -> None:
        """FAQ Q11: only #10 may be declined."""
        self.log.add(("seat {} does not activate effect #{} (FAQ Q11)", self.rnd.receiver, action.effect))
        self._start_play()

    def _play_action(self, action: Play) -> None:
        self._play(action.card)

    def _pass(self, action: Pass) -> None:
        """Step 2: the seat declares not playing a card."""
        rnd = self.rnd
        seat = rnd.order[rnd.next]
        rnd.passed.append(seat)
        rnd.next += 1
        self.log.add(("seat {} does not play a card", seat))
        self._advance()

    # ------------------------------------------------------------------ setup and night
    def _deal_role(self, action: DealRole) -> None:
        """Game Setup: the seat draws a character card and takes Ghost, Believer (BR-2)."""
        self.roles[action.seat] = action.role
        left = list(self._deck_left)
        left[ROLES.index(action.role)] -= 1
        self._deck_left = tuple(left) if None in self.roles else None
        self.hands[action.seat] = sort_cards([GHOST, BELIEVER, action.role])
        self.log.add(("seat {} draws a character card", action.seat),
                     {action.seat: ("you draw the {} ({} Faction)", action.role, faction_of(action.role))})

    def _night(self) -> None:
        """Night Phase as knowledge (BR-3): each White Rose, Bishop, Double Knife and Great Sword
        seat learns the set of seats that opened their eyes (not who holds which role); nobody
        else learns anything. Step 2: the Double Knife swaps its Ghost for the table's Double
        Knife; the Ghost stays beside the board (BR-2)."""
        awake = [s for s in range(self.num_players) if self.roles[s] in NIGHT_ROLES]
        seats = ", ".join(map(str, awake))
        private = {}
        for s in awake:
            self.night_seen[s] = list(awake)
            private[s] = ("night: seats {} opened their eyes", seats)
        for s in range(self.num_players):
            if self.roles[s] == DOUBLE_KNIFE:
                hand = list(self.hands[s])
                hand.remove(GHOST)
                self.hands[s] = sort_cards(hand + [DOUBLE_KNIFE])
                self.table_double_knife -= 1
                self.extra_ghosts += 1
                private[s] = ("night: seats {} opened their eyes; you swap your Ghost for the "
                              "table's Double Knife", seats)
        self.log.add("night falls: the White Rose, Bishop, Double Knife and Great Sword open their eyes",
                     private)
        self.phase = COIN

    # ------------------------------------------------------------------ a round
    def _start_round(self, receiver: int) -> None:
        """Step 1 (BR-5): the coin goes to ``receiver``, who places their crystal; its effect is
        activated at once if it needs no choice, or the placer chooses (phase ``effect``); an
        effect that cannot be applied does nothing (FAQ Q3)."""
        n = self.num_players
        giver = self.coin
        number = self.crystals[receiver]
        self.crystals[receiver] = None
        self.placed.append([receiver, number])
        self.coin = receiver
        self.rnd = Round(number=len(self.rounds) + 1, giver=giver, receiver=receiver, crystal=number,
                         order=[(receiver + i) % n for i in range(n)])
        eff = EFFECTS[number]
        if giver == receiver:
            self.log.add(("round {}: seat {} keeps the coin; seat {} places crystal #{} ({})",
                          self.rnd.number, giver, receiver, number, eff.title))
        else:
            self.log.add(("round {}: seat {} gives the coin to seat {}; seat {} places crystal #{} ({})",
                          self.rnd.number, giver, receiver, receiver, number, eff.title))
        if not eff.can_apply(self, receiver):
            self.log.add(("effect #{} cannot be applied: nothing happens (FAQ Q3)", number))
            self._start_play()
        elif eff.optional or eff.choices(self, receiver):
            self.phase = EFFECT
        else:
            self._activate(())

    def _activate(self, targets: tuple[int, ...]) -> None:
        eff = EFFECTS[self.rnd.crystal]
        eff.apply(self, self.rnd.receiver, tuple(targets))
        self.rnd.effect_applied = True
        self.rnd.targets = list(targets)
        if not targets:
            self.log.add(("effect #{} ({})", eff.number, eff.title))
        elif len(targets) == 1:
            self.log.add(("effect #{} ({}) on seat {}", eff.number, eff.title, targets[0]))
        else:
            self.log.add(("effect #{} ({}) on {}", eff.number, eff.title,
                          " and ".join(f"seat {s}" for s in targets)))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.rnd.next = 0
        self._advance()

    def _advance(self) -> None:
        """Move to the next seat with a decision: seats whose card was drawn by #3/#4 have played,
        seats without cards cannot play; after the last seat, Step 3."""
        rnd = self.rnd
        if rnd.pending_random:
            return
        while rnd.next < len(rnd.order):
            seat = rnd.order[rnd.next]
            if seat in rnd.plays:
                rnd.next += 1
            elif not self.hands[seat]:
                self.log.add(("seat {} has no cards left", seat))
                rnd.next += 1
            else:
                return
        self._resolve()

    def _random_card(self, action: RandomCard) -> None:
        """Effects #3/#4: the drawn card is the seat's play this round, face down."""
        rnd = self.rnd
        rnd.pending_random.pop(0)
        self.hands[action.seat].remove(action.card)
        rnd.plays[action.seat] = action.card
        rnd.played.append(action.seat)
        rnd.random_seats.append(action.seat)
        self.log.add(("a random card of seat {} is played face down", action.seat),
                     {action.seat: ("your {} is drawn at random and played face down", action.card)})
        self._advance()

    def _play(self, card: str) -> None:
        rnd = self.rnd
        seat = rnd.order[rnd.next]
        self.hands[seat].remove(card)
        rnd.plays[seat] = card
        rnd.played.append(seat)
        rnd.next += 1
        self.log.add(("seat {} plays a card face down", seat), {seat: ("you play {} face down", card)})
        self._advance()

    def _resolve(self) -> None:
        """Step 3: reveal (sorted multiset, or attributed under #2) and resolve: Ghosts removed;
        with no blade, buds to the Sacrifice Area and the White Rose to the Sanctuary; with any
        blade, buds (and the White Rose) to the Death Area; blades are set aside face up."""
        rnd = self.rnd
        cards = sort_cards(rnd.plays.values())
        rnd.revealed = cards
        rnd.resolved = True
        blade = any(c in BLADES for c in cards)
        for c in cards:
            if c == GHOST:
                self.removed_ghosts.append(c)
            elif c in BLADES:
                self.blades_revealed.append(c)
            elif c == WHITE_ROSE and not blade:
                self.sanctuary.append(c)
            elif blade:
                self.death.append(c)
            else:
                self.sacrifice.append(c)
        if rnd.unshuffled:
            shown = ", ".join(f"seat {s}: {rnd.plays[s]}" for s in rnd.played)
        else:
            shown = ", ".join(cards)
        self.log.add(("revealed: {}", shown or "no cards"))
        self.rounds.append(rnd)
        self.rnd = None
        rnd.outcome = self._check_victory(cards, blade)
        self.log.add(("round {} ends: {}", rnd.number, rnd.outcome))

    def _check_victory(self, cards: list[str], blade: bool) -> str:
        """Victory after the round (Game End and Victory Conditions, FAQ Q9, Q12, BR-6, BR-7).
        Returns the round's outcome text and sets ``winner`` when the game ends."""
        if WHITE_ROSE in cards and blade:
            return self._end(BLOOD_BLADES_FACTION, "the White Rose was killed")
        if self.buds(self.death) >= self.death_limit:
            return self._end(BLOOD_BLADES_FACTION,
                             f"{self.buds(self.death)} Flower Buds in the Death Area (limit {self.death_limit})")
        if WHITE_ROSE in self.sanctuary and self.buds(self.sacrifice) >= self.sacrifice_target:
            return self._end(WHITE_ROSE_FACTION, f"the White Rose is in the Sanctuary and "
                             f"{self.buds(self.sacrifice)} Flower Buds are sacrificed")
        if all(c is None for c in self.crystals):
            left = [s for s in range(self.num_players) if self.faction(s) == WHITE_ROSE_FACTION
                    and any(c in FACTION_CARDS for c in self.hands[s])]
            if left:
                self.held_at_end = tuple((s, tuple(sort_cards(c for c in self.hands[s] if c in FACTION_CARDS)))
                                         for s in left)
                return self._end(BLOOD_BLADES_FACTION, "all crystals are placed and White Rose Faction "
                                 "seats still hold White Rose or Flower Bud cards (FAQ Q12)")
            return self._end(WHITE_ROSE_FACTION, "all crystals are placed and the White Rose Faction "
                             "has played all its White Rose and Flower Bud cards (FAQ Q12)")
        self.phase = COIN
        return "no winner yet"

    def _end(self, winner: str, reason: str) -> str:
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason
        return f"{winner} Faction wins: {reason}"

    # ------------------------------------------------------------------ results and views
    def returns(self) -> list[float]:
        """1.0 for each seat of the winning faction, 0.0 otherwise (zeros before the end)."""
        if self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if self.faction(s) == self.winner else 0.0 for s in range(self.num_players)]

    def result_tags(self) -> dict[str, str]:
        """The winning faction, for simulation summaries (``roses simulate`` faction win rates)."""
        return {} if self.winner is None else {"winning_faction": self.winner}

    def _round_view(self, rnd: Round, seat: int | None) -> RoundView:
        eff = EFFECTS[rnd.crystal]
        attribution = None
        if rnd.unshuffled and rnd.resolved:
            attribution = tuple((s, rnd.plays[s]) for s in rnd.played)
        return RoundView(
            number=rnd.number, giver=rnd.giver, receiver=rnd.receiver, crystal=rnd.crystal,
            effect=eff.title, effect_applied=rnd.effect_applied, targets=tuple(rnd.targets),
            must_play=tuple(rnd.must_play), bound=tuple(rnd.bound) if rnd.bound else None,
            unshuffled=rnd.unshuffled, order=tuple(rnd.order), random_seats=tuple(rnd.random_seats),
            played=tuple(rnd.played), passed=tuple(rnd.passed), revealed=tuple(rnd.revealed),
            attribution=attribution, outcome=rnd.outcome,
            my_card=rnd.plays.get(seat) if seat is not None else None,
        )

    def information_state_key(self, seat: int) -> tuple:
        """The core's key, plus, once the game is over, the faction cards still held at an FAQ Q12
        end (``held_at_end``) and every seat's role: the end reveals them (the observation's
        ``held_at_end`` and ``roles``) without a log line, so without them two finished games that
        differ only there would share a key."""
        key = super().information_state_key(seat)
        return key + (self.held_at_end, tuple(self.roles)) if self.phase == OVER else key

    def _observation(self, seat: int | None) -> BladesAndRoseObservation:
        """What ``seat`` may know (module docstring of ``observation.py``): own role, hand, crystal
        and night knowledge; the public board (Q7); nothing of other seats' hidden cards."""
        over = self.phase == OVER
        own = seat is not None
        role = self.roles[seat] if own else None
        return BladesAndRoseObservation(
            seat=seat, current_player=self.current_player(), phase=self.phase, log=self.log.view(seat),
            players=self.num_players, role=role, faction=faction_of(role) if role else None,
            hand=tuple(self.hands[seat]) if own else (),
            crystal=self.crystals[seat] if own else None,
            night_seen=tuple(self.night_seen[seat]) if own and self.night_seen[seat] is not None else None,
            coin=self.coin, hand_counts=tuple(len(h) for h in self.hands),
            holds_crystal=tuple(c is not None for c in self.crystals),
            placed_crystals=tuple((s, k) for s, k in self.placed),
            rounds=tuple(self._round_view(r, seat) for r in self.rounds),
            current_round=self._round_view(self.rnd, seat) if self.rnd is not None else None,
            sacrifice_area=tuple(self.sacrifice), death_area=tuple(self.death),
            sanctuary=tuple(self.sanctuary), removed_ghosts=len(self.removed_ghosts),
            blades_revealed=tuple(self.blades_revealed),
            sacrifice_count=self.buds(self.sacrifice), death_count=self.buds(self.death),
            sacrifice_target=self.sacrifice_target, death_limit=self.death_limit,
            crystals_left=sum(1 for c in self.crystals if c is not None) if self.phase != SETUP
            else self.num_players - len(self.placed),
            winner=self.winner, end_reason=self.end_reason,
            returns=tuple(self.returns()) if over else None,
            roles=tuple(self.roles) if over else tuple(r if s == seat else None for s, r in enumerate(self.roles)),
            held_at_end=self.held_at_end if over else (),
        )

    # ------------------------------------------------------------------ determinize
    def _sample_history(self, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
        """This game's history with everything hidden from ``seat`` re-drawn (``determinize.py``):
        the other seats' roles (DealRole), their unplaced crystals (DealCrystal) and the cards of
        their face-down plays (Play, RandomCard), drawn exactly among the histories consistent
        with what ``seat`` knows; every other step as it was (all of them public)."""
        key = (seat, len(self.history))
        cache = self._samplers
        sampler = cache.get(key)
        if sampler is None:
            for old in [k for k in cache if k[1] != key[1]]:
                del cache[old]  # an older position's samplers are of no more use
            sampler = cache[key] = WorldSampler(self, seat)
        roles, cards, crystals = sampler.draw(rng)
        out: list[tuple[int, Any]] = []
        r = -1
        for who, a in self.history:
            t = type(a)
            if t is DealRole:
                if a.seat != seat:
                    a = deal_role_action(a.seat, roles[a.seat])
            elif t is DealCrystal:
                if a.seat != seat:
                    a = deal_crystal_action(a.seat, crystals[a.seat])
            elif t is GiveCoin or t is KeepCoin:
                r += 1
            elif t is Play:
                if who != seat and (who, r) in cards:  # else attributed by #2: public
                    a = PLAY_ACTION[cards[(who, r)]]
            elif t is RandomCard:
                if a.seat != seat and (a.seat, r) in cards:
                    a = random_card_action(a.seat, cards[(a.seat, r)])
            out.append((who, a))
        return out

    # ------------------------------------------------------------------ checks
    def check_invariants(self) -> None:
        """Cards are conserved: hands + face-down plays + every area + the table's Double Knife
        and extra Ghost equal the cards dealt (Ghost, Believer, character per dealt seat), the
        table's Double Knife and the Ghosts taken from the supply (#7, BR-8)."""
        dealt = Counter({DOUBLE_KNIFE: 1, GHOST: self.ghosts_from_supply})
        for r in self.roles:
            if r is not None:
                dealt.update([GHOST, BELIEVER, r])
        where = Counter({DOUBLE_KNIFE: self.table_double_knife, GHOST: self.extra_ghosts})
        for h in self.hands:
            where.update(h)
        if self.rnd is not None:
            where.update(self.rnd.plays.values())
        for area in (self.sacrifice, self.death, self.sanctuary, self.removed_ghosts, self.blades_revealed):
            where.update(area)
        assert +dealt == +where, f"cards not conserved: dealt {dict(dealt)}, found {dict(where)}"
        assert len(self.rounds) == len(self.placed) - (1 if self.rnd is not None else 0)
        assert len(self.placed) <= self.num_players
        assert (self.winner is None) == (self.phase != OVER)

    def parse_action(self, text: str) -> Any:
        """The seat action written ``text`` (normalised: lower case, single spaces), legal now or
        not: ``give coin to seat 3``, ``keep coin``, ``#5 on seat 1 and seat 3``, ``activate #10``,
        ``decline #10``, ``play ghost``, ``pass``; ``None`` for anything else."""
        return parse_seat_action(text)

    def explain_illegal(self, action: Any) -> IllegalActionError:
        """Name the rule an illegal action breaks."""
        p = self.current_player()
        if p == CHANCE:
            return IllegalActionError("chance", f"{action} is not a possible chance outcome now", action)
        if self.phase == COIN:
            return IllegalActionError(
                "round Step 1 (BR-5)", "the coin holder must give the coin to another seat holding a "
                "crystal; only when nobody else holds one may they keep it", action)
        if self.phase == EFFECT:
            return IllegalActionError(
                f"Book of Magic #{self.rnd.crystal} (FAQ Q3, Q11)",
                f"the crystal's effect is used on one of the seats offered now; legal: "
                f"{', '.join(map(str, self.legal_actions()))}", action)
        rnd = self.rnd
        if p in rnd.must_play:
            rule, why = "Book of Magic #1/#8: this seat must play a card", "you must play a card this round"
        elif rnd.bound is not None and p == rnd.bound[1]:
            rule, why = ("Book of Magic #5: Player B follows Player A",
                         "you are bound to the earlier player: you play a card if they did, and pass if they did not")
        else:
            rule, why = "round Step 2", f"{action} is not allowed now"
        return IllegalActionError(rule, f"{why}; legal: {', '.join(map(str, self.legal_actions()))}", action)


_S = BladesAndRoseState
#: action type -> the method applying it (``_apply`` dispatches on the type).
_APPLY = {
    DealRole: _S._deal_role, DealCrystal: _S._deal_crystal, FirstCoin: _S._first_coin,
    GiveCoin: _S._give_coin, KeepCoin: _S._give_coin, ChooseTargets: _S._choose_targets,
    ActivateEffect: _S._activate_effect, DeclineEffect: _S._decline_effect,
    RandomCard: _S._random_card, Play: _S._play_action, Pass: _S._pass,
}
