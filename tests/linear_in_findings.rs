//! `check` does work linear in its findings, counted rather than timed.
//!
//! Issue 19 found `check` quadratic in its findings: each finding handed
//! the whole file to the snippet renderer and counted lines from the start
//! of the file (2k rules with a warning each took 0.50 s, 16k 30.7 s). A
//! test compared CPU times of 1k and 16k findings (at most 20×), and a
//! loaded machine once failed it at 20.9×. Here the work is counted instead:
//! every allocation and every byte allocated, by this binary's own
//! allocator, while one thread checks a file and reports its findings.
//! Handing the file to the snippet renderer again, or keeping a copy of
//! what is left of it per finding, multiplies both by the number of
//! findings; nothing here depends on the machine's load.

use nomic::check::{self, Input};
use nomic::diagnostic::{self, Source};
use nomic::parse::{self, ReadOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting what it is asked for.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; the
// counters are atomics touched on the way.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` or `realloc` above with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(new_size as u64, Ordering::Relaxed);
        // SAFETY: as `GlobalAlloc::realloc` requires of its caller.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// An md-short file of `rules` rules with one warning each (a blank line
/// too many after every rule), as issue 19 measured.
fn one_warning_per_rule(rules: usize) -> String {
    let mut text = String::from("# RULES\n\n---\n\n");
    for n in 1..=rules {
        text.push_str(&format!("## {n}\n\nRule text {n}.\n\n\n"));
    }
    text
}

/// Allocations and bytes allocated while `work` runs on one thread.
fn counted(work: impl FnOnce() + Send) -> (u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| {
        let (allocations, bytes) = (
            ALLOCATIONS.load(Ordering::SeqCst),
            BYTES.load(Ordering::SeqCst),
        );
        work();
        (
            ALLOCATIONS.load(Ordering::SeqCst) - allocations,
            BYTES.load(Ordering::SeqCst) - bytes,
        )
    })
}

/// The read of the file and its check, as `nomic check` does them, and
/// its report for people and for GitHub.
fn check_whole(rules: usize) -> (u64, u64) {
    let text = one_warning_per_rule(rules);
    counted(move || {
        let parsed = parse::read(text.as_bytes(), &ReadOptions::default()).unwrap();
        let findings = check::check(&Input::from_parsed(&parsed, None));
        assert!(findings.len() >= rules, "{} findings", findings.len());
        report(&parsed.text, &findings, rules);
    })
}

/// The reports for people and for GitHub, each naming the `rules`
/// warnings.
fn report(text: &str, findings: &[diagnostic::Diagnostic], rules: usize) {
    let source = Source::new("rules.md", text);
    let human = diagnostic::render_human(source, findings, false);
    assert!(human.matches("N704").count() >= rules);
    let github = diagnostic::render_github(Source::new("rules.md", text), findings);
    assert!(github.lines().count() >= findings.len());
}

/// Asserts that 16 times the findings cost at most 20 times the
/// allocations and the bytes allocated (linear is 16; the quadratic report
/// of issue 19 grows with the square).
fn assert_linear(what: &str, small: (u64, u64), large: (u64, u64)) {
    let ratio = |large: u64, small: u64| large as f64 / small.max(1) as f64;
    let allocations = ratio(large.0, small.0);
    let bytes = ratio(large.1, small.1);
    assert!(
        allocations <= 20.0 && bytes <= 20.0,
        "{what}: 1k findings made {} allocations of {} bytes, 16k made {} of {}: \
         {allocations:.1}× and {bytes:.1}×",
        small.0,
        small.1,
        large.0,
        large.1
    );
}

#[test]
fn check_work_grows_linearly_with_findings() {
    assert_linear("whole", check_whole(1000), check_whole(16_000));
}
