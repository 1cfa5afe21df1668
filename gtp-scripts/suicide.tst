# Suicide: a move that leaves its own string without liberties and
# captures nothing is illegal (Chinese rules, no suicide). `play` refuses
# it with the GTP error `illegal move`, written here as an expected
# failure (gogui-regress never matches an error response); `is_legal`
# answers 0. Captures are made before the suicide test, so a move that
# looks suicidal but takes the last liberty of an enemy string is legal.

# ---------------------------------------------------------------------
# 5x5: single-stone suicide in the corner and in the centre.

10 boardsize 5
11 play w a2
12 play w b1
# A1 touches only A2 and B1. A2 still has A3 and B2, B1 has B2 and C1, so
# Black A1 captures nothing and would have no liberty: suicide.
13 play b a1
#? [illegal move]*
14 is_legal b a1
#? [0]
# The refused move changed nothing.
15 list_stones black
#? []
16 list_stones white
#? [B1 A2]
# For White, A1 joins A2 and B1, which keep liberties: legal.
17 is_legal w a1
#? [1]

20 play w b3
21 play w d3
22 play w c2
23 play w c4
# C3 is surrounded by B3, D3, C2 and C4, each with other liberties.
24 play b c3
#? [illegal move]*
25 is_legal b c3
#? [0]
# B2 is now surrounded too (A2, C2, B1, B3, all White with liberties).
26 is_legal b b2
#? [0]
# all_legal for Black leaves out the three suicide points A1, B2 and C3:
# the 19 empty points minus those 3, in board order.
27 all_legal b
#? [C1 D1 E1 D2 E2 A3 E3 A4 B4 D4 E4 A5 B5 C5 D5 E5]
28 all_legal black
#? [!(.* )?(A1|B2|C3)( .*)?]
# White may play on every one of the 19 empty points (no White move here
# is suicide: each joins White stones that keep a liberty).
29 all_legal w
#? [A1 C1 D1 E1 B2 D2 E2 A3 C3 E3 A4 B4 D4 E4 A5 B5 C5 D5 E5]
30 list_stones black
#? []

# ---------------------------------------------------------------------
# 5x5: multi-stone suicide.

40 clear_board
41 play b a1
42 play b a2
43 play w b1
44 play w b2
45 play w b3
46 play w a4
# A1-A2 has one liberty, A3.
47 countlib a2
#? [1]
# Black A3 would join A1-A2 into a string touching only B1, B2, B3 (White,
# with C1, C2, C3) and A4 (White, with A5 and B4): no liberty and no
# capture, so three stones would die by suicide: illegal.
48 play b a3
#? [illegal move]*
49 is_legal b a3
#? [0]
50 list_stones black
#? [A1 A2]
51 countlib a1
#? [1]
# all_legal leaves A3 out.
52 all_legal b
#? [!(.* )?A3( .*)?]

# ---------------------------------------------------------------------
# The same point once A4 is in atari: the move looks suicidal but
# captures, so it is legal.

60 play b b4
61 play w e5
62 play b a5
# A4 touches A5 and B4 (Black) and A3: one liberty left.
63 countlib a4
#? [1]
# Black A3 fills its own string's last liberty, but it also fills A4's:
# A4 is captured first and the string breathes through A4.
64 is_legal b a3
#? [1]
65 all_legal b
#? [(.* )?A3( .*)?]
66 play b a3
#? []
67 list_stones white
#? [B1 B2 B3 E5]
68 captures black
#? [1]
# A1-A2-A3 has just the emptied A4.
69 countlib a3
#? [1]
# Black A4 joins A1-A3, B4 and A5 into one string that keeps B5 and C4.
70 is_legal b a4
#? [1]
# White A4 touches only Black stones (A3, A5, B4), but it fills the last
# liberty of A1-A3, which is captured first: legal, not suicide.
71 is_legal w a4
#? [1]
72 play w a4
#? []
73 captures white
#? [3]
74 countlib a4
#? [1]
