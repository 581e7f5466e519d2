import AFSerialization

/// SPEC §6.5 image identification and PNG decoding.
///
/// Header (5 bytes, frozen): `[0]` mode (mod 3): 0 raw bytes, 1 PNG built by the harness,
/// 2 harness PNG with one byte changed; `[1]` width − 1 (mod 16) and height − 1 (/16) for built
/// PNGs; `[2]` colour type / bit depth (mod 15 of ``formats``), bit 7 interlaced; `[3]` number of
/// IDAT chunks − 1 (mod 3) and bit 7 inflate off; `[4]` for mode 2, which byte (mod length) is
/// xored with the first payload byte | 1. Payload: raw image bytes (mode 0) or pixel bytes.
///
/// Checks: no crash; reported sizes are positive and within the pixel limit; a harness PNG is
/// accepted with its size; a PNG accepted with inflation passes an independent check (chunk
/// CRC32s via zlib, IHDR first, IDAT concatenation inflated by zlib to exactly the scanline
/// size of the (Adam7) layout, filter bytes 0–4).
public enum ImageFuzz: FuzzBody {
    public static let name = "image"
    /// (colour type, bit depth) pairs allowed by PNG §11.2.2.
    static let formats: [(UInt8, UInt8)] = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8), (4, 8), (4, 16), (6, 8), (6, 16)]
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The decoded header and the bytes to identify (shared with the snapshot renderer).
    struct Setup {
        let mode: UInt8, size: UInt8, fmt: UInt8, idat: UInt8, flip: UInt8
        let inflate: Bool
        let bytes: [UInt8]
        /// The size of an unmodified harness PNG (mode 1).
        let built: (width: Int, height: Int)?
        var header: String { "mode \(mode) size \(size) format \(fmt) idat \(idat) flip \(flip) inflate \(inflate)" }
    }

    static func setUp(_ input: inout FuzzInput) -> Setup {
        let mode = input.option() % 3
        let size = input.option()
        let fmt = input.option()
        let idat = input.option()
        let flip = input.option()
        let payload = Array(input.rest())
        var bytes = payload
        var built: (width: Int, height: Int)? = nil
        if mode != 0 {
            let w = Int(size % 16) + 1, h = Int(size / 16) + 1
            bytes = buildPNG(width: w, height: h, format: formats[Int(fmt & 0x7F) % formats.count], interlaced: fmt & 0x80 != 0,
                             idatChunks: Int(idat & 0x7F) % 3 + 1, pixels: payload)
            if mode == 2, !bytes.isEmpty {
                bytes[Int(flip) % bytes.count] ^= (payload.first ?? 0) | 1
            } else {
                built = (w, h)
            }
        }
        return Setup(mode: mode, size: size, fmt: fmt, idat: idat, flip: flip, inflate: idat & 0x80 == 0, bytes: bytes, built: built)
    }

    public static func run(_ input: inout FuzzInput) throws(FuzzFailure) {
        let setup = setUp(&input)
        let (bytes, built, inflate) = (setup.bytes, setup.built, setup.inflate)

        let result = Result { () throws(AFSError) in try ImageDecoder.identify(bytes, inflate: inflate) }
        if let built {
            guard case .success(let info?) = result else { throw FuzzFailure("harness PNG rejected: \(result)") }
            try check(info.format == .png && info.width == built.width && info.height == built.height, "harness PNG read as \(info)")
        }
        if case .success(let info?) = result {
            try check(info.width > 0 && info.height > 0 && info.width * info.height <= Limits.default.maxImagePixels, "size \(info.width)×\(info.height)")
            if info.format == .png && inflate {
                if let why = independentPNGCheck(bytes) { throw FuzzFailure("accepted a PNG the zlib check rejects: \(why)") }
            }
        }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = ZlibOracle.crc(body[...])
        return be32(data.count) + body + be32(Int(crc))
    }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func bitsPerPixel(_ colour: UInt8, _ depth: UInt8) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colour)] ?? 1
        return channels * Int(depth)
    }

    /// Scanline layout per pass (PNG §8.2 Adam7): rows and bytes per row including the filter byte.
    static func layout(width: Int, height: Int, bpp: Int, interlaced: Bool) -> [(rows: Int, rowBytes: Int)] {
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return passes.compactMap { (x0, y0, dx, dy) in
            let cols = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let rows = height > y0 ? (height - y0 + dy - 1) / dy : 0
            guard cols > 0, rows > 0 else { return nil }
            return (rows, 1 + (cols * bpp + 7) / 8)
        }
    }

    static func buildPNG(width: Int, height: Int, format: (UInt8, UInt8), interlaced: Bool, idatChunks: Int, pixels: [UInt8]) -> [UInt8] {
        let ihdr = be32(width) + be32(height) + [format.1, format.0, 0, 0, interlaced ? 1 : 0]
        var raw: [UInt8] = []
        var k = 0
        func next() -> UInt8 {
            defer { k += 1 }
            return pixels.isEmpty ? 0 : pixels[k % pixels.count]
        }
        for pass in layout(width: width, height: height, bpp: bitsPerPixel(format.0, format.1), interlaced: interlaced) {
            for _ in 0..<pass.rows {
                raw.append(next() % 5)  // filter type 0…4
                for _ in 1..<pass.rowBytes { raw.append(format.0 == 3 ? 0 : next()) }  // palette index 0
            }
        }
        var png = signature + chunk("IHDR", ihdr)
        if format.0 == 3 { png += chunk("PLTE", [0, 0, 0]) }
        let z = ZlibOracle.compress(raw, windowBits: 15)
        let piece = (z.count + idatChunks - 1) / max(idatChunks, 1)
        var i = 0
        repeat {
            let end = min(z.count, i + max(piece, 1))
            png += chunk("IDAT", Array(z[i..<end]))
            i = end
        } while i < z.count
        return png + chunk("IEND", [])
    }

    /// Independent structural PNG check with zlib; nil when the PNG is sound, else why not.
    static func independentPNGCheck(_ b: [UInt8]) -> String? {
        guard b.starts(with: signature) else { return "signature" }
        var i = 8
        var idat: [UInt8] = []
        var header: (w: Int, h: Int, colour: UInt8, depth: UInt8, interlaced: Bool)? = nil
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        while i + 12 <= b.count {
            let length = u32(i)
            guard length <= b.count - i - 12 else { return "chunk length" }
            let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
            if ZlibOracle.crc(b[i + 4..<i + 8 + length]) != UInt32(u32(i + 8 + length)) { return "CRC of \(type)" }
            let data = b[i + 8..<i + 8 + length]
            if header == nil {
                guard type == "IHDR", length == 13 else { return "IHDR not first" }
                let d = Array(data)
                header = (Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3]),
                          Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7]), d[9], d[8], d[12] == 1)
            } else if type == "IDAT" {
                idat += data
            }
            i += 12 + length
            if type == "IEND" { break }
        }
        guard let h = header else { return "no IHDR" }
        guard formats.contains(where: { $0 == (h.colour, h.depth) }) else { return "colour type/bit depth" }
        let lines = layout(width: h.w, height: h.h, bpp: bitsPerPixel(h.colour, h.depth), interlaced: h.interlaced)
        let expected = lines.reduce(0) { $0 + $1.rows * $1.rowBytes }
        let inflated = ZlibOracle.inflateOnce(idat, windowBits: 15, cap: expected)
        guard inflated.complete, !inflated.capped else { return "IDAT does not inflate (zlib)" }
        guard inflated.output.count == expected else { return "IDAT inflates to \(inflated.output.count), expected \(expected)" }
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
