//! A model's 3x3 shapes as a flat table for the playouts: the gamma of
//! every neighbourhood code ([`Board::neighbourhood`], two bits for each of
//! the eight points around a move) with Black to move. White reads it
//! through a colour swap of the code, so one lookup rates a move without
//! hashing.

use super::spatial;
use super::Model;
use crate::board::board::{CODE_BLACK, CODE_EMPTY, CODE_OFF, CODE_WHITE};
use crate::board::{Board, Color, Point};

use crate::board::board::NEIGHBOURHOOD_OFFSETS as CELLS;

/// Gammas of the 3x3 shapes by neighbourhood code.
#[derive(PartialEq)]
pub struct ShapeTable {
    gamma: Box<[f32]>,
    /// `swap[b]`: byte `b` of a code with Black and White exchanged.
    swap: [u8; 256],
}

fn swap_cell(c: u16) -> u16 {
    match c {
        CODE_BLACK => CODE_WHITE,
        CODE_WHITE => CODE_BLACK,
        other => other,
    }
}

impl std::fmt::Debug for ShapeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ShapeTable")
    }
}

impl ShapeTable {
    /// The table of `model`'s 3x3 patterns (size index 0); a shape the model
    /// does not know has gamma `unknown`.
    pub fn from_model(model: &Model, unknown: f32) -> ShapeTable {
        let mut gamma = vec![unknown; 1 << 16].into_boxed_slice();
        for (code, g) in gamma.iter_mut().enumerate() {
            let cell = |dx: i32, dy: i32| -> u8 {
                let j = CELLS
                    .iter()
                    .position(|&o| o == (dx, dy))
                    .expect("a 3x3 offset");
                match (code >> (2 * j)) as u16 & 3 {
                    CODE_EMPTY => 0,
                    CODE_BLACK => 1,
                    CODE_WHITE => 2,
                    _ => 3,
                }
            };
            if let Some(v) = model.pattern_gamma(0, spatial::plain_hash(0, cell)) {
                *g = v;
            }
        }
        let swap = std::array::from_fn(|b| {
            (0..4).fold(0u8, |acc, i| {
                acc | (swap_cell((b as u16 >> (2 * i)) & 3) as u8) << (2 * i)
            })
        });
        debug_assert_eq!(CODE_OFF & !3, 0);
        ShapeTable { gamma, swap }
    }

    /// The gamma of `c` playing at the empty point `p`.
    #[inline]
    pub fn gamma(&self, board: &Board, c: Color, p: Point) -> f32 {
        let code = board.neighbourhood(p);
        let code = match c {
            Color::Black => code,
            Color::White => {
                self.swap[(code & 0xff) as usize] as u16
                    | (self.swap[(code >> 8) as usize] as u16) << 8
            }
        };
        self.gamma[code as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{random_position, PlayoutRng};
    use rand::SeedableRng;

    /// The table gives what the model's own walk over the board finds for
    /// the 3x3 square, for both colours, on random positions.
    #[test]
    fn table_agrees_with_the_models_walk() {
        let model = super::super::shipped();
        let table = ShapeTable::from_model(model, -1.0);
        let mut rng = PlayoutRng::seed_from_u64(7);
        let mut known = 0;
        for size in [5, 9, 19] {
            for moves in [10, 40, 120] {
                let b = random_position(size, moves, &mut rng);
                for c in Color::BOTH {
                    let codes = spatial::Codes::new(&b, c);
                    for p in b.empty_points().iter() {
                        let walk = codes.largest_known(&b, p, |k, h| {
                            (k == 0).then(|| model.pattern_gamma(0, h)).flatten()
                        });
                        let got = table.gamma(&b, c, p);
                        assert_eq!(
                            walk.unwrap_or(-1.0),
                            got,
                            "{} for {c:?}\n{b}",
                            p.to_gtp(size)
                        );
                        known += walk.is_some() as u32;
                    }
                }
            }
        }
        assert!(known > 100, "{known}");
    }
}
