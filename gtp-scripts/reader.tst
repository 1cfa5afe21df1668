# The capture reader's GTP commands, `attack` and `defend` (GNU Go's
# form: `1 MOVE`, or `0`). Positions: a cut stone that a chase captures
# only with help, a ladder and its breaker, a capturing race of two
# liberties against two.

# ---------------------------------------------------------------------
# White D4 cuts between Black's C4 and D3 (liberties D5, E4).
10 boardsize 9
11 clear_board
12 play b c4
13 play b d3
14 play w d4
15 attack d4
#? [0]
# Black F4 blocks the way out along the fourth line: D5 starts a chase.
16 play b f4
17 attack d4
#? [1 D5]
18 defend d4
#? [1 .*]
19 defend c4
#? [1 PASS]
20 attack e5
#? [vertex must not be empty]*

# ---------------------------------------------------------------------
# The classic ladder: White C3, in atari after Black C4, runs at D3 into
# a ladder; a White stone on G7 breaks it.
30 clear_board
31 play b b3
32 play b c2
33 play b d2
34 play w c3
35 play b c4
36 defend c3
#? [0]
37 attack c3
#? [1 D3]
38 play w g7
39 defend c3
#? [1 D3]

# ---------------------------------------------------------------------
# A race in the lower left corner: White's A3-D3-D1 (liberties E1, E2)
# against Black's A2-C2-C1 (liberties A1, B1). Whoever moves first wins.
50 clear_board
51 play b a4
52 play b b4
53 play b c4
54 play b d4
55 play b e4
56 play b e3
57 play w a3
58 play w b3
59 play w c3
60 play w d3
61 play w d2
62 play w d1
63 play b a2
64 play b b2
65 play b c2
66 play b c1
67 attack d3
#? [1 E[12]]
68 defend d3
#? [1 [AB]1]
69 attack a2
#? [1 [AB]1]
70 defend a2
#? [1 E[12]]
