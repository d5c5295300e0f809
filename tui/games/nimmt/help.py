"""The 6 nimmt! help screen: the rules in short, the bots and the keys."""

HELP = """\
# 6 nimmt! — rules in short

Each card from 1 to 104 carries **cattle heads**, drawn as head icons ▾ after its number (a card of three
or more shows one icon and the count raised beside it: `100▾³`; in a wide window the cards are boxes with an
icon per head in their bottom edge): most have 1;
multiples of 5 have 2, of 10 have 3, of 11 have 5, and 55 has 7. **Fewer heads is better.**

Every turn **everyone chooses a card at the same time**. Then the cards are shown and
laid out one by one, lowest first:

* a card goes on the row whose last card is the **highest one still below it**;
* the card that would be **sixth** in a row instead takes the five cards there (their heads
  count against you) and starts that row afresh;
* a card **lower than every row's end** makes its owner **pick a row** to take; the card then
  starts that row.

A round lasts ten turns. The *codingame* preset plays five rounds; *classic* plays rounds
until someone has 66 heads or more. The lowest total wins.

## Computer players

* **easy** plays the card that costs the fewest heads right now, and takes the cheapest row.
* **normal** imagines a few deals of the cards it has not seen and plays each of its cards out.
* **hard** imagines many more, and learns from the cards you reveal whether you play carefully
  or at random, and expects your next cards accordingly.

## Keys

| key | does |
|---|---|
| ← → or h l | move along your hand: the row the card would go to is marked, the card's number in its place |
| digits | type a card's number to jump to it |
| Enter | play the selected card |
| ↑ ↓ or k j, 0–3 | choose a row when you must take one |
| ? | this help |
| q | leave the table (the game is saved; `parlour resume` goes on) |

While you choose, the line under your hand says what the selected card would do: go on a row, take a row
(the sixth card: and how many heads), or, lower than every row, make you choose a row to take.

A card's colour follows its cattle heads, which its icons also show, and no seat has a colour:
**colour-blind symbols** (Ctrl+P) change nothing at this table. The rest of its colours follow the theme.
"""
