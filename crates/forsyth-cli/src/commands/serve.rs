//! `forsyth serve`: the web page and its JSON API on this machine (the `forsyth-server` crate).

use forsyth_server::Config;

use crate::Failure;

/// Serve a web page for positions, moves and games, with a JSON API (see docs/api.md).
///
/// Everything the page needs is in the binary; it works without a network. Stop it with Ctrl-C.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth serve\n  forsyth serve --port 9000 --open\n  \
     forsyth serve --host 0.0.0.0 --max-body 32   # reachable from other machines: think twice\n\n\
     Exit status: 0 never (it serves until stopped), 1 the address cannot be bound, 2 usage error.")]
pub struct Args {
    /// Address to listen on; the default lets only this machine in.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Largest request body (a PGN upload), in MiB.
    #[arg(long, default_value_t = 8, value_name = "MIB")]
    max_body: usize,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let config = Config { body_limit: args.max_body << 20, ..Config::default() };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let (listener, address) = forsyth_server::bind(&args.host, args.port)
            .await
            .map_err(|e| Failure(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
        let url = format!("http://{address}/");
        println!("forsyth serves {url} (Ctrl-C stops it)");
        if args.open {
            open_browser(&url);
        }
        forsyth_server::serve(listener, config).await.map_err(Failure::from)
    })
}

/// Asks the desktop to open `url`; the server runs on if there is no desktop.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("forsyth: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
