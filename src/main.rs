use std::process::ExitCode;

fn main() -> ExitCode {
    nomic::cli::main()
}
