"""The help pages of Hanabi and the Fireworks league: rules in short, keys, and the bots' conventions."""

CONVENTIONS = """\
## Playing with the bots (their conventions, in short)

The bots follow a few habits a person can learn (the full text is `docs/hanabi-conventions.md` in Parlour's
source):

* **Chop**: your oldest card (by when it was drawn, not by slot letter) that no hint has touched. Without a
  card known to be useless, you discard your chop.
* **Focus**: a hint has one focus — the chop if the hint newly touches it, else the newest card it newly touches.
* **Play hint**: a focus off the chop is playable now, or right after cards the whole table knows exactly.
* **Delayed play**: a focus may also be the next card after one a third player knows to be playable (not the
  hinter's or yours). Told "red" while you see that player's known R1 waiting? Your card is R2: play it once
  the R1 is up. See no red 1 waiting? Then it is a red 1 to play now.
* **Save hint**: a focus on the chop is playable or worth keeping — a **5** (saved with "5", never by colour), a
  **2** (saved with "2"), or with any other hint only a **last copy** of a card still needed.
* **Good touch**: every other card a hint newly touches is still useful. Touched cards are kept.
* **Look-alikes**: when two of your cards could only be the same card, play the older one first; once it has
  gone up, the other is useless.

On their turn the bots first warn a teammate who is about to play a card that does not fit, then save a
teammate's precious chop if it is in danger, play a card they know fits (5s first), hint a new play, and
otherwise discard known trash or their chop.

## Bots

* **ai:easy** — the conventions, but sometimes careless (it skips saves and throws its chop away).
* **ai:normal** — the conventions; gives the first hint that starts a play.
* **ai:hard** (plain `ai`) — compares every hint by imagining how you will read it.
* **ai:expert** — hard, plus a look ahead: when its move is not a sure play it imagines many ways its own
  cards could be and plays each choice out to the end (near the end of the deck, every play and discard it
  could make); it changes its mind only when another move is clearly better. Its hints follow the same
  conventions. It thinks up to about a second; in the Fireworks league it plays as hard (the league allows
  50 ms a move).

`docs/bots-hanabi.md` in Parlour's source tells more.
"""

KEYS = """\
## Keys

| key | does |
|---|---|
| ← → or h l, a – e | pick a slot of your hand (Shift+A – E too) |
| p / x (or Delete) | play / discard the picked card |
| p or x again, or Enter | go ahead with a card a hint touched (it asks first; Esc keeps the card) |
| Tab, Shift+Tab, ↑ ↓ | pick a teammate to give a hint |
| w r b g y | choose a colour to tell them (white red blue green yellow; b is blue only while hinting) |
| 1 – 5 | choose a value to tell them |
| Enter | give the hint shown (the cards it touches are lit and marked ▲) |
| Esc | drop the hint (or the play or discard asked about), back to your hand |
| i | show what each teammate knows of their own cards |
| n | pick a card to write a note on, yours or a teammate's (← → ↑ ↓ or a – e move the pick) |
| Enter, then Esc | open the picked card's note (Enter keeps it, empty clears it); Esc ends picking |
| ? | this help |
| q | leave the table (the game is saved; `parlour resume` goes on) |

## Reading the table

* Teammates' cards show their colour **letter** (W R B G Y) and value; a **•** marks a card some hint has
  touched. Cards touched by the latest hint are underlined.
* **Clue marks**: where the window has room, the line under each hand says, under every card a hint touched,
  what the hints told of it and the turn of the last one: `3 t15` was told "3" on turn 15 (the round's first
  move is turn 1), `R3 t20` was told red and 3. The marks of the latest hint stand out in the hinted colour.
  While a card is picked with **n**, the prompt spells it out: each hint on it and its turn, and what other
  hints ruled out ("not B 1").
* **Chop**: a **↓** marks each player's chop, yours too. By the usual convention a player who discards throws
  the oldest card in their hand that no hint has touched — oldest by when it was drawn, not by its slot letter,
  since a new card takes the slot the old one left. Every player can work it out from what was said, so a
  card worth keeping that sits on someone's chop is the one to save with a hint.
* **Notes**: a note you write on a card shows under it (its start, after a ✎) and whole in the prompt while the
  card is picked. Notes are yours alone: with several people at one keyboard, each sees only their own. They
  are kept in the saved game, and the replay viewer shows each seat's notes on that seat's view from the
  moment they were written.
* Your own cards are backs: the top row lists the colours a card can still be, the bottom row its values
  (a · rules one out). A single colour or value left is shown filled in.
* **✗** next to a firework: a card it needs is gone for good, so it cannot reach 5. In the discard pile,
  cards marked **✗** had their last copy thrown away.
* **Colours and letters**: the five firework colours are fixed; the rest of the table follows the theme
  (Ctrl+P, *Theme*). Every colour already comes with its letter — on faces, fireworks, the discard pile's
  groups and what a holder knows. With **colour-blind symbols** on (Ctrl+P, or `parlour --colour-blind`)
  each discarded card carries its letter too (`R3` rather than `3` after the red group's `R`).
* **Pace**: turns the team can still spend without playing before the best score slips out of reach — at 0,
  every turn must play or hint. **Efficiency**: cards played per hint given so far (and what the rest of the
  game needs).
"""

RULES = """\
# Hanabi — rules in short

A co-operative game: together you build five **fireworks**, one per colour (white, red, blue, green,
yellow), each from 1 up to 5 in order. You see every hand **but your own**.

On your turn do one thing:

* **Give a hint** (costs a hint token): tell one teammate every card of one colour, or every card of one
  value, in their hand. In the classic game it must touch at least one card.
* **Discard** a card to win a token back (not allowed while every token is in the box), then draw.
* **Play** a card: if it continues its firework it is added; otherwise it is discarded and a **fuse**
  burns. Then draw. Finishing a firework with its 5 returns a token.

Each colour has three 1s, two each of 2–4 and a single 5. Once all five fireworks are complete the game ends
at once. *Classic*: 8 tokens; when the last card is drawn, every seat (the one who drew it too) plays **one more
turn**; the third fuse loses everything; the score is the cards played (25 at most), and everyone shares it.

The *fireworks* preset is one round of the Fireworks league, for three: **12 tokens**, and only the
**fourth** failed play ends the round (it still counts). After the last card is drawn every seat takes
three more turns; five complete fireworks end the round at once. As in the CodinGame arena, a hint **may touch
no card** (it still costs a token, and tells that player they hold none of it), and **no card may be discarded
once the deck is empty**. Each seat has **its own score**: 10 + the
values of every card played by anyone (a complete firework counts 1+2+3+4+5) − the seat's own failed plays, so
85 at most.
"""

LEAGUE = """\
# Fireworks league — rules in short

Four players, four rounds of Hanabi with three at the table: round 1 leaves out the fourth seat, round 2 the
third, and so on. Each round has **12 hint tokens**; the **fourth** failed play ends it, and so do five
complete fireworks. When the last card is drawn every seat gets three more turns.

Every seat scores each round on its own: **10 + the values of every card played** (a complete firework
counts 1+2+3+4+5) **− its own failed plays**. The league score is the sum of a seat's rounds.
The panel shows each round's score (the running one in yellow) and **Tot**, the sum so far (the running round
as it stands included).
In the round you sit out you see every hand and watch the bots: **space** pauses, **n** plays one move,
**+** and **-** change their speed.

A hint names one colour or value of a teammate's cards and costs a token; it may touch no card, which tells
them they hold none of it. A discard wins a token back (not while all 12 are in the box, and not once the deck
is empty); a play either fits its firework or burns a fuse.
"""
