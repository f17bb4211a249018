//! The transposition table: one entry per slot, replaced by depth.

use ashta_rules::chess::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score.
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Position hash.
    pub key: u64,
    /// Best move found, if any.
    pub best: Option<Move>,
    /// Score from the side to move.
    pub score: i32,
    /// Depth searched.
    pub depth: i8,
    /// Bound type.
    pub bound: Bound,
}

/// A fixed-size table.
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Table {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1024);
        Table {
            slots: vec![None; n],
        }
    }
    fn index(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }
    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }
    /// Stores an entry, keeping a deeper one for the same position.
    pub fn store(&mut self, e: Entry) {
        let i = self.index(e.key);
        match self.slots[i] {
            Some(old) if old.key == e.key && old.depth > e.depth && e.bound != Bound::Exact => {}
            _ => self.slots[i] = Some(e),
        }
    }
    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
