/// The bytes of one corpus input (a file of `Corpus/<target>/`), read front to back.
///
/// Every target starts its input with a fixed-size **option header** (profile, style, read sizes…)
/// documented on the target's ``CorpusTarget`` (`<Name>Input`). Header bytes are read with ``option()``: a missing byte
/// reads as 0, so short inputs still pick valid options. The header layout of a target is frozen once
/// inputs are saved: never reorder or resize it; new options may only take bits documented as
/// reserved. The rest of the input is the payload.
public struct CorpusInput {
    public let bytes: [UInt8]
    public private(set) var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next header byte, or 0 past the end.
    public mutating func option() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next header byte read as a little-endian pair, or 0s past the end.
    public mutating func option16() -> UInt16 {
        UInt16(option()) | UInt16(option()) << 8
    }

    /// Picks a case of `T` by the next header byte (modulo the case count).
    public mutating func pick<T: CaseIterable>(_: T.Type) -> T
    where T.AllCases: RandomAccessCollection, T.AllCases.Index == Int {
        let all = T.allCases
        return all[all.startIndex + Int(option()) % all.count]
    }

    /// True when no payload byte is left.
    public var isAtEnd: Bool { index >= bytes.count }

    /// The next payload byte, or nil at the end.
    public mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Up to `count` payload bytes.
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, index + max(0, count))
        defer { index = end }
        return bytes[index..<end]
    }

    /// The rest of the payload.
    public mutating func rest() -> ArraySlice<UInt8> {
        defer { index = bytes.count }
        return bytes[min(index, bytes.count)...]
    }
}
