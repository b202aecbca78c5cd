"""The ``forsyth`` command (``python -m forsyth``, and the ``forsyth`` script pip installs): the command line of
the Rust binary, run inside this process — ``forsyth --help`` lists its commands."""

import signal
import sys

from ._forsyth import main as _run


def main() -> int:
    """Runs ``forsyth`` with this process's arguments and returns its exit status."""
    # Python turns Ctrl-C into KeyboardInterrupt, which it only raises once the native command returns: give the
    # signal its default action back, so that Ctrl-C ends a long command as it ends the Rust binary (`forsyth solve`
    # sets its own handler, which prints what was found so far).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    # The program's name as the binary's help and errors print it, whether started as a script or with -m.
    return _run(["forsyth", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
