"""The Volcanoes help screen: the rules in short, the bots and the keys."""

HELP = """\
# Volcanoes — rules in short

The globe is 80 triangles: **N01–N40** in the north, **S01–S40** in the south; **Nk** and **Sk** are
opposite each other. Blue and Orange take turns to **place a level-1 volcano** on an empty tile or
**raise one of their own** (levels 1–3) by one.

The cycle is *Blue, Orange, growth, Orange, Blue, growth* and again. At a **growth** every active volcano
rises one level by itself (the scores panel, beside the board or under it on a narrow screen, shows what comes next).

A volcano reaching **level 4 erupts** (shown `4!` just before) and then stays **dormant** (`4◆`)
until an enemy push brings it below 4. Each of its three neighbours gets a push: an empty tile or a
friendly volcano +1 for the erupter's side, an enemy volcano 4 toward it (enough to wipe out any
enemy volcano, a dormant one too). Neighbours reaching 4 erupt in the next phase, so chains can
sweep across the board; the log tells each phase.

**Win** by linking some **Nk to its opposite Sk** through your own volcanoes (any level, dormant too).
The game is drawn after 200 steps without a link, when both sides become linked at the same
time, or when a chain of eruptions is still going after 100 phases.

## Bots

All of them count the *link distance*: how many empty tiles a side still has to fill to link a pair,
judged on the board as it will stand once the volcanoes now growing have erupted.

* **ai:easy** — plays the move that brings its own link closest, ignoring yours; one move in four is random.
* **ai:normal** — the move that leaves its link shortest compared with yours, one move deep.
* **ai:hard** (plain `ai`) — also tries your answers to its moves and keeps the move whose worst answer
  hurts least, plans its two moves in a row together, values having several ways to link, and knows
  that a side about to move twice needs only two tiles.

`docs/bots-volcanoes.md` tells more.

## Reading the net

The net is the globe cut open: six strips of triangles, the north above the dotted **equator** line.
Triangles meet along their slanted edges and where a pointing-up triangle sits on a pointing-down one.
Some edges join across the cuts: **◂▸** in a gap means the two triangles beside it touch, and the **same
letter** at both ends of a strip means its two ends touch. Each triangle is filled: an empty tile grey, a
volcano in its side's colour, deeper the higher it stands, and the gap between two touching volcanoes of one
side filled too, so a side's groups and chains read as shapes. Only the selected tile shows its name; `t`
shows every name. Tile names stand on every edge of the net: left and right of each strip its first and last
tile (the names between run on from one to the other), and beside each tip of the top and bottom strips its
name; the names of the selected tile's strip are lit. With a tile selected, its three neighbours are outlined
and tinted in one colour (seam markers light up too) and its opposite in another. The latest move is outlined
brightly; during an eruption the erupting volcanoes are filled red and the tiles they push are outlined; a won
game lights its winning chain. Outlines follow the theme (Ctrl+P, *Theme*); Blue and Orange stay blue and orange.

**Colour-blind symbols** (Ctrl+P, or `parlour --colour-blind`): Blue's volcanoes show **■** before their
level (■2), Orange's **▲** (▲2), and the scores and the coming cycle show the same shapes. On the smallest
net a tile holding a volcano then shows its level in place of its name.

## Keys

| key | does |
|---|---|
| ← → or h l | along the strip (round the globe at the ends) |
| ↑ ↓ or k j | to the nearest triangle of the strip above / below |
| N or S, then digits | jump to a tile by name (`n7`, `s40`) |
| o | jump to the opposite tile |
| t | show every tile's name, or only the selected one's |
| Enter (or click twice) | play the selected tile |
| ? | this help |
| q | leave the table (the game is saved; `parlour resume` goes on) |
"""
