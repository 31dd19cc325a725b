"""The heuristic bot beats random clearly (issue 2, §4 Bots)."""
from roses.sim.batch import run_batch


def test_heuristic_beats_random_at_four_players():
    wins = 0.0
    # The heuristic takes each seat in turn against three random bots: 4 x 60 games.
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        r = run_batch("roses-and-thorns", {"players": 4}, bots, games=60, seed=100 * seat)
        wins += r.wins_per_seat[seat]
    rate = wins / 240
    # Chance is 0.25; measured ≈ 0.41–0.45 over several seeds before the thorn and bid evidence,
    # 0.50 now (`roses simulate roses-and-thorns --games 1000 --players 4 --bots heuristic,random
    # --seed 1`). 0.33 is ~2.9 sd above chance.
    assert rate > 0.33, rate


def test_heuristic_never_bids_through_its_own_thorn():
    """With its thorn on top of its own stack, any challenge fails: it must not open the bidding
    while it still has a card to add."""
    import roses
    from roses.agents import Turn
    from roses.games.roses_and_thorns.actions import Lay
    from roses.games.roses_and_thorns.bots import HeuristicAgent

    game = roses.load("roses-and-thorns", players=3, start_player=0)
    for seed in range(20):
        s = game.new_initial_state(seed)
        for t in ("lay thorn", "lay rose", "lay rose"):
            s.apply(s.action_from_text(t))
        assert isinstance(HeuristicAgent(game, seed).act(Turn.of(s)), Lay)


class _BidEverything:
    """Lays roses and bids every card on the table at once: beat 3 heuristics 58% of games when
    they laid their thorn one time in five (reported by a tester)."""

    name = "bid-everything"

    def __init__(self, game, seed):
        pass

    def act(self, turn):
        from roses.games.roses_and_thorns.actions import Bid, Lay

        bids = [a for a in turn.legal_actions if isinstance(a, Bid)]
        if bids and turn.observation.phase != "lay-first":
            return max(bids, key=lambda a: a.count)
        return Lay("rose") if Lay("rose") in turn.legal_actions else turn.legal_actions[0]


def test_an_always_bid_everything_player_does_not_exploit_the_heuristic():
    import roses
    from roses.games.roses_and_thorns.bots import HeuristicAgent
    from roses.sim.match import play_game

    game = roses.load("roses-and-thorns", players=4)
    wins = 0.0
    for i in range(120):
        m = i % 4
        agents = [_BidEverything(game, i) if s == m else HeuristicAgent(game, 7 * i + s) for s in range(4)]
        wins += play_game(game, agents, 5000 + i).returns()[m]
    assert wins / 120 < 0.15  # measured 0.03 over 200 games; chance is 0.25
