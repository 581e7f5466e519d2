import AFSerialization
import AFVectorFormat

/// The `conformance eval` contract (VECTORS.md): a request object in, `{"id", "output"}` or
/// `{"id", "harnessError"}` out.
public enum Evaluator {
    /// The outcome of one evaluation, before it is framed as an output line.
    public enum Outcome: Sendable, Hashable {
        case output(JSONValue)
        case harnessError(String)
        /// An outside implementation does not model this request (protocol 1.1; never the core).
        case unsupported(String)
    }

    /// Evaluates an already-parsed request (`component`, `profile`, `options`, `input`).
    public static func evaluate(component: String, profile: String?, options: JSONValue?, input: JSONValue?) -> Outcome
    {
        guard let c = Components.byName[component] else {
            return .harnessError(
                "component: unknown component \"\(component)\"; known: \(Components.names.joined(separator: ", "))")
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

    /// How deep an eval line may nest. VECTORS.md: nesting limits belong to the component's input,
    /// not the envelope, so this sits far above every component default (512) and the components'
    /// depth options are capped here (``Fields/depthLimit(_:)``): a line deeper than a component
    /// allows reaches the component and gets its typed `nestingTooDeep`. The cap only keeps the
    /// harness's own tree walks within the eval thread's stack (`conformance eval` runs lines on a
    /// thread with ``evalStackBytes``).
    public static let maxLineDepth = VectorFormat.maxLineDepth
    /// Stack for the thread that evaluates eval lines: decoding, echoing and freeing a tree of
    /// ``maxLineDepth`` levels recurse that deep (a few hundred bytes a level).
    public static let evalStackBytes = 1 << 30

    /// One JSON-lines request → one JSON-lines response. Never throws: a bad line gets
    /// `harnessError`, with the line's `id` whenever one can be read (VECTORS.md protocol rules).
    public static func evaluateLine(_ line: String) -> String {
        let bytes = Array(line.utf8)
        let request: JSONValue
        do {
            request = try JSONParser(maxDepth: maxLineDepth, allowFragments: true).parse(bytes)
        } catch {
            let id = EnvelopeID.scan(bytes) ?? .null
            let message: String
            if error.kind == .nestingTooDeep {
                message =
                    "line nests deeper than \(maxLineDepth) levels at byte offset \(error.offset ?? 0) "
                    + "(the eval envelope's limit; components' depth options are capped there)"
            } else {
                message = "line is not JSON: \(error.message)\(error.offset.map { " at byte offset \($0)" } ?? "")"
            }
            return JSONValue.obj(["id": id, "harnessError": .string(message)]).jsonText
        }
        guard case .object = request else {
            return JSONValue.obj(["id": .null, "harnessError": .string("line is not a JSON object")]).jsonText
        }
        let id = request["id"] ?? .null
        guard let component = request["component"]?.stringValue else {
            return JSONValue.obj(["id": id, "harnessError": .string("component: required string is missing")]).jsonText
        }
        let profileValue = request["profile"]
        if let pv = profileValue, !pv.isNull, pv.stringValue == nil {
            return JSONValue.obj(["id": id, "harnessError": .string("profile: expected a string")]).jsonText
        }
        switch evaluate(
            component: component, profile: profileValue?.stringValue, options: request["options"],
            input: request["input"])
        {
        case .output(let o): return JSONValue.obj(["id": id, "output": o]).jsonText
        case .harnessError(let m): return JSONValue.obj(["id": id, "harnessError": .string(m)]).jsonText
        case .unsupported(let m): return JSONValue.obj(["id": id, "unsupported": .string(m)]).jsonText
        }
    }
}

/// Reads the top-level `"id"` of a line that does not parse as a whole (bad syntax later on, or
/// nesting past the envelope's limit), so the reply still names the request.
enum EnvelopeID {
    /// The value of the first top-level `"id"` member that is complete before the line goes bad,
    /// when it is a string, number or null.
    static func scan(_ b: [UInt8]) -> JSONValue? {
        var i = 0
        func ws() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        /// The end (exclusive) of the string starting at `i`, or nil.
        func stringEnd(_ start: Int) -> Int? {
            var j = start + 1
            while j < b.count {
                if b[j] == 0x5C { j += 2; continue }
                if b[j] == 0x22 { return j + 1 }
                j += 1
            }
            return nil
        }
        ws()
        guard i < b.count, b[i] == 0x7B else { return nil }
        i += 1
        while true {
            ws()
            guard i < b.count, b[i] == 0x22, let keyEnd = stringEnd(i) else { return nil }
            let key = try? JSONParser(maxDepth: 1).parse(Array(b[i..<keyEnd]))
            i = keyEnd
            ws()
            guard i < b.count, b[i] == 0x3A else { return nil }
            i += 1
            ws()
            let valueStart = i
            // Skip the value: a string, or anything up to the next top-level `,` or `}`.
            var depth = 0
            while i < b.count {
                let c = b[i]
                if c == 0x22 {
                    guard let e = stringEnd(i) else { return nil }
                    i = e
                    continue
                }
                if c == 0x5B || c == 0x7B {
                    depth += 1
                } else if c == 0x5D || c == 0x7D {
                    if depth == 0 { break }
                    depth -= 1
                } else if c == 0x2C, depth == 0 {
                    break
                }
                i += 1
            }
            if key == .string("id") {
                guard let v = try? JSONParser(maxDepth: 1).parse(Array(b[valueStart..<i])) else { return nil }
                switch v {
                case .string, .number, .null: return v
                default: return nil
                }
            }
            guard i < b.count, b[i] == 0x2C else { return nil }
            i += 1
        }
    }
}
