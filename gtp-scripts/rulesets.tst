# Rulesets (docs/RULES.md): `kgs-rules` (or `tianyuan-rules`) chooses the
# rules, and `final_score` counts by them. One finished 5x5 position,
# counted four ways, komi 0.5 throughout:
#
#   5  . X O . .
#   4  . X O . .
#   3  O X O . .     A3: a White stone dead in Black's area
#   2  . X O . .
#   1  . X O . .
#      A B C D E
#
# Chinese (area): Black 5 stones + 5 points (A3 taken off), White 5 + 10:
#   10 - 15 - 0.5 = W+5.5.
# Japanese (territory): Black 5 points + 1 dead stone, White 10 points:
#   6 - 10 - 0.5 = W+4.5.
# Tromp-Taylor: every stone counts as it stands. A3 is White's, and
#   Black's column A touches it: nobody's. Black 5, White 16: W+11.5.
# After Black takes A3 by playing A2 and A4 inside its own area, the
# Chinese count is unchanged and the Japanese one two points less (the
# two points its stones stand on) and one more (the prisoner).

10 boardsize 5
11 komi 0.5
12 play b b1
13 play w c1
14 play b b2
15 play w c2
16 play b b3
17 play w c3
18 play b b4
19 play w c4
20 play b b5
21 play w c5
22 play w a3
23 kgs-rules chinese
24 final_score
#? [W\+5\.5]
25 final_status_list dead
#? [A3]
26 kgs-rules japanese
27 tianyuan-rules
#? [japanese]
28 final_score
#? [W\+4\.5]
29 final_status_list dead
#? [A3]
30 kgs-rules tromp-taylor
31 final_score
#? [W\+11\.5]
# Under Tromp-Taylor nothing on the board is dead.
32 final_status_list dead
#? []
# Black takes A3 (a prisoner) with A2 and A4: Chinese 7 stones + 3 - 15.
33 play b a2
34 play b a4
35 kgs-rules chinese
36 final_score
#? [W\+5\.5]
# Japanese: 3 points (A1, A3, A5) + 1 prisoner - 10 = -6.
37 kgs-rules japanese
38 final_score
#? [W\+6\.5]

# ---------------------------------------------------------------------
# Handicap compensation: the same wall with Black's B1 and B2 given as
# two handicap stones. Area 10 against 15, komi 0.5:
# Chinese gives White a point a stone (W+7.5), AGA a point less
# (W+6.5), Ing a point a stone (W+7.5); Japanese counting none (5 - 10:
# W+5.5).

40 clear_board
41 kgs-rules chinese
42 set_free_handicap b1 b2
43 play w c1
44 play w c2
45 play b b3
46 play w c3
47 play b b4
48 play w c4
49 play b b5
50 play w c5
51 final_score
#? [W\+7\.5]
52 kgs-rules aga
53 final_score
#? [W\+6\.5]
54 kgs-rules ing
55 final_score
#? [W\+7\.5]
56 kgs-rules japanese
57 final_score
#? [W\+5\.5]

# ---------------------------------------------------------------------
# One position, four results: the group tax of the ancient game, a
# dead stone, territory counting (6x6: no star points, no corner stones).
# Black lives in two groups, each with two eyes; White in one, with a
# dead Black stone on F2.
#
#   6  . X . X O .
#   5  X X X X O .
#   4  O O O O O O
#   3  X X X X O .
#   2  . X . X O X
#   1  X X X X O .
#      A B C D E F
#
# Chinese: Black 16 stones + 4 points = 20, White 11 + 5 (F2 taken off)
# = 16, komi 0: B+4. Ancient: Black pays two points for its second
# group: B+2. Japanese: Black 4 points, White 5 + the dead stone: W+2.
# Tromp-Taylor: F2 stays and counts, and F1, F3 touch it: Black 17 + 4,
# White 11 + 2: B+8.

60 boardsize 6
61 kgs-rules ancient
62 clear_board
63 komi 0
# White's stones first: Black stones played on an empty board before
# White's first move would be handicap stones.
64 play w a4
65 play w b4
66 play w c4
67 play w d4
68 play w e4
69 play w f4
70 play w e1
71 play w e2
72 play w e3
73 play w e5
74 play w e6
75 play b b6
76 play b d6
77 play b a5
78 play b b5
79 play b c5
80 play b d5
81 play b a3
82 play b b3
83 play b c3
84 play b d3
85 play b b2
86 play b d2
87 play b a1
88 play b b1
89 play b c1
90 play b d1
91 play b f2
92 final_score
#? [B\+2]
93 kgs-rules chinese
94 final_score
#? [B\+4]
95 kgs-rules japanese
96 final_score
#? [W\+2]
97 kgs-rules tromp-taylor
98 final_score
#? [B\+8]

# ---------------------------------------------------------------------
# Passing at the end (7x7). Black's wall on column D, White's on E, and
# a White stone dead on B4, in Black's area; White has passed. By area
# Black wins (7 + 21 - 7 - 14 - 0.5 = B+6.5), yet does not pass: a stone
# inside one's own area costs nothing by area counting, so Black takes B4
# off the board first (a referee could count it alive). Under Tromp-Taylor
# B4 counts as alive and White would win (7 - 22 - 0.5 = W+15.5): Black
# plays on there too.

120 boardsize 7
121 clear_board
122 komi 0.5
123 time_settings 0 1 1
124 play b d1
125 play w e1
126 play b d2
127 play w e2
128 play b d3
129 play w e3
130 play b d4
131 play w e4
132 play b d5
133 play w e5
134 play b d6
135 play w e6
136 play b d7
137 play w e7
138 play w b4
139 kgs-rules chinese
140 play w pass
141 final_score
#? [B\+6\.5]
142 genmove b
#? [B3|B5|A4|C4]
143 undo
144 kgs-rules tromp-taylor
145 final_score
#? [W\+15\.5]
146 genmove b
#? [[A-G][1-7]]

# ---------------------------------------------------------------------
# The ancient game: four stones on the corner star points before play,
# two of each colour on the diagonals (Black D4 and Q16), White to move,
# no handicap.

100 boardsize 19
101 kgs-rules ancient
102 clear_board
103 list_stones black
#? [D4 Q16]
104 list_stones white
#? [Q4 D16|D16 Q4]
105 fixed_handicap 2
#? [no handicap under these rules]*
106 play b d4
#? [illegal move]*
107 tianyuan-rules chinese
108 list_stones black
#? []
109 tianyuan-rules japanese simple
110 tianyuan-rules
#? [japanese ko simple]
111 kgs-rules klingon
#? [unknown rules]*
112 tianyuan-rules
#? [japanese ko simple]
