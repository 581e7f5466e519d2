import AFSerialization

/// Mutates corpus inputs the way their format reads them: the header field by field (a value
/// field gets a new value, a bit field a flipped documented bit, as the descriptor lists them), the
/// payload as its ``PayloadKind`` (a parameter tree, lines, or bytes), with the target's dictionary
/// tokens and a second input to splice from. Deterministic for a seed, so a campaign is repeatable.
///
/// It drives `conformance fuzz`, where the outputs of other implementations are the oracle and no
/// coverage feedback is available from them; libFuzzer's own mutator and coverage drive the
/// in-process fuzz targets.
public struct CorpusMutator {
    public var random: SplitMix64
    /// Mutants are cut to this many bytes.
    public var maxLength: Int
    /// Byte strings worth inserting (the target's libFuzzer dictionary).
    public var tokens: [[UInt8]]

    public init(seed: UInt64, maxLength: Int = 2048, tokens: [[UInt8]] = []) {
        (random, self.maxLength, self.tokens) = (SplitMix64(seed: seed), maxLength, tokens)
    }

    static let interesting: [[UInt8]] = [
        [0x00], [0xFF], [0x7F], [0x80], [0x25], [0x25, 0x32, 0x30], [0x22], [0x5C], [0x0D, 0x0A], [0x0A], [0x3B],
        [0x3D],
        [0x26], [0x2B], [0x20], [0x5B, 0x5D], [0x2F], [0x3F], [0x23], [0x7E], [0x2C], [0xC3, 0xA9], [0xE2, 0x80, 0xA8],
        [0xF0, 0x9F, 0x91, 0xB4], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xEF, 0xBB, 0xBF],
    ]

    /// A random index in 0..<n (0 when n < 2).
    public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(random.next() % UInt64(n)) }

    /// A mutant of `input` (1 to 4 stacked changes); `splice` is another input of the same target.
    public mutating func mutate(_ input: [UInt8], of target: any CorpusTarget.Type, splice: [UInt8]? = nil) -> [UInt8] {
        let size = target.descriptor.headerSize
        var header = Array(input.prefix(size))
        header += [UInt8](repeating: 0, count: size - header.count)
        var payload = Array(input.dropFirst(size))
        for _ in 0...below(4) {
            switch Self.change(pick: below(10), payload: target.payloadKind, canSplice: splice != nil) {
            case .header: mutateHeader(&header, target.descriptor)
            case .tree: mutateTree(&payload)
            case .lines: mutateLines(&payload)
            case .splice: payload = spliced(payload, Array(splice!.dropFirst(size)))
            case .bytes: mutateBytes(&payload)
            }
        }
        return Array((header + payload).prefix(maxLength))
    }

    /// One change of a mutant: which part it edits, and how.
    package enum Change: Equatable, CaseIterable {
        case header, tree, lines, splice, bytes
    }

    /// The change a pick in 0..<10 makes: two in ten edit the header, three in ten the parameter tree
    /// (two the lines) where the payload is one, one in ten splices when there is a second input, the
    /// rest edit bytes. A structured change never meets a payload of another kind.
    package static func change(pick: Int, payload: PayloadKind, canSplice: Bool) -> Change {
        // A `where` clause guards only the pattern it follows, so the structured cases test a range.
        switch (pick, payload) {
        case (0...1, _): .header
        case (2...4, .parameterProgram): .tree
        case (2...3, .lines): .lines
        case (5, _) where canSplice: .splice
        default: .bytes
        }
    }

    mutating func mutateHeader(_ header: inout [UInt8], _ d: FuzzTargetDescriptor) {
        guard !d.header.isEmpty else { return }
        let f = d.header[below(d.header.count)]
        if !f.bits.isEmpty {
            let bits = f.bits.keys.sorted()
            header[f.first] ^= 1 << UInt8(bits[below(bits.count)])
            return
        }
        for i in f.first...f.last {
            header[i] =
                below(2) == 0 ? UInt8(truncatingIfNeeded: random.next()) : header[i] &+ (below(2) == 0 ? 1 : 255)
        }
    }

    mutating func mutateBytes(_ p: inout [UInt8]) {
        let at = below(p.count + 1)
        switch below(6) {
        case 0 where !p.isEmpty: p[min(at, p.count - 1)] ^= 1 << UInt8(below(8))
        case 1:
            let pool = tokens.isEmpty || below(2) == 0 ? Self.interesting : tokens
            p.insert(contentsOf: pool[below(pool.count)], at: at)
        case 2 where !p.isEmpty:
            let n = 1 + below(min(8, p.count - min(at, p.count - 1)))
            p.removeSubrange(min(at, p.count - 1)..<min(p.count, min(at, p.count - 1) + n))
        case 3 where !p.isEmpty:
            let from = below(p.count), n = 1 + below(min(16, p.count - from))
            p.insert(contentsOf: p[from..<from + n], at: at)
        case 4 where !p.isEmpty:
            p[min(at, p.count - 1)] = Self.interesting[below(Self.interesting.count)][0]
        default:
            p.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
        }
    }

    mutating func spliced(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        Array(a.prefix(below(a.count + 1))) + Array(b.dropFirst(below(b.count + 1)))
    }

    /// CRLF lines: one is dropped, repeated, swapped with another, or loses its CR.
    mutating func mutateLines(_ p: inout [UInt8]) {
        var lines = Self.crlfLines(p)
        guard lines.count > 1 else { return mutateBytes(&p) }
        let a = below(lines.count), b = below(lines.count)
        var crlf: [Int: [UInt8]] = [:]
        switch below(4) {
        case 0: lines.remove(at: a)
        case 1: lines.insert(lines[a], at: b)
        case 2: lines.swapAt(a, b)
        default: crlf[a] = [0x0A]
        }
        p = []
        for (n, line) in lines.enumerated() {
            if n > 0 { p += crlf[n - 1] ?? [0x0D, 0x0A] }
            p += line
        }
    }

    /// `p` cut at each CRLF, without the separators (n separators give n + 1 lines, empty ones too).
    package static func crlfLines(_ p: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + 1 < p.count {
            if p[i] == 0x0D, p[i + 1] == 0x0A {
                lines.append(Array(p[start..<i]))
                start = i + 2
                i += 2
            } else {
                i += 1
            }
        }
        lines.append(Array(p[start...]))
        return lines
    }

    /// The payload decoded as a parameter tree, one node changed, and encoded again (unchanged when
    /// the new tree cannot be written).
    mutating func mutateTree(_ p: inout [UInt8]) {
        var input = CorpusInput(p)
        var tree = ParameterProgram.decode(&input)
        var paths: [[Int]] = []
        Self.collect(tree, [], into: &paths)
        let path = paths[below(paths.count)]
        let (op, replacement, other, key, wrapInArray) = (below(5), scalar(), scalar(), key(), below(2) == 0)
        tree = Self.edited(tree, path[...]) { node in
            switch op {
            case 0: [replacement]
            case 1: [node, node]
            case 2: path.isEmpty ? [node] : []
            case 3: [wrapInArray ? .array([node]) : .dictionary([.init(key, node)])]
            default: [.set([node, other])]
            }
        }
        if below(3) == 0 { tree = renamed(tree) }
        if let bytes = ParameterProgram.encode(tree) { p = bytes }
    }

    package static func collect(_ v: ParameterValue, _ path: [Int], into out: inout [[Int]]) {
        out.append(path)
        switch v {
        case .array(let xs), .set(let xs): for (i, x) in xs.enumerated() { collect(x, path + [i], into: &out) }
        case .dictionary(let es): for (i, e) in es.enumerated() { collect(e.value, path + [i], into: &out) }
        default: break
        }
    }

    /// `v` with the node at `path` replaced by `change(node)` (none, one or several siblings).
    package static func edited(
        _ v: ParameterValue, _ path: ArraySlice<Int>, _ change: (ParameterValue) -> [ParameterValue]
    ) -> ParameterValue {
        guard let i = path.first else { return change(v).first ?? v }
        func splice<T>(_ xs: [T], _ make: (ParameterValue) -> T, _ value: (T) -> ParameterValue) -> [T] {
            let inner = path.count == 1 ? change(value(xs[i])) : [edited(value(xs[i]), path.dropFirst(), change)]
            return Array(xs[..<i]) + inner.map(make) + Array(xs[(i + 1)...])
        }
        switch v {
        case .array(let xs): return .array(splice(xs, { $0 }, { $0 }))
        case .set(let xs): return .set(splice(xs, { $0 }, { $0 }))
        case .dictionary(let es): return .dictionary(splice(es, { .init(es[i].key, $0) }, { $0.value }))
        default: return v
        }
    }

    mutating func renamed(_ v: ParameterValue) -> ParameterValue {
        guard case .dictionary(var es) = v, !es.isEmpty else { return v }
        es[below(es.count)].key = key()
        return .dictionary(es)
    }

    mutating func key() -> String { ["", "a", "a b", "[]", "a[b]", "é", "%", "&=", "k", "\u{0}"][below(10)] }

    mutating func scalar() -> ParameterValue {
        switch below(9) {
        case 0: .string(["", " ", "a&b=c", "é", "+%20", "\u{2028}", "/?#", "\u{1F474}\u{1F3FB}"][below(8)])
        case 1: .integer([0, -1, 1, .max, .min][below(5)])
        case 2: .double([0.5, -0.0, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude][below(7)])
        case 3: .bool(below(2) == 0)
        case 4: .null
        case 5: .data([0x00, 0xFF])
        case 6: .array([])
        case 7: .dictionary([])
        default: .set([])
        }
    }

    /// The tokens of a libFuzzer dictionary (`"…"` per line, `\xNN`, `\\` and `\"` escapes).
    public static func dictionaryTokens(_ text: String) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for line in text.split(separator: "\n") {
            let bytes = Array(line.utf8)
            guard !line.hasPrefix("#"), let open = bytes.firstIndex(of: 0x22), let close = bytes.lastIndex(of: 0x22),
                close > open
            else { continue }
            var token: [UInt8] = []
            var i = open + 1
            while i < close {
                if bytes[i] == 0x5C, i + 1 < close {
                    if bytes[i + 1] == 0x78, i + 3 < close,
                        let b = UInt8(String(decoding: bytes[i + 2...i + 3], as: UTF8.self), radix: 16)
                    {
                        token.append(b)
                        i += 4
                        continue
                    }
                    token.append(bytes[i + 1])
                    i += 2
                    continue
                }
                token.append(bytes[i])
                i += 1
            }
            if !token.isEmpty { out.append(token) }
        }
        return out
    }
}
