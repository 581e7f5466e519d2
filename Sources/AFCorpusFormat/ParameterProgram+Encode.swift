import AFSerialization

extension ParameterProgram {
    /// The program that ``decode(_:bounded:)`` reads back as `value`, or nil when `value` cannot be
    /// written: a string of 16 UTF-8 bytes or more, a dictionary key of 8 or more, data of 8 bytes
    /// or more (the length bytes are read mod 16 and mod 8). The seed writer uses it to turn golden
    /// vectors' parameter trees into corpus inputs.
    public static func encode(_ value: ParameterValue) -> [UInt8]? {
        var out: [UInt8] = []
        return write(value, key: nil, to: &out) ? out : nil
    }

    private static func write(_ value: ParameterValue, key: String?, to out: inout [UInt8]) -> Bool {
        func text(_ s: String, below limit: Int) -> Bool {
            let bytes = Array(s.utf8)
            guard bytes.count < limit else { return false }
            out.append(UInt8(bytes.count))
            out.append(contentsOf: bytes)
            return true
        }
        func container(_ op: UInt8, _ items: [ParameterValue]) -> Bool {
            out.append(op)
            for item in items where !write(item, key: nil, to: &out) { return false }
            out.append(9)
            return true
        }
        switch value {
        case .string(let s):
            out.append(0)
            guard text(s, below: 16) else { return false }
        case .integer(let i): out.append(1); out.append(contentsOf: littleEndian(UInt64(bitPattern: i)))
        case .double(let d): out.append(2); out.append(contentsOf: littleEndian(d.bitPattern))
        case .bool(let b): out.append(contentsOf: [3, b ? 1 : 0])
        case .null: out.append(4)
        case .data(let bytes):
            guard bytes.count < 8 else { return false }
            out.append(contentsOf: [5, UInt8(bytes.count)] + bytes)
        case .array(let items): guard container(6, items) else { return false }
        case .set(let items): guard container(7, items) else { return false }
        case .dictionary(let entries):
            out.append(8)
            for e in entries where !write(e.value, key: e.key, to: &out) { return false }
            out.append(9)
        }
        // A dictionary's value is followed by its key (decode reads the key after the value).
        if let key { return text(key, below: 8) }
        return true
    }

    private static func littleEndian(_ v: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
    }
}
