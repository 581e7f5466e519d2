import AFSerialization
import AFVectorFormat

/// Output fields an implementation cannot report (protocol 1.1, `supports.omits` in the handshake
/// reply): they are removed from each expected value before it is compared, so a library that
/// exposes less (a parser without part headers, errors without AF's kinds) is judged on what it
/// does expose. Paths are dot-separated members; `name[]` means every element of that array, and
/// `*` every member: `parts[].headers`, `batches`, `error.*` (an error is expected, any details).
public struct Omissions: Sendable, Hashable {
    public var paths: [[Segment]]

    public enum Segment: Sendable, Hashable {
        case member(String)
        case everyElement(String)
        case everyMember
    }

    public init(_ paths: [String]) throws(HarnessError) {
        self.paths = try paths.map { (p) throws(HarnessError) -> [Segment] in
            guard !p.isEmpty else { throw HarnessError("omits", "an empty path") }
            return try p.split(separator: ".", omittingEmptySubsequences: false).map {
                (s) throws(HarnessError) -> Segment in
                if s == "*" { return .everyMember }
                if s.hasSuffix("[]") {
                    let name = s.dropLast(2)
                    guard !name.isEmpty else {
                        throw HarnessError("omits", "\"\(p)\": [] needs a member name before it")
                    }
                    return .everyElement(String(name))
                }
                guard !s.isEmpty else { throw HarnessError("omits", "\"\(p)\": an empty segment") }
                return .member(String(s))
            }
        }
    }

    /// `expected` without the omitted fields.
    public func pruned(_ expected: JSONValue) -> JSONValue {
        paths.reduce(expected) { Self.remove($1[...], from: $0) }
    }

    private static func remove(_ path: ArraySlice<Segment>, from value: JSONValue) -> JSONValue {
        guard let first = path.first, case .object(var members) = value else { return value }
        let rest = path.dropFirst()
        switch first {
        case .everyMember:
            if rest.isEmpty { return .object([]) }
            for i in members.indices { members[i].value = remove(rest, from: members[i].value) }
        case .member(let name):
            guard let i = members.firstIndex(where: { $0.key == name }) else { return value }
            if rest.isEmpty { members.remove(at: i) } else { members[i].value = remove(rest, from: members[i].value) }
        case .everyElement(let name):
            guard let i = members.firstIndex(where: { $0.key == name }) else { return value }
            members[i].value = mapElements(members[i].value) { remove(rest, from: $0) }
        }
        return .object(members)
    }

    /// Each element of an array, also inside the `$unordered` / `$includes` matcher tags.
    private static func mapElements(_ v: JSONValue, _ f: (JSONValue) -> JSONValue) -> JSONValue {
        switch v {
        case .array(let items): return .array(items.map(f))
        case .object(let m) where m.count == 1 && (m[0].key == "$unordered" || m[0].key == "$includes"):
            return .object([.init(m[0].key, mapElements(m[0].value, f))])
        default: return v
        }
    }
}
