//! The value of `--allow`, `--warn`, `--deny` and `--explain`: a finding's
//! code or name, offered to shell completion with its summary.
//!
//! The value is taken as written: the library's levels say which codes
//! exist, and its message (with the nearest known code) is the one users
//! see, from the command line and from `nomic.toml` alike. The parser only
//! adds the list that completion scripts offer.

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use nomic::check::Code;
use std::ffi::OsStr;

#[derive(Clone, Copy, Debug)]
pub(in crate::cmd) struct CodeArg {
    /// Whether `warnings` (every warning) is offered too, as `--deny` takes it.
    pub warnings: bool,
}

impl TypedValueParser for CodeArg {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let every_warning = self
            .warnings
            .then(|| PossibleValue::new("warnings").help("every warning"));
        let codes = Code::ALL.iter().flat_map(|&code| {
            [code.code(), code.name()].map(|word| PossibleValue::new(word).help(code.summary()))
        });
        Some(Box::new(every_warning.into_iter().chain(codes)))
    }
}
