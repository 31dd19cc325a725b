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


def _bid_everything_share(opponent, games: int) -> float:
    """Mean return of an always-bid-everything player (``BidEverythingAgent``, seat ``i mod 4``)
    against three ``opponent(game, seed)`` bots over ``games`` 4-player games (seeds 5000 + i)."""
    import roses
    from roses.games.roses_and_thorns.bots import BidEverythingAgent
    from roses.sim.match import play_game

    game = roses.load("roses-and-thorns", players=4)
    wins = 0.0
    for i in range(games):
        m = i % 4
        agents = [BidEverythingAgent(game, i) if s == m else opponent(game, 7 * i + s) for s in range(4)]
        wins += play_game(game, agents, 5000 + i).returns()[m]
    return wins / games


def test_an_always_bid_everything_player_does_not_exploit_the_heuristic():
    from roses.games.roses_and_thorns.bots import HeuristicAgent

    assert _bid_everything_share(HeuristicAgent, 120) < 0.15  # measured 0.03 over 200 games; chance is 0.25


def test_an_always_bid_everything_player_does_not_exploit_hards_own_seat():
    """``ismcts:hard``'s own seat (``bots.OWN``) lays its thorn as ``bold`` does: a bid-everything
    player wins 0.158 against three of it over 2,000 games (0.196 against ``bold``; laying the thorn
    at 0.3, the stronger reply to heuristics, it won 0.369); 0.133 over these 120."""
    from roses.games.roses_and_thorns.bots import own_agent

    assert _bid_everything_share(own_agent, 120) < 0.25


def test_hards_own_seat_beats_three_heuristics_more_often_than_bold():
    """The own seat's settings (issue 10, 2026-12-05: bids trusted at 0.95, the bidding opened 6
    times in 10, raises by one) against ``bold``'s, each alone among three heuristics in the same
    200 four-player games (game seeds 9000–9199, the other seats seeded alike). Measured here:
    0.405 against 0.360; over 2,000 other games 0.432 against 0.389."""
    import roses
    from roses.games.roses_and_thorns.bots import BOLD, OWN, HeuristicAgent
    from roses.sim.match import play_game

    game = roses.load("roses-and-thorns", players=4)

    def share(settings):
        wins = 0.0
        for seed in range(9000, 9200):
            m = seed % 4
            agents = [HeuristicAgent(game, 1000 * seed + s, **(settings if s == m else {})) for s in range(4)]
            wins += play_game(game, agents, seed).returns()[m]
        return wins / 200
    own, bold = share(dict(OWN, samples=96)), share(dict(BOLD, samples=96))
    assert own > bold + 0.03 and own > 0.35, (own, bold)


# --- issue 10: bids a player notices ------------------------------------------------------------

def _position(players: int, *texts: str):
    import roses

    s = roses.load("roses-and-thorns", players=players, start_player=0).new_initial_state(1)
    for t in texts:
        s.apply(s.action_from_text(t))
    return s


def test_the_heuristic_does_not_bid_the_whole_table_on_the_others_single_laid_cards():
    """Issue 10: every seat has laid one card and still holds its thorn, so each other top card is
    the thorn about half the time (a random player lays it with chance 1/2, the heuristic 0.6):
    a bid of the whole table succeeds about one time in four at 3 players (two such cards) and one
    in eight at 4. The bot before issue 10 put the thorn uniformly over hand and stack (a laid card
    a thorn one time in four) and bid the whole table in 36 of these 40 three-player openings and
    27 of the 40 four-player raises; now it never does."""
    from roses.agents import Turn, make_agent

    for players, texts in ((3, ()), (4, ("bid 2",))):
        s = _position(players, *["lay rose"] * players, *texts)
        table = s.observation(None).cards_on_table
        acts = [str(make_agent("heuristic", s.game, seed).act(Turn.of(s))) for seed in range(40)]
        assert f"bid {table}" not in acts, (players, acts)
        assert all(a.startswith("bid") for a in acts), acts  # still bids: its own rose is safe


def test_whole_table_bids_are_rare_in_games_of_heuristics_built_per_move():
    """Issue 10's report (heuristics bidding every card on the table and hitting a thorn), played
    the way the server plays (a new bot for every move). Before issue 10, 32% of the challenges
    were bids of the whole table (555 of 1724 in 200 four-player games) and 82% of those failed;
    now 8% (106 of 1322; docs/rules/roses-and-thorns.md, "Bots")."""
    import roses
    from roses.agents import Turn, make_agent
    from roses.games.roses_and_thorns.actions import Bid

    game = roses.load("roses-and-thorns", players=4)
    bids = whole = 0
    for g in range(30):
        s = game.new_initial_state(g)
        i = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance())
                continue
            turn = Turn.of(s)
            a = make_agent("heuristic", game, 1000 * g + i).act(turn)
            i += 1
            if isinstance(a, Bid):
                bids += 1
                whole += a.count == turn.observation.cards_on_table
            s.apply(a)
    assert whole / bids < 0.12, (whole, bids)


def test_the_heuristic_raises_a_low_bid_rather_than_let_a_likely_challenge_through():
    """Issue 10, "all-pass collapse on a low bid". Five players have laid a rose each; seat 0
    (one marker: making its bid wins the game, §5) bids 2 and needs one card besides its own, and
    seat 1's rose is there for it. Seat 1 (clean stack) makes 3 only about 0.44 of the time: the
    passing rule "bid only at 0.5" passed here 10 times in 12 (with this position's estimate),
    leaving a win to seat 0. Now passing is weighed against the rival's chance (≈ 0.8): it raises
    by one, and only by one. Without the marker the bar is 0.3, still met."""
    from roses.agents import Turn, make_agent
    from roses.games.roses_and_thorns.actions import Bid
    from roses.games.roses_and_thorns.bots import HeuristicAgent

    for marker in (1, 0):
        s = _position(5, *["lay rose"] * 5, "bid 2")
        s.markers[0] = marker
        acts = [make_agent("heuristic", s.game, seed).act(Turn.of(s)) for seed in range(12)]
        assert acts == [Bid(3)] * 12, (marker, acts)
    before = [HeuristicAgent(s.game, seed, bid_confidence=0.5, rival_weight=0.0).act(Turn.of(s))
              for seed in range(12)]
    assert sum(a == Bid(3) for a in before) <= 4, before


def test_a_forced_raise_never_bids_the_whole_table_on_a_long_shot():
    """The raise under pressure stops short of the whole table (which ends the bidding at once,
    RT-4) unless it is made with chance 0.4: four seats with one laid card each, seat 0 with a
    marker bids 3 of 4; seat 1 could only raise to 4, an eighth of the time, so it passes."""
    from roses.agents import Turn, make_agent
    from roses.games.roses_and_thorns.actions import Pass

    s = _position(4, *["lay rose"] * 4, "bid 3")
    s.markers[0] = 1
    assert [make_agent("heuristic", s.game, seed).act(Turn.of(s)) for seed in range(20)] == [Pass()] * 20


# --- issue 10: the bold bot, hard's own seat ------------------------------------------------------

def test_bold_beats_three_heuristics_where_the_heuristic_takes_its_share():
    """``bold`` (thorn laid at 0.4, bids at 0.3) in one seat against three heuristics, next to the
    heuristic in the same seat on the same games: measured 0.38 against 0.27 over 2,000 games."""
    import roses
    from roses.games.roses_and_thorns.bots import HeuristicAgent, bold_agent
    from roses.sim.match import play_game

    game = roses.load("roses-and-thorns", players=4)
    games = 200  # 0.36 against 0.21 on these seeds
    won = {"bold": 0, "heuristic": 0}
    for i in range(games):
        m = i % 4
        for name, make in (("bold", bold_agent), ("heuristic", HeuristicAgent)):
            agents = [make(game, 1000 * i + s) if s == m else HeuristicAgent(game, 1000 * i + s) for s in range(4)]
            won[name] += play_game(game, agents, 7000 + i).winner == m
    assert won["bold"] / games > 0.30 and won["bold"] - won["heuristic"] > 0.05 * games


def test_an_always_bid_everything_player_does_not_exploit_bold():
    """Laying the thorn less often invites a player who bids every card at once (0.75 against bots
    laying it at 0.2); against three ``bold`` bots it stays below its fair share."""
    from roses.games.roses_and_thorns.bots import bold_agent

    assert _bid_everything_share(bold_agent, 200) < 0.25  # measured 0.17 over 400 games; chance is 0.25


def test_the_heuristic_guesses_a_laid_thorn_where_laying_puts_it_most_often():
    """``lay_thorn`` (q = 0.5): a seat holding its thorn lays it at each lay with chance q, so with two
    cards laid and two in hand the thorn is the first card laid with weight q, the second with
    q(1-q), and still in hand with (1-q)^2: 0.5, 0.25 and 0.25 of the sampled worlds."""
    from roses.games.roses_and_thorns.actions import THORN
    from roses.games.roses_and_thorns.bots import HeuristicAgent

    from .helpers import new, play

    state = play(new(3), "lay rose", "lay rose", "lay rose", "lay rose", "lay rose")
    bot = HeuristicAgent(state.game, 7, samples=4000)
    worlds = bot._worlds(state.observation(2))
    stacks = [w[1] for w in worlds]
    assert all(len(s) == 2 for s in stacks)
    bottom = sum(s[0] == THORN for s in stacks) / len(stacks)
    top = sum(s[1] == THORN for s in stacks) / len(stacks)
    assert abs(bottom - 0.5) < 0.03 and abs(top - 0.25) < 0.03, (bottom, top)
    assert not any(s[0] == s[1] == THORN for s in stacks)  # one thorn a seat
