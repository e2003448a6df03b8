use criterion::{criterion_group, criterion_main, Criterion};

fn placeholder_free(_c: &mut Criterion) {}

criterion_group!(benches, placeholder_free);
criterion_main!(benches);
