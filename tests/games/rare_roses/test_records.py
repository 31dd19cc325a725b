"""Records and stored histories across the action-space change (rules_version 2: deals drafted
step by step, fill tiles named one by one). Old (rules_version 1) histories, with compound
``offer …`` deals and ``fill … with …`` fills, replay as their step sequences."""
from __future__ import annotations

import pytest

import roses
from roses.core import RecordError
from roses.core.record import GameRecord, replay
from roses.core.state import State
from roses.games.rare_roses.actions import (ChooseTiles, DealGive, DealPay, DealTake, DealWith,
                                            FillOrder, Offer, Propose, UseTile)

from .helpers import do, new_game, set_shop, small_deck, to_purchase


def _downgrade(history):
    """A rules_version 2 history written as rules_version 1 did (compound deals and named fills)."""
    out, i = [], 0
    while i < len(history):
        seat, a = history[i]
        if isinstance(a, DealWith):
            j = i + 1
            while not isinstance(history[j][1], Propose):
                j += 1
            steps = [x for _, x in history[i + 1:j]]
            o = Offer(a.seat, tuple(x.tile for x in steps if isinstance(x, DealTake)),
                      sum(x.amount for x in steps if isinstance(x, DealPay)),
                      tuple(x.tile for x in steps if isinstance(x, DealGive)))
            out.append([seat, str(o)])
            i = j + 1
        elif isinstance(a, ChooseTiles):
            j = i + 1
            while j < len(history) and isinstance(history[j][1], UseTile):
                j += 1
            tiles = tuple(x.tile for _, x in history[i + 1:j])
            out.append([seat, str(FillOrder(a.card, a.value, tiles))])
            i = j
        else:
            out.append([seat, str(a)])
            i += 1
    return out


def _played():
    """Two deals (one declined, one accepted, with tiles given and $27 paid) and a named fill."""
    s = new_game(2, seed=3, order_deck=small_deck(), start_player=0)
    to_purchase(s)
    set_shop(s, 1, "bud", juliet=2)
    set_shop(s, 0, "fresh", osira=1, black=1)
    s.money[0] += 30
    s.bank_out += 30
    do(s, "offer 1 take juliet/bud pay 1", "decline",
       "offer 1 take juliet/bud pay 27 give black/fresh", "accept", "done buying")
    cid = next(c for c in s.queue if c is not None)
    do(s, f"fill {cid} match with juliet/bud,osira/fresh")
    assert cid in s.filled[0]
    return s


def test_an_old_record_replays_as_its_draft_and_naming_steps():
    s = _played()
    old = _downgrade(s.history)
    assert any(t.startswith("offer 1 take juliet/bud pay 27 give black/fresh") for _, t in old)
    assert any(" with juliet/bud,osira/fresh" in t for _, t in old)
    # An old record has no rules_version field (it is version 1); the positions set by hand above
    # are not in the history, so replay only the part up to the point the record can reach:
    # compare step texts instead of the final state.
    data = GameRecord.from_state(s).to_json()
    assert data["rules_version"] == 2
    data.pop("rules_version")
    data["actions"] = old
    record = GameRecord.from_json(data)
    assert record.rules_version == 1
    translated = s.game.spec.upgrade_steps(record.actions, record.rules_version)
    assert translated == [[seat, str(a)] for seat, a in s.history]


def test_an_old_record_of_a_played_game_replays_to_the_same_result():
    """A whole game played by the bots (deals proposed and answered) then written in the old
    texts replays, with its result verified, to the same final state."""
    from roses.agents import Turn, make_agent

    game = roses.load("rare-roses", players=3)
    s = game.new_initial_state(5)
    bots = [make_agent("heuristic", game, k) for k in range(3)]
    while not s.is_terminal():
        s.apply(s.sample_chance() if s.is_chance_node() else bots[s.current_player()].act(Turn.of(s)))
    assert any(isinstance(a, DealWith) for _, a in s.history)
    data = GameRecord.from_state(s).to_json()
    data.pop("rules_version")
    data["actions"] = _downgrade(s.history)
    assert any(t.startswith("offer ") for _, t in data["actions"])
    final = replay(GameRecord.from_json(data))
    assert final == s
    # a stored state of version 1 (State.to_json without rules_version) rebuilds too
    js = s.to_json()
    assert js["rules_version"] == 2
    js.pop("rules_version")
    js["history"] = data["actions"]
    assert State.from_json(js) == s


def test_a_record_of_an_unknown_rules_version_is_refused_naming_it():
    s = new_game(2)
    data = GameRecord.from_state(s).to_json()
    data["rules_version"] = 3
    with pytest.raises(RecordError, match="rules version 3"):
        replay(GameRecord.from_json(data))
    spec = roses.load("roses-and-thorns", players=3).spec
    assert spec.rules_version == 1 and spec.upgrade_steps([[0, "x"]], 1) == [[0, "x"]]
    with pytest.raises(RecordError, match="rules version 2"):
        spec.upgrade_steps([], 2)


def test_a_compound_deal_text_is_refused_with_how_to_draft_it():
    s = new_game(3, seed=8)
    to_purchase(s)
    set_shop(s, 1, "fresh", juliet=1)
    with pytest.raises(roses.core.IllegalActionError, match="drafted step by step"):
        s.action_from_text("offer 1 take juliet/fresh pay 2")
    with pytest.raises(roses.core.IllegalActionError, match="more than 6 roses|one other player"):
        s.action_from_text("offer 0 take juliet/fresh pay 2")
