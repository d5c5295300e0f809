"""The side panels beside the Hanabi table: the team's score, or the league's round-by-round scores."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from rules.fireworks import round_seats
from rules.hanabi import HanabiView, view_max_score, view_scores
from tui.games.look import Look
from tui.widgets.fit import LabelledRows

PANEL_FALLBACK = {"hanabi--turn": "bold green", "hanabi--warning": "yellow", "hanabi--unknown": "grey42"}
"""The panels' colours when drawn without the table's look."""


def hanabi_panel(view: HanabiView, names: list[str], look: Look | None = None) -> RenderableType:
    """Classic: the team score and each seat's misplays; per-seat scoring: each seat's score as it stands.

    In the table's ``look`` when given (fixed colours without it)."""
    look = look or Look(fallback=PANEL_FALLBACK)
    scores = view_scores(view)
    lines: list[Text] = []
    if view.preset == "classic":
        line = Text("Team score ", style="bold")
        line.append(f"{scores[0] if scores[0] is not None else view.score} ", style=look("hanabi--turn"))
        line.append(f"of {view_max_score(view)}", style="dim")
        lines.append(line)
    figure_head = "Misplays" if view.preset == "classic" else "Score"
    rows: list[tuple[Text, Text]] = []
    for s, name in enumerate(names):
        mark = " ✗" if view.disqualified[s] else " ▶" if view.to_act == s else ""
        figure = str(view.mistakes[s]) if view.preset == "classic" else str(scores[s] if scores[s] is not None else "–")
        style = look("hanabi--turn") if view.to_act == s else ""  # the whole row of the seat to act stands out
        rows.append((Text(name[:16] + mark, style=style), Text(figure, style=style)))
    return Group(*lines, LabelledRows((Text("Seat"), Text(figure_head)), rows))


def league_panel(view: HanabiView, names: list[str], look: Look | None = None) -> RenderableType:
    """The league: this round, who sits out, each seat's round scores (the live one stands out) and total so far,
    the live round's score included."""
    look = look or Look(fallback=PANEL_FALLBACK)
    scores = view_scores(view)
    out = [names[s] for s in range(view.num_seats) if s not in view.round_seats]
    head = Text(f"Round {view.round + 1} of {view.rounds}", style="bold")
    if out and not view.over:
        head.append(f" · {', '.join(out)} out")
    # Each round's figure is followed by its space; the rows go on two lines a seat where a name does not fit beside
    # its figures (a narrow panel).
    rows: list[tuple[Text, Text]] = []
    for s, name in enumerate(names):
        mark = "✗" if view.disqualified[s] else "▶" if view.to_act == s else " "
        label = Text(f"{name[:16]} {mark}", style=look("hanabi--turn") if view.to_act == s else "")
        row = Text()
        running = 0  # the round being played counts toward the total as it stands
        for r in range(view.rounds):
            if r < len(view.round_scores):
                played = r < len(view.round_scores) and _sat_in(r, s, view)
                row.append(f"{view.round_scores[r][s] if played else '–':>2} ")
            elif r == view.round and not view.over:
                running = scores[s] or 0
                row.append(f"{scores[s] if scores[s] is not None else '–':>2} ", style=look("hanabi--warning"))
            else:
                row.append(f"{'·':>2} ", style=look("hanabi--unknown"))
        row.append(f"{view.totals[s] + running:>4}", style="bold")
        rows.append((label, row))
    figures_head = Text("".join(f"R{r + 1} " for r in range(view.rounds)) + " Tot")
    return Group(head, LabelledRows((Text("Seat"), figures_head), rows))


def _sat_in(round_index: int, seat: int, view: HanabiView) -> bool:
    """Whether ``seat`` played finished round ``round_index`` (in the league, round r leaves out seat 3 − r)."""
    return seat in round_seats(round_index) or view.round_scores[round_index][seat] != 0
