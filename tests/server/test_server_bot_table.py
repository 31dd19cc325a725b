"""A search bot at a server table is told who sits where (each seat's bot, or a person), as every
player sees it in the lobby, so it models each seat as the bot it is (``ISMCTSAgent.meet``)."""
from __future__ import annotations

from .test_server_api import create, true_state


def test_a_search_bot_is_told_who_sits_where_in_its_worker_process(client, monkeypatch):
    import anyio
    import anyio.to_process

    from roses.server import runner

    told: list = []

    class Spy:
        def meet(self, table):
            told.append(table)

        def act(self, turn):
            return turn.legal_actions[0]

    async def in_process(fn, *args, cancellable=False):  # the worker, run here to watch the agent
        return fn(*args)

    monkeypatch.setattr(anyio.to_process, "run_sync", in_process)
    monkeypatch.setattr(runner, "make_agent", lambda bot, game, seed: Spy())
    made = create(client, "roses-and-thorns", ["human", "ismcts:hard", "bold", "heuristic"], seed=3,
                  bot_delay_ms=60000)
    row = client.app.state.store.load(made["table_id"])
    state = true_state(client, made["table_id"])
    assert runner.seating(row) == (None, "ismcts:hard", "bold", "heuristic")
    action = anyio.run(runner.bot_action, row, state.clone(), state.current_player(), "ismcts:hard")
    assert action == state.legal_actions()[0]
    assert told == [(None, "ismcts:hard", "bold", "heuristic")]
