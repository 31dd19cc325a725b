"""Terminal view of a Rare Roses observation (Rich)."""
from __future__ import annotations

from rich.console import Group
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from roses.core.log import as_read_by, seat_number
from roses.core.words import counted

from .actions import tiles_words
from .cards import ROSES

SHORT = {"rainbow": "Rainbow", "juliet": "Juliet", "striped-dragon": "Striped Dragon",
         "osira": "Osira", "blue": "Blue", "black": "Black"}
STYLE = {"rainbow": "bold magenta", "juliet": "bold yellow", "striped-dragon": "bold red",
         "osira": "bold bright_red", "blue": "bold blue", "black": "bold white on grey23"}


def _tiles(counts: dict) -> Text:
    t = Text()
    for r in ROSES:
        k = counts.get(r, 0)
        if k:
            if t:
                t.append(" ")
            t.append(f"{k}×{SHORT[r]}", style=STYLE[r])
    return t if t else Text("—", style="dim")


def _order(o) -> Text:
    if o is None:
        return Text("(empty)", style="dim")
    t = Text(f"#{o.id} ", style="bold")
    for i, (r, m) in enumerate(o.roses):
        if i:
            t.append(", ")
        t.append(SHORT[r], style=STYLE[r])
        t.append(f" {m}")
    t.append(f"  Fill ${o.fill} / Match ${o.match}", style="green")
    if o.specialty:
        t.append(f"  ✿{SHORT[o.specialty]}", style=STYLE[o.specialty])
    return t


class _Fitted:
    """``wide`` (a table) where its narrowest layout fits the width, else ``narrow``: a table
    squeezed below its longest words cuts them ("1×Bl…": Blue or Black?) in a 60-column terminal."""

    def __init__(self, wide, narrow):
        self.wide, self.narrow = wide, narrow

    def __rich_console__(self, console, options):
        # measured without the width limit (a measurement is clamped to it)
        least = Measurement.get(console, options.update_width(10_000), self.wide).minimum
        fits = least <= options.max_width
        yield self.wide if fits else self.narrow


def deal_words(po: dict) -> str:
    """A pending deal (the observation's ``pending_offer``) worded as the log words it: the
    proposer, whose turn it is, takes the answering seat's tiles and pays money and/or its own
    tiles (RR-7), e.g. "seat 0 proposes to take seat 2's fresh Black bloom for $5"."""
    take = tiles_words(po["take"])
    given = po.get("give") or ()
    give = tiles_words(given) if given else ""  # no tiles given: the money alone, not "… and nothing"
    paid = ([f"${po['pay']}"] if po["pay"] or not give else []) + ([give] if give else [])
    return f"seat {po['from']} proposes to take seat {po['to']}'s {take} for " + " and ".join(paid)


#: What is happening in each phase, in plain words (the phase names are engine syntax).
PHASE_WORDS = {"specialty": "dealing shop cards", "start": "drawing the starting player",
               "setup-market": "seeding the market", "setup-orders": "turning over orders",
               "trash-or-seed": "trash the oldest order or seed the market", "seeding": "seeding the market",
               "push": "push the market or stop", "refill": "turning over orders", "purchase": "buying roses",
               "draft": "drafting a deal", "respond": "answering a deal", "fill": "filling orders",
               "name-tiles": "picking tiles for an order", "over": "game over"}


def render(obs):
    """A Rich renderable of ``obs`` (a :class:`~.observation.RareRosesObservation`); not the log,
    which the terminal prints line by line. Status lines name the reader's own seat as the log does
    ("your turn", "seat 0 (you) $52", ``as_read_by``); a spectator's are unchanged."""
    head = Text(f"Rare Roses — {PHASE_WORDS.get(obs.phase, obs.phase)}", style="bold")
    mover = obs.current_player
    over = obs.phase == "over"
    if over:
        pass  # nobody's turn once the game is over
    elif obs.turn >= 0 and 0 <= mover != obs.turn:  # another seat moves in this turn: name it
        doing = f"answer seat {obs.turn}'s deal" if obs.phase == "respond" else "move"
        head.append(as_read_by(f" · seat {mover}'s move: {doing}", obs.seat))
    elif obs.turn >= 0:
        head.append(as_read_by(f" · seat {obs.turn}'s turn", obs.seat))
    if obs.seat is not None:
        head.append(f" · you are Seat {obs.seat + 1}")
    if obs.end_triggered and not over:
        head.append(f" · last order drawn, {counted(obs.turns_left, 'turn')} left", style="bold red")

    market = Table(title="Market", show_header=True, box=None)
    market.add_column("rose")
    market.add_column("tiles", justify="right")
    market.add_column("price", justify="right")
    market.add_column("in bag", justify="right")
    for r in ROSES:
        market.add_row(Text(SHORT[r], style=STYLE[r]), str(obs.market[r]), f"${obs.prices[r]}", str(obs.bag[r]))

    title = f"Orders (deck: {obs.deck_size} left)"  # the table at least as wide: an empty queue
    queue = Table(title=title, show_header=False, box=None, min_width=len(title))  # wrapped it
    label = ["oldest"] + [""] * (len(obs.queue) - 2) + ["newest"]
    for i, o in enumerate(obs.queue):
        queue.add_row(label[i], _order(o))

    shops = Table(title="Shops", show_header=True)
    for col in ("seat", "specialty", "$", "buds", "fresh blooms", "mature blooms", "orders"):
        shops.add_column(col)
    lines = [Text("Shops", style="italic")]
    for s in obs.shops:
        mark = "▶ " if s.seat == obs.turn and not over else ""  # nobody's turn once the game is over
        spec = Text(SHORT[s.specialty], style=STYLE[s.specialty]) if s.specialty else Text("?")
        spec.append(f" {s.specialty_filled} of 4" + (" ✓" if s.bonus_paid else ""))
        shops.add_row(f"{mark}{seat_number(s.seat, obs.seat)}", spec, f"${s.money}", _tiles(s.bud), _tiles(s.fresh),
                      _tiles(s.mature), str(len(s.orders_filled)))
        line = Text(f"{mark}Seat {seat_number(s.seat, obs.seat)} · specialty ").append_text(spec)
        line.append(f" · ${s.money} · buds ").append_text(_tiles(s.bud)).append(" · fresh blooms ")
        line.append_text(_tiles(s.fresh)).append(" · mature blooms ").append_text(_tiles(s.mature))
        lines.append(line.append(f" · {counted(len(s.orders_filled), 'order')} filled"))
    shops = _Fitted(shops, Group(*lines))

    turn = Text(f"this turn: drawn {obs.tiles_drawn} of 6 · received {obs.received} of 6 · "
                f"filled {obs.fills} of 3" + (f" · offers left {obs.offers_left}" if len(obs.shops) > 1 else ""), style="dim")
    parts = [head, market, queue, shops] + ([] if over else [turn])
    if obs.pending_offer:
        po = obs.pending_offer
        parts.append(Text(as_read_by(f"deal on the table: {deal_words(po)}", obs.seat), style="bold cyan"))
    if obs.draft:
        d = obs.draft
        terms = [f"take {tiles_words(d['take'])}" if d["take"] else "take nothing yet"]
        terms += [f"give {tiles_words(d['give'])}"] if d["give"] else []
        terms += [f"pay ${d['pay']}"]
        parts.append(Text(as_read_by(f"your draft of a deal with seat {d['to']}: " + ", ".join(terms), obs.seat),
                          style="bold cyan"))
    elif obs.draft_with is not None:
        parts.append(Text(as_read_by(f"seat {obs.turn} is drafting a deal with seat {obs.draft_with}", obs.seat),
                          style="cyan"))
    if obs.naming:
        nm = obs.naming
        parts.append(Text(f"naming tiles for order #{nm['card']} ({nm['value']}): "
                          + (tiles_words(nm["tiles"]) if nm["tiles"] else "none yet"), style="bold cyan"))
    if obs.result:
        parts.append(Text(as_read_by("final: " + ", ".join(f"seat {i} ${m}" for i, m in enumerate(obs.result["money"])),
                                     obs.seat), style="bold green"))
    return Panel(Group(*parts), title="Rare Roses")
