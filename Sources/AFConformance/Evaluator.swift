import AFSerialization

/// The `conformance eval` contract (VECTORS.md): a request object in, `{"id", "output"}` or
/// `{"id", "harnessError"}` out.
public enum Evaluator {
    /// The outcome of one evaluation, before it is framed as an output line.
    public enum Outcome: Sendable, Hashable {
        case output(JSONValue)
        case harnessError(String)
    }

    /// Evaluates an already-parsed request (`component`, `profile`, `options`, `input`).
    public static func evaluate(component: String, profile: String?, options: JSONValue?, input: JSONValue?) -> Outcome {
        guard let c = Components.byName[component] else {
            return .harnessError("component: unknown component \"\(component)\"; known: \(Components.names.joined(separator: ", "))")
        }
        let p: Profile
        if let profile {
            guard let parsed = Profile(rawValue: profile) else {
                return .harnessError("profile: unknown profile \"\(profile)\"; expected af3, af4 or strict")
            }
            p = parsed
        } else {
            p = .default
        }
        do {
            let inputFields = try Fields(input, path: "input")
            let optionFields = try Fields(options, path: "options")
            return .output(try c.evaluate(input: inputFields, options: optionFields, profile: p))
        } catch let e as AFSError {
            return .output(.obj(["error": Codec.encodeError(e)]))
        } catch let e as HarnessError {
            return .harnessError(e.description)
        } catch {
            return .harnessError("unexpected error: \(error)")
        }
    }

    /// One JSON-lines request → one JSON-lines response. Never throws: a bad line gets `harnessError`.
    public static func evaluateLine(_ line: String) -> String {
        let request: JSONValue
        do {
            request = try JSONParser(allowFragments: true).parse(Array(line.utf8))
        } catch {
            return JSONValue.obj(["id": .null, "harnessError": .string("line is not JSON: \(error)")]).jsonText
        }
        let id = request["id"] ?? .null
        guard case .object = request else {
            return JSONValue.obj(["id": .null, "harnessError": .string("line is not a JSON object")]).jsonText
        }
        guard let component = request["component"]?.stringValue else {
            return JSONValue.obj(["id": id, "harnessError": .string("component: required string is missing")]).jsonText
        }
        let profileValue = request["profile"]
        if let pv = profileValue, !pv.isNull, pv.stringValue == nil {
            return JSONValue.obj(["id": id, "harnessError": .string("profile: expected a string")]).jsonText
        }
        switch evaluate(component: component, profile: profileValue?.stringValue, options: request["options"], input: request["input"]) {
        case .output(let o): return JSONValue.obj(["id": id, "output": o]).jsonText
        case .harnessError(let m): return JSONValue.obj(["id": id, "harnessError": .string(m)]).jsonText
        }
    }
}
