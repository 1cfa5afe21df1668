# GTP framing and the standard commands (GTP version 2). The runner
# checks for every command that the response starts with `=id` or `?id`
# echoing the command's id (nothing for a command without id). Commands
# that must fail are written as expected failures with the standard error
# text; a failed command must leave the engine's state as it was.

# ---------------------------------------------------------------------
# Identification.

1 protocol_version
#? [2]
2 name
#? [tianyuan]
3 version
#? [\d+\.\d+\.\d+.*]
# Id 0 is an id like any other.
0 protocol_version
#? [2]
# Everything from # on is a comment for the engine.
4 protocol_version # the version, please
#? [2]
5 known_command play
#? [true]
6 known_command known_command
#? [true]
7 known_command no_such_command
#? [false]
# list_commands answers one name a line; the standard ones are there.
8 list_commands
#? [(.*\n)?play(\n.*)?]
9 list_commands
#? [.*^protocol_version$.*^boardsize$.*^clear_board$.*^komi$.*]
10 list_commands
#? [.*^fixed_handicap$.*^place_free_handicap$.*^set_free_handicap$.*]
11 no_such_command
#? [unknown command]*
# A command without id gets an answer without id (checked by the runner).
protocol_version

# ---------------------------------------------------------------------
# boardsize, clear_board, komi.

20 boardsize 19
#? []
21 clear_board
#? []
22 play b d4
# 26 is beyond the largest board (25): refused, board kept.
23 boardsize 26
#? [unacceptable size]*
24 boardsize 1
#? [unacceptable size]*
25 boardsize nine
#? [syntax error]*
26 list_stones black
#? [D4]
# The board is still 19x19: T19 is a point of it.
27 is_legal b t19
#? [1]
28 komi 6.5
#? []
29 komi abc
#? [syntax error]*
30 komi
#? [syntax error]*
# komi is unchanged.
31 showboard
#? [.*komi 6\.5;.*]

# ---------------------------------------------------------------------
# play and its errors.

40 clear_board
# Not a vertex of the board, missing arguments, bad colour: syntax errors.
41 play b Z99
#? [syntax error]*
42 play b
#? [syntax error]*
43 play x d4
#? [syntax error]*
44 play
#? [syntax error]*
45 list_stones black
#? []
# Colours and vertices are case-insensitive, passes are moves.
46 play B d4
#? []
47 play white Q16
#? []
48 play b PASS
#? []
# Two moves of the same colour in a row are allowed in GTP.
49 play b c3
#? []
50 play b c4
#? []
51 list_stones b
#? [C3 C4 D4]
52 list_stones w
#? [Q16]
# An occupied point is an illegal move, and nothing changes.
53 play w d4
#? [illegal move]*
54 is_legal w d4
#? [0]
55 list_stones black
#? [C3 C4 D4]
56 list_stones white
#? [Q16]
# undo takes back the last move that was played (C4), not the refused one.
57 undo
#? []
58 list_stones black
#? [C3 D4]

# ---------------------------------------------------------------------
# undo with nothing to take back.

60 clear_board
61 undo
#? [cannot undo]*
62 play b e5
63 undo
#? []
64 undo
#? [cannot undo]*
65 list_stones black
#? []

# ---------------------------------------------------------------------
# loadsgf of a missing file fails and keeps the game.

70 play b k10
71 loadsgf /nonexistent.sgf
#? [cannot load file]*
72 loadsgf
#? [syntax error]*
73 list_stones black
#? [K10]

# ---------------------------------------------------------------------
# quit answers, then the engine exits (the runner checks its exit status).

99 quit
#? []
