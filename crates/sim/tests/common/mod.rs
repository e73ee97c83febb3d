//! Shared by the model's integration tests, which run natively and, under wasm-bindgen-test, on
//! wasm32. Each test file imports `wasm_bindgen_test as test` on wasm32 so one `#[test]` serves both.
#![allow(dead_code)]

pub mod generate;

/// SplitMix64: a tiny deterministic generator, so a failing sequence is reproducible from its seed
/// and the property tests need no dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Applies an action that must be refused, and checks the refusal changed nothing.
pub fn refused<M: kubevol_sim::Model + PartialEq>(state: &mut M, action: M::Action) -> M::Refusal {
    let before = state.clone();
    let refusal = state.apply(action).expect_err("the action should be refused");
    assert_eq!(*state, before, "a refusal must leave the state as it was");
    refusal
}

/// How many random action sequences each property test runs: `KUBEVOL_SEQUENCES` when set (a long
/// run: `KUBEVOL_SEQUENCES=100000 cargo test --release -p kubevol-sim --test properties`), else
/// 10,000, which the test command runs. On wasm32 there is no environment: always 10,000.
pub fn sequences() -> u64 {
    match std::env::var("KUBEVOL_SEQUENCES") {
        Ok(n) => n.parse().unwrap_or_else(|_| panic!("KUBEVOL_SEQUENCES={n} is not a whole number")),
        Err(_) => 10_000,
    }
}
