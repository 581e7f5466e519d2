import AFSerialization
import AFVectorFormat

/// One corpus input written by `conformance seeds`: `seed-<label>` for a hand-made input, `vec-<id>`
/// for one derived from a golden vector.
public struct Seed: Sendable, Equatable {
    public var label: String
    public var bytes: [UInt8]
    public init(_ label: String, _ bytes: [UInt8]) { (self.label, self.bytes) = (label, bytes) }
}

/// The header bit that bounds a target's parameter tree (``ParameterProgram/decode(_:bounded:)``).
/// Every seed of such a target is also written with the bit set (`bounded-<label>`), so long fuzz
/// runs start from bounded trees as well as unbounded ones.
public struct BoundedBit: Sendable, Equatable {
    public var byte: Int
    public var mask: UInt8
    public init(byte: Int, mask: UInt8) { (self.byte, self.mask) = (byte, mask) }
}

/// A golden vector as the seed writer reads it: its file's component, and the vector's fields read
/// leniently (a vector the seed writer cannot use gives no input; the schema check is `coverage`'s).
public struct SeedVector: Sendable {
    public var component: String
    public var id: String
    public var input: JSONValue
    public var options: JSONValue
    /// The vector's first profile; `af4` when it names none (or one this build does not know).
    public var profile: Profile

    public init(component: String, vector: JSONValue) {
        self.component = component
        id = vector["id"]?.stringValue ?? "x"
        input = vector["input"].flatMap { $0.objectValue == nil ? nil : $0 } ?? .object([])
        options = vector["options"].flatMap { $0.objectValue == nil ? nil : $0 } ?? .object([])
        profile = vector["profiles"]?.arrayValue?.first?.stringValue.flatMap(Profile.init(rawValue:)) ?? .af4
    }

    /// The `style` option (`afnetworking` when absent); nil when it names no style.
    public var style: EscapeStyle? {
        guard let value = options["style"] else { return .afnetworking }
        return value.stringValue.flatMap(EscapeStyle.init(rawValue:))
    }

    /// The input field `name` as bytes, when it is `{"text": …}` or `{"hex": …}` (VECTORS.md §3).
    public func bytes(_ name: String) -> [UInt8]? { Self.bytes(input[name]) }

    static func bytes(_ value: JSONValue?) -> [UInt8]? {
        guard let value, value.objectValue != nil else { return nil }
        if let text = value["text"]?.stringValue { return Array(text.utf8) }
        if let hex = value["hex"]?.stringValue { return try? Codec.decodeHex(hex, path: "hex") }
        return nil
    }

    /// The input's `headers` (a list of `[name, value]` pairs) as a lowercased-name lookup; a
    /// repeated name keeps its last value.
    public var headers: [String: String] {
        var out: [String: String] = [:]
        for pair in input["headers"]?.arrayValue ?? [] {
            guard let kv = pair.arrayValue, kv.count == 2, let k = kv[0].stringValue else { continue }
            out[k.lowercased()] = kv[1].stringValue ?? ""
        }
        return out
    }

    /// The input's `parameters` as a tree, nil when absent or not a valid VECTORS.md parameter tree.
    public var parameters: ParameterValue? {
        guard let p = input["parameters"] else { return nil }
        return try? Codec.decodeParameters(p, path: "parameters")
    }

    /// The `chunkSizes` option's first two sizes (its one size twice, 256 when it has none), each within 1…256.
    public var chunkSizes: (Int, Int) {
        let sizes = options["chunkSizes"]?.arrayValue?.compactMap(Self.integer) ?? []
        let a = sizes.first ?? 256, b = sizes.count > 1 ? sizes[1] : a
        return (max(1, min(a, 256)), max(1, min(b, 256)))
    }

    /// An option read as an integer (a number with a fraction is truncated), nil when absent or not a number.
    public func integerOption(_ name: String) -> Int? { Self.integer(options[name]) }

    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let text)? = value else { return nil }
        if let i = Int(text) { return i }
        return Double(text).flatMap { $0.isFinite && abs($0) < 9e18 ? Int($0) : nil }
    }

    /// True when the option (or input field) is present and not null, false, 0, "" or empty.
    public static func isSet(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: false
        case .bool(let b)?: b
        case .number(let t)?: Double(t) != 0
        case .string(let s)?: !s.isEmpty
        case .array(let a)?: !a.isEmpty
        case .object(let o)?: !o.isEmpty
        }
    }
}

extension FuzzTargetDescriptor {
    /// Header bytes with every field of the descriptor set by name (a field of several bytes is
    /// little-endian). A missing or unknown name, or a value that does not fit, is a programming error.
    public func header(_ values: KeyValuePairs<String, Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: headerSize)
        precondition(values.count == header.count, "\(name): \(values.count) header values for \(header.count) fields")
        for (field, value) in values {
            guard let f = header.first(where: { $0.field == field }) else {
                preconditionFailure("\(name) has no header field \(field)")
            }
            let width = f.last - f.first + 1
            precondition(
                value >= 0 && value < 1 << (8 * width), "\(name): \(field) = \(value) does not fit \(width) byte(s)")
            for i in 0..<width { out[f.first + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        }
        return out
    }
}

extension CaseIterable where Self: Equatable, AllCases.Index == Int {
    /// The case's position in `allCases`: the header byte that picks it.
    var caseIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// Parameter trees for the hand seeds, written in VECTORS.md's JSON encoding (`$set`, `$data`,
/// `$double`) and read by the vector codec, so they mean what a vector's `parameters` mean.
func tree(_ json: String) -> ParameterValue {
    do {
        return try Codec.decodeParameters(try JSONParser().parse(Array(json.utf8)), path: "seed")
    } catch {
        preconditionFailure("seed tree \(json): \(error)")
    }
}

/// Little-endian UTF-16 code units, as the percent-escape target's UTF-16 mode reads them.
func utf16LE(_ units: [UInt16]) -> [UInt8] { units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

/// Bytes from a hex literal of a hand seed.
func hex(_ text: String) -> [UInt8] {
    do { return try Codec.decodeHex(text, path: "seed") } catch { preconditionFailure("seed hex \(text): \(error)") }
}

/// The corpus inputs `conformance seeds` writes for a target.
public enum CorpusSeeds {
    /// `target`'s hand seeds, then one input per vector it takes (`vec-<id>`), each under a file name
    /// from ``fileName(_:)``; for a target with a ``BoundedBit``, each again with the bit set
    /// (`bounded-<name>`). A later input with the same file name replaces an earlier one.
    public static func inputs(_ target: any CorpusTarget.Type, vectors: [SeedVector]) -> [Seed] {
        var out: [Seed] = []
        func add(_ label: String, _ bytes: [UInt8]) {
            let name = fileName(label)
            out.append(Seed(name, bytes))
            if let bit = target.boundedBit, bytes.count > bit.byte {
                var bounded = bytes
                bounded[bit.byte] |= bit.mask
                out.append(Seed(String(("bounded-" + name).prefix(80)), bounded))
            }
        }
        for seed in target.seeds { add(seed.label, seed.bytes) }
        for v in vectors {
            if let bytes = target.seed(from: v) { add("vec-" + v.id, bytes) }
        }
        return out
    }

    /// A label as a file name: every run of characters other than `A-Z a-z 0-9 . _ -` becomes one
    /// `_`, and the name is cut at 80 characters.
    public static func fileName(_ label: String) -> String {
        var out = ""
        var inRun = false
        for u in label.unicodeScalars {
            let keep =
                u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u) || ".-_".unicodeScalars.contains(u))
            if keep { out.unicodeScalars.append(u) } else if !inRun { out += "_" }
            inRun = !keep
        }
        return String(out.prefix(80))
    }
}
