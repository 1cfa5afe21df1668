# Positional superko (Chinese rules): no move may recreate ANY earlier
# whole-board position of the game, whoever is to move; passes do not
# change the position. The simple ko rule only forbids the immediate
# single-stone recapture, so each refused move below would be legal
# under simple ko alone.

# ---------------------------------------------------------------------
# 3x3: a repetition three moves long, made by a move that captures
# nothing ("send two, return one"). GTP lets a side play twice in a row,
# which sets up the start position quickly.
#
#   3  X X O        start: White C3 has one liberty, C2
#   2  . X .
#   1  . . .
#      A B C

10 boardsize 3
11 play b a3
12 play b b3
13 play b b2
14 play w c3
# Position P1: White B1.
20 play w b1
# Position P2: Black C1 (liberty C2; B1 keeps A1).
21 play b c1
#? []
# White C2 fills C1's last liberty: C1 is captured first, so C2-C3 lives
# with the liberty C1 (position P3).
22 play w c2
#? []
23 captures white
#? [1]
24 list_stones white
#? [B1 C2 C3]
# Black C1 touches only B1 and C2 (White) but takes the last liberty of
# C2-C3: two stones captured (position P4).
25 play b c1
#? []
26 captures black
#? [2]
27 list_stones black
#? [C1 B2 A3 B3]
# White C3 captures nothing, so simple ko has nothing to say, but it would
# make the board X X O / . X . / . O X: exactly P2, two moves ago
# (with the other side to move, which positional superko ignores).
28 is_legal w c3
#? [0]
29 play w c3
#? [illegal move]*
30 list_stones white
#? [B1]
# White C2 instead captures C1 and makes a new position: legal.
31 is_legal w c2
#? [1]
32 is_legal w a1
#? [1]
# Black may fill C3 itself: C3-B3-A3-B2 keeps A2 and C2, a new position.
33 is_legal b c3
#? [1]

# ---------------------------------------------------------------------
# 5x5: a ko retaken after two passes. The last move before the retake is
# a pass, so simple ko would allow it, but passes leave the board as it
# was and the retake would recreate the position before Black's capture.
#
#   4  . X O . .
#   3  X . . O .        White B3 will have one liberty, C3
#   2  . X O . .
#      A B C D E

40 boardsize 5
41 play b b4
42 play w c4
43 play b a3
44 play w d3
45 play b b2
46 play w c2
47 play b e5
48 play w b3
# C3 touches only White stones, but it captures B3.
49 play b c3
#? []
50 captures black
#? [1]
# The immediate retake is a simple ko: illegal.
51 is_legal w b3
#? [0]
52 play w pass
#? []
53 play b pass
#? []
# Two passes later the board is the same as after Black's capture:
# retaking at B3 would still recreate the position after move 48.
54 is_legal w b3
#? [0]
55 play w b3
#? [illegal move]*
56 list_stones white
#? [C2 D3 C4]
# Other White moves stay legal, Black may fill the ko.
57 is_legal w e1
#? [1]
58 play b b3
#? []
59 list_stones black
#? [B2 A3 B3 C3 B4 E5]

# ---------------------------------------------------------------------
# The first repetition again under AGA rules (situational superko): P2
# arose with White to move, the new board would have Black to move, so
# it is a different situation and the move is legal. This shows the
# default rules above really are positional.

70 kgs-rules aga
71 boardsize 3
72 play b a3
73 play b b3
74 play b b2
75 play w c3
76 play w b1
77 play b c1
78 play w c2
79 play b c1
80 is_legal w c3
#? [1]
81 play w c3
#? []
# Back to the Chinese rules: the same sequence is refused again.
90 kgs-rules chinese
91 clear_board
92 play b a3
93 play b b3
94 play b b2
95 play w c3
96 play w b1
97 play b c1
98 play w c2
99 play b c1
100 is_legal w c3
#? [0]
