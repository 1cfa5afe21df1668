# Captures: a string whose last liberty is filled by the opponent is
# removed (Chinese rules, RULES.md: capture happens before the suicide
# test). `captures C` is the number of stones captured BY colour C.
# Vertex lists from list_stones are in board order: row 1 first, A to T.
# Every command is numbered, so gogui-regress checks each one succeeds.

# ---------------------------------------------------------------------
# 9x9: a single stone captured in the centre.

10 boardsize 9
11 clear_board
12 play w e5
13 play b d5
14 play b f5
15 play b e6
# E5 touches D5, F5, E6 (Black) and E4: one liberty left.
16 countlib e5
#? [1]
# Black E4 fills the last liberty: E5 is removed.
17 play b e4
#? []
18 list_stones white
#? []
19 list_stones black
#? [E4 D5 F5 E6]
# One stone captured by Black, none by White.
20 captures black
#? [1]
21 captures white
#? [0]
# E4 now has E3, D4, F4 and the emptied E5.
22 countlib e4
#? [4]
# The emptied point is surrounded by four Black stones with other
# liberties: White playing there would capture nothing, so it is suicide.
23 is_legal w e5
#? [0]
24 is_legal b e5
#? [1]

# ---------------------------------------------------------------------
# 9x9: a three-stone string captured at once.

30 clear_board
31 play w c3
32 play w d3
33 play w e3
# C3-D3-E3 has B3, F3, C2, D2, E2, C4, D4, E4: 8 liberties.
34 countlib d3
#? [8]
35 play b b3
36 play b f3
37 play b c2
38 play b d2
39 play b e2
40 play b c4
41 play b d4
# Seven liberties filled; E4 is the last, for every stone of the string.
42 countlib c3
#? [1]
43 countlib e3
#? [1]
44 play b e4
#? []
45 list_stones white
#? []
# clear_board reset the count: three stones now.
46 captures black
#? [3]
# C4-D4-E4 gets back C3, D3, E3 besides B4, C5, D5, E5, F4: 8 liberties.
47 countlib d4
#? [8]

# ---------------------------------------------------------------------
# 5x5: two strings captured by one move that has no liberty of its own
# until they are removed (capture before the suicide test).

50 boardsize 5
51 play w b1
52 play w d1
53 play w c2
54 play b a1
55 play b b2
56 play b d2
57 play b e1
# B1 (A1, B2 Black) and D1 (D2, E1 Black) each have only C1 left.
58 countlib b1
#? [1]
59 countlib d1
#? [1]
# C2 has C1 and C3.
60 countlib c2
#? [2]
# C1 touches B1, D1 and C2, all White: no liberty, but it takes the last
# liberty of B1 and of D1, which are removed first, so it is legal.
61 is_legal b c1
#? [1]
62 play b c1
#? []
63 list_stones white
#? [C2]
64 captures black
#? [2]
# C1 now breathes through the emptied B1 and D1.
65 countlib c1
#? [2]
# C2 lost C1: only C3 is left.
66 countlib c2
#? [1]

# ---------------------------------------------------------------------
# 7x7: capture in the corner, single stone, capture-before-suicide.

70 boardsize 7
71 play w a2
72 play w b1
73 play b b2
74 play b c1
# B1: A1 only (C1, B2 Black). A2: A1 and A3 (B2 Black).
75 countlib b1
#? [1]
76 countlib a2
#? [2]
# A1 touches only A2 and B1 (White): it would have no liberty, but it
# captures B1, so it is legal and gets B1 as its liberty.
77 play b a1
#? []
78 list_stones white
#? [A2]
79 countlib a1
#? [1]
80 captures black
#? [1]
# White retaking at B1 at once would capture A1 and repeat the position
# before Black's move: a ko, forbidden.
81 is_legal w b1
#? [0]

# 7x7: a two-stone string in atari captured by a move into a point
# with no liberty of its own.
90 clear_board
91 play w a2
92 play w a3
93 play w b1
94 play b b2
95 play b b3
96 play b a4
# A2-A3: only A1 (B2, B3, A4 Black). B1: A1 and C1.
97 countlib a3
#? [1]
98 countlib b1
#? [2]
# A1 touches A2 and B1 (White); it removes A2-A3 and lives on A2.
99 play b a1
#? []
100 list_stones white
#? [B1]
101 list_stones black
#? [A1 B2 B3 A4]
102 captures black
#? [2]
103 countlib a1
#? [1]
# B1 lost A1: only C1 is left.
104 countlib b1
#? [1]

# ---------------------------------------------------------------------
# 19x19: capture on the edge and in the corner, and White capturing.

110 boardsize 19
111 play w k1
112 play b j1
113 play b l1
# An edge stone has three liberties at most: K1 is left with K2.
114 countlib k1
#? [1]
115 play b k2
#? []
116 list_stones white
#? []
117 captures black
#? [1]
# Corner stone: two liberties at most, S19 and T18.
118 play b t19
119 countlib t19
#? [2]
120 play w s19
121 countlib t19
#? [1]
122 play w t18
#? []
# T19 is removed: White has captured one stone, Black still one.
123 list_stones black
#? [J1 L1 K2]
124 captures white
#? [1]
125 captures black
#? [1]
# The corner point is now surrounded by White: Black may not play there.
126 is_legal b t19
#? [0]
