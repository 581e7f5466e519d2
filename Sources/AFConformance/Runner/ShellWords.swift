/// Splits a command string into argv the way a POSIX shell splits words, without running a shell:
/// blanks separate words; `'…'` keeps everything literally; `"…"` keeps everything but lets `\`
/// escape `"`, `\`, `$` and a backquote; a `\` outside quotes escapes the next character.
/// No variables, globs, pipes or redirections: `--implementation "sh -c '…'"` when those are needed.
public enum ShellWords {
    public struct SplitError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `word` as one word for a POSIX shell (and for ``split(_:)``): single-quoted, a `'` as `'\''`.
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    public static func split(_ command: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var it = command.makeIterator()
        while let c = it.next() {
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            case "'":
                inWord = true
                var closed = false
                while let d = it.next() {
                    if d == "'" { closed = true; break }
                    current.append(d)
                }
                if !closed { throw SplitError(description: "unterminated ' in \(command)") }
            case "\"":
                inWord = true
                var closed = false
                while let d = it.next() {
                    if d == "\"" { closed = true; break }
                    if d == "\\" {
                        guard let e = it.next() else { break }
                        if e == "\"" || e == "\\" || e == "$" || e == "`" {
                            current.append(e)
                        } else if e != "\n" {
                            current.append(d)
                            current.append(e)
                        }
                        continue
                    }
                    current.append(d)
                }
                if !closed { throw SplitError(description: "unterminated \" in \(command)") }
            case "\\":
                inWord = true
                guard let e = it.next() else { throw SplitError(description: "trailing \\ in \(command)") }
                if e != "\n" { current.append(e) }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        if words.isEmpty { throw SplitError(description: "the command is empty") }
        return words
    }
}
