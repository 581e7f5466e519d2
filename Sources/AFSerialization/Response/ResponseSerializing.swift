/// What a response serializer produces (SPEC §6): AF returns an object and fills an error pointer;
/// both may be present at once (a 404 with a JSON body), so the result carries both plus the
/// validation verdict.
public struct ResponseSerialization: Sendable, Hashable {
    public var valid: Bool
    public var object: ResponseObject?
    public var error: AFSError?
    public init(valid: Bool, object: ResponseObject? = nil, error: AFSError? = nil) {
        self.valid = valid
        self.object = object
        self.error = error
    }
}

/// The kinds of object the serializers return.
public enum ResponseObject: Sendable, Hashable {
    /// HTTP, XML and compound-fallback serializers return the body.
    case data([UInt8])
    /// JSON serializer.
    case json(JSONValue)
    /// Property-list serializer (Foundation, in AFFoundationCompat), converted to JSON values.
    case propertyList(JSONValue)
    /// Image serializer.
    case image(ImageInfo)
}

/// A response serializer. Lets the compound serializer take serializers that live outside the
/// core (the property-list one needs Foundation).
public protocol ResponseSerializing: Sendable {
    var validation: ResponseValidation { get set }
    func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization
}

extension ResponseSerializing {
    /// The common prologue of the parsing serializers: validate; when the failure is (or wraps) a
    /// content-type error, stop with no object. An invalid response *without* an error object
    /// (no URL, say) goes on to parsing, exactly as AF's `!error || …` test does.
    public func validateForParsing(_ response: HTTPResponse, profile: Profile) -> (
        ResponseValidation.Outcome, stop: Bool
    ) {
        let outcome = validation.validate(response, profile: profile)
        let stop =
            !outcome.valid
            && outcome.error?.hasCode(ResponseValidation.unacceptableContentTypeCode, inDomain: AFSError.responseDomain)
                == true
        return (outcome, stop)
    }
}

/// The plain HTTP serializer: validate, return the body whatever the verdict.
public struct HTTPResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation()
    public init() {}
    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let outcome = validation.validate(response, profile: profile)
        return ResponseSerialization(
            valid: outcome.valid, object: response.body.map(ResponseObject.data), error: outcome.error)
    }
}

/// Tries each serializer in order; the first that returns an object wins, and its error comes
/// with it. If none does, behaves as the plain HTTP serializer (SPEC §6.5).
public struct CompoundResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation()
    public var serializers: [any ResponseSerializing]
    public init(serializers: [any ResponseSerializing]) { self.serializers = serializers }

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        for s in serializers {
            let r = s.serialize(response, profile: profile)
            // AFErrorWithUnderlyingError(serializerError, *error) with *error still nil.
            if r.object != nil { return r }
        }
        var plain = HTTPResponseSerializer()
        plain.validation = validation
        return plain.serialize(response, profile: profile)
    }
}

/// XML: validate and return the bytes (AF hands them to NSXMLParser unparsed). `strict` also
/// rejects bodies that are not well-formed XML 1.0.
public struct XMLResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation(acceptableContentTypes: ["application/xml", "text/xml"])
    public var limits = Limits.default
    public init() {}

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let (outcome, stop) = validateForParsing(response, profile: profile)
        if stop { return ResponseSerialization(valid: false, error: outcome.error) }
        guard let body = response.body else { return ResponseSerialization(valid: outcome.valid, error: outcome.error) }
        if profile == .strict {
            // An empty body is "no document" (as for JSON), not a malformed one.
            if body.isEmpty { return ResponseSerialization(valid: outcome.valid, error: outcome.error) }
            do throws(AFSError) {
                try XMLWellFormedness.check(body, maxDepth: limits.maxJSONDepth)
            } catch {
                return ResponseSerialization(valid: outcome.valid, error: error.chaining(outcome.error))
            }
        }
        return ResponseSerialization(valid: outcome.valid, object: .data(body), error: outcome.error)
    }
}
