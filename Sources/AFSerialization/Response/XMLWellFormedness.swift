/// XML 1.0 well-formedness (W3C XML 1.0 §2.1, §2.8, §3) for the `strict` XML serializer
/// (SPEC §6.5). Not a parser: it answers "would a conforming parser accept this?" in one linear,
/// iterative pass. Approximations (documented, conservative toward acceptance): non-ASCII name
/// characters are all allowed; a DOCTYPE's internal subset is skipped, and with a DOCTYPE any
/// named entity reference is accepted (it may be declared there).
public enum XMLWellFormedness {
    /// Error offsets count the body's bytes as received (SPEC §6.5): the BOM counts, and in UTF-16
    /// text an offset is where the offending character's first code unit starts (expat's byte index).
    public static func check(_ input: [UInt8], maxDepth: Int = Limits.default.maxJSONDepth) throws(AFSError) {
        var bytes = input
        var utf16: JSONTextEncoding?, bomLength = 0
        if input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE]) {
            let encoding = JSONTextEncoding.utf16(bigEndian: input[0] == 0xFE, skip: 2)
            // A cut last unit is no character (expat: unclosed token); the JSON transcoder drops it,
            // as Foundation does for JSON text, so it is checked here.
            guard input.count % 2 == 0 else {
                throw AFSError(.malformedXML, "invalid UTF-16: an odd number of bytes", offset: 0)
            }
            do throws(AFSError) {
                bytes = try JSONTextEncoding.transcodeToUTF8(input, encoding)
            } catch {
                throw AFSError(.malformedXML, "invalid UTF-16", offset: 0)
            }
            utf16 = encoding
        } else if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = Array(input.dropFirst(3))
            bomLength = 3
        }
        var s = Scanner(b: bytes, maxDepth: maxDepth)
        do throws(AFSError) {
            try s.document()
        } catch var error {
            // In UTF-16 the transcoded text is valid UTF-8, mapped back as JSON text's offsets are.
            if let at = error.offset {
                error.offset = utf16.map { JSONTextEncoding.sourceOffset(at, in: bytes, $0) } ?? bomLength + at
            }
            throw error
        }
    }

    private struct Scanner {
        let b: [UInt8]
        let maxDepth: Int
        var i = 0
        var hasDoctype = false

        func fail(_ why: String, at: Int? = nil) -> AFSError {
            AFSError(.malformedXML, "XML is not well-formed: \(why)", offset: at ?? i)
        }
        func at(_ s: String) -> Bool { b[i...].starts(with: s.utf8) }
        mutating func expect(_ s: String) throws(AFSError) {
            guard at(s) else { throw fail("expected \"\(s)\"") }
            i += s.utf8.count
        }
        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        mutating func skipSpace() -> Bool {
            let s = i
            while i < b.count, Self.isSpace(b[i]) { i += 1 }
            return i > s
        }
        static func isNameStart(_ c: UInt8) -> Bool {
            (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
                || c >= 0x80
        }
        static func isNameChar(_ c: UInt8) -> Bool {
            isNameStart(c) || (0x30...0x39).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
        }
        mutating func name() throws(AFSError) -> ArraySlice<UInt8> {
            let s = i
            guard i < b.count, Self.isNameStart(b[i]) else { throw fail("expected a name") }
            // Non-ASCII name characters are all allowed (SPEC §6.5), but they must be characters: UTF-8.
            while i < b.count, Self.isNameChar(b[i]) { i += b[i] < 0x80 ? 1 : try char(at: i) }
            return b[s..<i]
        }
        /// Checks the XML `Char` production for the character at `i`; returns its byte length.
        func char(at k: Int) throws(AFSError) -> Int {
            let c = b[k]
            if c < 0x20 {
                guard c == 0x09 || c == 0x0A || c == 0x0D else { throw fail("control character \(c)", at: k) }
                return 1
            }
            if c < 0x80 { return 1 }
            let n = UTF8Validation.sequenceLength(b, at: k)
            guard n > 0 else { throw fail("invalid UTF-8", at: k) }
            if n == 3, c == 0xEF, b[k + 1] == 0xBF, b[k + 2] >= 0xBE {
                throw fail("U+FFFE/U+FFFF is not a character", at: k)
            }
            return n
        }
        /// Scans to `terminator`, validating characters; leaves `i` after it.
        mutating func until(_ terminator: String, forbidding: String? = nil) throws(AFSError) {
            let t = Array(terminator.utf8)
            while i < b.count {
                if b[i] == t[0], b[i...].starts(with: t) { i += t.count; return }
                if let f = forbidding, at(f) { throw fail("\"\(f)\" is not allowed here") }
                i += try char(at: i)
            }
            throw fail("unterminated construct, expected \"\(terminator)\"")
        }

        mutating func reference() throws(AFSError) {
            i += 1  // '&'
            if i < b.count, b[i] == UInt8(ascii: "#") {
                i += 1
                var hex = false
                if i < b.count, b[i] == UInt8(ascii: "x") { hex = true; i += 1 }
                var v: UInt32 = 0, digits = 0
                while i < b.count, b[i] != UInt8(ascii: ";") {
                    let c = b[i]
                    let d: UInt32
                    switch c {
                    case 0x30...0x39: d = UInt32(c - 0x30)
                    case 0x61...0x66 where hex: d = UInt32(c - 0x61 + 10)
                    case 0x41...0x46 where hex: d = UInt32(c - 0x41 + 10)
                    default: throw fail("bad character reference")
                    }
                    if v < 0x110000 { v = v * (hex ? 16 : 10) + d }
                    digits += 1
                    i += 1
                }
                guard digits > 0, i < b.count else { throw fail("bad character reference") }
                let ok =
                    v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
                    || (0x10000...0x10FFFF).contains(v)
                guard ok else { throw fail("character reference to a non-character") }
                i += 1
                return
            }
            let n = try name()
            guard i < b.count, b[i] == UInt8(ascii: ";") else { throw fail("entity reference without ';'") }
            i += 1
            let predefined = ["lt", "gt", "amp", "apos", "quot"].contains { n.elementsEqual($0.utf8) }
            guard predefined || hasDoctype else { throw fail("undeclared entity") }
        }

        /// Comments, PIs and white space between top-level constructs.
        mutating func misc() throws(AFSError) {
            while true {
                _ = skipSpace()
                if at("<!--") {
                    i += 4; try until("-->", forbidding: "--")
                } else if at("<?") {
                    try pi()
                } else {
                    return
                }
            }
        }

        mutating func pi() throws(AFSError) {
            i += 2
            let target = try name()
            if target.count == 3, target.map({ $0 | 0x20 }).elementsEqual("xml".utf8) {
                throw fail("reserved PI target")
            }
            if at("?>") { i += 2; return }
            guard skipSpace() else { throw fail("expected space after PI target") }
            try until("?>")
        }

        /// XML 1.0 §2.8 XMLDecl: `version`, then optionally `encoding` and `standalone`, in that order,
        /// each after white space. Values as expat reads them (SPEC §6.5): `[A-Za-z0-9._-]*`, an
        /// encoding name starting with a letter, standalone `yes` or `no`; any version number.
        mutating func xmlDeclaration() throws(AFSError) {
            i += 5  // "<?xml"
            var last = 0  // 1 version, 2 encoding, 3 standalone
            while true {
                let spaced = skipSpace()
                if at("?>"), last > 0 { i += 2; return }
                guard spaced else { throw fail("expected white space in the XML declaration") }
                let n = try name()
                let which = Self.declarationNames.firstIndex { n.elementsEqual($0.utf8) }.map { $0 + 1 } ?? 0
                guard which > last, last > 0 || which == 1 else {
                    throw fail("unexpected \"\(String(decoding: n, as: UTF8.self))\" in the XML declaration")
                }
                _ = skipSpace()
                try expect("=")
                _ = skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                    throw fail("unquoted value in the XML declaration")
                }
                let q = b[i], start = i + 1
                i += 1
                while i < b.count, b[i] != q {
                    guard Self.isDeclarationValue(b[i]) else { throw fail("bad character in the XML declaration") }
                    i += 1
                }
                guard i < b.count else { throw fail("unterminated XML declaration") }
                let value = b[start..<i]
                i += 1
                if which == 2, !(value.first.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ?? false) {
                    throw fail("bad encoding name", at: start)
                }
                if which == 3, !value.elementsEqual("yes".utf8), !value.elementsEqual("no".utf8) {
                    throw fail("standalone is neither yes nor no", at: start)
                }
                last = which
            }
        }
        static let declarationNames = ["version", "encoding", "standalone"]
        static func isDeclarationValue(_ c: UInt8) -> Bool {
            (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x2E
                || c == 0x5F || c == 0x2D
        }

        mutating func doctype() throws(AFSError) {
            i += 9  // "<!DOCTYPE"
            guard skipSpace() else { throw fail("expected space after DOCTYPE") }
            _ = try name()
            hasDoctype = true
            var bracket = false
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    i += 1
                    while i < b.count, b[i] != c { i += try char(at: i) }
                    guard i < b.count else { break }
                    i += 1
                } else if bracket, at("<!--") {
                    i += 4
                    try until("-->", forbidding: "--")
                } else if c == UInt8(ascii: "[") {
                    bracket = true; i += 1
                } else if c == UInt8(ascii: "]") {
                    bracket = false; i += 1
                } else if c == UInt8(ascii: ">"), !bracket {
                    i += 1; return
                } else {
                    i += try char(at: i)
                }
            }
            throw fail("unterminated DOCTYPE")
        }

        mutating func document() throws(AFSError) {
            if at("<?xml"), i + 5 < b.count, Self.isSpace(b[i + 5]) { try xmlDeclaration() }
            try misc()
            if at("<!DOCTYPE") { try doctype(); try misc() }
            // The root is an element: a start tag, not a CDATA section (which element() takes as content).
            guard i < b.count, b[i] == UInt8(ascii: "<"), !at("<![CDATA[") else { throw fail("no root element") }
            try element()
            try misc()
            guard i == b.count else { throw fail("content after the root element") }
        }

        /// The root element and everything inside it, with an explicit stack (no recursion).
        mutating func element() throws(AFSError) {
            var stack: [ArraySlice<UInt8>] = []
            repeat {
                guard i < b.count else { throw fail("unclosed element") }
                if b[i] == UInt8(ascii: "<") {
                    if at("</") {
                        i += 2
                        let n = try name()
                        _ = skipSpace()
                        guard i < b.count, b[i] == UInt8(ascii: ">") else { throw fail("bad end tag") }
                        guard let open = stack.popLast(), open.elementsEqual(n) else {
                            throw fail("mismatched end tag")
                        }
                        i += 1
                    } else if at("<!--") {
                        i += 4
                        try until("-->", forbidding: "--")
                    } else if at("<![CDATA[") {
                        i += 9
                        try until("]]>")
                    } else if at("<?") {
                        try pi()
                    } else {
                        let tagStart = i
                        let depth = stack.count + 1  // an empty-element tag is one level down too (SPEC §6.5)
                        i += 1
                        let n = try name()
                        var attrs = Set<ArraySlice<UInt8>>()  // a Set: thousands of attributes stay linear
                        while true {
                            let spaced = skipSpace()
                            guard i < b.count else { throw fail("unterminated start tag") }
                            if b[i] == UInt8(ascii: ">") { i += 1; stack.append(n); break }
                            if at("/>") { i += 2; break }
                            guard spaced else { throw fail("expected space between attributes") }
                            let a = try name()
                            guard attrs.insert(a).inserted else { throw fail("duplicate attribute") }
                            _ = skipSpace()
                            try expect("=")
                            _ = skipSpace()
                            guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                                throw fail("unquoted attribute value")
                            }
                            let q = b[i]
                            i += 1
                            while true {
                                guard i < b.count else { throw fail("unterminated attribute value") }
                                let c = b[i]
                                if c == q { i += 1; break }
                                if c == UInt8(ascii: "<") { throw fail("'<' in attribute value") }
                                if c == UInt8(ascii: "&") { try reference() } else { i += try char(at: i) }
                            }
                        }
                        if depth > maxDepth {
                            // At the start tag's '<', as JSON reports the bracket of the container
                            // that is one too deep.
                            throw AFSError(
                                .nestingTooDeep, "XML nesting deeper than \(maxDepth)", offset: tagStart,
                                context: ["limit": String(maxDepth)])
                        }
                    }
                } else if b[i] == UInt8(ascii: "&") {
                    try reference()
                } else {
                    if at("]]>") { throw fail("\"]]>\" in content") }
                    i += try char(at: i)
                }
            } while !stack.isEmpty
        }
    }
}

extension AFSError.Kind {
    /// A body the `strict` XML serializer found not well-formed.
    public static let malformedXML = Self("malformedXML")
}
