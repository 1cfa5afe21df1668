# The life-and-death solver's GTP commands, `tianyuan-owl_attack` and
# `tianyuan-owl_defend` (GNU Go's `owl_attack` / `owl_defend` form: `1
# MOVE`, `2 MOVE` and `3 MOVE` for kos, `0`, or `unknown` when the read
# runs out). The group must be enclosed; an open one is an error.

# ---------------------------------------------------------------------
# Black's corner group with a straight three of eye space (A1 B1 C1),
# walled in by White: B1 kills, and B1 lives.
10 boardsize 9
11 clear_board
12 gogui-setup b A2 b B2 b C2 b D2 b D1 w A3 w B3 w C3 w D3 w E3 w E2 w E1
13 tianyuan-owl_attack a2
#? [1 B1]
14 tianyuan-owl_defend a2
#? [1 B1]
# With B1 Black's: two eyes, nothing to attack, nothing to defend.
15 play b b1
16 tianyuan-owl_attack d1
#? [0]
17 tianyuan-owl_defend d1
#? [1 PASS]
# White's wall is open to the rest of the board.
18 tianyuan-owl_attack e1
#? [.*not enclosed.*]*
#
# An empty point, a point off the board, no argument.
19 tianyuan-owl_attack j9
#? [.*]*
20 tianyuan-owl_defend z1
#? [.*]*
21 tianyuan-owl_attack
#? [.*]*

# ---------------------------------------------------------------------
# Issue 45's seki: Black's D1-D3 and White's B1-C3 share C1 and C2; no
# attack on Black's string works.
30 clear_board
31 gogui-setup b A1 b A2 b A3 b A4 b B4 b C4 b C5 b C6 b C7 b C8 b C9 b D1 b D2 b D3 w D4 w D5 w D6 w D7 w D8 w D9 w E1 w E2 w E3 w E4 w B1 w B2 w B3 w C3
32 tianyuan-owl_attack d1
#? [0]
33 tianyuan-owl_defend d1
#? [1 PASS]
