use super::*;

#[test]
fn the_mean_of_constant_differences_has_no_spread() {
    let mut m = Moments::default();
    for _ in 0..10 {
        m.add(3);
    }
    let i = m.mean(1).unwrap();
    assert_eq!((i.estimate, i.low, i.high), (3.0, 3.0, 3.0));
    assert!(i.significant());
    assert_eq!(Moments::default().mean(1), None);
}

#[test]
fn the_mean_interval_is_the_normal_one() {
    // Values 0 and 2 alternately: mean 1, sample variance 40/39.
    let mut m = Moments::default();
    for k in 0..40 {
        m.add(if k % 2 == 0 { 0 } else { 2 });
    }
    let i = m.mean(1).unwrap();
    let half = Z95 * (40.0_f64 / 39.0 / 40.0).sqrt();
    assert!((i.estimate - 1.0).abs() < 1e-12);
    assert!((i.high - 1.0 - half).abs() < 1e-12);
    assert!(i.significant());
    // Symmetric around zero: not significant.
    let mut z = Moments::default();
    for k in 0..40 {
        z.add(if k % 2 == 0 { -1 } else { 1 });
    }
    assert!(!z.mean(1).unwrap().significant());
}

#[test]
fn shares_are_scaled_back() {
    let mut m = Moments::default();
    m.add(SHARE_SCALE / 2);
    m.add(SHARE_SCALE / 2);
    assert!((m.mean(SHARE_SCALE).unwrap().estimate - 0.5).abs() < 1e-12);
}

#[test]
fn merging_is_adding() {
    let (mut a, mut b, mut all) = (Moments::default(), Moments::default(), Moments::default());
    for v in [1, -4, 9] {
        a.add(v);
        all.add(v);
    }
    for v in [7, 0] {
        b.add(v);
        all.add(v);
    }
    a.merge(&b);
    assert_eq!(a, all);
}

#[test]
fn medians_and_their_intervals() {
    let mut h = Histogram::default();
    for v in [5, 1, 3] {
        h.add(v);
    }
    assert_eq!(h.median().unwrap().estimate, 3.0);
    h.add(10);
    assert_eq!(h.median().unwrap().estimate, 4.0);
    let mut big = Histogram::default();
    for v in 1..=1000 {
        big.add(v);
    }
    let m = big.median().unwrap();
    assert_eq!(m.estimate, 500.5);
    // Ranks 500 ∓ 31: the interval is about ±31 around the median.
    assert!(m.low >= 465.0 && m.low <= 470.0, "{m:?}");
    assert!(m.high >= 531.0 && m.high <= 536.0, "{m:?}");
    assert_eq!(Histogram::default().median(), None);
}

#[test]
fn ratio_differences() {
    let mut r = RatioPair::default();
    for k in 0..100u64 {
        // base: 1 of 2 adopted; amended: 2 of 2 adopted, in alternating games.
        r.add((k % 2, 1), (1, 1));
    }
    assert_eq!(r.ratio(0), Some(0.5));
    assert_eq!(r.ratio(1), Some(1.0));
    let d = r.difference().unwrap();
    assert!((d.estimate - 0.5).abs() < 1e-12);
    assert!(d.significant());
    assert!(d.low < 0.5 && d.high > 0.5);
    let mut same = RatioPair::default();
    for k in 0..100u64 {
        same.add((k % 2, 1), (k % 2, 1));
    }
    let d = same.difference().unwrap();
    assert_eq!(d.estimate, 0.0);
    assert!(!d.significant());
    assert_eq!(RatioPair::default().difference(), None);
}
