"""A search bot at a server table is told who sits where (each seat's bot, or a person), as every
player sees it in the lobby, so it models each seat as the bot it is (``ISMCTSAgent.meet``)."""
from __future__ import annotations

from .test_server_api import create, true_state


def test_a_search_bot_is_told_who_sits_where_in_its_worker_process(client, monkeypatch):
    from roses.server import runner
    from roses.server.thinking import jobs

    from .helpers import spy_thinks

    thinks = spy_thinks(monkeypatch, client.app.state.thinking)
    made = create(client, "roses-and-thorns", ["human", "ismcts:hard", "bold", "heuristic"], seed=3,
                  bot_delay_ms=60000)
    row = client.app.state.store.load(made["table_id"])
    state = true_state(client, made["table_id"])
    seat = state.current_player()
    assert runner.seating(row) == (None, "ismcts:hard", "bold", "heuristic")
    action = client.portal.call(runner.bot_action, row, state.clone(), seat, "ismcts:hard", (),
                                client.app.state.thinking)
    assert action in state.legal_actions()
    # the job the worker ran carried the seating, and the job tells the agent
    (kind, fn, args), = thinks
    assert fn is jobs.bot_choice and args[1:] == ("ismcts:hard", runner.bot_seed(row.seed, row.version, seat), (),
                                                  (None, "ismcts:hard", "bold", "heuristic"))
    told: list = []

    class Spy:
        def meet(self, table):
            told.append(table)

        def act(self, turn):
            return turn.legal_actions[0]

    monkeypatch.setattr(jobs, "make_agent", lambda bot, game, seed: Spy())
    assert jobs.bot_choice(*args) == str(state.legal_actions()[0])
    assert told == [(None, "ismcts:hard", "bold", "heuristic")]
