/// AF's default `User-Agent` shape, from injected values rather than the bundle and device.
///
/// The serializer takes the final string (``HTTPRequestSerializer/withUserAgent(_:)``); this helper
/// builds AF's iOS layout `Executable/Version (Model; iOS SystemVersion; Scale/%0.2f)`.
/// **Decision**: AF transliterates a non-ASCII agent to ASCII with ICU ("Any-Latin; Latin-ASCII");
/// the core has no ICU, so the caller passes the string it wants sent, verbatim.
public enum UserAgent {
    public static func afStyle(executable: String, version: String, model: String, systemVersion: String, scale: Double)
        -> String
    {
        "\(executable)/\(version) (\(model); iOS \(systemVersion); Scale/\(CFormat.double("%0.2f", scale)))"
    }
}
