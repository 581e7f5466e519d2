import AFCorpusFormat
import AFSerialization
import AFVectorFormat
import Foundation

/// JSON parsing (SPEC §6.4) against Foundation's `JSONSerialization`, and null cleaning.
///
/// Input: ``JSONInput`` (the frozen option header and the payload).
///
/// Checks: Foundation dialect: accept/reject agrees with `JSONSerialization` exactly; RFC 8259
/// dialect: every document we accept, `JSONSerialization` accepts too unless a number overflows
/// a Double (Foundation refuses those). Accepted values agree (strings by UTF-8 bytes, with the
/// U+FEFFs Foundation drops modelled exactly, see ``escapingDroppedBOMs(_:)``; numbers
/// by value, objects by distinct keys with the last duplicate winning, as Foundation keeps).
/// Rejections are NSCocoaErrorDomain 3840 or a typed nesting error; an offset lies in the input.
/// Null cleaning (SPEC §6.4): equals an independent cleaner under Foundation's last-key-wins
/// reading, leaves no null where the profile removes them, is idempotent, and af3's output
/// cleaned again by af4 is af4's output (af3 ⊇ af4).
public enum JSONFuzz: FuzzBody {
    public static var name: String { JSONInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = JSONInput.setUp(&input)
        let (allowFragments, foundationDialect, cleaning, payload, parser) = (
            setup.allowFragments, setup.foundationDialect, setup.cleaning, setup.payload, setup.parser
        )
        let ours = Result { () throws(AFSError) in try parser.parse(payload) }
        var theirError: NSError?
        let theirs: Any?
        do {
            theirs = try JSONSerialization.jsonObject(
                with: Data(payload), options: allowFragments ? [.fragmentsAllowed] : [])
        } catch {
            theirs = nil
            theirError = error as NSError
        }
        switch (ours, theirs) {
        case (.failure(let e), _):
            try check(
                (e.domain == AFSError.cocoaDomain && e.code == 3840) || e.kind == .nestingTooDeep,
                "unexpected error \(e)")
            try check(
                e.offset.map { $0 >= 0 && $0 <= payload.count } ?? true,
                "error offset \(e.offset ?? -1) outside input of \(payload.count): \(e)")
            if foundationDialect, e.domain == AFSError.cocoaDomain, let theirError { try checkTexts(e, theirError) }
            if foundationDialect, let f = theirs {
                // Only the U+FEFF decision explains this (see ``verdictAsFoundationKeysRead``): read
                // as Foundation reads it, the document must be accepted, with Foundation's value.
                let options: JSONSerialization.ReadingOptions = allowFragments ? [.fragmentsAllowed] : []
                guard isNumberRangeError(e), let utf8 = foundationUTF8(payload, value: f, options: options),
                    case .success(let w)? = verdictAsFoundationKeysRead(utf8, parser)
                else {
                    throw FuzzFailure("Foundation dialect rejects what JSONSerialization accepts: \(e)")
                }
                try agree(w, f, path: "$", exact: true)
            }
        case (.success(let v), nil):
            if foundationDialect {
                // The same decision the other way: keys one for us, two for Foundation.
                guard isUTF8Candidate(payload),
                    case .failure(let e)? = verdictAsFoundationKeysRead(payload, parser), isNumberRangeError(e)
                else {
                    throw FuzzFailure("accepted what JSONSerialization rejects: \(v.jsonText.prefix(200))")
                }
            } else {
                try check(v.hasNonFiniteNumber, "accepted what JSONSerialization rejects: \(v.jsonText.prefix(200))")
            }
            if cleaning { try checkCleaning(v, payload, parser) }
        case (.success(let v), .some(let f)):
            // Compared exactly against Foundation's reading of the document (as UTF-8) with the
            // U+FEFFs it drops escaped (see ``escapingDroppedBOMs(_:)``). Only if no UTF-16/32
            // reading of the bytes gives Foundation's value (not seen) is U+FEFF removed from both.
            let options: JSONSerialization.ReadingOptions = allowFragments ? [.fragmentsAllowed] : []
            if let utf8 = foundationUTF8(payload, value: f, options: options) {
                let rewritten = escapingDroppedBOMs(utf8)
                if rewritten == payload { try agree(v, f, path: "$", exact: true); break }
                if let g = try? JSONSerialization.jsonObject(with: Data(rewritten), options: options) {
                    try agree(v, g, path: "$", exact: true)
                } else {
                    // Escaped, a U+FEFF key no longer merges with its plain twin for Foundation, so an
                    // overflowing number it shadowed may now count (``verdictAsFoundationKeysRead``):
                    // then our reading with Foundation's keys must equal Foundation's value exactly.
                    guard case .success(let w)? = verdictAsFoundationKeysRead(utf8, parser) else {
                        throw FuzzFailure("JSONSerialization rejects the document once its dropped U+FEFFs are escaped")
                    }
                    try agree(w, f, path: "$", exact: true)
                }
            } else {
                try agree(v, f, path: "$", exact: false)
            }
            if cleaning { try checkCleaning(v, payload, parser) }
        }
    }

    static func checkCleaning(_ v: JSONValue, _ payload: [UInt8], _ parser: JSONParser) throws(FuzzFailure) {
        func clean(_ p: Profile, _ x: JSONValue) throws(FuzzFailure) -> JSONValue {
            do { return try NullCleaning.clean(x, profile: p) } catch {
                throw FuzzFailure("null cleaning (\(p)) failed: \(error)")
            }
        }
        let af3 = try clean(.af3, v), af4 = try clean(.af4, v), strict = try clean(.strict, v)
        // The parser's fused cleaning (what the response serializer uses) equals the reference.
        for (profile, expected) in [(Profile.af3, af3), (.af4, af4)] {
            var fused = parser
            fused.nullCleaning = NullCleaning.Mode(profile)
            let got = Result { () throws(AFSError) in try fused.parse(payload) }
            try check(
                got == .success(expected), "cleaning while parsing (\(profile)) differs from NullCleaning.clean: \(got)"
            )
        }
        try check(
            af3.canonical == NullOracle.clean(v, arrays: false).canonical,
            "af3 cleaning differs from the independent cleaner")
        try check(
            af4.canonical == NullOracle.clean(v, arrays: true).canonical,
            "af4 cleaning differs from the independent cleaner")
        try check(strict == af4, "strict cleaning differs from af4")
        let topIsContainer = v.arrayValue != nil || v.objectValue != nil
        if topIsContainer {
            try check(!af4.containsNull(inArrays: true), "af4 left a null")
            try check(!af3.containsNull(inArrays: false), "af3 left a null dictionary value")
        }
        let af4Again = try clean(.af4, af4), af3Again = try clean(.af3, af3), af3ThenAf4 = try clean(.af4, af3)
        try check(af4Again == af4 && af3Again == af3, "null cleaning is not idempotent")
        try check(af3ThenAf4.canonical == af4.canonical, "af3 output is not a superset of af4 output")
    }

    /// No 00, FE or FF byte: Foundation reads such a payload as UTF-8 (UTF-16/32 text has one).
    static func isUTF8Candidate(_ payload: [UInt8]) -> Bool {
        !payload.contains(where: { $0 == 0x00 || $0 == 0xFE || $0 == 0xFF })
    }

    /// The document as UTF-8 text: the payload itself unless it has a 00, FE or FF byte (none
    /// occurs in UTF-8 JSON that parses); else the UTF-16/32 reading (after a 2- or 4-byte BOM,
    /// an odd trailing partial unit dropped) that Foundation reads as `value` (the one it chose).
    static func foundationUTF8(_ payload: [UInt8], value: Any, options: JSONSerialization.ReadingOptions) -> [UInt8]? {
        if isUTF8Candidate(payload) { return payload }
        let encodings: [(String.Encoding, Int)] = [
            (.utf16LittleEndian, 2), (.utf16BigEndian, 2), (.utf32LittleEndian, 4), (.utf32BigEndian, 4),
        ]
        for (encoding, unit) in encodings {
            for skip in [0, 2, 4] where skip <= payload.count {
                let n = (payload.count - skip) / unit * unit
                guard let text = String(bytes: payload[skip..<(skip + n)], encoding: encoding) else { continue }
                let utf8 = Array(text.utf8)
                if let g = try? JSONSerialization.jsonObject(with: Data(utf8), options: options),
                    let a = g as? NSObject, a == value as? NSObject
                {
                    return utf8
                }
            }
        }
        return nil
    }

    /// Foundation on Linux drops a raw (unescaped) U+FEFF that starts a raw run of a string or key:
    /// right after the opening quote or right after an escape sequence (it seems to decode each run
    /// as BOM-sniffed UTF-8); one per run, a U+FEFF elsewhere and an escaped `\uFEFF` are kept
    /// (observed with Swift 6.3.1's Foundation, UTF-8 and UTF-16 input alike:
    /// `"<FEFF>a"` → `a`, `"\n<FEFF>b"` → `\nb`, `"\u0000<FEFF>b"` → `\0b`, `"<FEFF><FEFF>b"` →
    /// `<FEFF>b`, `"a<FEFF>b"` kept, `"\uFEFF"` kept). We keep them (reported). This returns the
    /// document with each U+FEFF that starts a raw run written as `\uFEFF` (an escape starts a new
    /// run, so a chain of them is escaped), so Foundation's reading of it must equal ours byte for
    /// byte. `b` is UTF-8.
    static func escapingDroppedBOMs(_ b: [UInt8]) -> [UInt8] { rewritingDroppedBOMs(b, escape: true) }

    /// Foundation's dialect checks numbers only in the last member of each key (as Linux
    /// Foundation, which converts lazily: `FoundationNumbers`). Keys compare after Foundation drops
    /// a run-starting U+FEFF, ours with it (SPEC §6.4 decision), so `{"a": 1e400, "<FEFF>a": 0}`
    /// is one key for Foundation (accepted) and two for us (rejected). Our verdict on the document
    /// with exactly the U+FEFFs Foundation drops removed, or nil when it drops none (then nothing
    /// explains a disagreement).
    static func verdictAsFoundationKeysRead(_ utf8: [UInt8], _ parser: JSONParser) -> Result<JSONValue, AFSError>? {
        let stripped = rewritingDroppedBOMs(utf8, escape: false)
        if stripped == utf8 { return nil }
        return Result { () throws(AFSError) in try parser.parse(stripped) }
    }

    /// Oracle foundation-texts: both reject, so AF users read Foundation's localized description
    /// and its NSDebugDescription sentence (SPEC §6.4). With several overflowing numbers Foundation
    /// names the one its unordered dictionaries reach first; the core, the first in the document.
    static func checkTexts(_ e: AFSError, _ theirs: NSError) throws(FuzzFailure) {
        try check(
            e.message == theirs.localizedDescription,
            "description \(e.message) is not Foundation's \(theirs.localizedDescription)")
        let debug = theirs.userInfo[NSDebugDescriptionErrorKey] as? String
        if e.context["debugDescription"] == debug { return }
        try check(
            isNumberRangeError(e) && debug?.hasSuffix(" is not representable in Swift.") == true,
            "NSDebugDescription \(e.context["debugDescription"] ?? "-") is not Foundation's \(debug ?? "-")")
    }

    static func isNumberRangeError(_ e: AFSError) -> Bool {
        e.domain == AFSError.cocoaDomain && e.code == 3840
            && e.context["debugDescription"]?.hasSuffix(" is not representable in Swift.") == true
    }

    /// `escape`: each dropped U+FEFF written as `\uFEFF` (an escape starts a new run, so a chain of
    /// them is escaped); else removed (one per run, as Foundation drops them).
    static func rewritingDroppedBOMs(_ b: [UInt8], escape: Bool) -> [UInt8] {
        if !b.contains(0xEF) { return b }  // no U+FEFF at all
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 8)
        var i = 0, inString = false, runStart = false
        while i < b.count {
            let c = b[i]
            if !inString {
                if c == 0x22 { inString = true; runStart = true }
                out.append(c); i += 1
            } else if runStart, c == 0xEF, i + 2 < b.count, b[i + 1] == 0xBB, b[i + 2] == 0xBF {
                // The escape starts a new run: a U+FEFF right after it is escaped too.
                if escape { out += Array("\\uFEFF".utf8) } else { runStart = false }
                i += 3
            } else if c == 0x5C {
                // `\uXXXX` or `\c`: a raw run starts after it.
                let end = min(b.count, i + (i + 1 < b.count && b[i + 1] == 0x75 ? 6 : 2))
                out += b[i..<end]; i = end; runStart = true
            } else {
                if c == 0x22 { inString = false }
                out.append(c); i += 1; runStart = false
            }
        }
        return out
    }

    /// Iterative comparison of our value with Foundation's object graph.
    static func agree(_ ours: JSONValue, _ theirs: Any, path: String, exact: Bool) throws(FuzzFailure) {
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
                // Not `exact` (UTF-16/32): the U+FEFFs Foundation drops (``escapingDroppedBOMs(_:)``)
                // are removed from both sides.
                try check(
                    Array(s.utf8) == Array(t.utf8) || (!exact && withoutBOMs(s) == withoutBOMs(t)),
                    "\(at): string \(s.debugDescription) vs \(t.debugDescription)")
            case .array(let xs):
                guard let ys = b as? [Any] else { throw FuzzFailure("\(at): array vs \(type(of: b))") }
                try check(xs.count == ys.count, "\(at): array of \(xs.count) vs \(ys.count)")
                for (i, (x, y)) in zip(xs, ys).enumerated() { work.append((x, y, "\(at)[\(i)]")) }
            case .object(let members):
                guard let d = b as? [String: Any] else { throw FuzzFailure("\(at): object vs \(type(of: b))") }
                // Not `exact`: keys lose raw U+FEFFs in Foundation too (see strings below), so they
                // are compared without them; keys that only differ by U+FEFF collide then, and their
                // values are not compared.
                func norm(_ key: String) -> String { exact ? key : withoutBOMs(key) }
                var last: [String: JSONValue] = [:]
                for m in members { last[norm(m.key)] = m.value }
                var theirs: [String: Any] = [:]
                var ambiguous: Set<String> = []
                for (k, v) in d {
                    if theirs.updateValue(v, forKey: norm(k)) != nil { ambiguous.insert(norm(k)) }
                }
                try check(
                    last.count == theirs.count || !ambiguous.isEmpty,
                    "\(at): \(last.count) distinct keys vs \(theirs.count)")
                for (k, v) in last where !ambiguous.contains(k) {
                    guard let w = theirs[k] else {
                        throw FuzzFailure("\(at): key \(k.debugDescription) missing in Foundation's")
                    }
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

/// An independent null cleaner (SPEC §6.4), recursive: parser output nests at most 512 deep.
/// Objects are read as Foundation dictionaries (last duplicate wins) before cleaning.
enum NullOracle {
    static func clean(_ v: JSONValue, arrays: Bool) -> JSONValue {
        switch v {
        case .array(let xs):
            return .array(
                xs.compactMap { x in
                    if arrays, x.isNull { return nil }
                    return clean(x, arrays: arrays)
                })
        case .object(let ms):
            var last: [String: JSONValue] = [:]
            var order: [String] = []
            for m in ms {
                if last[m.key] == nil { order.append(m.key) }
                last[m.key] = m.value
            }
            return .object(
                order.compactMap { k in
                    guard let value = last[k], !value.isNull else { return nil }
                    return .init(k, clean(value, arrays: arrays))
                })
        default:
            return v
        }
    }
}

extension JSONValue {
    /// Objects as last-wins maps with members sorted by key bytes (Foundation's reading).
    var canonical: JSONValue {
        switch self {
        case .array(let xs): return .array(xs.map(\.canonical))
        case .object(let ms):
            var last: [String: JSONValue.Member] = [:]
            for m in ms { last[m.key] = .init(m.key, m.value.canonical) }
            return .object(last.values.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
        default: return self
        }
    }

    func containsNull(inArrays: Bool) -> Bool {
        var work = [self]
        while let v = work.popLast() {
            switch v {
            case .array(let xs):
                if inArrays && xs.contains(where: \.isNull) { return true }
                work.append(contentsOf: xs)
            case .object(let ms):
                if ms.contains(where: { $0.value.isNull }) { return true }
                work.append(contentsOf: ms.map(\.value))
            default: break
            }
        }
        return false
    }
}
