#if canImport(Glibc)
    import Glibc
#endif
import AFFoundationCompat
import AFSerialization

/// Foundation's property-list reader in a child process (``ForkedChild``), for fuzz-response
/// (SPEC §6.5).
///
/// swift-corelibs-foundation leaks about 900 bytes for every property list it refuses
/// (swiftlang/swift-corelibs-foundation#3366). In the fuzzing process that would reach the RSS limit
/// within a night; here the leak stays in a child, which is replaced after ``readsPerChild`` reads,
/// so every plist and compound input reaches Foundation for the whole run. A request is the body,
/// the answer ``PlistReply``'s encoding of ``PropertyListReader/foundation``'s result. A child that
/// dies is reported by ``takeDeath()`` as a failure of the input that was being read.
public enum ForkedPlistReader {
    /// Reads before a child is replaced: at most about 18 MB of leak in a child.
    public static let readsPerChild = 20_000

    public static let reader = PropertyListReader { body in read(body) }

    static let child = ForkedChild(
        name: "fuzz-response: Foundation's property-list reader", requestsPerChild: readsPerChild
    ) {
        PlistReply.encode(PropertyListReader.foundation.read($0))
    }
    nonisolated(unsafe) private static var death: String?

    /// How many property lists children read, and how many children there were; nil when none.
    public static var summary: String? {
        child.children == 0
            ? nil : "fuzz-response: \(child.answered) property lists read in \(child.children) child processes"
    }

    /// How the last child died while reading, once; nil if none did since the last call.
    public static func takeDeath() -> String? {
        defer { death = nil }
        return death
    }

    /// Installs the reader as ``FuzzOracles/plistReader``, its children on this thread's CPU
    /// (``SharedCPU``), after checking that it answers as
    /// Foundation in this process does, for a property list and for a refusal; stops the process
    /// otherwise (a broken transport would otherwise be every plist input's fault).
    public static func install() {
        child.sharesCPU = true
        let probes: [[UInt8]] = [
            Array("<plist><dict><key>a</key><array><integer>1</integer><true/></array></dict></plist>".utf8),
            Array("<plist><dict><key>a</key></plist>".utf8),
        ]
        for body in probes where read(body) != PropertyListReader.foundation.read(body) {
            standardError("fuzz-response: the forked property-list reader disagrees with Foundation in process")
            abort()
        }
        FuzzOracles.install { $0.plistReader = reader }
    }

    static func read(_ body: [UInt8]) -> Result<JSONValue, AFSError> {
        switch child.ask(body) {
        case .answered(let reply):
            if let result = PlistReply.decode(reply) { return result }
            death = "the property-list reader's child sent an answer that does not decode (\(reply.count) bytes)"
            return .failure(AFSError(domain: "ForkedPlistReader", code: -2, message: "undecodable reply"))
        case .unavailable:
            return PropertyListReader.foundation.read(body)
        case .died(let how):
            death = "Foundation's property-list reader died in its child process (\(how)) reading this body"
            return .failure(AFSError(domain: "ForkedPlistReader", code: -1, message: how))
        }
    }
}

/// The child's answer on the wire: `S` and a value, or `F` and Foundation's error as
/// ``AFSError/init(foundation:)`` makes it (domain, code, message, context; nothing else is set),
/// written as the value `{"domain", "code", "message", "context": {…}}`.
/// Values: `n` null, `t`/`f`, `#` number text, `s` string, `a` count and items, `o` count and
/// (key, value) pairs; strings and counts with ``ForkedChild/Frame``'s 4-byte length.
enum PlistReply {
    static func encode(_ result: Result<JSONValue, AFSError>) -> [UInt8] {
        var out: [UInt8] = []
        switch result {
        case .success(let v):
            out.append(UInt8(ascii: "S"))
            value(v, to: &out)
        case .failure(let e):
            out.append(UInt8(ascii: "F"))
            value(
                .obj([
                    "domain": .string(e.domain), "code": .int(e.code), "message": .string(e.message),
                    "context": .object(e.context.keys.sorted().map { .init($0, .string(e.context[$0]!)) }),
                ]), to: &out)
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> Result<JSONValue, AFSError>? {
        var r = WireBytes.Reader(bytes)
        let result: Result<JSONValue, AFSError>
        switch r.byte() {
        case UInt8(ascii: "S"):
            guard let v = value(&r) else { return nil }
            result = .success(v)
        case UInt8(ascii: "F"):
            guard let e = value(&r), let domain = e["domain"]?.stringValue, case .number(let digits)? = e["code"],
                let code = Int(digits), let message = e["message"]?.stringValue, let members = e["context"]?.objectValue
            else { return nil }
            var context: [String: String] = [:]
            for m in members {
                guard let v = m.value.stringValue else { return nil }
                context[m.key] = v
            }
            result = .failure(AFSError(domain: domain, code: code, message: message, context: context))
        default: return nil
        }
        return r.left == 0 ? result : nil
    }

    private static func count(_ n: Int, to out: inout [UInt8]) { ForkedChild.Frame.append(length: n, to: &out) }

    private static func value(_ v: JSONValue, to out: inout [UInt8]) {
        switch v {
        case .null: out.append(UInt8(ascii: "n"))
        case .bool(let b): out.append(UInt8(ascii: b ? "t" : "f"))
        case .number(let text):
            out.append(UInt8(ascii: "#"))
            WireBytes.append(chunk: text.utf8, to: &out)
        case .string(let s):
            out.append(UInt8(ascii: "s"))
            WireBytes.append(chunk: s.utf8, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "a"))
            count(items.count, to: &out)
            for item in items { value(item, to: &out) }
        case .object(let members):
            out.append(UInt8(ascii: "o"))
            count(members.count, to: &out)
            for m in members {
                WireBytes.append(chunk: m.key.utf8, to: &out)
                value(m.value, to: &out)
            }
        }
    }

    private static func value(_ r: inout WireBytes.Reader) -> JSONValue? {
        switch r.byte() {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "#"): return r.text().map { .number($0) }
        case UInt8(ascii: "s"): return r.text().map { .string($0) }
        case UInt8(ascii: "a"):
            guard let n = r.count(), n <= r.left else { return nil }
            var items: [JSONValue] = []
            for _ in 0..<n {
                guard let v = value(&r) else { return nil }
                items.append(v)
            }
            return .array(items)
        case UInt8(ascii: "o"):
            guard let n = r.count(), n <= r.left else { return nil }
            var members: [JSONValue.Member] = []
            for _ in 0..<n {
                guard let k = r.text(), let v = value(&r) else { return nil }
                members.append(.init(k, v))
            }
            return .object(members)
        default: return nil
        }
    }
}
