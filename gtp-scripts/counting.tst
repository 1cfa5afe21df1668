# Area counting (Chinese rules) with the engine's `area_score` command: the
# board is counted as it stands, every stone alive. A side's area is its
# stones plus the empty regions that touch only its stones; regions that
# touch both colours (dame) or none count for nobody. The answer is
# Black's area - White's area - komi - 1 point per handicap stone, as
# `B+x`, `W+x` or `0`. Prisoners do not count.

# ---------------------------------------------------------------------
# 5x5: a black wall on column C, a white wall on column D.
#
#   5  . . X O .
#   4  . . X O .
#   3  . . X O .
#   2  . . X O .
#   1  . . X O .
#      A B C D E

10 boardsize 5
11 komi 7.5
12 play b c1
13 play w d1
14 play b c2
15 play w d2
16 play b c3
17 play w d3
18 play b c4
19 play w d4
20 play b c5
21 play w d5
# Black: 5 stones + A and B columns (10) = 15.
# White: 5 stones + E column (5) = 10.
# 15 - 10 - 7.5 = -2.5.
22 area_score
#? [W\+2\.5]
# Komi changes go straight into the count.
# 15 - 10 - 0 = 5.
23 komi 0
24 area_score
#? [B\+5]
# 15 - 10 - 5 = 0: a draw.
25 komi 5
26 area_score
#? [0]
# 15 - 10 - 5.5 = -0.5.
27 komi 5.5
28 area_score
#? [W\+0\.5]
# 15 - 10 - 4.5 = 0.5.
29 komi 4.5
30 area_score
#? [B\+0\.5]
# Negative komi gives points to Black: 15 - 10 + 3 = 8.
31 komi -3
32 area_score
#? [B\+8]

# A White stone in Black's area counts as alive: the A-B region now
# touches both colours and is nobody's.
# Black: 5. White: 5 + 1 (A1) + 5 (E column) = 11. 5 - 11 - 0 = -6.
40 komi 0
41 play w a1
42 area_score
#? [W\+6]
# Black captures it (A2, then B1 takes A1's last liberty).
43 play b a2
44 play w e1
45 play b b1
46 captures black
#? [1]
# Black: 7 stones (C1-C5, A2, B1) + 8 empty points (A1, A3-A5, B2-B5) = 15.
# White: 5 + E column (E1 stone + 4 empty) = 10. 15 - 10 = 5: the
# prisoner adds nothing under area counting.
47 area_score
#? [B\+5]

# ---------------------------------------------------------------------
# 7x7: dame. Black column C, White column E, column D empty between them.

50 boardsize 7
51 komi 0
52 play b c1
53 play w e1
54 play b c2
55 play w e2
56 play b c3
57 play w e3
58 play b c4
59 play w e4
60 play b c5
61 play w e5
62 play b c6
63 play w e6
64 play b c7
65 play w e7
# Black: 7 + A, B columns (14) = 21. White: 7 + F, G columns (14) = 21.
# The 7 points of column D touch both: nobody's. 21 - 21 - 0 = 0.
66 area_score
#? [0]
# Black fills a dame point: one more stone, 22 - 21 = 1.
67 play b d4
68 area_score
#? [B\+1]
# 22 - 21 - 7.5 = -6.5.
69 komi 7.5
70 area_score
#? [W\+6\.5]

# An empty board touches no stone: no area at all, only komi.
71 clear_board
72 area_score
#? [W\+7\.5]

# ---------------------------------------------------------------------
# Handicap: White gets one point per handicap stone.

80 boardsize 9
81 komi 0.5
82 fixed_handicap 2
#? [C3 G7]
# Two Black stones and 79 empty points that touch only Black: 81.
# 81 - 0 - 0.5 - 2 = 78.5.
83 area_score
#? [B\+78\.5]
# White's first stone makes the whole empty region dame.
# 2 - 1 - 0.5 - 2 = -1.5 (B+0.5 without the compensation).
84 play w e5
85 area_score
#? [W\+1\.5]

# Nine stones (the centre E5 among them), White plays D4.
# 9 - 1 - 0.5 - 9 = -1.5.
90 clear_board
91 fixed_handicap 9
92 play w d4
93 area_score
#? [W\+1\.5]
# 9 - 1 - 0 - 9 = -1.
94 komi 0
95 area_score
#? [W\+1]

# set_free_handicap stones are handicap stones too.
# 5x5, A1 and E5: 25 points of Black area - 0 - 2 = 23.
100 boardsize 5
101 set_free_handicap a1 e5
102 area_score
#? [B\+23]

# The engine also takes two or more Black stones played before White's
# first move as handicap stones (controllers such as Sabaki send a
# handicap that way): here 2 - 1 - 0.5 - 2 = -1.5.
110 boardsize 9
111 komi 0.5
112 play b c3
113 play b g7
114 play w e5
115 area_score
#? [W\+1\.5]
# One Black move followed by White's is an even game: 1 - 1 - 0.5 = -0.5.
116 clear_board
117 play b c3
118 play w e5
119 area_score
#? [W\+0\.5]
