//! `stats` against reference numbers: Elo, nElo and SPRT log-likelihood ratios that
//! `tests/tools/stats_reference.py` computed with fishtest's formulas (an independent Python
//! implementation with scipy's root finder, which agrees with fishtest's own `LLRcalc.py` and
//! `stat_util.py` to 1e-10).

use kaiser_tools::stats::{Counts, Decision, EloModel, Pentanomial, Sprt, Trinomial};

/// The hypotheses of the reference script's `SPRTS`, in its order.
const SPRTS: [(f64, f64, EloModel); 4] = [
    (0.0, 2.0, EloModel::Normalized),
    (0.5, 2.5, EloModel::Normalized),
    (-1.75, 0.25, EloModel::Normalized),
    (0.0, 5.0, EloModel::Logistic),
];

/// The reference script's numbers for one count vector.
struct Expected {
    /// Logistic Elo, lower and upper end of its 95% interval.
    elo: [f64; 3],
    /// Normalized Elo and the half-width of its 95% interval.
    nelo: [f64; 2],
    /// The LLR of each test in `SPRTS`.
    llr: [f64; 4],
}

fn assert_close(what: &str, got: f64, want: f64) {
    // The reference prints ten decimals; the two root finders agree far closer than 1e-8.
    assert!(
        (got - want).abs() < 1e-8 * want.abs().max(1.0),
        "{what}: got {got}, want {want}"
    );
}

fn check<const N: usize>(counts: [u64; N], want: Expected) {
    let results = Counts { counts };
    let elo = results.elo();
    assert_close(&format!("{counts:?} elo"), elo.elo, want.elo[0]);
    assert_close(&format!("{counts:?} elo lower"), elo.lower, want.elo[1]);
    assert_close(&format!("{counts:?} elo upper"), elo.upper, want.elo[2]);
    let nelo = results.normalized_elo();
    assert_close(&format!("{counts:?} nelo"), nelo.elo, want.nelo[0]);
    assert_close(
        &format!("{counts:?} nelo error"),
        nelo.error(),
        want.nelo[1],
    );
    for ((elo0, elo1, model), llr) in SPRTS.into_iter().zip(want.llr) {
        let sprt = Sprt {
            model,
            ..Sprt::new(elo0, elo1, 0.05, 0.05)
        };
        let what = format!("{counts:?} llr {model:?} [{elo0}, {elo1}]");
        assert_close(&what, sprt.llr(&results), llr);
    }
}

#[test]
fn pentanomial_matches_fishtest() {
    check(
        [10789, 19328, 33806, 19402, 10543],
        Expected {
            elo: [-0.7735773359, -2.0511676917, 0.5039920998],
            nelo: [-0.9516290045, 1.5716226768],
            llr: [-6.0704290676, -7.6255718980, -0.6271679157, -38.5144084734],
        },
    );
    check(
        [39, 2226, 31451, 2412, 40],
        Expected {
            elo: [0.9029810488, 0.2404528464, 1.5655158183],
            nelo: [3.4507996069, 2.5312396033],
            llr: [2.9369098172, 2.3379000175, 5.0335963082, -68.7187017260],
        },
    );
    check(
        [1187, 7410, 13475, 7378, 1164],
        Expected {
            elo: [-0.4426077992, -2.1724777991, 1.2872402562],
            nelo: [-0.7041412082, 2.7519923945],
            llr: [-1.7287536222, -2.2359649171, 0.0465216967, -18.8774710858],
        },
    );
    check(
        [39, 8843, 26675, 9240, 44],
        Expected {
            elo: [1.5767629414, 0.5464627658, 2.6070908492],
            nelo: [3.4799561269, 2.2740687623],
            llr: [3.6845606944, 2.9416752080, 6.2846520467, -16.6986589425],
        },
    );
    check(
        [12, 60, 150, 80, 20],
        Expected {
            elo: [19.4421333734, 2.2420983160, 36.7379760676],
            nelo: [30.3355824821, 26.9666552022],
            llr: [0.3103509261, 0.3050557032, 0.3288852829, 1.0864550818],
        },
    );
    check(
        [0, 3, 10, 6, 1],
        Expected {
            elo: [43.6379354424, -14.9644295919, 104.8457938283],
            nelo: [80.0787399293, 106.4571385537],
            llr: [0.0527057942, 0.0523860257, 0.0538226464, 0.2333894314],
        },
    );
}

#[test]
fn trinomial_matches_fishtest() {
    check(
        [65804, 56553, 65388],
        Expected {
            elo: [-0.7698390909, -2.0835929388, 0.5438927429],
            nelo: [-0.9209398978, 1.5715954310],
            llr: [-5.9752875889, -7.5305367548, -0.5317395694, -36.3875244491],
        },
    );
    check(
        [130, 400, 170],
        Expected {
            elo: [19.8751136756, 3.0684320021, 36.7752996775],
            nelo: [30.4428587275, 25.8357670064],
            llr: [0.3401566659, 0.3343719405, 0.3604015539, 1.1753454791],
        },
    );
    check(
        [0, 5, 20],
        Expected {
            elo: [381.6275305523, 265.2313803897, 662.3524877601],
            nelo: [694.5413101290, 340.7247711080],
            llr: [0.1283172503, 0.1281199593, 0.1290060909, 0.3571683715],
        },
    );
}

#[test]
fn swapping_the_engines_negates_the_elo() {
    let p = Pentanomial {
        counts: [12, 60, 150, 80, 20],
    };
    let mut swapped = p;
    swapped.counts.reverse();
    for (a, b) in [
        (p.elo(), swapped.elo()),
        (p.normalized_elo(), swapped.normalized_elo()),
    ] {
        assert!((a.elo + b.elo).abs() < 1e-9);
        assert!((a.lower + b.upper).abs() < 1e-9);
    }
}

#[test]
fn equal_hypotheses_give_a_zero_llr() {
    let p = Pentanomial {
        counts: [12, 60, 150, 80, 20],
    };
    assert!(Sprt::new(1.0, 1.0, 0.05, 0.05).llr(&p).abs() < 1e-9);
}

#[test]
fn the_llr_grows_with_the_evidence() {
    let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05);
    let small = Pentanomial {
        counts: [1, 20, 50, 22, 1],
    };
    let large = Pentanomial {
        counts: small.counts.map(|c| c * 100),
    };
    assert_eq!(sprt.decide(sprt.llr(&small)), Decision::Continue);
    assert!(sprt.llr(&large) > 10.0 * sprt.llr(&small));
}

#[test]
fn no_games_yet_is_well_defined() {
    let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05);
    let empty = Pentanomial::default();
    assert!(sprt.llr(&empty).abs() < 1e-3);
    assert_eq!(sprt.decide(sprt.llr(&empty)), Decision::Continue);
    assert_eq!(Trinomial::default().elo().elo, 0.0);
}
