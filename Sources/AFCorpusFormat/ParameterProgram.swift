import AFSerialization

/// Decodes payload bytes into a ``ParameterValue`` tree (shared by the query, request and multipart
/// targets). One op per byte, mod 10:
/// 0 string (length byte mod 16, then bytes, lossy UTF-8), 1 integer (8 bytes LE),
/// 2 double (8 bytes, bit pattern), 3 bool, 4 null, 5 data (length byte mod 8, then bytes),
/// 6 open array, 7 open set, 8 open dictionary, 9 close the innermost container.
/// A value added to a dictionary is preceded by its key (length byte mod 8, then bytes, lossy UTF-8).
/// Containers still open at the end are closed. The first value is the root; later ops at top level
/// are ignored. Never recursive: nesting is bounded only by the payload length, unless `bounded`
/// (a header bit of the target): then an open op deeper than ``boundedDepth`` is ignored and
/// decoding stops after ``boundedValues`` values, so the output (depth × leaves) stays small and
/// long runs keep their speed; deep nesting is left to inputs without the bit, where the depth
/// limit is the point.
public enum ParameterProgram {
    public static let boundedDepth = 12
    public static let boundedValues = 128

    /// A container still open. Its elements are appended in place (`stack[last].items.append`):
    /// an enum payload would be copied on every append, quadratic in the container's size.
    struct Open {
        enum Kind { case array, set, dictionary }
        let kind: Kind
        var items: [ParameterValue] = []
        var entries: [ParameterValue.Entry] = []
    }

    public static func decode(_ input: inout CorpusInput, bounded: Bool = false) -> ParameterValue {
        var stack: [Open] = []
        var values = 0
        func text(_ input: inout CorpusInput, _ mod: UInt8) -> String {
            let n = Int((input.next() ?? 0) % mod)
            return String(decoding: input.take(n), as: UTF8.self)
        }
        while let op = input.next() {
            if bounded {
                if values >= boundedValues { break }
                if (6...8).contains(op % 10), stack.count >= boundedDepth { continue }
                values += 1
            }
            var value: ParameterValue
            switch op % 10 {
            case 0: value = .string(text(&input, 16))
            case 1:
                var v: UInt64 = 0
                for (i, b) in input.take(8).enumerated() { v |= UInt64(b) << (8 * UInt64(i)) }
                value = .integer(Int64(bitPattern: v))
            case 2:
                var v: UInt64 = 0
                for (i, b) in input.take(8).enumerated() { v |= UInt64(b) << (8 * UInt64(i)) }
                value = .double(Double(bitPattern: v))
            case 3: value = .bool((input.next() ?? 0) & 1 == 1)
            case 4: value = .null
            case 5: value = .data(Array(input.take(Int((input.next() ?? 0) % 8))))
            case 6: stack.append(Open(kind: .array)); continue
            case 7: stack.append(Open(kind: .set)); continue
            case 8: stack.append(Open(kind: .dictionary)); continue
            default:
                guard let top = stack.popLast() else { continue }
                value = close(top)
            }
            // A dictionary needs the key before the value: read it now for the value just built.
            if let root = attach(value, to: &stack, key: { text(&input, 8) }) { return root }
        }
        while let top = stack.popLast() {
            if let root = attach(close(top), to: &stack, key: { "" }) { return root }
        }
        return .dictionary([])
    }

    static func close(_ open: Open) -> ParameterValue {
        switch open.kind {
        case .array: .array(open.items)
        case .set: .set(open.items)
        case .dictionary: .dictionary(open.entries)
        }
    }

    /// Adds `value` to the innermost container; returns it when there is none (it is the root).
    static func attach(_ value: ParameterValue, to stack: inout [Open], key: () -> String) -> ParameterValue? {
        guard let last = stack.indices.last else { return value }
        if stack[last].kind == .dictionary {
            stack[last].entries.append(.init(key(), value))
        } else {
            stack[last].items.append(value)
        }
        return nil
    }
}

extension ParameterValue {
    /// True when `predicate` holds for every value of the tree, containers included (visited
    /// iteratively, stopping at the first that fails).
    package func allNodes(where predicate: (ParameterValue) -> Bool) -> Bool {
        var work = [self]
        while let v = work.popLast() {
            if !predicate(v) { return false }
            switch v {
            case .dictionary(let es): for e in es { work.append(e.value) }
            case .array(let xs), .set(let xs): work.append(contentsOf: xs)
            default: break
            }
        }
        return true
    }
}
