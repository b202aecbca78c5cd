"""The data files the reference scripts beside this file write: a header of `# ` lines that says where the data come
from and what was left out, then the data lines."""

import textwrap


def wrapped(text, indent=""):
    """`text` as header lines of at most 116 characters (so that `# ` and the text stay within the repository's 120
    columns), later lines of a paragraph indented two spaces more than the first; each line ends with a line feed."""
    lines = textwrap.wrap(text, 116, initial_indent=indent, subsequent_indent=indent + "  ", break_on_hyphens=False)
    return "".join(line + "\n" for line in lines)


def write(path, header, lines):
    """Writes `header` (text, a `# ` before each of its lines) and then `lines` (strings without line ends)."""
    with open(path, "w", encoding="utf-8") as out:
        for line in header.splitlines():
            out.write(f"# {line}".rstrip() + "\n")
        for line in lines:
            out.write(line + "\n")
