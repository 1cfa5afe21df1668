//! Tests of the SGF reader and writer.

use super::*;
use Color::{Black, White};

fn ok(text: &str) -> SgfGame {
    match parse(text) {
        Ok(game) => game,
        Err(e) => panic!("failed to parse {text:?}: {e}"),
    }
}

/// Parsing fails and the message contains `needle`.
fn bad(text: &str, needle: &str) {
    match parse(text) {
        Ok(game) => panic!("{text:?} should not parse, got {game:?}"),
        Err(SgfError(message)) => assert!(
            message.contains(needle),
            "error for {text:?} is {message:?}, expected it to mention {needle:?}"
        ),
    }
}

fn moves(game: &SgfGame) -> Vec<(Color, Option<Coord>)> {
    game.nodes.iter().filter_map(|n| n.mv).collect()
}

fn mv(color: Color, x: usize, y: usize) -> SgfNode {
    SgfNode {
        mv: Some((color, Some((x, y)))),
        ..SgfNode::default()
    }
}

fn pass(color: Color) -> SgfNode {
    SgfNode {
        mv: Some((color, None)),
        ..SgfNode::default()
    }
}

fn sample_game() -> SgfGame {
    SgfGame {
        size: 9,
        komi: Some(7.5),
        handicap: Some(2),
        rules: Some("Chinese".to_string()),
        result: Some("W+3.5".to_string()),
        nodes: vec![
            SgfNode {
                add_black: vec![(2, 6), (6, 2)],
                player: Some(White),
                ..SgfNode::default()
            },
            mv(White, 4, 4),
            mv(Black, 0, 0),
            pass(White),
            mv(Black, 8, 8),
            SgfNode {
                add_white: vec![(1, 1)],
                add_empty: vec![(0, 0)],
                ..SgfNode::default()
            },
            SgfNode::default(),
            pass(Black),
        ],
    }
}

/// Small deterministic generator (xorshift64*), so the tests need no crates.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_game(rng: &mut Rng) -> SgfGame {
    let size = MIN_SIZE + rng.below(MAX_SIZE - MIN_SIZE + 1);
    let point = |rng: &mut Rng| (rng.below(size), rng.below(size));
    let mut nodes = Vec::new();
    for i in 0..1 + rng.below(60) {
        let mut node = SgfNode::default();
        if i == 0 || rng.below(8) == 0 {
            for _ in 0..rng.below(4) {
                node.add_black.push(point(rng));
            }
            for _ in 0..rng.below(3) {
                node.add_white.push(point(rng));
            }
            for _ in 0..rng.below(2) {
                node.add_empty.push(point(rng));
            }
            if rng.below(3) == 0 {
                node.player = Some(if rng.below(2) == 0 { Black } else { White });
            }
        }
        if i > 0 || rng.below(4) == 0 {
            let color = if i % 2 == 1 { Black } else { White };
            let at = if rng.below(10) == 0 {
                None
            } else {
                Some(point(rng))
            };
            node.mv = Some((color, at));
        }
        nodes.push(node);
    }
    let texts = ["", "Japanese", "a]b\\c", "x\\\ny", "日本 ]]\\", "W+R"];
    SgfGame {
        size,
        komi: [None, Some(7.5), Some(-3.5), Some(0.0), Some(6.0), Some(0.1)][rng.below(6)],
        handicap: [None, Some(2), Some(9), Some(1)][rng.below(4)],
        rules: if rng.below(2) == 0 {
            None
        } else {
            Some(texts[rng.below(texts.len())].to_string())
        },
        result: if rng.below(2) == 0 {
            None
        } else {
            Some(texts[rng.below(texts.len())].to_string())
        },
        nodes,
    }
}

#[test]
fn round_trip_sample() {
    let game = sample_game();
    let text = write(&game);
    assert_eq!(ok(&text), game, "written as {text}");
}

#[test]
fn round_trip_random_games() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..300 {
        let game = random_game(&mut rng);
        let text = write(&game);
        assert_eq!(ok(&text), game, "written as {text}");
    }
}

/// Random game information from the texts `random_game` draws on.
fn random_info(rng: &mut Rng) -> GameInfo {
    let texts = [
        "",
        "Pachi 12.90",
        "a]b\\c",
        "x\\\ny",
        "日本 ]]\\",
        "2026-11-30",
        "l1\nl2\r\n",
    ];
    let mut text = || (rng.below(3) > 0).then(|| texts[rng.below(texts.len())].to_string());
    GameInfo {
        black_player: text(),
        white_player: text(),
        date: text(),
        comment: text(),
    }
}

#[test]
fn round_trip_random_games_with_information() {
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    for _ in 0..300 {
        let game = random_game(&mut rng);
        let info = random_info(&mut rng);
        let text = write_with_info(&game, &info);
        assert_eq!(
            parse_with_info(&text),
            Ok((game.clone(), info)),
            "written as {text}"
        );
        assert_eq!(ok(&text), game);
    }
}

#[test]
fn round_trip_every_size_and_corner() {
    for size in MIN_SIZE..=MAX_SIZE {
        let last = size - 1;
        let game = SgfGame {
            size,
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            nodes: vec![
                SgfNode {
                    add_black: vec![(0, 0), (last, last)],
                    add_white: vec![(0, last), (last, 0)],
                    ..SgfNode::default()
                },
                mv(Black, last, last),
                mv(White, 0, 0),
                pass(Black),
            ],
        };
        assert_eq!(ok(&write(&game)), game, "size {size}");
    }
}

#[test]
fn round_trip_minimal_game() {
    let game = SgfGame {
        size: 19,
        komi: None,
        handicap: None,
        rules: None,
        result: None,
        nodes: vec![SgfNode::default()],
    };
    let text = write(&game);
    assert_eq!(text, "(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[19])\n");
    assert_eq!(ok(&text), game);
}

#[test]
fn writer_format() {
    // Line breaks fall between tokens; compare without them.
    let text = write(&sample_game()).replace('\n', "");
    assert!(
        text.starts_with(
            "(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[9]KM[7.5]RU[Chinese]HA[2]RE[W+3.5]AB[cc][gg]PL[W];W[ee];B[ai];W[];B[ia]"
        ),
        "{text}"
    );
    assert!(text.ends_with(";AW[bh]AE[ai];;B[])"), "{text}");

    // Optional properties are left out; komi keeps its exact value.
    let mut game = sample_game();
    game.rules = None;
    game.result = None;
    game.handicap = Some(0);
    game.komi = Some(6.0);
    let text = write(&game).replace('\n', "");
    assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[9]KM[6]AB[cc]"));
    assert!(!text.contains("RU[") && !text.contains("RE[") && !text.contains("HA["));
    game.komi = None;
    assert!(!write(&game).contains("KM["));
}

#[test]
fn writer_escapes_text() {
    let mut game = sample_game();
    game.result = Some("B+]\\".to_string());
    let text = write(&game);
    assert!(text.contains("RE[B+\\]\\\\]"), "{text}");
    assert_eq!(ok(&text), game);
}

#[test]
fn writer_writes_players_date_and_comment_escaped() {
    let game = sample_game();
    let mut info = GameInfo {
        black_player: Some("Pachi 12.90".to_string()),
        white_player: Some("x] [y\\".to_string()),
        date: Some("2026-11-30".to_string()),
        comment: Some("line ]one[\nC:\\dir\\ (two); ]".to_string()),
    };
    let text = write_with_info(&game, &info);
    let flat = text.replace('\n', "");
    assert!(
        flat.contains(
            "RE[W+3.5]PB[Pachi 12.90]PW[x\\] [y\\\\]DT[2026-11-30]GC[line \\]one[C:\\\\dir\\\\ (two); \\]]AB[cc]"
        ),
        "{text}"
    );
    // The comment's line break is kept as it is: a hard line break.
    assert!(text.contains("GC[line \\]one[\nC:"), "{text}");
    assert_eq!(parse_with_info(&text), Ok((game.clone(), info.clone())));
    // A backslash at the end of a line is escaped, not taken for a soft
    // line break.
    info.comment = Some("a\\\nb\\".to_string());
    let text = write_with_info(&game, &info);
    assert!(text.contains("GC[a\\\\\nb\\\\]"), "{text}");
    assert_eq!(parse_with_info(&text), Ok((game.clone(), info)));
    // Without information, as `write`.
    assert_eq!(write_with_info(&game, &GameInfo::default()), write(&game));
}

#[test]
fn game_information_text_is_read_leniently() {
    // The first value and the first occurrence win; repeats, extra values
    // and soft line breaks are no error.
    let text =
        "(;SZ[9]PB[one][two]GC[a\\\nb\\]c]GC[again]DT[2026-11-30]DT[x];B[aa]PW[later]PB[late])";
    let (game, info) = parse_with_info(text).unwrap();
    assert_eq!(game, ok(text));
    assert_eq!(game.nodes.len(), 2);
    assert_eq!(info.black_player.as_deref(), Some("one"));
    assert_eq!(info.white_player.as_deref(), Some("later"));
    assert_eq!(info.date.as_deref(), Some("2026-11-30"));
    assert_eq!(info.comment.as_deref(), Some("ab]c"));
    let (_, info) = parse_with_info("(;SZ[9](;PB[first])(;PB[second]))").unwrap();
    assert_eq!(info.black_player.as_deref(), Some("first"));
}

#[test]
fn writer_wraps_long_games() {
    let mut game = sample_game();
    game.size = 19;
    game.nodes[0].add_black = (0..19).flat_map(|x| (0..19).map(move |y| (x, y))).collect();
    for i in 0..500 {
        let color = if i % 2 == 0 { Black } else { White };
        game.nodes.push(mv(color, i % 19, (i / 19) % 19));
    }
    let text = write(&game);
    assert!(text.lines().count() > 50);
    for line in text.lines() {
        assert!(line.len() <= LINE_WIDTH, "line too long: {line}");
    }
    assert_eq!(ok(&text), game);
}

const REAL_GAME: &str = "\
(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
RU[Japanese]SZ[19]KM[6.50]
PW[White Player]PB[Black Player]WR[3d]BR[2d]DT[2019-05-04]
C[A comment with \\] bracket, (parentheses), ;semicolons; and \\\\ backslash.]
RE[W+R]
;B[pd]C[first move]
;W[dp]
;B[pq]
(;W[dd]
  (;B[fc]LB[fc:A]
   ;W[cf];B[jd]TR[jd])
  (;B[cc];W[dc]
 (;B[cd];W[ce])
 (;B[db]))
  (;B[tt]))
(;W[qo];B[qn]
  ;W[pn])
(;W[tt]C[variation with a pass])
)";

#[test]
fn real_game_main_line() {
    let game = ok(REAL_GAME);
    assert_eq!(game.size, 19);
    assert_eq!(game.komi, Some(6.5));
    assert_eq!(game.rules.as_deref(), Some("Japanese"));
    assert_eq!(game.result.as_deref(), Some("W+R"));
    assert_eq!(game.handicap, None);
    let (_, info) = parse_with_info(REAL_GAME).unwrap();
    let expected = GameInfo {
        black_player: Some("Black Player".to_string()),
        white_player: Some("White Player".to_string()),
        date: Some("2019-05-04".to_string()),
        comment: None,
    };
    assert_eq!(info, expected);
    assert_eq!(
        moves(&game),
        vec![
            (Black, Some((15, 15))),
            (White, Some((3, 3))),
            (Black, Some((15, 2))),
            (White, Some((3, 15))),
            (Black, Some((5, 16))),
            (White, Some((2, 13))),
            (Black, Some((9, 15))),
        ]
    );
    assert_eq!(game.nodes.len(), 8);
    assert_eq!(game.nodes[0], SgfNode::default());
}

#[test]
fn nested_variations_are_skipped() {
    let game = ok("(;SZ[9](;B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))(;B[gg](;W[hh])))");
    assert_eq!(
        moves(&game),
        vec![
            (Black, Some((0, 8))),
            (White, Some((1, 7))),
            (Black, Some((2, 6))),
            (White, Some((3, 5))),
        ]
    );
    // Variations are checked for syntax even though they are skipped.
    bad("(;SZ[9](;B[aa])(;W[bb)", "unterminated property value");
    bad("(;SZ[9](;B[aa])(W[bb]))", "must start with ';'");
    bad("(;SZ[9](;B[aa])(;W[bb]", "unterminated game tree");
    // ...but their values are not interpreted.
    let game = ok("(;SZ[9](;B[aa])(;B[zz]KM[x]SZ[99]))");
    assert_eq!(game.size, 9);
    assert_eq!(game.komi, None);
}

#[test]
fn only_first_game_of_collection() {
    let game = ok("(;SZ[9];B[aa])\n(;SZ[13];B[bb])");
    assert_eq!(game.size, 9);
    assert_eq!(moves(&game), vec![(Black, Some((0, 8)))]);
    // Anything after the first tree is ignored.
    assert_eq!(ok("(;B[aa])garbage (((;[").nodes.len(), 1);
    // Junk before the first tree too.
    assert_eq!(ok("header text\n(;B[aa])").nodes.len(), 1);
}

#[test]
fn coordinates_are_gtp_oriented() {
    assert_eq!(moves(&ok("(;B[aa])")), vec![(Black, Some((0, 18)))]);
    assert_eq!(moves(&ok("(;B[as])")), vec![(Black, Some((0, 0)))]);
    assert_eq!(moves(&ok("(;SZ[9]W[ai])")), vec![(White, Some((0, 0)))]);
    assert_eq!(moves(&ok("(;SZ[9]W[ia])")), vec![(White, Some((8, 8)))]);
    assert_eq!(moves(&ok("(;SZ[25]B[yy])")), vec![(Black, Some((24, 0)))]);
}

#[test]
fn size_forms_and_order() {
    assert_eq!(ok("(;B[aa])").size, 19);
    assert_eq!(ok("(;SZ[13])").size, 13);
    assert_eq!(ok("(;SZ[19:19])").size, 19);
    assert_eq!(ok("(;SZ[ 9 ])").size, 9);
    assert_eq!(ok("(;SZ[2])").size, 2);
    assert_eq!(ok("(;SZ[25])").size, 25);
    // SZ after the coordinates in the root still governs them.
    let game = ok("(;AB[ai]B[ia]SZ[9];W[ii])");
    assert_eq!(game.size, 9);
    assert_eq!(game.nodes[0].add_black, vec![(0, 0)]);
    assert_eq!(game.nodes[0].mv, Some((Black, Some((8, 8)))));
    assert_eq!(game.nodes[1].mv, Some((White, Some((8, 0)))));
}

#[test]
fn compressed_point_lists() {
    let game = ok("(;SZ[9]AB[aa:cc]AW[ii][hi:ih]AE[cc:aa][ee:ee])");
    let root = &game.nodes[0];
    let mut black = root.add_black.clone();
    black.sort_unstable();
    let mut expected: Vec<Coord> = (0..3).flat_map(|x| (6..9).map(move |y| (x, y))).collect();
    expected.sort_unstable();
    assert_eq!(black, expected);
    assert_eq!(root.add_white.len(), 5);
    assert!(root.add_white.contains(&(8, 0)) && root.add_white.contains(&(7, 1)));
    assert_eq!(root.add_empty.len(), 10);
    assert!(root.add_empty.contains(&(4, 4)));
    // A line, and one rectangle over the whole board.
    assert_eq!(ok("(;SZ[9]AB[aa:ia])").nodes[0].add_black.len(), 9);
    assert_eq!(ok("(;SZ[9]AB[aa:ii])").nodes[0].add_black.len(), 81);
    bad("(;SZ[9]AB[aa:jj])", "outside the 9x9 board");
    bad("(;SZ[9]AB[aa:bb:cc])", "expected two letters");
}

#[test]
fn multi_values_and_whitespace() {
    let text =
        "  (\n ;  SZ [9]\tAB [aa]\n [bb] \r\n  [cc]  AW[dd]AB[ee]\n ; B [ff] \n ( ; W[gg] ) )";
    let game = ok(text);
    assert_eq!(
        game.nodes[0].add_black,
        vec![(0, 8), (1, 7), (2, 6), (4, 4)]
    );
    assert_eq!(game.nodes[0].add_white, vec![(3, 5)]);
    assert_eq!(
        moves(&game),
        vec![(Black, Some((5, 3))), (White, Some((6, 2)))]
    );
    // Empty list values are tolerated.
    assert!(ok("(;AB[])").nodes[0].add_black.is_empty());
}

#[test]
fn escapes_in_values() {
    let game = ok("(;RE[W+\\]R\\\\]RU[a\\b]C[x\\]y];B[aa]C[\\]\\\\\\]])");
    assert_eq!(game.result.as_deref(), Some("W+]R\\"));
    assert_eq!(game.rules.as_deref(), Some("ab"));
    assert_eq!(moves(&game), vec![(Black, Some((0, 18)))]);
    // Soft line breaks vanish; plain line breaks stay.
    let game = ok("(;RE[B+\\\nR]RU[two\nlines])");
    assert_eq!(game.result.as_deref(), Some("B+R"));
    assert_eq!(game.rules.as_deref(), Some("two\nlines"));
    assert_eq!(ok("(;RE[B+\\\r\nR])").result.as_deref(), Some("B+R"));
    // Non-ASCII text survives.
    assert_eq!(ok("(;RU[日本])").rules.as_deref(), Some("日本"));
}

#[test]
fn passes() {
    let game = ok("(;B[];W[tt];B[ ];W[aa])");
    assert_eq!(
        moves(&game),
        vec![
            (Black, None),
            (White, None),
            (Black, None),
            (White, Some((0, 18)))
        ]
    );
    assert_eq!(moves(&ok("(;SZ[9]B[tt])")), vec![(Black, None)]);
    // Above 19x19 "tt" is an ordinary point.
    assert_eq!(moves(&ok("(;SZ[21]B[tt])")), vec![(Black, Some((19, 1)))]);
    // "tt" is a pass only as a move.
    bad("(;AB[tt])", "outside the 19x19 board");
}

#[test]
fn game_info() {
    for (text, komi) in [
        ("7.5", 7.5),
        ("6", 6.0),
        ("0.5", 0.5),
        ("-3.5", -3.5),
        (" 6.50 ", 6.5),
        ("0", 0.0),
    ] {
        assert_eq!(ok(&format!("(;KM[{text}])")).komi, Some(komi), "KM[{text}]");
    }
    let game = ok("(;HA[3]AB[dd][pd][dp]PL[W]GM[1]FF[4])");
    assert_eq!(game.handicap, Some(3));
    assert_eq!(game.nodes[0].player, Some(White));
    assert_eq!(ok("(;PL[b])").nodes[0].player, Some(Black));
    // Game information in a later main-line node is still found.
    let game = ok("(;SZ[9];KM[5.5]RE[B+1];B[aa])");
    assert_eq!(game.komi, Some(5.5));
    assert_eq!(game.result.as_deref(), Some("B+1"));
}

#[test]
fn old_and_unknown_properties() {
    let game = ok(
        "(;FF[3]GaMe[1]SiZe[9]AddBlack[aa]AddWhite[bb]Comment[hi]XY[1][2]foo[x]\
                   ;Black[cc]TimeLeft[30];White[dd])",
    );
    assert_eq!(game.size, 9);
    assert_eq!(game.nodes[0].add_black, vec![(0, 8)]);
    assert_eq!(game.nodes[0].add_white, vec![(1, 7)]);
    assert_eq!(
        moves(&game),
        vec![(Black, Some((2, 6))), (White, Some((3, 5)))]
    );
    // Longer identifiers are not mistaken for short ones.
    assert_eq!(ok("(;ABC[zz]BR[zz]WR[9d])").nodes[0], SgfNode::default());
}

#[test]
fn line_endings_do_not_matter() {
    let crlf = REAL_GAME.replace('\n', "\r\n");
    assert_eq!(ok(&crlf), ok(REAL_GAME));
}

#[test]
fn errors_coordinates() {
    bad("(;SZ[9]B[jj])", "outside the 9x9 board");
    bad("(;SZ[9]W[ja])", "outside");
    bad("(;SZ[9]AW[ss])", "outside");
    bad("(;SZ[9];B[aa];W[zz])", "outside");
    bad("(;B[Aa])", "outside");
    bad("(;B[a1])", "bad coordinate letter '1'");
    bad("(;B[1a])", "bad coordinate letter '1'");
    bad("(;B[aé])", "bad coordinate letter 'é'");
    bad("(;B[a])", "expected two letters");
    bad("(;B[abc])", "expected two letters");
    bad("(;AE[a-])", "bad coordinate letter");
}

#[test]
fn errors_numbers() {
    bad("(;SZ[abc])", "bad number in SZ");
    bad("(;SZ[])", "bad number in SZ");
    bad("(;SZ[-9])", "bad number in SZ");
    bad("(;SZ[1])", "between 2 and 25");
    bad("(;SZ[26])", "between 2 and 25");
    bad("(;SZ[0])", "between 2 and 25");
    bad("(;SZ[19:13])", "non-square");
    bad("(;SZ[19:x])", "bad number in SZ");
    bad("(;KM[abc])", "bad number in KM");
    bad("(;KM[])", "bad number in KM");
    bad("(;KM[inf])", "bad number in KM");
    bad("(;KM[NaN])", "bad number in KM");
    bad("(;KM[7,5])", "bad number in KM");
    bad("(;HA[x])", "bad number in HA");
    bad("(;HA[-1])", "bad number in HA");
    bad("(;HA[2.5])", "bad number in HA");
    bad("(;GM[2])", "GM[2]");
    bad("(;GM[go])", "bad number in GM");
    bad("(;PL[X])", "bad colour in PL");
}

#[test]
fn errors_structure() {
    bad("", "no game tree");
    bad("hello world", "no game tree");
    bad("(B[aa])", "no game tree");
    bad(";B[aa]", "no game tree");
    bad("(;B[aa", "unterminated property value");
    bad("(;C[escaped \\]", "unterminated property value");
    bad("(;C[ends in escape\\", "unterminated property value");
    bad("(;B[aa]", "unterminated game tree");
    bad("(;B[aa];W[bb]", "unterminated game tree");
    bad("(;B[aa](;W[bb])", "unterminated game tree");
    bad("(;B[aa] 123)", "unexpected '1'");
    bad("(;B[aa]]", "unexpected ']'");
    bad("(;B[aa]junk)", "has no value");
    bad("(;B)", "has no value");
    bad("(;B[aa](;W[bb]);B[cc])", "after a variation");
    bad("(;B[aa](;W[bb])x[1])", "unexpected 'x'");
    bad("(;B[aa]())", "must start with ';'");
    bad("(;B[aa](x))", "must start with ';'");
}

#[test]
fn errors_node_contents() {
    bad("(;B[aa]W[bb])", "more than one move");
    bad("(;B[aa];B[bb]B[cc])", "B appears twice in node 1");
    bad("(;B[aa];W[bb]B[cc])", "node 1 has more than one move");
    bad("(;KM[6]KM[7])", "KM appears twice");
    bad("(;SZ[9]SZ[9])", "SZ appears twice");
    bad("(;SZ[9][13])", "takes one value");
    bad("(;B[aa][bb])", "takes one value");
}

#[test]
fn error_is_displayable() {
    let error = parse("(;SZ[40])").unwrap_err();
    let shown = error.to_string();
    assert!(
        shown.starts_with("bad SGF: ") && shown.contains("SZ[40]"),
        "{shown}"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    assert!(!boxed.to_string().is_empty());
    // Huge values are quoted briefly.
    let long = format!("(;B[{}])", "x".repeat(100_000));
    assert!(parse(&long).unwrap_err().0.len() < 200);
}

#[test]
fn deep_nesting() {
    let depth = MAX_DEPTH - 1;
    let text = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(depth), ")".repeat(depth));
    assert_eq!(ok(&text).nodes.len(), depth + 1);
    let depth = MAX_DEPTH;
    let text = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(depth), ")".repeat(depth));
    bad(&text, "nested deeper");
    // Deep nesting in a skipped variation.
    let text = format!("(;(;B[aa])(;{}))", "(;".repeat(200_000));
    bad(&text, "nested deeper");
    // Far too deep and unterminated.
    bad(&"(;".repeat(1_000_000), "nested deeper");
}

#[test]
fn huge_inputs() {
    let mut text = String::from("(;SZ[19]");
    for i in 0..200_000 {
        let c = (b'a' + (i % 19) as u8) as char;
        let r = (b'a' + (i / 19 % 19) as u8) as char;
        text.push_str(if i % 2 == 0 { ";B[" } else { ";W[" });
        text.push(c);
        text.push(r);
        text.push(']');
    }
    text.push(')');
    let game = ok(&text);
    assert_eq!(game.nodes.len(), 200_001);
    assert_eq!(ok(&write(&game)), game);
    // Many whole-board rectangles hit the setup cap instead of memory limits.
    let text = format!("(;{})", ";AB[aa:ss]".repeat(5_000));
    bad(&text, "setup points");
    // Long comments and long unknown identifiers are fine.
    let text = format!(
        "(;C[{}]{}[x];B[aa])",
        "z".repeat(1_000_000),
        "Q".repeat(100_000)
    );
    assert_eq!(moves(&ok(&text)), vec![(Black, Some((0, 18)))]);
}

#[test]
fn fuzz_random_bytes_do_not_panic() {
    const ALPHABET: &[u8] = b"();[]\\:ABWEPLSZKMHGRUtaisz019 \n.-";
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut parsed = 0;
    for round in 0..2000 {
        let len = rng.below(80);
        let bytes: Vec<u8> = if round % 2 == 0 {
            (0..len).map(|_| rng.next() as u8).collect()
        } else {
            let mut bytes: Vec<u8> = b"(;".to_vec();
            bytes.extend((0..len).map(|_| ALPHABET[rng.below(ALPHABET.len())]));
            bytes
        };
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(game) = parse(&text) {
            parsed += 1;
            // Whatever is accepted must survive a write/parse round trip.
            let mut expected = game.clone();
            if expected.handicap == Some(0) {
                expected.handicap = None;
            }
            assert_eq!(parse(&write(&game)), Ok(expected), "from {text:?}");
        }
    }
    assert!(parsed > 0, "the fuzz corpus never produced a valid game");
}

#[test]
fn fuzz_truncations_and_mutations_do_not_panic() {
    let full = REAL_GAME.as_bytes();
    let end = REAL_GAME.rfind(')').unwrap() + 1;
    // Every proper prefix that cuts the tree is an error.
    for cut in 0..end {
        let text = String::from_utf8_lossy(&full[..cut]);
        assert!(parse(&text).is_err(), "prefix of {cut} bytes parsed");
    }
    assert!(parse(REAL_GAME).is_ok());
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..2000 {
        let mut bytes = full.to_vec();
        match rng.below(3) {
            0 => bytes.truncate(rng.below(bytes.len())),
            1 => {
                for _ in 0..1 + rng.below(4) {
                    let at = rng.below(bytes.len());
                    bytes[at] = rng.next() as u8;
                }
            }
            _ => {
                let at = rng.below(bytes.len());
                let from = rng.below(bytes.len());
                let piece = bytes[from..(from + rng.below(20)).min(bytes.len())].to_vec();
                bytes.splice(at..at, piece);
            }
        }
        let _ = parse(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn writer_never_panics_on_invalid_games() {
    let mut game = sample_game();
    game.nodes.push(mv(Black, 100, 100));
    game.nodes.push(mv(Black, 3, 9));
    game.size = 0;
    game.komi = Some(f64::NAN);
    let text = write(&game);
    assert!(parse(&text).is_err());
    game.nodes.clear();
    game.size = 9;
    game.komi = None;
    assert_eq!(ok(&write(&game)).nodes, vec![SgfNode::default()]);
}
