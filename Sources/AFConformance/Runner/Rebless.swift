import AFSerialization
import AFVectorFormat

/// `conformance update`: re-bless expected outputs after a deliberate behaviour change.
///
/// The new expected value keeps the shape of the old one: only the fields the vector listed are
/// rewritten (an error's `description` stays out if it was out), so a re-blessed vector does not
/// start pinning details nobody asked for. Vectors are never added or deleted here.
public enum Rebless {
    public struct Change: Sendable {
        public var vector: Vector
        public var old: JSONValue
        public var new: JSONValue
        public var differences: [Mismatch]
    }

    public struct Plan: Sendable {
        public var changes: [Change] = []
        public var unchanged = 0
        public var skipped: [(id: String, reason: String)] = []
    }

    public static func plan(_ set: VectorSet, selection: RunSelection) -> Plan {
        var plan = Plan()
        for v in set.vectors where selection.selects(v) {
            let profiles = v.runProfiles(only: nil)
            if let only = selection.profile, !profiles.contains(only) { continue }
            var proposals: [JSONValue] = []
            var skipReason: String?
            for p in profiles {
                switch Evaluator.evaluate(component: v.component, profile: p, options: v.options, input: v.input) {
                case .harnessError(let m), .unsupported(let m): skipReason = "harness error under \(p): \(m)"
                case .output(let actual): proposals.append(project(v.expected, onto: actual, path: "output"))
                }
                if skipReason != nil { break }
            }
            if let skipReason {
                plan.skipped.append((v.id, skipReason))
                continue
            }
            guard let new = proposals.first else { continue }
            if proposals.contains(where: { $0 != new }) {
                plan.skipped.append(
                    (
                        v.id,
                        "profiles \(profiles.joined(separator: ", ")) now give "
                            + "different outputs; split the vector by profile first"
                    ))
                continue
            }
            let differences = Matcher.compare(expected: v.expected, actual: new)
            if differences.isEmpty {
                plan.unchanged += 1
            } else {
                plan.changes.append(Change(vector: v, old: v.expected, new: new, differences: differences))
            }
        }
        return plan
    }

    /// Writes every change; each touched file is rewritten once, atomically. Returns the files written.
    public static func apply(_ plan: Plan) throws(HarnessError) -> [String] {
        var byFile: [String: [Change]] = [:]
        for c in plan.changes { byFile[c.vector.file, default: []].append(c) }
        var written: [String] = []
        for file in byFile.keys.sorted() {
            var doc = try readDocument(file)
            guard var vectors = doc["vectors"]?.arrayValue else { throw HarnessError(file, "vectors: missing") }
            for c in byFile[file]! {
                guard c.vector.index < vectors.count, vectors[c.vector.index]["id"]?.stringValue == c.vector.id else {
                    throw HarnessError(file, "\(c.vector.id) moved since it was loaded; rerun update")
                }
                vectors[c.vector.index] = vectors[c.vector.index].setting("expected", c.new)
            }
            doc = doc.setting("vectors", .array(vectors))
            try write(doc, to: file)
            written.append(file)
        }
        return written
    }

    /// The actual output cut down to the fields `expected` lists (see the type comment).
    static func project(_ e: JSONValue, onto a: JSONValue, path: String) -> JSONValue {
        if Matcher.unorderedItems(e) != nil {
            return a.arrayValue != nil ? .obj(["$unordered": a]) : a
        }
        if let items = Matcher.includedItems(e), let actual = a.arrayValue {
            // Keep the pinned items that still exist in a matching form; a changed one takes the actual row
            // with the same first element (header name) when there is one.
            let kept = items.compactMap { item -> JSONValue? in
                if actual.contains(where: { Matcher.matches(expected: item, actual: $0) }) { return item }
                let key = item.arrayValue?.first
                return actual.first { $0.arrayValue?.first == key }
            }
            return .obj(["$includes": .array(kept)])
        }
        if Matcher.bytesValue(e) != nil && Matcher.bytesValue(a) != nil { return a }
        switch (e, a) {
        case (.object(let em), .object(let am)):
            // A switch between output and error takes the whole new value.
            if path == "output" && (e["error"] != nil) != (a["error"] != nil) { return a }
            var out: [JSONValue.Member] = []
            let isError = a["domain"] != nil && (a["code"] != nil || a["kind"] != nil)
            if isError {
                // An error's identity is always pinned, even where the old vector left it out.
                for key in ["domain", "code", "kind"] where e[key] == nil {
                    if let v = a[key] { out.append(.init(key, v)) }
                }
            }
            for m in em {
                if Matcher.isAbsentMarker(m.value) {
                    out.append(.init(m.key, a[m.key] ?? m.value))
                    continue
                }
                guard let av = a[m.key] else { continue }
                let sub = "\(path).\(m.key)"
                out.append(
                    .init(m.key, Matcher.exactFields.contains(m.key) ? av : project(m.value, onto: av, path: sub)))
            }
            return out.isEmpty && !am.isEmpty ? a : .object(out)
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            return .array(zip(xs, ys).enumerated().map { project($1.0, onto: $1.1, path: "\(path)[\($0)]") })
        default:
            return a
        }
    }

    static func readDocument(_ file: String) throws(HarnessError) -> JSONValue {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(file) } catch { throw HarnessError(file, error.message) }
        do { return try JSONParser(maxDepth: 4096).parse(bytes) } catch {
            throw HarnessError(file, "not valid JSON: \(error)")
        }
    }

    static func write(_ doc: JSONValue, to file: String) throws(HarnessError) {
        do { try FileSystem.writeFileAtomically(file, Array(VectorFileWriter.text(doc).utf8)) } catch {
            throw HarnessError(file, error.message)
        }
    }
}

/// `conformance promote`: turn an input (a fuzzer crash, a bug report) into a vector whose expected
/// value is today's output, flagged `"review": true` until someone checks it against the SPEC.
public enum Promote {
    public struct Result: Sendable {
        public var id: String
        public var file: String
        public var vector: JSONValue
    }

    /// Builds the vector's `input` from a file: a JSON object with `input` (and optional `options`)
    /// is used as is; otherwise the bytes go into `field`, or where the component puts a file's
    /// bytes (``EvalComponent/input(fromFileBytes:)``), merged with `with`.
    public static func makeRequest(component: String, bytes: [UInt8], field: String?, with extra: JSONValue?)
        throws(HarnessError) -> (input: JSONValue, options: JSONValue?)
    {
        if field == nil, let doc = try? JSONParser().parse(bytes), doc["input"] != nil, doc.objectValue != nil {
            return (doc["input"]!, doc["options"])
        }
        var input: JSONValue
        if let field {
            input = .object([.init(field, Codec.encodeBytes(bytes))])
        } else if let fromBytes = try Components.byName[component]?.input(fromFileBytes: bytes) {
            input = fromBytes
        } else {
            throw HarnessError(
                "input", "for \(component), give a JSON file {\"input\": …, \"options\": …} or --field NAME")
        }
        if let extra {
            guard let members = extra.objectValue else { throw HarnessError("--with", "expected a JSON object") }
            for m in members { input = input.setting(m.key, m.value) }
        }
        return (input, nil)
    }

    public static func promote(
        root: String, set: VectorSet, component: String, profile: String,
        input: JSONValue, options: JSONValue?, source: String, date: String
    ) throws(HarnessError) -> Result {
        guard Components.byName[component] != nil else {
            throw HarnessError(
                "--component", "unknown component \"\(component)\"; known: \(Components.names.joined(separator: ", "))")
        }
        let output: JSONValue
        switch Evaluator.evaluate(component: component, profile: profile, options: options, input: input) {
        case .harnessError(let m), .unsupported(let m):
            throw HarnessError("input", "the harness cannot evaluate this input: \(m)")
        case .output(let o): output = o
        }
        let dir = FileSystem.join(root, component)
        let file = FileSystem.join(dir, "promoted.json")
        var doc: JSONValue
        if FileSystem.isFile(file) {
            doc = try Rebless.readDocument(file)
        } else {
            doc = .obj([
                "schema": .string(VectorLoader.schemaTag), "component": .string(component),
                "description": .string(
                    "Inputs promoted by `conformance promote` (fuzzer crashes, bug reports). Review each against the "
                        + "SPEC, fix `expected` if needed, drop `review`, then move it to a topic file keeping its id."
                ),
                "refs": .array([]), "vectors": .array([]),
            ])
        }
        var vectors = doc["vectors"]?.arrayValue ?? []
        var taken = Set(set.vectors.map(\.id))
        for v in vectors { if let id = v["id"]?.stringValue { taken.insert(id) } }
        let prefix = "\(component)/promoted/"
        var n = taken.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }.max() ?? 0
        var id: String
        repeat {
            n += 1
            let digits = String(n)
            id = prefix + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        } while taken.contains(id)
        var members: [JSONValue.Member] = [
            .init("id", .string(id)),
            .init(
                "comment",
                .string(
                    "promoted from \(source) on \(date); expected is the implementation's "
                        + "output at that time, NOT yet checked against the SPEC"
                )),
            .init("review", .bool(true)),
            .init("profiles", .array([.string(profile)])),
            // Nobody has judged it yet: `coverage` fails until a reviewer gives it its authority.
            .init("level", .string(Level.decision.rawValue)), .init("authority", .string("unreviewed")),
        ]
        if let options { members.append(.init("options", options)) }
        members += [.init("input", input), .init("expected", output)]
        let vector = JSONValue.object(members)
        vectors.append(vector)
        doc = doc.setting("vectors", .array(vectors))
        do { try FileSystem.makeDirectory(dir) } catch { throw HarnessError(dir, error.message) }
        try Rebless.write(doc, to: file)
        return Result(id: id, file: file, vector: vector)
    }
}
