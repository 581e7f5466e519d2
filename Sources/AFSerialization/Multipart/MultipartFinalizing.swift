/// Turning a form into a request (SPEC §5.4) and a streamed body into a file (SPEC §5.6).
extension HTTPRequestSerializer {
    /// The request a multipart form starts from: the §3.2 request for `method` and `url` with no
    /// parameters (a POST gets an empty form body and the form Content-Type). GET and HEAD are a
    /// typed error (AF asserts).
    public func multipartBaseRequest(method: String, url: String, headers: HTTPHeaders = []) throws(AFSError) -> Request
    {
        let m = method.uppercased()
        if m == "GET" || m == "HEAD" {
            throw AFSError(
                .multipartMethodNotAllowed, "\(method) requests cannot carry a multipart body",
                context: ["method": method])
        }
        return try serialize(Request(method: method, url: url, headers: headers), parameters: nil)
    }

    /// AF's `multipartFormRequestWithMethod:…constructingBodyWithBlock:`: parameters become form
    /// parts first (SPEC §5.3), then `build` adds the caller's parts, then the form is finalized.
    public func multipartFormRequest(
        method: String, url: String, headers: HTTPHeaders = [], parameters: ParameterValue?,
        form: MultipartFormData, throttle: MultipartThrottle = .init(),
        build: (inout MultipartFormData) throws(AFSError) -> Void = { _ in }
    ) throws(AFSError) -> Request {
        let base = try multipartBaseRequest(method: method, url: url, headers: headers)
        var form = form
        if let parameters { try form.appendParameters(parameters, options: queryOptions) }
        try build(&form)
        return try form.finalizing(base, throttle: throttle)
    }
}

extension MultipartFormData {
    /// No parts → `request` unchanged. Otherwise (after `strict`'s collision check) the body becomes
    /// the phase reader, `Content-Type: multipart/form-data; boundary=B` replaces any Content-Type,
    /// and `Content-Length` is the exact total, computed without reading a body.
    public mutating func finalizing(_ request: Request, throttle: MultipartThrottle = .init()) throws(AFSError)
        -> Request
    {
        guard !parts.isEmpty else { return request }
        try resolveBoundaryCollisions()
        var out = request
        out.headers.set("Content-Type", contentType)
        out.headers.set("Content-Length", String(contentLength))
        out.body = .stream(makeStream(throttle: throttle))
        return out
    }

    /// Writes the whole body to `path` (SPEC §5.6); returns the byte count (= ``contentLength``).
    @discardableResult
    public func writeBody(toFile path: String) throws(AFSError) -> Int {
        try MultipartBodyFile.drain(makeStream(), toFile: path)
    }
}

/// SPEC §5.6: AF's `requestWithMultipartFormRequest:writingStreamContentsToFile:`.
public enum MultipartBodyFile {
    /// Streams `request`'s body into `path`; the returned request has no body but keeps every
    /// header, Content-Length included. A request without a stream body is an `invalidOption`.
    public static func writingBody(of request: Request, toFile path: String) throws(AFSError) -> Request {
        guard case .stream(let stream) = request.body else {
            throw AFSError(.invalidOption, "the request has no body stream to write", context: ["path": path])
        }
        try drain(stream, toFile: path)
        var out = request
        out.body = .none
        return out
    }

    /// Reads `stream` to its end in 64 KiB pieces into a new file at `path`; a failing `close(2)`
    /// is an error too (the data may not have reached the disk). `calls` is for tests.
    @discardableResult
    static func drain(
        _ stream: any RequestBodyStream, toFile path: String, calls: MultipartFile.WriteCalls = .system
    ) throws(AFSError) -> Int {
        let writer = try MultipartFile.Writer(path: path, calls: calls)
        // Scoped, so the buffer is freed on every path without a statement that could be forgotten.
        let total = try withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 16) { buffer throws(AFSError) in
            var total = 0
            while true {
                let n = try stream.read(into: buffer)
                if n == 0 { break }
                try writer.write(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                total += n
            }
            return total
        }
        try writer.finish()
        return total
    }
}
