"""The Hey, That's My Fish! help page: the rules in short, the keys, and how to read the board."""

HELP = """\
# Hey, That's My Fish! — rules in short

Sixty ice floes hold **1, 2 or 3 fish** (drawn as ● ● ●, coloured white, gold and orange).
Each seat has penguins (4 each with two seats, 3 with three, 2 with four), numbered 1, 2, 3…
within the seat and drawn as that number on the seat's colour.

1. **Placing.** In turn, each seat puts its next penguin on a free floe (in the *classic*
   preset only on a 1-fish floe).
2. **Sliding.** In turn, a seat slides one of its penguins **in a straight line** along one
   of the six hex directions, as far as it likes, but never over a hole or another penguin.
   The floe it left **melts**: its owner keeps its fish and the tile, and it becomes water.
3. A penguin with no free neighbour leaves the ice at once, taking its floe with it.
   The game ends when no penguin can move.

*codingame* scores 100 a fish plus 1 a tile; *classic* counts fish and breaks ties on tiles.
Names like `C7` are a column letter and a row number; rows 1, 3, 5 and 7 sit half a hex to
the right, so column letters zig-zag down the board.

## Bots

* **ai:easy** — greedy: slides onto the floe with the most fish, never plans.
* **ai:normal** — one move ahead, judging the whole board: fish banked plus the floes
  it reaches before anyone else.
* **ai:hard** (plain `ai`) — searches several moves ahead; an island holding only one
  seat's penguins counts as that seat's, worth exactly the most its penguins can eat.

`docs/bots-fish.md` tells more.

## Keys

| key | does |
|---|---|
| ← → or h l | move the cursor along the row |
| ↑ ↓ or k j | move to the row above / below, same column letter |
| w e | step up-left / up-right to a neighbouring hex |
| a d | step left / right |
| z x | step down-left / down-right (w e a d z x are the six keys around **S**) |
| Tab / Shift+Tab | jump to the next / previous lit hex |
| 1–4 | pick your penguin with that number (when sliding) |
| Enter | place a penguin here · pick the penguin here · slide the picked penguin here |
| Esc | put the picked penguin down and pick another |
| mouse | click a hex to move there, click it again to act |
| ? | this help |
| q | leave the table (the game is saved; `parlour resume` goes on) |

Each floe's fill says what it is: green where you may place or slide, bright under the cursor,
pale where the last penguin landed, and tinted in a seat's colour where only that seat's penguins
can still reach (its territory: the line under the board says so too). These colours follow the
theme (Ctrl+P, *Theme*).

**Colour-blind symbols** (Ctrl+P, or `parlour --colour-blind`): each seat has a shape as well as a
colour, drawn before its penguins' numbers (■1), on its territory's floes and by its name in the
scores: **■** the first seat, **▲** the second, **◆** the third, **★** the fourth.
"""
