// Foundation interop lives here, never in the core (AFSerialization): property-list parsing and
// the conversions the differential tests and benchmarks need.
import AFSerialization
import Foundation

extension AFSError {
    /// An `NSError` from Foundation, kept in its own domain and code (AF passes them through):
    /// its localized description, and its NSDebugDescription as `context["debugDescription"]`, the
    /// same shape as the core's own 3840 and 3851 (SPEC §6.4, §6.5).
    public init(foundation error: Error) {
        let e = error as NSError
        let debug = e.userInfo[NSDebugDescriptionErrorKey] as? String
        self.init(
            domain: e.domain, code: e.code, message: e.localizedDescription,
            context: debug.map { ["debugDescription": $0] } ?? [:])
    }
}

/// Foundation property-list values as ordered JSON (SPEC §6.5; VECTORS.md `object`).
/// Dictionary keys are sorted (plist dictionaries are unordered); data → `{"$data": hex}`,
/// dates → `{"$date": ISO 8601}`, non-finite reals → `{"$double": …}` — the vector tags.
public enum PropertyListJSON {
    public static func json(_ v: Any) -> JSONValue {
        if type(of: v) == Bool.self, let b = v as? Bool { return .bool(b) }
        // Containers before NSNumber: casting a Swift array or dictionary to a class bridges the
        // whole container first, only to fail.
        switch v {
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(json))
        case let d as [String: Any]: return .object(d.keys.sorted().map { .init($0, json(d[$0]!)) })
        case let n as NSNumber:
            let t = String(cString: n.objCType)
            if t == "c" || t == "B" { return .bool(n.boolValue) }
            if t == "d" || t == "f" {
                let d = n.doubleValue
                if d.isNaN { return .obj(["$double": .string("nan")]) }
                if d.isInfinite { return .obj(["$double": .string(d < 0 ? "-inf" : "inf")]) }
                let text = "\(d)"
                return .number(text.contains(".") || text.contains("e") ? text : text + ".0")
            }
            return .number(n.stringValue)
        case let d as Data: return .obj(["$data": .string(d.map { String(format: "%02x", $0) }.joined())])
        case let d as Date:
            let f = ISO8601DateFormatter()
            return .obj(["$date": .string(f.string(from: d))])
        default: return .string("\(v)")
        }
    }
}

/// Where a property list is read, and how its answer comes back: the parsed value as ordered JSON
/// (``PropertyListJSON``), or Foundation's error (``AFSError/init(foundation:)``).
/// ``foundation`` reads in this process. A fuzz target whose run lasts a night reads in a child
/// process instead (AFFuzzBodies' `ForkedPlistReader`, which says why: Foundation's leak on every
/// property list it refuses).
public struct PropertyListReader: Sendable {
    public var read: @Sendable ([UInt8]) -> Result<JSONValue, AFSError>

    public init(read: @escaping @Sendable ([UInt8]) -> Result<JSONValue, AFSError>) { self.read = read }

    /// Foundation's `PropertyListSerialization`, in this process.
    public static let foundation = PropertyListReader { body in
        do {
            let value = try PropertyListSerialization.propertyList(from: Data(body), options: [], format: nil)
            return .success(PropertyListJSON.json(value))
        } catch {
            return .failure(AFSError(foundation: error))
        }
    }
}

/// AF's property-list serializer (SPEC §6.5): validate; no body → no object; otherwise parse
/// with Foundation's `PropertyListSerialization` (through ``reader``), parse errors outermost.
public struct PropertyListResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation(acceptableContentTypes: ["application/x-plist"])
    public var reader: PropertyListReader
    public init(reader: PropertyListReader = .foundation) { self.reader = reader }

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let (outcome, stop) = validateForParsing(response, profile: profile)
        if stop { return ResponseSerialization(valid: false, error: outcome.error) }
        guard let body = response.body else { return ResponseSerialization(valid: outcome.valid, error: outcome.error) }
        switch reader.read(body) {
        case .success(let value):
            return ResponseSerialization(valid: outcome.valid, object: .propertyList(value), error: outcome.error)
        case .failure(let error):
            return ResponseSerialization(valid: outcome.valid, error: error.chaining(outcome.error))
        }
    }
}
