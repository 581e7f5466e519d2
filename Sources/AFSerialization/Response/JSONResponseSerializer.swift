/// AF's JSON response serializer (SPEC §6.4).
public struct JSONResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation(acceptableContentTypes: [
        "application/json", "text/json", "text/javascript",
    ])
    /// `NSJSONReadingFragmentsAllowed`.
    public var allowFragments = false
    /// `removesKeysWithNullValues` (default off).
    public var removesKeysWithNullValues = false
    public var limits = Limits.default

    public init() {}

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let (outcome, stop) = validateForParsing(response, profile: profile)
        if stop { return ResponseSerialization(valid: false, error: outcome.error) }
        // Empty body, or Rails' `head :ok` single space: no object and no extra error.
        guard let body = response.body, !body.isEmpty, body != [0x20] else {
            return ResponseSerialization(valid: outcome.valid, error: outcome.error)
        }
        var parser = JSONParser(maxDepth: limits.maxJSONDepth, allowFragments: allowFragments)
        // af3/af4 accept exactly what Foundation's JSONSerialization accepts; strict is RFC 8259.
        parser.dialect = profile == .strict ? .rfc8259 : .foundation
        // Cleaning is done while parsing (the same result as NullCleaning.clean afterwards, whose
        // depth check cannot fire: the parser has the same limit).
        if removesKeysWithNullValues { parser.nullCleaning = NullCleaning.Mode(profile) }
        do throws(AFSError) {
            let value = try parser.parse(body)
            return ResponseSerialization(valid: outcome.valid, object: .json(value), error: outcome.error)
        } catch {
            // AFErrorWithUnderlyingError(parseError, validationError): the parse error is outer.
            return ResponseSerialization(valid: outcome.valid, error: error.chaining(outcome.error))
        }
    }
}
