import AFCorpusFormat
import AFSerialization

/// SPEC §6.5 image identification and PNG decoding.
///
/// Input: ``ImageInput`` (the frozen option header and the payload).
///
/// Checks: no crash; reported sizes are positive and within the pixel limit; a harness PNG is
/// accepted with its size; a PNG accepted with inflation passes an independent check (chunk
/// CRC32s via zlib, IHDR first, IDAT concatenation inflated by zlib to exactly the scanline
/// size of the (Adam7) layout, filter bytes 0–4).
public enum ImageFuzz: FuzzBody {
    public static var name: String { ImageInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = ImageInput.setUp(&input)
        let (bytes, built, inflate) = (setup.bytes, setup.built, setup.inflate)

        let result = Result { () throws(AFSError) in try ImageDecoder.identify(bytes, inflate: inflate) }
        if let built {
            guard case .success(let info?) = result else { throw FuzzFailure("harness PNG rejected: \(result)") }
            try check(
                info.format == .png && info.width == built.width && info.height == built.height,
                "harness PNG read as \(info)")
        }
        if case .success(let info?) = result {
            try check(
                info.width > 0 && info.height > 0 && info.width * info.height <= Limits.default.maxImagePixels,
                "size \(info.width)×\(info.height)")
            if info.format == .png && inflate {
                if let why = independentPNGCheck(bytes) {
                    throw FuzzFailure("accepted a PNG the zlib check rejects: \(why)")
                }
            }
        }
    }

    /// Independent structural PNG check with zlib; nil when the PNG is sound, else why not.
    static func independentPNGCheck(_ b: [UInt8]) -> String? {
        guard b.starts(with: ImageInput.signature) else { return "signature" }
        var i = 8
        var idat: [UInt8] = []
        var header: (w: Int, h: Int, colour: UInt8, depth: UInt8, interlaced: Bool)? = nil
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        while i + 12 <= b.count {
            let length = u32(i)
            guard length <= b.count - i - 12 else { return "chunk length" }
            let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
            if ZlibEncoding.crc(b[i + 4..<i + 8 + length]) != UInt32(u32(i + 8 + length)) { return "CRC of \(type)" }
            let data = b[i + 8..<i + 8 + length]
            if header == nil {
                guard type == "IHDR", length == 13 else { return "IHDR not first" }
                let d = Array(data)
                header = (
                    Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3]),
                    Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7]), d[9], d[8], d[12] == 1
                )
            } else if type == "IDAT" {
                idat += data
            }
            i += 12 + length
            if type == "IEND" { break }
        }
        guard let h = header else { return "no IHDR" }
        guard ImageInput.formats.contains(where: { $0 == (h.colour, h.depth) }) else { return "colour type/bit depth" }
        let lines = ImageInput.layout(
            width: h.w, height: h.h, bpp: ImageInput.bitsPerPixel(h.colour, h.depth), interlaced: h.interlaced)
        let expected = lines.reduce(0) { $0 + $1.rows * $1.rowBytes }
        let inflated = ZlibOracle.inflateOnce(idat, windowBits: 15, cap: expected)
        guard inflated.complete, !inflated.capped else { return "IDAT does not inflate (zlib)" }
        guard inflated.output.count == expected else {
            return "IDAT inflates to \(inflated.output.count), expected \(expected)"
        }
        var at = 0
        for pass in lines {
            for _ in 0..<pass.rows {
                if inflated.output[at] > 4 { return "filter type \(inflated.output[at])" }
                at += pass.rowBytes
            }
        }
        return nil
    }
}
