/// The property-list serializer of SPEC §3.4: as ``JSONRequestSerializer`` with
/// `Content-Type: application/x-plist` and an XML property list from ``PlistXMLWriter``.
/// Unlike JSON there is no validity pre-check in AF: a top-level scalar is a valid plist, and a
/// null or a set fails with Foundation's NSCocoaErrorDomain 3851 error.
public struct PropertyListRequestSerializer: RequestSerializer {
    public static let contentType = "application/x-plist"

    public let base: HTTPRequestSerializer

    public init(base: HTTPRequestSerializer = .init()) { self.base = base }

    public func serialize(_ request: Request, parameters: ParameterValue?) throws(AFSError) -> Request {
        let maxDepth = base.queryOptions.limits.maxParameterDepth
        return try base.serialize(request, parameters: parameters, contentType: Self.contentType) {
            (p) throws(AFSError) in
            try PlistXMLWriter.write(p, maxDepth: maxDepth)
        }
    }
}
