import AFSerialization
import AFVectorFormat

/// What an implementation says of itself in its handshake reply (protocol 1.1, VECTORS.md §5.3):
///
///     {"id": "handshake#1", "output": …, "protocol": "1.1",
///      "implementation": {"name": "…", "version": "…"},
///      "supports": {"components": ["percent-escape", …] | {"query-string": ["af4"], …},
///                   "profiles": ["af3", "af4", "strict"],
///                   "omits": {"multipart-parse": ["parts[].headers", "error.*"]}}}
///
/// Every member is optional, so a 1.0 reply (any reply with the handshake's id) declares nothing
/// and gets every request. Runs outside a declaration are n/a and never sent.
public struct HandshakeDeclaration: Sendable, Hashable {
    /// The protocol version this runner speaks (sent in the handshake's input).
    public static let protocolVersion = "1.1"

    public var protocolVersion: String?
    public var name: String?
    public var version: String?
    /// Component → the profiles it is supported under; nil: every component.
    public var components: [String: [String]]?
    /// Profiles for components listed without their own; nil: all three.
    public var profiles: [String]?
    /// Per component, the output fields the implementation cannot report (``Omissions``).
    public var omits: [String: Omissions] = [:]
    /// The same, as declared (for reports).
    public var omittedPaths: [String: [String]] = [:]

    /// nil when the reply declares nothing; throws when a declared member has the wrong shape.
    public init?(reply: JSONValue) throws(HarnessError) {
        let proto = reply["protocol"]
        let implementation = reply["implementation"]
        let supports = reply["supports"]
        if proto == nil && implementation == nil && supports == nil { return nil }
        if let proto {
            guard let s = proto.stringValue else { throw HarnessError("protocol", "expected a string such as \"1.1\"") }
            protocolVersion = s
        }
        if let implementation {
            guard case .object = implementation else {
                throw HarnessError("implementation", "expected {\"name\": …, \"version\": …}")
            }
            name = try Self.optionalString(implementation["name"], "implementation.name")
            version = try Self.optionalString(implementation["version"], "implementation.version")
        }
        guard let supports else { return }
        guard case .object = supports else {
            throw HarnessError("supports", "expected {\"components\": …, \"profiles\": …}")
        }
        if let p = supports["profiles"] {
            profiles = try Self.profileList(p, "supports.profiles")
        }
        if let o = supports["omits"] {
            guard let members = o.objectValue else {
                throw HarnessError("supports.omits", "expected an object mapping a component to output paths")
            }
            for m in members {
                guard let list = m.value.arrayValue, let paths = Optional(list.compactMap(\.stringValue)),
                    paths.count == list.count
                else {
                    throw HarnessError(
                        "supports.omits.\(m.key)",
                        "expected an array of output paths such as \"parts[].headers\" or \"error.*\"")
                }
                do { omits[m.key] = try Omissions(paths) } catch {
                    throw HarnessError("supports.omits.\(m.key)", error.message)
                }
                omittedPaths[m.key] = paths
            }
        }
        switch supports["components"] {
        case nil:
            break
        case .array(let names)?:
            var map: [String: [String]] = [:]
            for (i, n) in names.enumerated() {
                guard let name = n.stringValue else {
                    throw HarnessError("supports.components[\(i)]", "expected a component name")
                }
                map[name] = profiles ?? Vector.allProfiles
            }
            components = map
        case .object(let members)?:
            var map: [String: [String]] = [:]
            for m in members { map[m.key] = try Self.profileList(m.value, "supports.components.\(m.key)") }
            components = map
        default:
            throw HarnessError(
                "supports.components",
                "expected an array of component names or an object mapping a component to its profiles")
        }
    }

    /// Why a run of `component` under `profile` is not sent, or nil when it is in the declaration.
    public func excludes(component: String, profile: String) -> String? {
        if let components {
            guard let allowed = components[component] else { return "component not declared in the handshake" }
            return allowed.contains(profile) ? nil : "profile \(profile) not declared in the handshake"
        }
        if let profiles, !profiles.contains(profile) { return "profile \(profile) not declared in the handshake" }
        return nil
    }

    /// `name version (protocol 1.1)`, for the console and reports.
    public var summary: String {
        var parts: [String] = []
        if let name { parts.append(name) }
        if let version { parts.append(version) }
        if let protocolVersion { parts.append("(protocol \(protocolVersion))") }
        return parts.joined(separator: " ")
    }

    static func optionalString(_ v: JSONValue?, _ path: String) throws(HarnessError) -> String? {
        guard let v else { return nil }
        guard let s = v.stringValue else { throw HarnessError(path, "expected a string") }
        return s
    }

    static func profileList(_ v: JSONValue, _ path: String) throws(HarnessError) -> [String] {
        guard let list = v.arrayValue else { throw HarnessError(path, "expected an array of profiles") }
        var out: [String] = []
        for (i, p) in list.enumerated() {
            guard let s = p.stringValue, Vector.allProfiles.contains(s) else {
                throw HarnessError("\(path)[\(i)]", "expected one of \(Vector.allProfiles.joined(separator: ", "))")
            }
            out.append(s)
        }
        return out
    }
}
