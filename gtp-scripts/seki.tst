# Issue 45's seki (docs/JUDGEMENT.md, tests/textbook): Black D1-D3 and White
# B1 B2 B3 C3 share C1 and C2 and have no other liberty; whoever fills one
# is captured. Every reader of the judgement sees the seki: the lists, the
# score (GNU Go 3.8 and Pachi 12.90: W+38.5), the Japanese count, and the
# end-of-game moves (cleanup has nothing to capture, and after Black's
# pass White passes too).

1 boardsize 9
2 komi 7.5
3 gogui-setup b A1 b A2 b A3 b A4 b B4 b C4 b C5 b C6 b C7 b C8 b C9 b D1 b D2 b D3 w D4 w D5 w D6 w D7 w D8 w D9 w E1 w E2 w E3 w E4 w B1 w B2 w B3 w C3
4 final_status_list dead
#? [^$]
5 final_status_list seki
#? [B1 D1 B2 D2 B3 C3 D3]
6 final_score
#? [W\+38\.5]
7 play b pass
8 kgs-genmove_cleanup w
#? [pass]
9 undo
10 play b pass
11 genmove w
#? [pass]
12 kgs-rules japanese
13 komi 6.5
14 final_score
#? [W\+37\.5]
