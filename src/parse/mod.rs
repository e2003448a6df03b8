//! Parsers: text → model, one submodule per input format.
