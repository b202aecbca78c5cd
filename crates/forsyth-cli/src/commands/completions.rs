//! `forsyth completions`: shell completion scripts.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::{Cli, Failure};

/// Print a completion script for a shell.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth completions bash > ~/.local/share/bash-completion/completions/forsyth
  forsyth completions zsh > ~/.zfunc/_forsyth      # with fpath+=~/.zfunc in ~/.zshrc
  forsyth completions fish > ~/.config/fish/completions/forsyth.fish

Exit status: 0 printed, 2 usage error (an unknown shell).")]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

pub fn run(args: Args) -> Result<(), Failure> {
    clap_complete::generate(args.shell, &mut Cli::command(), "forsyth", &mut std::io::stdout());
    Ok(())
}
