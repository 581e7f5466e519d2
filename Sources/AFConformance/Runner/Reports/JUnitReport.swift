import AFSerialization
import AFVectorFormat

// MARK: JUnit XML (one testsuite per component, one testcase per vector × profile)

extension Reporters {
    /// Expected failures and n/a runs are `<skipped>` with their reason; everything that fails the
    /// run is a `<failure>`.
    public static func junit(_ r: RunReport) -> String {
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let skipped = r.expectedFailureCount + r.notApplicableCount
        out.append(
            "<testsuites name=\"conformance\" "
                + "tests=\"\(r.runCount + r.problems.count + r.staleExpectedFailures.count + r.protocolErrors.count)\" "
                + "failures=\"\(r.failed)\" skipped=\"\(skipped)\" "
                + "time=\"\(seconds(r.loadNanoseconds + r.evalNanoseconds))\">"
        )
        let levels = r.byLevel()
        if levels.contains(where: { $0.level != nil }) {
            out.append("  <properties>")
            for row in levels {
                out.append(
                    "    <property name=\"failures.\(xml(row.level?.rawValue ?? "no-level"))\" "
                        + "value=\"\(row.failed)\"/>"
                )
            }
            out.append("  </properties>")
        }
        var byComponent: [String: [RunResult]] = [:]
        for res in r.results { byComponent[res.vector.component, default: []].append(res) }
        for u in r.unavailableComponents where byComponent[u.component] == nil { byComponent[u.component] = [] }
        for c in byComponent.keys.sorted() {
            let rs = byComponent[c]!
            let unavailable = r.unavailableComponents.first { $0.component == c }
            let failures = rs.filter(\.isFailure).count + (unavailable?.runs ?? 0)
            let skips = rs.filter { $0.isExpectedFailure || $0.isNotApplicable }.count
            out.append(
                "  <testsuite name=\"\(xml(c))\" tests=\"\(rs.count + (unavailable?.runs ?? 0))\" "
                    + "failures=\"\(failures)\" skipped=\"\(skips)\">"
            )
            for res in rs {
                // The level joins the class name, so a JUnit viewer groups failures by the authority they broke.
                let classname = res.level.map { "\(c).\($0.rawValue)" } ?? c
                let open = "    <testcase classname=\"\(xml(classname))\" name=\"\(xml(res.name))\""
                switch res.status {
                case .passed:
                    out.append(open + "/>")
                case .expectedFailure(let reason):
                    out.append(open + "><skipped message=\"expected failure: \(xml(reason))\"/></testcase>")
                case .notApplicable(let reason):
                    out.append(open + "><skipped message=\"n/a: \(xml(reason))\"/></testcase>")
                default:
                    let body = describe(res).joined(separator: "\n")
                    out.append(open + "><failure message=\"\(xml(headline(res)))\">\(xml(body))</failure></testcase>")
                }
            }
            if let u = unavailable {
                out.append(
                    "    <testcase classname=\"\(xml(c))\" name=\"\(xml(c)) (component not in this build)\"><failure "
                        + "message=\"unknown component: \(u.runs) runs not evaluated\"/></testcase>"
                )
            }
            out.append("  </testsuite>")
        }
        if !r.protocolErrors.isEmpty {
            out.append(
                "  <testsuite name=\"implementation-protocol\" tests=\"\(r.protocolErrors.count)\" "
                    + "failures=\"\(r.protocolErrors.count)\">"
            )
            for (i, p) in r.protocolErrors.enumerated() {
                out.append(
                    "    <testcase classname=\"implementation-protocol\" name=\"protocol error "
                        + "\(i + 1)\(xml(p.run.map { " (" + $0 + ")" } ?? ""))\"><failure "
                        + "message=\"\(xml(p.message))\"/></testcase>"
                )
            }
            out.append("  </testsuite>")
        }
        if !r.problems.isEmpty || !r.staleExpectedFailures.isEmpty {
            out.append(
                "  <testsuite name=\"vector-files\" tests=\"\(r.problems.count + r.staleExpectedFailures.count)\" "
                    + "failures=\"\(r.problems.count + r.staleExpectedFailures.count)\">"
            )
            for p in r.problems {
                out.append(
                    "    <testcase classname=\"vector-files\" "
                        + "name=\"\(xml(p.file + (p.id.map { " " + $0 } ?? "")))\"><failure "
                        + "message=\"\(xml(p.description))\"/></testcase>"
                )
            }
            for s in r.staleExpectedFailures {
                out.append(
                    "    <testcase classname=\"vector-files\" name=\"expected failure \(xml(s))\"><failure "
                        + "message=\"stale entry: no vector has this id\"/></testcase>"
                )
            }
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    static func xml(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(u)
            default:
                // XML 1.0 forbids most control characters even as references.
                if u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) {
                    out += "\\x" + Codec.hex([UInt8(truncatingIfNeeded: u.value)])
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
