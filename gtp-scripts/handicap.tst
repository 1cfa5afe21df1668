# Handicap placement (GTP 2, section 4.1): fixed_handicap answers the
# stones it put, in the order of the specification's table. Star points
# are on the 4th line from 13x13 up and on the 3rd line below. 7x7 and
# even sizes take at most 4 stones, other sizes up to 19x19 at most 9
# (here also up to 25x25); below 7x7 there is no fixed placement.
# Errors: `invalid number of stones`, `board not empty`, `bad vertex list`
# (refused commands are written as expected failures with the error).

# ---------------------------------------------------------------------
# 19x19, 2 to 9 stones: the specification's table.

10 boardsize 19
11 fixed_handicap 2
#? [D4 Q16]
12 clear_board
13 fixed_handicap 3
#? [D4 Q16 D16]
14 clear_board
15 fixed_handicap 4
#? [D4 Q16 D16 Q4]
16 clear_board
# Odd numbers from 5 add the centre (tengen, K10) last.
17 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
18 clear_board
# 6: the four corners and the two side points on the 10th row.
19 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
20 clear_board
21 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
22 clear_board
# 8: corners, then the four side star points.
23 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
24 clear_board
25 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
# The nine stones are on the board (list_stones is in board order) and
# White moves next.
26 list_stones black
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16]
27 list_stones white
#? []
28 showboard
#? [.*white to move]
# A second handicap on a board with stones is refused, and changes nothing.
29 fixed_handicap 2
#? [board not empty]*
30 list_stones black
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16]

# Too few, too many, not a number.
31 clear_board
32 fixed_handicap 1
#? [invalid number of stones]*
33 fixed_handicap 10
#? [invalid number of stones]*
34 fixed_handicap 0
#? [invalid number of stones]*
35 fixed_handicap two
#? [syntax error]*
36 list_stones black
#? []

# The game record of a handicap game: HA and the stones as AB setup.
# D4 is SGF dp (column d, 15 rows from the top), Q16 is pd.
40 fixed_handicap 2
41 printsgf
#? [\(;.*HA\[2\].*AB\[dp\]\[pd\].*\)]

# ---------------------------------------------------------------------
# 13x13: 4th line, centre G7.

50 boardsize 13
51 fixed_handicap 4
#? [D4 K10 D10 K4]
52 clear_board
53 fixed_handicap 5
#? [D4 K10 D10 K4 G7]
54 clear_board
55 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]
56 clear_board
57 fixed_handicap 10
#? [invalid number of stones]*

# 9x9: 3rd line, centre E5.
60 boardsize 9
61 fixed_handicap 2
#? [C3 G7]
62 clear_board
63 fixed_handicap 3
#? [C3 G7 C7]
64 clear_board
65 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]
66 clear_board
67 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
# SGF allows line breaks between the values of AB.
68 printsgf
#? [.*HA\[9\].*AB(\s*\[[a-i][a-i]\]){9}\s*PL\[W\].*]

# 7x7: 3rd line, at most 4 stones.
70 boardsize 7
71 fixed_handicap 4
#? [C3 E5 C5 E3]
72 clear_board
73 fixed_handicap 5
#? [invalid number of stones]*
74 fixed_handicap 2
#? [C3 E5]

# Even sizes have no centre point: at most 4 stones.
80 boardsize 8
81 fixed_handicap 5
#? [invalid number of stones]*
82 fixed_handicap 4
#? [C3 F6 C6 F3]
83 boardsize 10
84 fixed_handicap 5
#? [invalid number of stones]*
85 fixed_handicap 4
#? [C3 H8 C8 H3]

# Below 7x7 there is no fixed placement at all.
86 boardsize 6
87 fixed_handicap 2
#? [invalid number of stones]*

# A move already played: the board is not empty.
90 boardsize 9
91 play b e5
92 fixed_handicap 2
#? [board not empty]*

# ---------------------------------------------------------------------
# set_free_handicap: the controller chooses the points.

100 boardsize 19
# Not a vertex of this board, twice the same point, pass: all make the
# list unusable.
101 set_free_handicap d4 z99
#? [bad vertex list]*
102 set_free_handicap d4 d4
#? [bad vertex list]*
103 set_free_handicap d4 pass
#? [bad vertex list]*
# One stone is not a handicap.
104 set_free_handicap d4
#? [invalid number of stones]*
# None of the refused lists put a stone down.
105 list_stones black
#? []
106 set_free_handicap a1 t19 k10
#? []
107 list_stones black
#? [A1 K10 T19]
108 showboard
#? [.*white to move]
# A1 is SGF as, T19 sa, K10 jj (there is no I column).
109 printsgf
#? [.*HA\[3\].*AB\[as\]\[sa\]\[jj\].*]
110 set_free_handicap c3 g7
#? [board not empty]*

# ---------------------------------------------------------------------
# place_free_handicap: the engine chooses; any distinct points will do.

120 clear_board
121 place_free_handicap 4
#? [([A-HJ-T](1[0-9]|[1-9]) ){3}[A-HJ-T](1[0-9]|[1-9])]
# Four distinct stones: list_stones has four entries.
122 list_stones black
#? [([A-HJ-T](1[0-9]|[1-9]) ){3}[A-HJ-T](1[0-9]|[1-9])]
123 place_free_handicap 2
#? [board not empty]*
124 clear_board
125 place_free_handicap 1
#? [invalid number of stones]*
# More than the fixed maximum is fine when the engine chooses.
126 boardsize 9
127 place_free_handicap 12
#? [([A-HJ-T][1-9] ){11}[A-HJ-T][1-9]]
128 list_stones black
#? [([A-HJ-T][1-9] ){11}[A-HJ-T][1-9]]
129 printsgf
#? [.*HA\[12\].*]
