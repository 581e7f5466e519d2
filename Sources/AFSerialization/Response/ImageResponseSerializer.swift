/// AF's image serializer (SPEC §6.5): validate, then identify the image and its pixel size;
/// with `inflatesResponseImage` (AF's default) a PNG is fully checked.
public struct ImageResponseSerializer: ResponseSerializing {
    public var validation = ResponseValidation(acceptableContentTypes: [
        "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
        "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
    ])
    public var inflatesResponseImage = true
    public var limits = Limits.default

    public init() {}

    public func serialize(_ response: HTTPResponse, profile: Profile) -> ResponseSerialization {
        let (outcome, stop) = validateForParsing(response, profile: profile)
        if stop { return ResponseSerialization(valid: false, error: outcome.error) }
        guard let body = response.body, !body.isEmpty else {
            return ResponseSerialization(valid: outcome.valid, error: outcome.error)
        }
        do throws(AFSError) {
            // Unknown bytes: no image and no extra error, as `UIImage(data:)` returning nil.
            let info = try ImageDecoder.identify(body, inflate: inflatesResponseImage, limits: limits)
            return ResponseSerialization(
                valid: outcome.valid, object: info.map(ResponseObject.image), error: outcome.error)
        } catch {
            return ResponseSerialization(valid: outcome.valid, error: error.chaining(outcome.error))
        }
    }
}
