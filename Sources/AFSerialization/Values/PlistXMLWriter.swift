/// Writes a ``ParameterValue`` as an XML property list (format v1.0) byte-for-byte as Foundation's
/// `PropertyListSerialization.data(fromPropertyList:format: .xml, options: 0)` does on Linux
/// (SPEC §3.4), without Foundation. Established against Foundation and re-checked by the
/// differential tests:
/// - the fixed XML declaration, DOCTYPE and `<plist version="1.0">` lines, a trailing newline;
/// - one element per line, indented with one tab per level; empty containers as `<array/>`, `<dict/>`;
/// - dictionary keys sorted by UTF-16 code units (CoreFoundation's literal compare);
/// - strings escape only `&`, `<`, `>` (controls are written raw);
/// - `<integer>` in decimal; `<real>` with `%.17g`, except zero (either sign) as `0.0`, NaN as
///   `nan` and infinities as `+infinity`/`-infinity`;
/// - `<data>` in base64 on lines of at most 76 − 8·indent characters, indented like the tag but
///   never by more than 8 tabs (CoreFoundation caps the indent there).
/// Null and sets are not property-list types: Foundation fails with NSCocoaErrorDomain 3851
/// (NSPropertyListWriteInvalidError), and so does this writer.
public enum PlistXMLWriter {
    /// NSPropertyListWriteInvalidError.
    public static let writeInvalidCode = 3851

    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    public static func write(_ value: ParameterValue, maxDepth: Int = Limits.default.maxParameterDepth) throws(AFSError)
        -> [UInt8]
    {
        var out = ByteSink(capacity: 2048)
        out.append(header)
        var frames: [ContainerFrame] = []
        try element(value, frames: &frames, maxDepth: maxDepth, to: &out)
        while !frames.isEmpty {
            if let child = frames[frames.count - 1].advance() {
                if let key = child.key { line(&out, frames.count, "<key>", escaping: key, "</key>") }
                try element(child.value, frames: &frames, maxDepth: maxDepth, to: &out)
            } else {
                let isArray = if case .array = frames.removeLast().children { true } else { false }
                line(&out, frames.count, isArray ? "</array>" : "</dict>")
            }
        }
        out.append("</plist>\n")
        return out.bytes()
    }

    /// Writes a scalar, an empty container, or a container's opening tag (pushing its frame).
    /// The indent is the number of open containers.
    static func element(_ v: ParameterValue, frames: inout [ContainerFrame], maxDepth: Int, to out: inout ByteSink)
        throws(AFSError)
    {
        let indent = frames.count
        switch v {
        case .string(let s): line(&out, indent, "<string>", escaping: s, "</string>")
        case .integer(let i): line(&out, indent, "<integer>", String(i), "</integer>")
        case .double(let d):
            out.append(repeating: tab, count: indent)
            out.append("<real>")
            real(d, to: &out)
            out.append("</real>\n")
        case .bool(let b): line(&out, indent, b ? "<true/>" : "<false/>")
        case .data(let bytes):
            line(&out, indent, "<data>")
            data(bytes, indent: indent, to: &out)
            line(&out, indent, "</data>")
        case .null: throw invalid("Not A Type", ContainerFrame.path(frames))
        case .set: throw invalid("CFSet", ContainerFrame.path(frames))
        case .array(let items):
            if indent >= maxDepth { throw ContainerFrame.depthError("property list", maxDepth, frames) }
            if items.isEmpty { return line(&out, indent, "<array/>") }
            line(&out, indent, "<array>")
            frames.append(ContainerFrame(.array(items)))
        case .dictionary(let entries):
            if indent >= maxDepth { throw ContainerFrame.depthError("property list", maxDepth, frames) }
            if entries.isEmpty { return line(&out, indent, "<dict/>") }
            line(&out, indent, "<dict>")
            frames.append(ContainerFrame(.dictionary(sortedEntries(entries))))
        }
    }

    /// The error Foundation reports for a value that is not a property-list type: its
    /// localized description, and its debug description naming the CoreFoundation type as Linux
    /// Foundation does (in `context["debugDescription"]`).
    static func invalid(_ typeName: String, _ path: String) -> AFSError {
        AFSError(
            domain: AFSError.cocoaDomain, code: writeInvalidCode,
            message: "The operation could not be completed. An error occurred in the destination for the data.",
            context: [
                "debugDescription": """
                Property list invalid for format: 100 (property lists cannot contain objects of type \
                '\(typeName)')
                """,
                "field": path,
            ])
    }

    static let tab = UInt8(ascii: "\t")

    /// One line: the indent, `open`, then `text` as it is, `close`; written in place (a line per
    /// element, so no intermediate strings or arrays).
    static func line(
        _ out: inout ByteSink, _ indent: Int, _ open: StaticString, _ text: String = "", _ close: StaticString = ""
    ) {
        out.append(repeating: tab, count: indent)
        out.append(open)
        out.append(utf8: text)
        out.append(close)
        out.append(0x0A)
    }

    /// ``line(_:_:_:_:_:)`` with `text` escaped: `&`, `<`, `>` as entities; runs without them are
    /// copied in bulk.
    static func line(
        _ out: inout ByteSink, _ indent: Int, _ open: StaticString, escaping text: String, _ close: StaticString
    ) {
        out.append(repeating: tab, count: indent)
        out.append(open)
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            while true {
                let i = ByteScan.next(
                    in: bytes, from: runStart,
                    wordMayMatch: { w in
                        ByteScan.hasByte(w, 0x26) || ByteScan.hasByte(w, 0x3C) || ByteScan.hasByte(w, 0x3E)
                    },
                    isSpecial: { b in b == 0x26 || b == 0x3C || b == 0x3E })
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                if i == bytes.count { break }
                switch bytes[i] {
                case 0x26: out.append("&amp;")
                case 0x3C: out.append("&lt;")
                default: out.append("&gt;")
                }
                runStart = i + 1
            }
        }
        out.append(close)
        out.append(0x0A)
    }

    static func real(_ d: Double, to out: inout ByteSink) {
        if d.isNaN { return out.append("nan") }
        if d.isInfinite { return out.append(d < 0 ? "-infinity" : "+infinity") }
        if d == 0 { return out.append("0.0") }
        CFormat.write("%.17g", d) { out.append($0) }
    }

    static func data(_ bytes: [UInt8], indent: Int, to out: inout ByteSink) {
        let tabs = min(indent, 8)
        let lineLength = 76 - 8 * tabs
        let encoded = Base64.encode(bytes)
        encoded.withUnsafeBufferPointer { encoded in
            var start = 0
            while start < encoded.count {
                let end = min(start + lineLength, encoded.count)
                out.append(repeating: tab, count: tabs)
                out.append(UnsafeBufferPointer(rebasing: encoded[start..<end]))
                out.append(0x0A)
                start = end
            }
        }
    }

    /// CoreFoundation's literal key order: UTF-16 code units; equal keys keep model order.
    static func sortedEntries(_ entries: [ParameterValue.Entry]) -> [ParameterValue.Entry] {
        if entries.count < 2 { return entries }
        return entries.indices.sorted { a, b in
            switch StringOrder.order(entries[a].key.utf16, entries[b].key.utf16) {
            case .ascending: true
            case .descending: false
            case .equivalent: a < b
            }
        }.map { entries[$0] }
    }
}
