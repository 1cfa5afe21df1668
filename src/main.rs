//! The command line: `tianyuan` (GTP on stdin/stdout), `tianyuan bench`.

use clap::{Parser, Subcommand};
use tianyuan::bench;

#[derive(Parser)]
#[command(
    name = "tianyuan",
    version,
    about = "A classical Go engine speaking GTP"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak GTP on standard input and output (the default).
    Gtp,
    /// Measure playout speed: one line per measurement.
    Bench {
        /// Playouts per measurement on 9x9 (19x19 runs a sixth as many).
        #[arg(long, default_value_t = 200_000)]
        playouts: u64,
        /// Seed of the random number generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Gtp) {
        Command::Gtp => {
            let mut engine = tianyuan::engine::Engine::default();
            tianyuan::gtp::run(&mut engine, std::io::stdin(), std::io::stdout().lock());
        }
        Command::Bench { playouts, seed } => {
            for (size, n) in [(9, playouts), (19, playouts / 6)] {
                let m = bench::light(size, n.max(1), seed);
                println!("{}", m.line());
                log::info!(
                    "{}: {} playouts in {:.3} s, signature {:016x}",
                    m.kind,
                    m.playouts,
                    m.seconds,
                    m.signature
                );
            }
        }
    }
}
