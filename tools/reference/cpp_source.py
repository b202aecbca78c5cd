"""Reading other projects' C++ sources as text, for the scripts beside this one that take test data out of them."""

import re


def function_bodies(source, header):
    """The body of each function of `source` whose header (up to and including its opening `{`) matches the regex
    `header`, by the header's first group: the text between that `{` and the `}` that closes it, braces counted."""
    bodies = {}
    for match in re.finditer(header, source):
        depth, at = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(source[at], 0)
            at += 1
        bodies[match.group(1)] = source[match.end():at - 1]
    return bodies
