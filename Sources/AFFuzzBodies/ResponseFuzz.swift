import AFCorpusFormat
import AFFoundationCompat
import AFSerialization
import AFVectorFormat
import Foundation

/// The response serializers end to end (SPEC §6.4–6.5): HTTP, JSON, XML, image, property list and
/// the compound serializer, each behind AF's validation.
///
/// Input: ``ResponseInput`` (the frozen option header and the payload).
///
/// Checks: strict XML accepts exactly what expat accepts (``FuzzOracles/xmlReference``, installed by
/// AFFuzzXMLOracle) outside the approximations SPEC §6.5 documents; a JSON body in UTF-16/32 reads
/// as the standard library's transcoding of it; null cleaning equals an independent cleaner; an
/// accepted PNG passes the zlib check; a property-list error is Foundation's; the compound
/// serializer returns the first component's result that has an object, else the plain HTTP
/// result; a parse error chains the validation error.
public enum ResponseFuzz: FuzzBody {
    public static var name: String { ResponseInput.name }

    /// How property lists are read, alone or in the compound serializer: by the installed
    /// ``FuzzOracles/plistReader`` (fuzz-response installs ``ForkedPlistReader``), else by Foundation
    /// in this process (the replay tests).
    static var plistReader: PropertyListReader { FuzzOracles.installed.plistReader ?? .foundation }

    public static var exitReport: String? { ForkedPlistReader.summary }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = ResponseInput.setUp(&input)
        let response = setup.response, body = response.body ?? [], profile = setup.profile
        let chosen = ResponseInput.serializer(setup.serializer, setup.flags, plistReader: plistReader)
        let result = chosen.serialize(response, profile: profile)
        if let death = ForkedPlistReader.takeDeath() { throw FuzzFailure(death) }
        // (The compound serializer returns a component's result, validity included: checked below.)
        let validation = chosen.validation.validate(response, profile: profile)
        try check(
            result.valid == validation.valid || setup.serializer == .compound,
            "valid \(result.valid), validation says \(validation.valid)")
        if setup.serializer != .compound, let e = result.error, e != validation.error {
            // A parse error is outermost, the validation error chained under it (AFErrorWithUnderlyingError).
            try check(
                e.underlying == validation.error,
                "parse error \(e) does not chain the validation error \(String(describing: validation.error))")
        }
        switch setup.serializer {
        case .http:
            try check(result.object == .data(body) && result.error == validation.error, "HTTP serializer: \(result)")
        case .json:
            try checkJSON(result, body, setup)
        case .xml:
            try checkXML(result, body, profile)
        case .image:
            if case .image(let info)? = result.object, info.format == .png,
                let why = ImageFuzz.independentPNGCheck(body)
            {
                throw FuzzFailure("accepted a PNG the zlib check rejects: \(why)")
            }
        case .plist:
            try checkPlist(result, body)
        case .compound:
            // SPEC §6.5: the first component result with an object wins; none: the plain HTTP result.
            let first = ResponseInput.components(setup.flags, plistReader: plistReader).lazy.map {
                $0.serialize(response, profile: profile)
            }.first { $0.object != nil }
            if let death = ForkedPlistReader.takeDeath() { throw FuzzFailure(death) }
            let expected = first ?? HTTPResponseSerializer().serialize(response, profile: profile)
            try check(result == expected, "compound: \(result), expected \(expected)")
        }
    }

    static func parseError(_ result: ResponseSerialization) -> AFSError? {
        guard let e = result.error, e.domain != AFSError.responseDomain else { return nil }
        return e
    }

    static func checkJSON(_ result: ResponseSerialization, _ body: [UInt8], _ setup: ResponseInput.Setup)
        throws(FuzzFailure)
    {
        guard result.object != nil || parseError(result) != nil else { return }  // not parsed
        let fragments = setup.flags & 1 != 0
        // Null cleaning: the serializer's result equals the independent cleaner on the plain parse.
        if setup.flags & 2 != 0, case .json(let cleaned)? = result.object {
            let plain = ResponseInput.json(setup.flags & ~2).serialize(setup.response, profile: setup.profile)
            guard case .json(let v)? = plain.object else {
                throw FuzzFailure("cleaning parsed what the plain parse rejects: \(plain)")
            }
            let expected = NullOracle.clean(v, arrays: setup.profile != .af3)
            try check(
                cleaned.canonical == expected.canonical,
                "cleaned \(cleaned.jsonText.prefix(200)), independent cleaner \(expected.jsonText.prefix(200))")
        }
        // Foundation's UTF-16/32 reading (af3/af4): the same as parsing the standard library's
        // transcoding of the text, as UTF-8.
        guard setup.profile != .strict, let (text, valid) = StandardTranscoding.utf8(body) else { return }
        guard valid else {
            try check(result.object == nil, "accepted a body that does not decode: \(result)")
            return
        }
        var parser = JSONParser(allowFragments: fragments)
        parser.dialect = .foundation
        if setup.flags & 2 != 0 { parser.nullCleaning = NullCleaning.Mode(setup.profile) }
        let expected = Result { () throws(AFSError) in try parser.parse(text) }
        switch (expected, result.object) {
        case (.success(let v), .json(let w)?):
            try check(v == w, "read \(w.jsonText.prefix(200)), transcoded \(v.jsonText.prefix(200))")
        case (.failure, nil): break
        default: throw FuzzFailure("read \(String(describing: result.object)), the transcoded text gives \(expected)")
        }
    }

    static func checkXML(_ result: ResponseSerialization, _ body: [UInt8], _ profile: Profile) throws(FuzzFailure) {
        guard profile == .strict else {
            try check(
                result.object == .data(body) || result.object == nil,
                "XML (\(profile)) returned \(String(describing: result.object))")
            return
        }
        guard result.object != nil || parseError(result) != nil, !body.isEmpty else { return }  // not checked
        let ours = parseError(result)
        if let e = ours {
            try check(e.kind == .malformedXML || e.kind == .nestingTooDeep, "unexpected error \(e)")
            try check(
                e.offset.map { $0 >= 0 && $0 <= body.count } ?? false,
                "offset \(e.offset ?? -1) outside \(body.count) bytes")
        }
        guard let expat = FuzzOracles.installed.xmlReference, !XMLOracleScope.excluded(body),
            ours?.kind != .nestingTooDeep
        else { return }
        let theirs = expat(body)
        switch (ours, theirs) {
        case (nil, let t?):
            // SPEC §6.5: all non-ASCII name characters allowed
            if XMLOracleScope.nonASCIIName(body, at: t.byteIndex) { return }
            throw FuzzFailure("accepted what expat rejects (code \(t.code) at \(t.byteIndex))")
        case (let e?, nil):
            // SPEC §6.5: expat takes a high surrogate and any next unit as a pair; the core refuses it.
            if XMLOracleScope.unpairedHighSurrogate(body), e.offset == 0 { return }
            throw FuzzFailure("rejected what expat accepts: \(e)")
        default: break
        }
    }

    /// The serializer is Foundation's reader behind AF's validation, so its verdict is Foundation's by
    /// construction; checked: the error AF users see is Foundation's (NSCocoaErrorDomain, its text
    /// given).
    static func checkPlist(_ result: ResponseSerialization, _ body: [UInt8]) throws(FuzzFailure) {
        if let e = parseError(result) {
            try check(
                e.domain == AFSError.cocoaDomain && !e.message.isEmpty,
                "property-list error outside NSCocoaErrorDomain: \(e)")
        }
    }
}
