"""The terminal view draws the observation (and only it)."""
from __future__ import annotations

from rich.console import Console

from roses.games.blades_and_rose import SPEC
from roses.games.blades_and_rose.cards import BELIEVER, BISHOP, DARK_KNIFE, DOUBLE_KNIFE, WHITE_ROSE
from roses.games.blades_and_rose.view import render

from .helpers import A, B, E, deal, play_round


def _text(obs) -> str:
    console = Console(width=120, record=True)
    console.print(render(obs))
    return console.export_text()


def test_render_shows_own_secrets_and_the_board_only():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BISHOP})
    assert SPEC.render is render
    mine = _text(s.observation(B))
    assert "Bishop (White Rose Faction)" in mine and "Sacrifice (1/4 buds)" in mine
    other = _text(s.observation(A))
    assert "White Rose (White Rose Faction)" in other and "Dark Knife" not in other
