//! The clock kept under load (issue 16): with every other core kept busy
//! by spinning threads, moves under a one-second byo-yomi still come back
//! within the second, also where the player judges the position first
//! (after the opponent's pass, `kgs-genmove_cleanup`), and a `time_left`
//! of half a second still gets its move in time.

mod common;

use common::GtpProcess;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Threads that spin on all cores but one until dropped.
struct Load(Arc<AtomicBool>);

impl Load {
    fn start() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        for _ in 0..cores.saturating_sub(1).max(1) {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            });
        }
        Load(stop)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn timed(e: &mut GtpProcess, cmd: &str, limit: Duration) -> String {
    let start = Instant::now();
    let answer = e.ok(cmd);
    let took = start.elapsed();
    assert!(
        took < limit,
        "{cmd} -> {answer} took {took:?} (limit {limit:?})"
    );
    answer
}

#[test]
fn one_second_byoyomi_under_load() {
    let _load = Load::start();
    let second = Duration::from_millis(1000);
    for size in [9, 19] {
        let mut e = GtpProcess::tianyuan(&[]);
        e.ok(&format!("boardsize {size}"));
        e.ok("time_settings 0 1 1");
        for i in 0..6 {
            timed(&mut e, &format!("genmove {}", ["b", "w"][i % 2]), second);
        }
        // After a pass the player judges the board before it searches.
        e.ok("play b pass");
        timed(&mut e, "genmove w", second);
        timed(&mut e, "kgs-genmove_cleanup b", second);
    }
}

#[test]
fn half_a_second_left_still_gets_a_move_under_load() {
    let _load = Load::start();
    for size in [9, 19] {
        let mut e = GtpProcess::tianyuan(&[]);
        e.ok(&format!("boardsize {size}"));
        e.ok("time_settings 300 0 0");
        e.ok("play b D4");
        e.ok("time_left w 0.5 0");
        timed(&mut e, "genmove w", Duration::from_millis(500));
        // Byo-yomi: half a second left of the period for its last stone.
        e.ok("time_settings 0 30 5");
        e.ok("time_left b 0.5 1");
        timed(&mut e, "genmove b", Duration::from_millis(500));
    }
}
