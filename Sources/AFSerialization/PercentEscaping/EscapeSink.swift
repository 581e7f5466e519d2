/// A growable byte buffer that escaped text is written into directly (the query encoder and
/// the batched escaper build one output from many pieces). Unlike `[UInt8]` it can expose its
/// spare capacity, so the escape loop writes in place without zero-filling first.
struct EscapeSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends the escaped form of `input` (SPEC §1.2–1.3).
    mutating func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, style: EscapeStyle) {
        let worst = input.count * 3 + 3  // + 3: the writer stores whole 4-byte entries
        reserve(worst)
        count += PercentEscape.write(
            input, into: UnsafeMutableBufferPointer(start: base + count, count: worst),
            table: EscapeTables.encoded(style))
    }

    mutating func appendEscaped(_ string: String, style: EscapeStyle) {
        var s = string
        s.withUTF8 { appendEscaped($0, style: style) }
    }

    /// The bytes written so far, as a `String` of exactly that size (escaped text is ASCII).
    func string() -> String {
        String(unsafeUninitializedCapacity: count) { out in
            _ = out.initialize(fromContentsOf: UnsafeBufferPointer(start: base, count: count))
            return count
        }
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(capacity * 2, count + extra)
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        p.initialize(from: base, count: count)
        base.deallocate()
        base = p
        capacity = newCapacity
    }
}
