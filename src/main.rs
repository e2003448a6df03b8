//! The `nomic` binary: the command line lives here, in [`cmd`], and calls the
//! library for everything else (see `docs/library.md`).

mod cmd;

use std::process::ExitCode;

fn main() -> ExitCode {
    cmd::main()
}
