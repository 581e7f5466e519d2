import AFSerialization
import Foundation

/// JSON parsing (SPEC §6.4) against Foundation's `JSONSerialization`.
///
/// Header (2 bytes, frozen): `[0]` bit 0: allowFragments; bit 1: Foundation dialect (reserved until
/// the dialect lands; now always RFC 8259); bits 2–7 reserved; `[1]` reserved. Payload: the JSON bytes.
///
/// Checks (RFC 8259 dialect): every document we accept, `JSONSerialization` accepts too (same
/// fragments option) with the same values (strings by UTF-8 bytes, numbers by value, objects by
/// distinct keys with the last duplicate winning, as Foundation keeps), unless a number overflows
/// a Double, which Foundation refuses; rejections are NSCocoaErrorDomain 3840 or a typed nesting
/// error, with an offset inside the input.
public enum JSONFuzz: FuzzBody {
    public static let name = "json"

    public static func run(_ input: inout FuzzInput) throws(FuzzFailure) {
        let flags = input.option()
        let allowFragments = flags & 1 == 1
        _ = input.option()
        let payload = Array(input.rest())

        let ours = Result { () throws(AFSError) in try JSONParser(allowFragments: allowFragments).parse(payload) }
        let theirs = try? JSONSerialization.jsonObject(with: Data(payload), options: allowFragments ? [.fragmentsAllowed] : [])
        switch (ours, theirs) {
        case (.failure(let e), _):
            try check((e.domain == AFSError.cocoaDomain && e.code == 3840) || e.kind == .nestingTooDeep, "unexpected error \(e)")
            try check((e.offset ?? -1) >= 0 && (e.offset ?? -1) <= payload.count, "error offset \(e.offset ?? -1) outside input of \(payload.count)")
        case (.success(let v), nil):
            try check(v.hasNonFiniteNumber, "accepted what JSONSerialization rejects: \(v.jsonText.prefix(200))")
        case (.success(let v), .some(let f)):
            try agree(v, f, path: "$")
        }
    }

    /// Iterative comparison of our value with Foundation's object graph.
    static func agree(_ ours: JSONValue, _ theirs: Any, path: String) throws(FuzzFailure) {
        var work: [(JSONValue, Any, String)] = [(ours, theirs, path)]
        while let (a, b, at) = work.popLast() {
            switch a {
            case .null:
                try check(b is NSNull, "\(at): null vs \(type(of: b))")
            case .bool(let x):
                try check((b as? NSNumber)?.boolValue == x, "\(at): bool \(x) vs \(b)")
            case .number(let text):
                guard let n = b as? NSNumber else { throw FuzzFailure("\(at): number vs \(type(of: b))") }
                // Foundation keeps integers beyond 64 bits as Decimal, whose doubleValue is not
                // correctly rounded: allow a relative 1e-14 there, exact equality elsewhere.
                let mine = Double(text) ?? .nan, theirs = n.doubleValue
                try check(mine == theirs || abs(mine - theirs) <= abs(mine) * 1e-14, "\(at): number \(text) vs \(n)")
            case .string(let s):
                guard let t = b as? String else { throw FuzzFailure("\(at): string vs \(type(of: b))") }
                // Foundation on Linux drops a raw (unescaped) U+FEFF at the start of a string and
                // right after an escape sequence (it decodes each raw run as BOM-sniffed UTF-8);
                // we keep it. Reported; compared here with U+FEFF removed from both.
                try check(Array(s.utf8) == Array(t.utf8) || withoutBOMs(s) == withoutBOMs(t), "\(at): string \(s.debugDescription) vs \(t.debugDescription)")
            case .array(let xs):
                guard let ys = b as? [Any] else { throw FuzzFailure("\(at): array vs \(type(of: b))") }
                try check(xs.count == ys.count, "\(at): array of \(xs.count) vs \(ys.count)")
                for (i, (x, y)) in zip(xs, ys).enumerated() { work.append((x, y, "\(at)[\(i)]")) }
            case .object(let members):
                guard let d = b as? [String: Any] else { throw FuzzFailure("\(at): object vs \(type(of: b))") }
                // Keys lose raw U+FEFFs in Foundation too (see strings below): compare without them.
                var last: [String: JSONValue] = [:]
                for m in members { last[withoutBOMs(m.key)] = m.value }
                var theirs: [String: Any] = [:]
                for (k, v) in d { theirs[withoutBOMs(k)] = v }
                try check(last.count == theirs.count, "\(at): \(last.count) distinct keys vs \(theirs.count)")
                for (k, v) in last {
                    guard let w = theirs[k] else { throw FuzzFailure("\(at): key \(k.debugDescription) missing in Foundation's") }
                    work.append((v, w, "\(at).\(k)"))
                }
            }
        }
    }
}

func withoutBOMs(_ s: String) -> String {
    guard s.unicodeScalars.contains("\u{FEFF}") else { return s }
    return String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "\u{FEFF}" }))
}

extension JSONValue {
    /// True when some number's text overflows a Double (Foundation rejects such documents).
    var hasNonFiniteNumber: Bool {
        var work = [self]
        while let v = work.popLast() {
            switch v {
            case .number(let t): if !(Double(t)?.isFinite ?? false) { return true }
            case .array(let xs): work.append(contentsOf: xs)
            case .object(let ms): work.append(contentsOf: ms.map(\.value))
            default: break
            }
        }
        return false
    }
}
