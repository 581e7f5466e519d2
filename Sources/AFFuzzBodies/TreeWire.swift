import AFSerialization

/// A parameter tree as exact bytes: strings, keys and data by their bytes, integers and doubles by
/// their bits, every entry in its order. fuzz-plist-request keys its kept verdicts with it
/// (``FoundationVerdicts``) and sends trees to afs-oracle-host in it (``FoundationHost``).
///
/// Unlike ``ParameterProgram`` (the corpus format, whose strings are shorter than 16 bytes), it
/// writes every tree: a program's string with invalid UTF-8 decodes to a longer one (each bad byte
/// becomes U+FFFD), which a program cannot hold. Pre-order: a tag byte, then a scalar's bytes or a
/// container's 4-byte little-endian count and its items (a dictionary's as key, value). Iterative,
/// since trees reach a thousand levels.
enum TreeWire {
    enum Tag: UInt8 {
        case string, integer, double, bool, null, data, array, set, dictionary
    }

    /// Writes in place, with a stack of open containers and no array per node: fuzz-plist-request
    /// encodes every tree it checks, and under ASan each allocation costs more than the bytes.
    static func encode(_ root: ParameterValue) -> [UInt8] {
        enum Children {
            case items([ParameterValue])
            case entries([ParameterValue.Entry])
        }
        var out: [UInt8] = []
        var open: [(children: Children, next: Int)] = []
        func write(_ v: ParameterValue) {
            switch v {
            case .string(let s):
                out.append(Tag.string.rawValue)
                WireBytes.append(chunk: s.utf8, to: &out)
            case .integer(let i):
                out.append(Tag.integer.rawValue)
                WireBytes.append(word: UInt64(bitPattern: i), to: &out)
            case .double(let d):
                out.append(Tag.double.rawValue)
                WireBytes.append(word: d.bitPattern, to: &out)
            case .bool(let b):
                out.append(Tag.bool.rawValue)
                out.append(b ? 1 : 0)
            case .null: out.append(Tag.null.rawValue)
            case .data(let d):
                out.append(Tag.data.rawValue)
                WireBytes.append(chunk: d, to: &out)
            case .array(let items), .set(let items):
                if case .array = v { out.append(Tag.array.rawValue) } else { out.append(Tag.set.rawValue) }
                ForkedChild.Frame.append(length: items.count, to: &out)
                if !items.isEmpty { open.append((.items(items), 0)) }
            case .dictionary(let entries):
                out.append(Tag.dictionary.rawValue)
                ForkedChild.Frame.append(length: entries.count, to: &out)
                if !entries.isEmpty { open.append((.entries(entries), 0)) }
            }
        }
        write(root)
        while let top = open.indices.last {
            let i = open[top].next
            open[top].next += 1
            switch open[top].children {
            case .items(let items):
                if i + 1 == items.count { open.removeLast() }
                write(items[i])
            case .entries(let entries):
                if i + 1 == entries.count { open.removeLast() }
                WireBytes.append(chunk: entries[i].key.utf8, to: &out)
                write(entries[i].value)
            }
        }
        return out
    }

    /// The tree `encode` wrote, or nil when `bytes` are not exactly one tree.
    static func decode(_ bytes: [UInt8]) -> ParameterValue? {
        struct Open {
            let tag: Tag
            var remaining: Int
            var items: [ParameterValue] = []
            var entries: [ParameterValue.Entry] = []
            var key: String?

            var value: ParameterValue {
                switch tag {
                case .array: .array(items)
                case .set: .set(items)
                default: .dictionary(entries)
                }
            }
        }
        var r = WireBytes.Reader(bytes)
        var open: [Open] = []
        while true {
            if let top = open.last, top.tag == .dictionary, top.key == nil {
                guard let k = r.text() else { return nil }
                open[open.count - 1].key = k
            }
            guard let raw = r.byte(), let tag = Tag(rawValue: raw) else { return nil }
            var value: ParameterValue
            switch tag {
            case .string:
                guard let s = r.text() else { return nil }
                value = .string(s)
            case .integer:
                guard let w = r.word() else { return nil }
                value = .integer(Int64(bitPattern: w))
            case .double:
                guard let w = r.word() else { return nil }
                value = .double(Double(bitPattern: w))
            case .bool:
                guard let b = r.byte(), b < 2 else { return nil }
                value = .bool(b == 1)
            case .null: value = .null
            case .data:
                guard let d = r.chunk() else { return nil }
                value = .data(d)
            case .array, .set, .dictionary:
                // Every item takes at least a byte: a count beyond the rest is malformed.
                guard let n = r.count(), n <= r.left else { return nil }
                if n > 0 {
                    open.append(Open(tag: tag, remaining: n))
                    continue
                }
                value = Open(tag: tag, remaining: 0).value
            }
            // The value completes its container, and so on up.
            while var top = open.popLast() {
                if top.tag == .dictionary {
                    top.entries.append(.init(top.key!, value))
                    top.key = nil
                } else {
                    top.items.append(value)
                }
                top.remaining -= 1
                if top.remaining > 0 {
                    open.append(top)
                    break
                }
                value = top.value
            }
            if open.isEmpty { return r.left == 0 ? value : nil }
        }
    }
}
