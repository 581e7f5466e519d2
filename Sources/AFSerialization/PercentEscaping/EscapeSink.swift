/// The buffer escaped text is written into directly (the query encoder and the batched escaper
/// build one output from many pieces): a ``ByteSink``, whose spare capacity the escape loop
/// writes in place without zero-filling first.
typealias EscapeSink = ByteSink

extension ByteSink {
    /// Appends the escaped form of `input` (SPEC §1.2–1.3).
    mutating func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, style: EscapeStyle) {
        let worst = input.count * 3 + 3  // + 3: the writer stores whole 4-byte entries
        write(upTo: worst) { PercentEscape.write(input, into: $0, table: EscapeTables.encoded(style)) }
    }

    mutating func appendEscaped(_ string: String, style: EscapeStyle) {
        var s = string
        s.withUTF8 { appendEscaped($0, style: style) }
    }
}
