//! Typed access to a command's arguments. Each accessor returns the GTP
//! error text (`syntax error` and the like) when the argument is wrong.

use crate::board::{Color, Move, Point};

/// The error text of a failed command.
pub type GtpError = String;

/// The arguments of one command.
pub struct Args<'a> {
    words: &'a [String],
}

pub fn syntax_error() -> GtpError {
    "syntax error".to_string()
}

impl<'a> Args<'a> {
    pub fn new(words: &'a [String]) -> Args<'a> {
        Args { words }
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn all(&self) -> &'a [String] {
        self.words
    }

    /// Fail unless there are between `min` and `max` arguments.
    pub fn expect(&self, min: usize, max: usize) -> Result<(), GtpError> {
        if (min..=max).contains(&self.words.len()) {
            Ok(())
        } else {
            Err(syntax_error())
        }
    }

    pub fn word(&self, i: usize) -> Result<&'a str, GtpError> {
        self.words
            .get(i)
            .map(String::as_str)
            .ok_or_else(syntax_error)
    }

    pub fn color(&self, i: usize) -> Result<Color, GtpError> {
        Color::parse(self.word(i)?).ok_or_else(syntax_error)
    }

    /// A vertex on the board (not `pass`).
    pub fn point(&self, i: usize, size: usize) -> Result<Point, GtpError> {
        Point::parse(self.word(i)?, size).ok_or_else(syntax_error)
    }

    /// A vertex or `pass`.
    pub fn mv(&self, i: usize, size: usize) -> Result<Move, GtpError> {
        Move::parse(self.word(i)?, size).ok_or_else(syntax_error)
    }

    pub fn int(&self, i: usize) -> Result<i64, GtpError> {
        self.word(i)?.parse().map_err(|_| syntax_error())
    }

    /// A non-negative integer.
    pub fn uint(&self, i: usize) -> Result<u32, GtpError> {
        self.word(i)?.parse().map_err(|_| syntax_error())
    }

    /// A finite float.
    pub fn float(&self, i: usize) -> Result<f64, GtpError> {
        let f: f64 = self.word(i)?.parse().map_err(|_| syntax_error())?;
        if f.is_finite() {
            Ok(f)
        } else {
            Err(syntax_error())
        }
    }

    /// A finite, non-negative float (a time in seconds).
    pub fn seconds(&self, i: usize) -> Result<f64, GtpError> {
        let f = self.float(i)?;
        if f >= 0.0 {
            Ok(f)
        } else {
            Err(syntax_error())
        }
    }
}
