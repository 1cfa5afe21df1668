//! The one table of GTP commands: name, help text and handler. Handlers
//! are thin: typed arguments, one engine call, one reply.
//! `list_commands`, `known_command` and docs/GTP.md's list come from it.

mod gogui;

use super::analyze::Flavour;
use super::args::{syntax_error, Args, GtpError};
use crate::board::{
    Bitboard, Color, HandicapError, IllegalMove, KoRule, Move, Point, Rules, Ruleset,
};
use crate::engine::{Engine, PointStatus, Setting};
use crate::player::GenMode;
use crate::player::Rank;
use crate::tactics::reader::Answer;
use crate::time::TimeControl;

type Handler = fn(&mut Engine, &Args) -> Result<String, GtpError>;

/// How a command runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// One reply from the handler.
    Reply(Handler),
    /// Live analysis: `=`, then a line of `info` every interval until
    /// new input arrives, then the empty line.
    Analyze(Flavour),
    /// A move chosen with `info` lines as it is found, then `play MOVE`;
    /// the move is played.
    GenmoveAnalyze(Flavour),
}

/// One GTP command.
pub struct Command {
    pub name: &'static str,
    pub help: &'static str,
    pub run: Run,
}

/// Every command tianyuan knows, in the order `list_commands` gives them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "protocol_version",
        help: "GTP version: 2",
        run: Run::Reply(|_, a| ok(a, "2")),
    },
    Command {
        name: "name",
        help: "engine name",
        run: Run::Reply(|_, a| ok(a, "tianyuan")),
    },
    Command {
        name: "version",
        help: "engine version",
        run: Run::Reply(|_, a| ok(a, env!("CARGO_PKG_VERSION"))),
    },
    Command {
        name: "known_command",
        help: "COMMAND: true if the command is known",
        run: Run::Reply(known_command),
    },
    Command {
        name: "list_commands",
        help: "every known command, one a line",
        run: Run::Reply(list_commands),
    },
    Command {
        name: "quit",
        help: "end the session",
        run: Run::Reply(|_, a| ok(a, "")),
    },
    Command {
        name: "boardsize",
        help: "N: new empty board of side N (2..25)",
        run: Run::Reply(boardsize),
    },
    Command {
        name: "clear_board",
        help: "empty the board, new game",
        run: Run::Reply(clear_board),
    },
    Command {
        name: "komi",
        help: "K: set komi (points for White)",
        run: Run::Reply(komi),
    },
    Command {
        name: "play",
        help: "COLOR VERTEX|pass: play a move",
        run: Run::Reply(play),
    },
    Command {
        name: "genmove",
        help: "COLOR: the engine chooses a move for COLOR and plays it",
        run: Run::Reply(|e, a| genmove(e, a, GenMode::Play)),
    },
    Command {
        name: "reg_genmove",
        help: "COLOR: the move the engine would choose, not played",
        run: Run::Reply(|e, a| genmove(e, a, GenMode::Regression)),
    },
    Command {
        name: "kgs-genmove_cleanup",
        help: "COLOR: like genmove, but captures every dead stone before passing",
        run: Run::Reply(|e, a| genmove(e, a, GenMode::Cleanup)),
    },
    Command {
        name: "final_score",
        help: "the result with dead stones removed: B+N, W+N or 0",
        run: Run::Reply(final_score),
    },
    Command {
        name: "final_status_list",
        help: "dead|alive|seki|black_territory|white_territory: points of that status",
        run: Run::Reply(final_status_list),
    },
    Command {
        name: "undo",
        help: "take back the last move",
        run: Run::Reply(undo),
    },
    Command {
        name: "showboard",
        help: "draw the board",
        run: Run::Reply(showboard),
    },
    Command {
        name: "fixed_handicap",
        help: "N: place N handicap stones on the standard points",
        run: Run::Reply(fixed_handicap),
    },
    Command {
        name: "place_free_handicap",
        help: "N: place N handicap stones where the engine likes",
        run: Run::Reply(place_free_handicap),
    },
    Command {
        name: "set_free_handicap",
        help: "VERTEX...: place handicap stones on these points",
        run: Run::Reply(set_free_handicap),
    },
    Command {
        name: "gogui-setup",
        help: "COLOR VERTEX ...: put these stones on the empty board as setup (not moves, not handicap)",
        run: Run::Reply(gogui_setup),
    },
    Command {
        name: "gogui-setup_player",
        help: "COLOR: the colour to move in the setup position",
        run: Run::Reply(gogui_setup_player),
    },
    Command {
        name: "time_settings",
        help: "MAIN BYO STONES: Canadian time control in seconds",
        run: Run::Reply(time_settings),
    },
    Command {
        name: "time_left",
        help: "COLOR TIME STONES: time left on a clock",
        run: Run::Reply(time_left),
    },
    Command {
        name: "loadsgf",
        help: "FILE [MOVE]: load a game record up to before move number MOVE",
        run: Run::Reply(loadsgf),
    },
    Command {
        name: "printsgf",
        help: "[FILE]: the game record as SGF (written to FILE if given)",
        run: Run::Reply(printsgf),
    },
    Command {
        name: "kgs-time_settings",
        help: "none | absolute M | byoyomi M P N | canadian M P S",
        run: Run::Reply(kgs_time_settings),
    },
    Command {
        name: "kgs-rules",
        help: "chinese|japanese|korean|aga|new_zealand|tromp-taylor|ing|ancient: play by these rules",
        run: Run::Reply(kgs_rules),
    },
    Command {
        name: "tianyuan-rules",
        help: "[RULES [KO]]: the rules in force, or set them (and the ko rule: simple|positional|situational)",
        run: Run::Reply(tianyuan_rules),
    },
    Command {
        name: "tianyuan-rank",
        help: "[RANK]: the rank it plays at (30k to 3k, or max), or set it",
        run: Run::Reply(tianyuan_rank),
    },
    Command {
        name: "kgs-game_over",
        help: "the server says the game is over",
        run: Run::Reply(|_, _| Ok(String::new())),
    },
    Command {
        name: "cputime",
        help: "CPU seconds used by the engine",
        run: Run::Reply(cputime),
    },
    Command {
        name: "gomill-cpu_time",
        help: "CPU seconds used by the engine",
        run: Run::Reply(cputime),
    },
    Command {
        name: "is_legal",
        help: "COLOR VERTEX: 1 if the move is legal now, else 0",
        run: Run::Reply(is_legal),
    },
    Command {
        name: "all_legal",
        help: "COLOR: every legal move for COLOR",
        run: Run::Reply(all_legal),
    },
    Command {
        name: "list_stones",
        help: "COLOR: every stone of COLOR",
        run: Run::Reply(list_stones),
    },
    Command {
        name: "countlib",
        help: "VERTEX: liberties of the string at VERTEX",
        run: Run::Reply(countlib),
    },
    Command {
        name: "attack",
        help: "VERTEX: the capture reader's attack on the string at VERTEX, its opponent to move: 1 MOVE, or 0 when it finds none",
        run: Run::Reply(|e, a| read_string(e, a, true)),
    },
    Command {
        name: "defend",
        help: "VERTEX: the capture reader's defence of the string at VERTEX, its owner to move: 1 MOVE (1 PASS when it needs none), or 0 when it finds none",
        run: Run::Reply(|e, a| read_string(e, a, false)),
    },
    Command {
        name: "tianyuan-owl_attack",
        help: "VERTEX: the life-and-death solver's attack on the enclosed group at VERTEX, its attacker to move: 1 MOVE, 2 MOVE (a ko it takes first), 3 MOVE (a ko that needs one more threat), 0 (it lives), or unknown",
        run: Run::Reply(|e, a| read_life(e, a, true)),
    },
    Command {
        name: "tianyuan-owl_defend",
        help: "VERTEX: the life-and-death solver's defence of the enclosed group at VERTEX, its owner to move: 1 MOVE (1 PASS when it needs none), 2 MOVE, 3 MOVE (kos), 0 (it dies), or unknown",
        run: Run::Reply(|e, a| read_life(e, a, false)),
    },
    Command {
        name: "captures",
        help: "COLOR: stones captured by COLOR",
        run: Run::Reply(captures),
    },
    Command {
        name: "area_score",
        help: "the area count of the board as it stands, every stone alive (B+N / W+N)",
        run: Run::Reply(area_score),
    },
    Command {
        name: "lz-analyze",
        help: "[COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N]: live analysis, Leela Zero format",
        run: Run::Analyze(Flavour::Lz),
    },
    Command {
        name: "kata-analyze",
        help: "[COLOR] [INTERVAL] [... ownership true]: live analysis, KataGo format",
        run: Run::Analyze(Flavour::Kata),
    },
    Command {
        name: "analyze",
        help: "[COLOR] [INTERVAL] [...]: live analysis, Sabaki's generic format",
        run: Run::Analyze(Flavour::Generic),
    },
    Command {
        name: "lz-genmove_analyze",
        help: "[COLOR] [INTERVAL] [...]: genmove with Leela Zero analysis lines, then play MOVE",
        run: Run::GenmoveAnalyze(Flavour::Lz),
    },
    Command {
        name: "kata-genmove_analyze",
        help: "[COLOR] [INTERVAL] [...]: genmove with KataGo analysis lines, then play MOVE",
        run: Run::GenmoveAnalyze(Flavour::Kata),
    },
    Command {
        name: "genmove_analyze",
        help: "[COLOR] [INTERVAL] [...]: genmove with analysis lines, then play MOVE",
        run: Run::GenmoveAnalyze(Flavour::Generic),
    },
    Command {
        name: "gogui-interrupt",
        help: "the engine understands GoGui's `# interrupt`: the running search answers at once",
        run: Run::Reply(|_, a| ok(a, "")),
    },
    Command {
        name: "gogui-analyze_commands",
        help: "GoGui's analyze commands, one type/label/command a line",
        run: Run::Reply(gogui::analyze_commands),
    },
    Command {
        name: "tianyuan-gfx_best",
        help: "COLOR: search as genmove would, not playing; gfx LABEL of the best moves' win rates and TEXT",
        run: Run::Reply(gogui::gfx_best),
    },
    Command {
        name: "tianyuan-gfx_pv",
        help: "COLOR: gfx VAR of the best move's principal variation (last search of this position, or a new one)",
        run: Run::Reply(gogui::gfx_pv),
    },
    Command {
        name: "tianyuan-gfx_ownership",
        help: "gfx INFLUENCE of each point's expected owner (1 Black, -1 White)",
        run: Run::Reply(gogui::gfx_ownership),
    },
    Command {
        name: "tianyuan-ownership",
        help: "each point's expected owner as rows of floats in -1..1, top row first",
        run: Run::Reply(gogui::ownership),
    },
    Command {
        name: "tianyuan-param",
        help: "[NAME VALUE]: the settings as GoGui's param type lists them, or set one",
        run: Run::Reply(gogui::param),
    },
    Command {
        name: "echo",
        help: "TEXT: answer TEXT",
        run: Run::Reply(|_, a| Ok(a.all().join(" "))),
    },
];

/// The command named `name`.
pub fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

fn ok(args: &Args, text: &str) -> Result<String, GtpError> {
    args.expect(0, 0)?;
    Ok(text.to_string())
}

fn vertices(points: &[Point], size: usize) -> String {
    points
        .iter()
        .map(|p| p.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn known_command(_: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    Ok(find(a.word(0)?).is_some().to_string())
}

fn list_commands(_: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    Ok(COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn boardsize(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let unacceptable = || "unacceptable size".to_string();
    let size = usize::try_from(a.int(0)?).map_err(|_| unacceptable())?;
    e.set_size(size).map_err(|_| unacceptable())?;
    Ok(String::new())
}

fn clear_board(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    e.clear();
    Ok(String::new())
}

fn komi(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    e.set_komi(a.float(0)?);
    Ok(String::new())
}

fn play(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(2, 2)?;
    let c = a.color(0)?;
    let mv = a.mv(1, e.game().size())?;
    e.play(c, mv)
        .map_err(|_: IllegalMove| "illegal move".to_string())?;
    Ok(String::new())
}

fn undo(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    if e.undo() {
        Ok(String::new())
    } else {
        Err("cannot undo".into())
    }
}

fn showboard(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    let g = e.game();
    let b = g.board();
    Ok(format!(
        "\n{b}\nBlack has captured {} stones, White has captured {}; komi {}; {} to move",
        b.captures(Color::Black),
        b.captures(Color::White),
        g.komi(),
        g.to_move()
    ))
}

fn handicap_error(err: HandicapError) -> GtpError {
    match err {
        HandicapError::BoardNotEmpty => "board not empty",
        HandicapError::InvalidNumber => "invalid number of stones",
        HandicapError::BadVertexList => "bad vertex list",
        HandicapError::NotAllowed => "no handicap under these rules",
    }
    .into()
}

fn stone_count(a: &Args) -> Result<usize, GtpError> {
    a.expect(1, 1)?;
    usize::try_from(a.int(0)?).map_err(|_| "invalid number of stones".to_string())
}

fn fixed_handicap(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    let n = stone_count(a)?;
    let pts = e.fixed_handicap(n).map_err(handicap_error)?;
    Ok(vertices(&pts, e.game().size()))
}

fn place_free_handicap(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    let n = stone_count(a)?;
    let pts = e.place_free_handicap(n).map_err(handicap_error)?;
    Ok(vertices(&pts, e.game().size()))
}

fn set_free_handicap(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    let size = e.game().size();
    let pts = (0..a.len())
        .map(|i| a.point(i, size))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| "bad vertex list".to_string())?;
    e.set_free_handicap(&pts).map_err(handicap_error)?;
    Ok(String::new())
}

/// GoGui's setup: colour and point pairs on an empty board. Unlike moves,
/// setup stones are never read as handicap stones.
fn gogui_setup(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    if !a.len().is_multiple_of(2) {
        return Err(syntax_error());
    }
    // The board is checked before the arguments are read (the replies
    // keep that order); `Engine::setup` checks it again.
    if !e.game().is_pristine() {
        return Err("board not empty".to_string());
    }
    if a.is_empty() {
        return Ok(String::new());
    }
    let size = e.game().size();
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let mut seen = Bitboard::EMPTY;
    for i in (0..a.len()).step_by(2) {
        let p = a.point(i + 1, size)?;
        if seen.contains(p) {
            return Err(format!("{} given twice", p.to_gtp(size)));
        }
        seen.insert(p);
        match a.color(i)? {
            Color::Black => black.push(p),
            Color::White => white.push(p),
        }
    }
    e.setup(&black, &white)?;
    Ok(String::new())
}

fn gogui_setup_player(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    e.set_setup_player(a.color(0)?)?;
    Ok(String::new())
}

fn time_settings(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(3, 3)?;
    let control = TimeControl::from_gtp(a.seconds(0)?, a.seconds(1)?, a.uint(2)?);
    e.set_time_control(control);
    Ok(String::new())
}

fn time_left(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(3, 3)?;
    let c = a.color(0)?;
    let time = a.float(1)?;
    let stones = a.uint(2)?;
    e.time_left(c, time, stones);
    Ok(String::new())
}

fn kgs_time_settings(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    let control = match a.word(0)?.to_ascii_lowercase().as_str() {
        "none" => {
            a.expect(1, 1)?;
            TimeControl::None
        }
        "absolute" => {
            a.expect(2, 2)?;
            TimeControl::Absolute {
                main: a.seconds(1)?,
            }
        }
        "byoyomi" => {
            a.expect(4, 4)?;
            TimeControl::ByoYomi {
                main: a.seconds(1)?,
                period: a.seconds(2)?,
                periods: a.uint(3)?,
            }
        }
        "canadian" => {
            a.expect(4, 4)?;
            TimeControl::Canadian {
                main: a.seconds(1)?,
                period: a.seconds(2)?,
                stones: a.uint(3)?,
            }
        }
        _ => return Err(syntax_error()),
    };
    e.set_time_control(control);
    Ok(String::new())
}

fn kgs_rules(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let ruleset = Ruleset::by_name(a.word(0)?).ok_or_else(|| "unknown rules".to_string())?;
    let current = e.game().rules();
    if ruleset != current.ruleset {
        e.set_rules(Rules::of(ruleset));
    }
    Ok(String::new())
}

/// `tianyuan-rank`: the rank it plays at (`15k`, `max`), or set it
/// (`15k`, `15 kyu`, `max`); a rank it does not play is refused with the
/// reason, and the rank stays as it was.
fn tianyuan_rank(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 2)?;
    if a.is_empty() {
        return Ok(e.options().rank.to_string());
    }
    let rank: Rank = a.all().join(" ").parse()?;
    e.set(Setting::Rank(rank))
        .map_err(|_| "invalid rank".to_string())?;
    Ok(String::new())
}

/// `tianyuan-rules`: the rules in force (`japanese`, or `japanese ko
/// simple` with a ko rule of its own), or set them.
fn tianyuan_rules(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 2)?;
    if a.is_empty() {
        let rules = e.game().rules();
        return Ok(if rules.ko == rules.ruleset.default_ko() {
            rules.ruleset.name().to_string()
        } else {
            format!("{} ko {}", rules.ruleset.name(), rules.ko.name())
        });
    }
    let ruleset = Ruleset::by_name(a.word(0)?).ok_or_else(|| "unknown rules".to_string())?;
    let mut rules = Rules::of(ruleset);
    if a.len() == 2 {
        let ko = KoRule::by_name(a.word(1)?).ok_or_else(|| "unknown ko rule".to_string())?;
        rules = rules.with_ko(ko);
    }
    e.set_rules(rules);
    Ok(String::new())
}

fn loadsgf(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 2)?;
    let before = if a.len() == 2 {
        let n = a.int(1)?;
        Some(usize::try_from(n).map_err(|_| syntax_error())?)
    } else {
        None
    };
    let path = std::path::Path::new(a.word(0)?);
    let bytes = crate::files::read_limited(path, crate::files::MAX_RECORD).map_err(|err| {
        log::debug!("loadsgf: {err}");
        "cannot load file".to_string()
    })?;
    e.load_sgf(&String::from_utf8_lossy(&bytes), before)
        .map_err(|err| {
            log::debug!("loadsgf: {err}");
            "cannot load file".to_string()
        })?;
    Ok(String::new())
}

fn printsgf(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 1)?;
    let text = e.to_sgf();
    match a.word(0) {
        Ok(path) => {
            crate::files::write_atomic(std::path::Path::new(path), text.as_bytes())
                .map_err(|err| format!("cannot write file: {err}"))?;
            Ok(String::new())
        }
        Err(_) => Ok(text.trim_end().to_string()),
    }
}

fn cputime(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    Ok(format!("{:.3}", e.cpu_time()))
}

fn is_legal(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(2, 2)?;
    let c = a.color(0)?;
    let legal = match a.mv(1, e.game().size())? {
        Move::Play(p) => e.game().is_legal(c, p),
        Move::Pass => true,
    };
    Ok(if legal { "1" } else { "0" }.into())
}

fn all_legal(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    Ok(vertices(&e.game().legal_points(c), e.game().size()))
}

fn list_stones(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    let stones: Vec<Point> = e.game().board().stones(c).iter().collect();
    Ok(vertices(&stones, e.game().size()))
}

fn countlib(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let p = a.point(0, e.game().size())?;
    let b = e.game().board();
    if b.color_at(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    Ok(b.liberty_count(p).to_string())
}

/// `attack` and `defend`, in GNU Go's form: `1 VERTEX` (the move; `PASS`
/// for a string that needs no defence), `2 VERTEX` (by a ko taken first),
/// `3 VERTEX` (by a ko retaken after a threat), or `0`.
fn read_string(e: &mut Engine, a: &Args, attack: bool) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let size = e.game().size();
    let p = a.point(0, size)?;
    if e.game().board().color_at(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    let (answer, mv) = if attack { e.attack(p) } else { e.defend(p) };
    Ok(match (answer, mv) {
        (Answer::Yes, Some(m)) => format!("1 {}", m.to_gtp(size)),
        (Answer::Yes, None) => "1 PASS".to_string(),
        (Answer::KoA, Some(m)) => format!("2 {}", m.to_gtp(size)),
        (Answer::KoB, Some(m)) => format!("3 {}", m.to_gtp(size)),
        _ => "0".to_string(),
    })
}

/// `tianyuan-owl_attack` and `tianyuan-owl_defend`, in the form of GNU
/// Go's `owl_attack` and `owl_defend`.
fn read_life(e: &mut Engine, a: &Args, attack: bool) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let size = e.game().size();
    let p = a.point(0, size)?;
    if e.game().board().color_at(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    Ok(e.life(p, attack)?.to_gtp(size))
}

fn captures(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    Ok(e.game().board().captures(c).to_string())
}

fn area_score(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    let g = e.game();
    let area = crate::board::AreaCount::count(g.board(), Bitboard::EMPTY).difference() as f64;
    Ok(crate::board::Score(area - g.komi() - g.handicap_compensation()).to_string())
}

/// Live graphics for GoGui: every half second while thinking.
const LIVE_GFX_INTERVAL: std::time::Duration = std::time::Duration::from_millis(500);

fn genmove(e: &mut Engine, a: &Args, mode: GenMode) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    let size = e.game().size();
    if !e.live_gfx() {
        return Ok(e.genmove(c, mode).to_gtp(size));
    }
    let mut report =
        |r: &crate::mcts::SearchResult| gogui::write_live(&gogui::live_block(r, c, size));
    let reporter = crate::mcts::Reporter {
        interval: LIVE_GFX_INTERVAL,
        report: &mut report,
    };
    let answer = e.genmove_reporting(c, mode, Some(reporter));
    gogui::write_live(gogui::LIVE_END);
    Ok(answer.to_gtp(size))
}

fn final_score(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    if e.game().no_result() {
        return Err("cannot score: no result, a position came back a third time".into());
    }
    let score = e.final_score();
    Ok(e.game().result_text(score))
}

fn final_status_list(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let which = match a.word(0)?.to_ascii_lowercase().as_str() {
        "dead" => PointStatus::Dead,
        "alive" => PointStatus::Alive,
        "seki" => PointStatus::Seki,
        "black_territory" => PointStatus::Territory(Color::Black),
        "white_territory" => PointStatus::Territory(Color::White),
        _ => return Err(syntax_error()),
    };
    let points = e.final_status_points(which);
    Ok(vertices(&points, e.game().size()))
}
