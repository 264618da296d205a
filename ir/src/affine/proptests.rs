//! Property tests over random expression trees: construction-time and flattening
//! simplification preserve values, known divisors divide values, substitution of
//! constants folds to the value, printing is deterministic, and nothing panics.
//!
//! Symbols take positive values: upstream's semi-affine rules (`(d0 * s0) floordiv s0`
//! is `d0`, `e - (e floordiv s0) * s0` is `e mod s0`) assume positive symbolic divisors.
//! Dimensions and constants take either sign.

use proptest::prelude::*;

use super::expr::{AffineBinaryOp as Op, AffineExpr};
use super::map::AffineMap;

/// A construction sequence, replayed either through the simplifying constructors or as
/// raw nodes.
#[derive(Clone, Debug)]
enum Recipe {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Neg(Box<Recipe>),
    Binary(Op, Box<Recipe>, Box<Recipe>),
}

const NUM_DIMS: u32 = 3;
const NUM_SYMBOLS: u32 = 2;

fn recipe(constants: impl Strategy<Value = i64> + Clone + 'static) -> impl Strategy<Value = Recipe> {
    recipe_over(NUM_DIMS, NUM_SYMBOLS, constants)
}

fn recipe_over(
    num_dims: u32,
    num_symbols: u32,
    constants: impl Strategy<Value = i64> + Clone + 'static,
) -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (0..num_dims).prop_map(Recipe::Dim),
        (0..num_symbols).prop_map(Recipe::Symbol),
        constants.prop_map(Recipe::Constant),
    ];
    let op = prop_oneof![Just(Op::Add), Just(Op::Mul), Just(Op::Mod), Just(Op::FloorDiv), Just(Op::CeilDiv)];
    leaf.prop_recursive(5, 40, 2, move |inner| {
        prop_oneof![
            1 => inner.clone().prop_map(|r| Recipe::Neg(Box::new(r))),
            6 => (op.clone(), inner.clone(), inner)
                .prop_map(|(op, l, r)| Recipe::Binary(op, Box::new(l), Box::new(r))),
        ]
    })
}

fn small_recipe() -> impl Strategy<Value = Recipe> {
    recipe(-8_i64..=8)
}

/// Few variables and tiny constants, so that shared subterms (`d0 * s0` next to
/// `d0 mod s0`, sums of divisions by `s0`) are common.
fn dense_recipe() -> impl Strategy<Value = Recipe> {
    recipe_over(2, 1, -3_i64..=3)
}

fn build(r: &Recipe) -> AffineExpr {
    match r {
        Recipe::Dim(i) => AffineExpr::dim(*i),
        Recipe::Symbol(i) => AffineExpr::symbol(*i),
        Recipe::Constant(c) => AffineExpr::constant(*c),
        Recipe::Neg(e) => -build(e),
        Recipe::Binary(op, l, r) => AffineExpr::binary(*op, &build(l), &build(r)),
    }
}

fn build_raw(r: &Recipe) -> AffineExpr {
    match r {
        Recipe::Dim(i) => AffineExpr::dim(*i),
        Recipe::Symbol(i) => AffineExpr::symbol(*i),
        Recipe::Constant(c) => AffineExpr::constant(*c),
        Recipe::Neg(e) => AffineExpr::raw_binary(Op::Mul, build_raw(e), AffineExpr::constant(-1)),
        Recipe::Binary(op, l, r) => AffineExpr::raw_binary(*op, build_raw(l), build_raw(r)),
    }
}

fn point() -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
    (prop::collection::vec(-12_i64..=12, NUM_DIMS as usize), prop::collection::vec(1_i64..=12, NUM_SYMBOLS as usize))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn construction_preserves_values(r in small_recipe(), (dims, syms) in point()) {
        if let Some(value) = build_raw(&r).eval(&dims, &syms) {
            prop_assert_eq!(build(&r).eval(&dims, &syms), Some(value), "{}", build(&r));
        }
    }

    #[test]
    fn flattening_preserves_values(r in small_recipe(), (dims, syms) in point()) {
        let e = build(&r);
        if let Some(value) = e.eval(&dims, &syms) {
            let simplified = e.simplify(NUM_DIMS, NUM_SYMBOLS);
            prop_assert_eq!(simplified.eval(&dims, &syms), Some(value), "{} => {}", e, simplified);
        }
    }

    #[test]
    fn flattening_preserves_values_of_dense_trees(r in dense_recipe(), (dims, syms) in point()) {
        let e = build(&r);
        if let Some(value) = e.eval(&dims, &syms) {
            let simplified = e.simplify(NUM_DIMS, NUM_SYMBOLS);
            prop_assert_eq!(simplified.eval(&dims, &syms), Some(value), "{} => {}", e, simplified);
        }
    }

    #[test]
    fn simplifying_twice_is_stable_in_value(r in small_recipe(), (dims, syms) in point()) {
        let once = build(&r).simplify(NUM_DIMS, NUM_SYMBOLS);
        if let Some(value) = once.eval(&dims, &syms) {
            let twice = once.simplify(NUM_DIMS, NUM_SYMBOLS);
            prop_assert_eq!(twice.eval(&dims, &syms), Some(value));
        }
    }

    #[test]
    fn largest_known_divisor_divides_values(r in small_recipe(), (dims, syms) in point()) {
        let e = build(&r);
        if let Some(value) = e.eval(&dims, &syms) {
            let divisor = e.largest_known_divisor();
            prop_assert!(divisor >= 0);
            if divisor == 0 {
                prop_assert_eq!(value, 0);
            } else {
                prop_assert_eq!(value % divisor, 0, "{} has divisor {}", e, divisor);
            }
        }
    }

    #[test]
    fn substituting_constants_folds_to_the_value(r in small_recipe(), (dims, syms) in point()) {
        let e = build(&r);
        if let Some(value) = e.eval(&dims, &syms) {
            let consts = |v: &[i64]| -> Vec<AffineExpr> {
                v.iter().copied().map(AffineExpr::constant).collect()
            };
            let folded = e.replace_dims_and_symbols(&consts(&dims), &consts(&syms));
            prop_assert_eq!(folded.as_constant(), Some(value));
        }
    }

    #[test]
    fn printing_is_deterministic(r in small_recipe()) {
        let (a, b) = (build(&r), build(&r));
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.to_string(), b.to_string());
        let map = AffineMap::new(NUM_DIMS, NUM_SYMBOLS, vec![a.clone(), b]).expect("in range");
        prop_assert_eq!(map.to_string(), map.clone().to_string());
    }

    #[test]
    fn compose_is_sequential_evaluation(
        outer in prop::collection::vec(small_recipe(), 1..3),
        inner in prop::collection::vec(small_recipe(), NUM_DIMS as usize),
        (dims, syms) in point(),
        outer_syms in prop::collection::vec(1_i64..=12, NUM_SYMBOLS as usize),
    ) {
        let to_map = |recipes: &[Recipe]| {
            AffineMap::new(NUM_DIMS, NUM_SYMBOLS, recipes.iter().map(build).collect())
                .expect("in range")
        };
        let (outer, inner) = (to_map(&outer), to_map(&inner));
        let composed = outer.compose(&inner).expect("outer dims match inner results");
        if let Some(step) = inner.eval(&dims, &syms) {
            if let Some(expected) = outer.eval(&step, &outer_syms) {
                let all_syms: Vec<i64> = outer_syms.iter().chain(&syms).copied().collect();
                prop_assert_eq!(composed.eval(&dims, &all_syms), Some(expected));
            }
        }
    }

    #[test]
    fn extreme_constants_never_panic(
        r in recipe(any::<i64>()),
        dims in prop::collection::vec(any::<i64>(), NUM_DIMS as usize),
        syms in prop::collection::vec(any::<i64>(), NUM_SYMBOLS as usize),
    ) {
        let e = build(&r);
        let _ = (e.to_string(), format!("{e:?}"), e.eval(&dims, &syms), e.largest_known_divisor());
        let _ = (e.simplify(NUM_DIMS, NUM_SYMBOLS).to_string(), e.simplify(0, 0));
        let one = std::slice::from_ref(&e);
        let _ = e.replace_dims_and_symbols(one, one).shift_dims(3, u32::MAX, 1);
        let _ = build_raw(&r).simplify(NUM_DIMS, NUM_SYMBOLS).eval(&dims, &syms);
    }
}
