# GoGui's setup commands (GoGui manual, "Setup Commands"): gogui-setup puts
# colour-and-point pairs on an empty board after clear_board; the stones
# are neither moves nor handicap stones. gogui-setup_player sets the colour
# to move. GoGui and gogui-twogtp (openings with AB/AW) send them when the
# engine lists them; otherwise they send setup stones as consecutive plays,
# which an engine takes for a handicap when Black's come first.

1 boardsize 9
2 komi 7.5
3 gogui-setup b C7 b G3
4 list_stones black
#? [G3 C7]
5 showboard
#? [.*black to move]
# Area count: 81 points for Black, less komi; no handicap compensation.
6 final_score
#? [B\+73\.5]
# The record: the stones as AB, no HA (GoGui's setup holds no handicap).
7 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[tianyuan\]SZ\[9\]KM\[7\.5\]RU\[Chinese\]RE\[B\+73\.5\]AB\[cc\]\[gg\]\s*PL\[B\]\)]

# The same stones as two Black plays on an empty board: a two-stone
# handicap given as moves (as Sabaki and OGS send it), one point to White
# for each stone.
10 clear_board
11 play b C7
12 play b G3
13 final_score
#? [B\+71\.5]

# Stones of both colours, then White to move.
20 clear_board
21 gogui-setup b C7 w E5 b G3
22 gogui-setup_player w
23 showboard
#? [.*white to move]
24 list_stones white
#? [E5]
25 play w D5
26 list_stones white
#? [D5 E5]

# Refused, changing nothing: a board with stones or moves on it, an odd
# number of arguments, a point given twice, a string without liberties,
# the colour to move once moves have been played.
30 gogui-setup b A1
#? [board not empty]*
31 gogui-setup_player b
#? [moves have been played since the setup]*
32 clear_board
33 gogui-setup b A1 w
#? [syntax error]*
34 gogui-setup b A1 w A1
#? [A1 given twice]*
35 gogui-setup b A1 w A2 w B1
#? [setup leaves a string .* without liberties]*
36 gogui-setup b Z9
#? [syntax error]*
37 list_stones black
#? []
38 list_stones white
#? []
39 gogui-setup
#? []
