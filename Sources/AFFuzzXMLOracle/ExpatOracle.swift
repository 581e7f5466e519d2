import AFFuzzBodies
import CExpat

/// expat (libexpat, a conforming XML 1.0 parser, the vectors' oracle too) as the response target's
/// strict-XML oracle. Apart from AFFuzzBodies so that only the fuzz executable and the replay tests
/// link it, not `conformance`.
public enum ExpatOracle {
    /// Installs expat as ``FuzzOracles/xmlReference``.
    public static func install() { FuzzOracles.install { $0.xmlReference = verdict } }

    /// nil when expat accepts the whole document (autodetected encoding, no DTD loading), else its
    /// error code and byte index.
    public static func verdict(_ body: [UInt8]) -> (code: Int, byteIndex: Int)? {
        guard let parser = XML_ParserCreate(nil) else { return (-1, -1) }
        defer { XML_ParserFree(parser) }
        let status = body.withUnsafeBytes { b in
            XML_Parse(parser, b.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(b.count), 1)
        }
        if status == XML_STATUS_OK { return nil }
        return (Int(XML_GetErrorCode(parser).rawValue), Int(XML_GetCurrentByteIndex(parser)))
    }
}
