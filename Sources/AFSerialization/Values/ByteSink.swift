/// A growable byte buffer that writers build their output in from many small pieces (the query
/// encoder and the batched escaper, ``EscapeSink``; the property-list writer). Unlike `[UInt8]` it
/// exposes its spare capacity, so a piece is written in place without zero-filling first, and an
/// append is one capacity check and one copy rather than a generic collection append.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes allocated; `count` never exceeds it.
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ byte: UInt8) {
        append(repeating: byte, count: 1)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text`'s UTF-8 bytes.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(repeating: byte, count: n)
        count += n
    }

    /// Lets `body` write at most `limit` bytes in place; it returns how many it wrote.
    mutating func write(upTo limit: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(limit)
        count += body(UnsafeMutableBufferPointer(start: base + count, count: limit))
    }

    /// The bytes written so far.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written so far, as a `String` of exactly that size (the writers' text is UTF-8).
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
