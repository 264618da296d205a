//! The partition-camping model shared by the simulator's channel metric (`sharc-run
//! --metrics`) and the static decision of `sharc-block-remap`: which blocks are co-resident
//! (the window), how a window's sectors are scored (the imbalance), and the orders in which a
//! grid's blocks may be dealt their tiles (the diagonal reordering).
//!
//! Both users must agree on these definitions, or the pass would decide on one number and the
//! metric would report another; they live here once for that reason.

use crate::occupancy::{occupancy, BlockResources};
use crate::Target;

/// Co-resident blocks of a launch of `threads`-thread blocks using `shared_bytes` of shared
/// memory each: `sm_count × blocks_per_sm` (registers unknown), or why there is no channel
/// model for it (the target's channel map is not linear, or no block fits).
pub fn window_blocks(target: &Target, threads: u64, shared_bytes: u64) -> Result<u64, String> {
    if !target.channel_map.is_linear() {
        return Err(format!("target {}: channel map is {}", target.name, target.channel_map.name()));
    }
    let block = BlockResources {
        threads: u32::try_from(threads).unwrap_or(u32::MAX),
        shared_bytes: u32::try_from(shared_bytes).unwrap_or(u32::MAX),
        registers_per_thread: None,
    };
    let occ = occupancy(target, block).map_err(|e| format!("target {}: no resident block ({e})", target.name))?;
    Ok(u64::from(target.sm_count) * u64::from(occ.blocks_per_sm.max(1)))
}

/// One window's score from its per-channel sector counts: `(max_c count_c · C, Σ_c count_c)`.
/// Summed over windows, the ratio of the two is the imbalance: 1 when the sectors spread evenly
/// over the `C` channels, `C` when they all go to one.
pub fn window_score(histogram: &[u64]) -> (u64, u64) {
    let peak = histogram.iter().max().copied().unwrap_or(0) * histogram.len() as u64;
    (peak, histogram.iter().sum())
}

/// The order in which a grid's blocks are dealt the tiles of a mapped loop nest
/// (`gpumap.band`'s `blockOrder`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlockOrder {
    /// Block `(x, y)` runs tile `(x, y)`.
    #[default]
    Identity,
    /// Diagonal block reordering (Ruetsch and Micikevicius's general form for any grid, of
    /// which seed 001's `(x + y) mod g_x, x` is the square case): blocks that run at the same
    /// time get tiles on different diagonals, so their rows and columns spread over channels.
    Diagonal,
}

impl BlockOrder {
    /// Every spelling, as the IR and the options write them.
    pub const CHOICES: [(&'static str, BlockOrder); 2] =
        [("identity", BlockOrder::Identity), ("diagonal", BlockOrder::Diagonal)];

    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            BlockOrder::Identity => "identity",
            BlockOrder::Diagonal => "diagonal",
        }
    }

    /// The order spelled `text`.
    pub fn from_keyword(text: &str) -> Option<BlockOrder> {
        Self::CHOICES.iter().find(|c| c.0 == text).map(|c| c.1)
    }

    /// The tile `(x', y')` block `(x, y)` of a `gx × gy` grid runs. Diagonal: with
    /// `t = x + gx·y`, `y' = t mod gy` and `x' = (⌊t / gy⌋ + y') mod gx`, a bijection of the
    /// grid for every shape (`(t mod gy, ⌊t / gy⌋)` enumerates it, and the shift by `y'` permutes
    /// each row). Coordinates outside the grid, or an empty grid, are returned unchanged.
    pub fn tile(self, x: u64, y: u64, gx: u64, gy: u64) -> (u64, u64) {
        if self == BlockOrder::Identity || gx == 0 || gy == 0 || x >= gx || y >= gy {
            return (x, y);
        }
        let t = x + gx * y;
        let ny = t % gy;
        let nx = (t / gy + ny) % gx;
        (nx, ny)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The square case is seed 001's rule: `y' = x`, `x' = (x + y) mod g`.
    #[test]
    fn square_grid_is_the_seed_rule() {
        for g in 1..9 {
            for y in 0..g {
                for x in 0..g {
                    assert_eq!(BlockOrder::Diagonal.tile(x, y, g, g), ((x + y) % g, x));
                }
            }
        }
    }

    #[test]
    fn keywords_round_trip() {
        for (k, o) in BlockOrder::CHOICES {
            assert_eq!(BlockOrder::from_keyword(k), Some(o));
            assert_eq!(o.keyword(), k);
        }
        assert_eq!(BlockOrder::from_keyword("spiral"), None);
    }

    #[test]
    fn window_score_is_peak_times_channels() {
        assert_eq!(window_score(&[4, 0, 0, 0]), (16, 4));
        assert_eq!(window_score(&[1, 1, 1, 1]), (4, 4));
        assert_eq!(window_score(&[]), (0, 0));
    }

    proptest! {
        /// Every block gets a distinct tile inside the grid: the order is a bijection for every
        /// grid shape, square or not (the seed's square formula is not one on `gx != gy`).
        #[test]
        fn diagonal_is_a_bijection(gx in 1u64..40, gy in 1u64..40) {
            let mut seen = vec![false; (gx * gy) as usize];
            for y in 0..gy {
                for x in 0..gx {
                    let (nx, ny) = BlockOrder::Diagonal.tile(x, y, gx, gy);
                    prop_assert!(nx < gx && ny < gy);
                    let i = (nx + gx * ny) as usize;
                    prop_assert!(!seen[i], "tile ({nx}, {ny}) dealt twice on {gx}x{gy}");
                    seen[i] = true;
                }
            }
        }
    }
}
