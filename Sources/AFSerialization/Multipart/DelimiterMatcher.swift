#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the delimiter `CRLF--boundary` in bytes that arrive in pieces (writer collision scan,
/// SPEC §5.5; parser, SPEC §5.7). Because a valid boundary never contains CR, CR occurs in the
/// delimiter only at its first byte, so on a mismatch the match restarts at 1 (the byte is CR) or 0:
/// no failure table is needed, and a match can never straddle into the true delimiter after a body.
struct DelimiterMatcher: Sendable {
    let delimiter: [UInt8]
    /// Bytes of `delimiter` matched so far.
    var matched = 0

    init(boundary: [UInt8]) {
        delimiter = Self.framed("\r\n--", boundary, "")
    }

    /// `head`, `boundary`, `tail` in one array, built in one allocation (`+` on array literals
    /// builds a temporary for each: several allocations per part and per stream, under ASan a
    /// visible share of a fuzz execution).
    static func framed(_ head: StaticString, _ boundary: [UInt8], _ tail: StaticString) -> [UInt8] {
        let h = UnsafeBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount)
        let t = UnsafeBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount)
        var out: [UInt8] = []
        out.reserveCapacity(h.count + boundary.count + t.count)
        out.append(contentsOf: h)
        out.append(contentsOf: boundary)
        out.append(contentsOf: t)
        return out
    }

    /// Feeds `bytes`; returns the index just past the delimiter's last byte when one completes
    /// in this slice (the matcher is then reset), else `nil` with `matched` updated.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            if matched == 0 {
                // Fast path: jump to the next CR.
                guard let hit = memchr(base + i, 0x0D, count - i) else { return nil }
                i = base.distance(to: UnsafeRawPointer(hit))
            }
            let c = bytes[i]
            if c == delimiter[matched] {
                matched += 1
                if matched == delimiter.count {
                    matched = 0
                    return i + 1
                }
            } else {
                matched = c == 0x0D ? 1 : 0
            }
            i += 1
        }
        return nil
    }

    /// A matcher for a part's body. The body follows the CRLF that ends the part's headers, so a body
    /// that begins with `--boundary` completes the delimiter with it: the scan starts with CR LF
    /// already matched (SPEC §5.5).
    static func atBodyStart(boundary: [UInt8]) -> DelimiterMatcher {
        var m = DelimiterMatcher(boundary: boundary)
        m.restartAtBodyStart()
        return m
    }

    /// This matcher as ``atBodyStart(boundary:)`` makes it, keeping its delimiter.
    mutating func restartAtBodyStart() { matched = 2 }

    /// Where a delimiter that the scan of a body completed at `end` starts in that body: 0 when it
    /// began with the CRLF before the body.
    func bodyOffset(completedAt end: Int) -> Int { max(0, end - delimiter.count) }

    /// First offset of the delimiter in a part's in-memory body, if any (one-shot scan).
    static func firstOffset(in bytes: [UInt8], boundary: [UInt8]) -> Int? {
        var m = atBodyStart(boundary: boundary)
        return bytes.withUnsafeBytes { m.scan($0) }.map { m.bodyOffset(completedAt: $0) }
    }
}
