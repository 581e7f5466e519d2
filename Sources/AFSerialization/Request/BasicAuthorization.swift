/// `Authorization: Basic …` (SPEC §3.2; RFC 7617 §2): base64 of the UTF-8 bytes of
/// `user + ":" + password`, as AF builds it.
public enum BasicAuthorization {
    public static func value(user: String, password: String) -> String {
        "Basic " + Base64.encodeString(Array((user + ":" + password).utf8))
    }
}
