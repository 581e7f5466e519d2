import AFSerialization
import AFVectorFormat

// MARK: JSON (machine-readable results)

extension Reporters {
    public static func json(_ r: RunReport) -> String {
        var results: [JSONValue] = []
        for res in r.results {
            var m: [JSONValue.Member] = [
                .init("id", .string(res.vector.id)), .init("component", .string(res.vector.component)),
                .init("profile", .string(res.profile)), .init("file", .string(res.vector.file)),
            ]
            if let level = res.level {
                m += [
                    .init("level", .string(level.rawValue)),
                    .init("authority", .string(res.vector.authorities[res.profile] ?? "")),
                ]
            }
            if let i = res.acceptedAlternative { m.append(.init("acceptable", .int(i))) }
            switch res.status {
            case .passed: m.append(.init("status", .string("passed")))
            case .failed: m.append(.init("status", .string("failed")))
            case .harnessError(let e): m += [.init("status", .string("harnessError")), .init("message", .string(e))]
            case .expectedFailure(let e):
                m += [.init("status", .string("expectedFailure")), .init("reason", .string(e))]
            case .unexpectedPass(let e, let file):
                m += [
                    .init("status", .string("unexpectedPass")), .init("reason", .string(e)),
                    .init("listedIn", .string(file)),
                ]
            case .notApplicable(let e): m += [.init("status", .string("notApplicable")), .init("reason", .string(e))]
            }
            if !res.mismatches.isEmpty {
                m.append(
                    .init(
                        "differences",
                        .array(
                            res.mismatches.map { d in
                                .obj([
                                    "path": .string(d.path), "note": .string(d.note), "expected": d.expected ?? .null,
                                    "actual": d.actual ?? .null,
                                ])
                            })))
            }
            if let actual = res.actual, res.isFailure { m.append(.init("actual", actual)) }
            results.append(.object(m))
        }
        let doc = JSONValue.obj([
            "passed": .int(r.passed), "failed": .int(r.failed), "expectedFailures": .int(r.expectedFailureCount),
            "notApplicable": .int(r.notApplicableCount),
            "components": .array(
                r.byComponent().map {
                    .obj([
                        "component": .string($0.component), "passed": .int($0.passed), "failed": .int($0.failed),
                        "expectedFailures": .int($0.expectedFailures), "notApplicable": .int($0.notApplicable),
                    ])
                }),
            "levels": .array(
                r.byLevel().map {
                    .obj([
                        "level": $0.level.map { .string($0.rawValue) } ?? .null, "passed": .int($0.passed),
                        "failed": .int($0.failed),
                        "expectedFailures": .int($0.expectedFailures), "notApplicable": .int($0.notApplicable),
                        "passedByAcceptable": .int($0.acceptable), "unjudged": .int($0.unjudged),
                    ])
                }),
            "failureClasses": .array(
                r.failureClasses().map { c in
                    .obj([
                        "component": .string(c.component), "level": c.level.map { .string($0.rawValue) } ?? .null,
                        "path": .string(c.path), "note": .string(c.note), "runs": .int(c.runs.count),
                        "example": .string("\(c.example.vector.id)@\(c.example.profile)"),
                    ])
                }),
            "protocolErrorClasses": .array(
                r.protocolErrorClasses().map { g in
                    .obj([
                        "cause": .string(g.key), "count": .int(g.errors.count),
                        "example": .string(g.errors[0].description),
                    ])
                }),
            "unavailableComponents": .array(
                r.unavailableComponents.map { .obj(["component": .string($0.component), "runs": .int($0.runs)]) }),
            "problems": .array(
                r.problems.map { p in
                    .obj([
                        "file": .string(p.file), "id": p.id.map(JSONValue.string) ?? .null,
                        "field": p.field.map(JSONValue.string) ?? .null, "message": .string(p.message),
                    ])
                }),
            "staleExpectedFailures": .array(r.staleExpectedFailures.map(JSONValue.string)),
            "protocolErrors": .array(
                r.protocolErrors.map { p in
                    .obj(["message": .string(p.message), "run": p.run.map(JSONValue.string) ?? .null])
                }),
            "implementation": r.implementation.map(implementationJSON) ?? .null,
            "timing": .obj([
                "loadSeconds": .number(seconds(r.loadNanoseconds)), "evalSeconds": .number(seconds(r.evalNanoseconds)),
                "vectorsPerSecond": r.throughput.map { .int(Int($0.vectorsPerSecond.rounded())) } ?? .null,
                "runsPerSecond": r.throughput.map { .int(Int($0.runsPerSecond.rounded())) } ?? .null,
            ]),
            "results": .array(results),
        ])
        return doc.prettyJSONText + "\n"
    }

    static func implementationJSON(_ i: ImplementationSummary) -> JSONValue {
        func str(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let declaration: JSONValue =
            i.declaration.map { d in
                .obj([
                    "protocol": str(d.protocolVersion), "name": str(d.name), "version": str(d.version),
                    "components": d.components.map { c in
                        .object(c.keys.sorted().map { .init($0, .array(c[$0]!.map(JSONValue.string))) })
                    } ?? .null,
                    "profiles": d.profiles.map { .array($0.map(JSONValue.string)) } ?? .null,
                    "omits": .object(
                        d.omittedPaths.keys.sorted().map {
                            .init($0, .array(d.omittedPaths[$0]!.map(JSONValue.string)))
                        }),
                ])
            } ?? .null
        return .obj([
            "command": .string(i.command), "window": .int(i.window),
            "requestTimeoutSeconds": .number(number(i.requestTimeoutSeconds)),
            "processesStarted": .int(i.processesStarted), "requestsSent": .int(i.requestsSent),
            "requestsResent": .int(i.requestsResent), "gaveUp": str(i.gaveUp),
            "cappedComponents": .array(i.cappedComponents.map(JSONValue.string)),
            "declaration": declaration,
        ])
    }
}
