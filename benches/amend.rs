//! How fast proposals are parsed and applied, and rules renumbered, on a
//! large ruleset (a long game: 500 rules).

use criterion::{criterion_group, criterion_main, Criterion};
use nomic::amend::{apply, parse_proposals, renumber, ApplyOptions, Numbering};
use nomic::model::synthetic_ruleset;
use std::collections::BTreeMap;
use std::hint::black_box;

const PROPOSAL: &str = "Proposal 100000 (Alekosen), Aug 24, 2020 (R6T1)\n\
    Enact a new rule:\n> Players may pass, see Rule 203.\n\
    Amend Rule 203 to read:\n> A rule-change is adopted if two thirds vote for it.\n\
    Renumber Rule 204 to 99999.\n";

fn amend(c: &mut Criterion) {
    let ruleset = synthetic_ruleset(500, 1);
    c.bench_function("parse a proposal", |b| {
        b.iter(|| parse_proposals(black_box(PROPOSAL)));
    });
    let proposals = parse_proposals(PROPOSAL).expect("the proposal parses");
    for numbering in [Numbering::Revision, Numbering::Renumber] {
        let options = ApplyOptions {
            numbering: Some(numbering),
            links: None,
        };
        assert!(apply(&ruleset, &proposals, &options).is_ok());
        c.bench_function(&format!("apply to 500 rules ({numbering})"), |b| {
            b.iter(|| apply(black_box(&ruleset), black_box(&proposals), &options));
        });
    }
    let mapping = BTreeMap::from([(203, 99_999), (301, 99_998)]);
    c.bench_function("renumber two of 500 rules", |b| {
        b.iter(|| {
            let mut copy = ruleset.clone();
            renumber(&mut copy, black_box(&mapping))
        });
    });
}

criterion_group!(benches, amend);
criterion_main!(benches);
