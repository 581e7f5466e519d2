"""Where cross-references are read (afstools.xrefs): the comments of Swift and C files, the `#` comments
of shell, YAML and Dockerfiles, Python comments and docstrings, vector files' `comment` and
`description` fields, and Markdown text outside code blocks; each piece with its line number."""
import io
import json
import os
import re
import tokenize


def markdown_lines(text, headings_only=False):
    """(line number, text, in a code block) of a Markdown file; with headings_only, (number, text) of
    the ATX headings outside code blocks."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = re.match(r"\s{0,3}(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1).startswith(fence[:3]) and len(m.group(1)) >= len(fence):
                fence = None
            if not headings_only:
                yield n, line, True
            continue
        if headings_only:
            if fence is None and re.match(r"#{1,6} ", line):
                yield n, line
        else:
            yield n, line, fence is not None


class _CLexer:
    """The comments of a Swift or C file: (line, text) per line, string literals skipped (Swift's
    multi-line and raw strings and interpolations included)."""

    OPEN = re.compile(r'(#*)("""|")')
    TEMPLATE_COMMENT = re.compile(r'[ \t]*//([^\n\\"]*)(?=\n)')

    def __init__(self, text, swift):
        self.t, self.i, self.line, self.swift, self.out = text, 0, 1, swift, []

    def run(self):
        self.code(False)
        return self.out

    def code(self, in_interpolation):
        t = self.t
        depth = 0
        while self.i < len(t):
            c = t[self.i]
            if c == "\n":
                self.line += 1
                self.i += 1
            elif t.startswith("//", self.i):
                j = t.find("\n", self.i)
                j = len(t) if j < 0 else j
                self.out.append((self.line, t[self.i + 2:j]))
                self.i = j
            elif t.startswith("/*", self.i):
                self.block()
            elif c == '"' or (self.swift and c == "#" and self.OPEN.match(t, self.i)):
                self.string()
            elif c == "'" and not self.swift:
                self.char()
            elif in_interpolation and c == "(":
                depth += 1
                self.i += 1
            elif in_interpolation and c == ")":
                self.i += 1
                if depth == 0:
                    return
                depth -= 1
            else:
                self.i += 1

    def block(self):
        t, depth, start = self.t, 0, self.i
        while self.i < len(t):
            if t.startswith("/*", self.i):
                depth += 1
                self.i += 2
            elif t.startswith("*/", self.i):
                depth -= 1
                self.i += 2
                if depth == 0 or not self.swift:
                    break
            else:
                self.i += 1
        for k, piece in enumerate(t[start:self.i].split("\n")):
            self.out.append((self.line + k, piece))
        self.line += t[start:self.i].count("\n")

    def string(self):
        t = self.t
        m = self.OPEN.match(t, self.i) if self.swift else None
        hashes, delim = (m.group(1), m.group(2)) if m else ("", '"')
        self.i += len(hashes) + len(delim)
        close = delim + hashes
        while self.i < len(t):
            if t.startswith(close, self.i):
                self.i += len(close)
                return
            c = t[self.i]
            if c == "\n":
                self.line += 1
                self.i += 1
                if delim == '"':
                    return  # an unterminated one-line literal: stop at its line's end
                # A template of Swift source (a multi-line literal): its `//` lines are comments too.
                m = self.TEMPLATE_COMMENT.match(t, self.i)
                if m:
                    self.out.append((self.line, m.group(1)))
                    self.i = m.end()
            elif c == "\\" and t.startswith(hashes, self.i + 1):
                k = self.i + 1 + len(hashes)
                if self.swift and k < len(t) and t[k] == "(":
                    self.i = k + 1
                    self.code(True)
                else:
                    self.i = k + 1
            else:
                self.i += 1

    def char(self):
        t = self.t
        self.i += 1
        while self.i < len(t) and t[self.i] not in "'\n":
            self.i += 2 if t[self.i] == "\\" else 1
        self.i += 1


def _hash_comments(text):
    """`#` comments of shell, YAML and Dockerfiles: a `#` at a line's start or after a blank, outside
    quotes (quotes are followed within a line); heredoc bodies skipped; a shebang line is not one."""
    out, heredoc = [], None
    for n, line in enumerate(text.split("\n"), 1):
        if heredoc is not None:
            if line.strip() == heredoc:
                heredoc = None
            continue
        if n == 1 and line.startswith("#!"):
            continue
        quote, i = None, 0
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\" and quote == '"':
                    i += 1
                elif c == quote:
                    quote = None
            elif c in "'\"":
                quote = c
            elif c == "\\":
                i += 1
            elif c == "#" and (i == 0 or line[i - 1] in " \t"):
                out.append((n, line[i + 1:]))
                break
            i += 1
        m = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", line.split("#", 1)[0])
        if m:
            heredoc = m.group(1)
    return out


def _python_comments(text):
    """Python comments and docstrings (string statements), (line, text) per line."""
    out = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return _hash_comments(text)
    previous = tokenize.NEWLINE
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string[1:]))
        elif tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                                          tokenize.ENCODING):
            for k, piece in enumerate(tok.string.split("\n")):
                out.append((tok.start[0] + k, piece))
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            previous = tok.type
    return out


COMMENT_FIELD = re.compile(r'"(comment|description)"\s*:\s*"')


def _vector_comments(text):
    """The `comment` (and file `description`) strings of a vector file, at the line of their key."""
    out, decoder = [], json.JSONDecoder()
    for m in COMMENT_FIELD.finditer(text):
        try:
            value, _ = decoder.raw_decode(text, m.end() - 1)
        except ValueError:
            continue
        if isinstance(value, str):
            out.append((text.count("\n", 0, m.start()) + 1, value))
    return out


def _kind_of_file(tree, rel):
    name = os.path.basename(rel)
    ext = os.path.splitext(name)[1].lower()
    if ext == ".md":
        return "markdown"
    if ext == ".swift":
        return "swift"
    if ext in (".c", ".h", ".cc", ".cpp", ".m"):
        return "c"
    if ext == ".py":
        return "python"
    if ext in (".sh", ".bash", ".yml", ".yaml") or name == "Dockerfile":
        return "hash"
    if ext == ".json":
        return "vectors" if rel.startswith("Vectors/") else None
    if ext == "" and not name.startswith("."):
        try:
            with open(tree.path(rel), "rb") as f:
                first = f.readline(200)
        except OSError:
            return None
        if first.startswith(b"#!"):
            return "python" if b"python" in first else "hash" if re.search(rb"\b(ba|z|da)?sh\b", first) else None
    return None


def pieces(tree, rel):
    """(line, text, whole text is code) pieces of a file where references are read, or []."""
    kind = _kind_of_file(tree, rel)
    if kind is None:
        return []
    text = tree.read(rel)
    if kind == "markdown":
        return list(markdown_lines(text))
    if kind == "swift" or kind == "c":
        found = _CLexer(text, kind == "swift").run()
    elif kind == "python":
        found = _python_comments(text)
    elif kind == "hash":
        found = _hash_comments(text)
    else:
        found = _vector_comments(text)
    return [(n, t, False) for n, t in found]


# ---------------------------------------------------------------------------------------------
# Finding references in a piece of text
