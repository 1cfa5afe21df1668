# Simple ko: after a single stone captures a single stone, retaking at
# once would recreate the position before the capture, which the ko rule
# (and positional superko) forbids. A move elsewhere by each side (a ko
# threat and its answer) changes the position, so the retake is then
# legal. `undo` must bring the ko ban back with the position.
#
# The shape on 9x9, around C4/D4 (X Black, O White):
#
#   5  . X O .
#   4  X O . O      White C4 has one liberty, D4
#   3  . X O .
#      B C D E

10 boardsize 9
11 play b c5
12 play w d5
13 play b b4
14 play w e4
15 play b c3
16 play w d3
17 play b g7
18 play w c4
# C4 touches B4, C5, C3 (Black) and D4.
19 countlib c4
#? [1]
# D4 touches only White stones, but it captures C4: legal.
20 is_legal b d4
#? [1]
21 play b d4
#? []
22 captures black
#? [1]
# D4 now has the single liberty C4.
23 countlib d4
#? [1]
# White C4 would capture D4 and bring back the position of move 18: ko.
24 is_legal w c4
#? [0]
25 play w c4
#? [illegal move]*
# Nothing changed: D4 is still there and nothing more was captured.
26 list_stones black
#? [C3 B4 D4 C5 G7]
27 captures white
#? [0]

# A ko threat and its answer elsewhere.
30 play w g3
31 play b g4
# The board now differs from the one before Black's capture (G3, G4 are
# new), so the retake no longer repeats a position: legal.
32 is_legal w c4
#? [1]
33 play w c4
#? []
34 captures white
#? [1]
35 list_stones black
#? [C3 B4 G4 C5 G7]
# Now Black may not retake at once: D4 would capture C4 and repeat the
# position after move 31.
36 is_legal b d4
#? [0]
37 play b d4
#? [illegal move]*

# ---------------------------------------------------------------------
# undo brings back each position with its ko ban.

# Take back the retake: D4 is back, White's capture count too.
40 undo
41 list_stones black
#? [C3 B4 D4 G4 C5 G7]
42 captures white
#? [0]
# The threat exchange is still on the board: retaking is legal.
43 is_legal w c4
#? [1]
# Take back the answer and the threat: we are right after Black's
# capture again, and the immediate retake is forbidden again.
44 undo
45 undo
46 is_legal w c4
#? [0]
47 play w c4
#? [illegal move]*
# Take back the capture itself: C4 is White again, D4 empty, and
# Black may capture.
48 undo
49 list_stones white
#? [D3 C4 E4 D5]
50 captures black
#? [0]
51 is_legal b d4
#? [1]
52 is_legal w d4
#? [1]
# Capture again: the same ban as before.
53 play b d4
54 is_legal w c4
#? [0]
# White plays elsewhere; Black connects at C4 and the ko is over.
55 play w h8
56 play b c4
#? []
# B4, C5, C3, C4, D4 form one string with A4, B5, B3, C6 and C2.
57 countlib d4
#? [5]
