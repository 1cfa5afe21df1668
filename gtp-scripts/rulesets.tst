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
# The ancient game: four stones on the corner star points before play,
# two of each colour on the diagonals (Black D4 and Q16), White to move,
# no handicap.

50 boardsize 19
51 kgs-rules ancient
52 clear_board
53 list_stones black
#? [D4 Q16]
54 list_stones white
#? [Q4 D16|D16 Q4]
55 fixed_handicap 2
#? [no handicap under these rules]*
56 play b d4
#? [illegal move]*
57 tianyuan-rules chinese
58 list_stones black
#? []
59 tianyuan-rules japanese simple
60 tianyuan-rules
#? [japanese ko simple]
61 kgs-rules klingon
#? [unknown rules]*
62 tianyuan-rules
#? [japanese ko simple]
