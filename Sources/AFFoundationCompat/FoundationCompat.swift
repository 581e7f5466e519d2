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
        switch v {
        case let s as String: return .string(s)
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
        case let a as [Any]: return .array(a.map(json))
        case let d as [String: Any]: return .object(d.keys.sorted().map { .init($0, json(d[$0]!)) })
        default: return .string("\(v)")
        }
    }
}

/// AF's property-list serializer (SPEC §6.5): validate; no body → no object; otherwise parse
/// with Foundation's `PropertyListSerialization`, parse errors outermost.
public struct PropertyListResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation(acceptableContentTypes: ["application/x-plist"])
    public init() {}

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let (outcome, stop) = validateForParsing(response, profile: profile)
        if stop { return ResponseSerialization(valid: false, error: outcome.error) }
        guard let body = response.body else { return ResponseSerialization(valid: outcome.valid, error: outcome.error) }
        do {
            let value = try PropertyListSerialization.propertyList(from: Data(body), options: [], format: nil)
            return ResponseSerialization(
                valid: outcome.valid, object: .propertyList(PropertyListJSON.json(value)), error: outcome.error)
        } catch {
            return ResponseSerialization(
                valid: outcome.valid, error: AFSError(foundation: error).chaining(outcome.error))
        }
    }
}
