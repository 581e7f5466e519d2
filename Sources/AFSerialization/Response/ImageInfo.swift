import CZlib

/// What the image serializer reports (SPEC §6.5): the format and pixel size.
public struct ImageInfo: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png, gif, jpeg, bmp, ico, tiff
    }
    public var format: Format
    public var width: Int
    public var height: Int
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

extension AFSError.Kind {
    /// A body whose signature names an image format but whose structure is truncated or corrupt.
    public static let invalidImage = Self("invalidImage")
}

/// Format detection and header parsing for the image serializer. Every read is bounds-checked;
/// nothing allocates in proportion to the *claimed* size.
public enum ImageDecoder {
    /// nil when the bytes are no known image format (AF: `UIImage` returns nil, no error).
    /// With `inflate`, a PNG is fully checked: chunk CRCs and IDAT inflated to exactly the size
    /// its header implies (SPEC §6.5).
    public static func identify(_ b: [UInt8], inflate: Bool, limits: Limits = .default) throws(AFSError) -> ImageInfo? {
        let info: ImageInfo
        if b.starts(with: PNG.signature) {
            info = try PNG.header(b)
        } else if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            guard b.count >= 10 else { throw truncated(.gif, b.count) }
            info = ImageInfo(format: .gif, width: le16(b, 6), height: le16(b, 8))
        } else if b.starts(with: [0xFF, 0xD8, 0xFF]) {
            info = try jpeg(b)
        } else if b.starts(with: [0x42, 0x4D]) {
            info = try bmp(b)
        } else if b.starts(with: [0, 0, 1, 0]) {
            info = try ico(b)
        } else if b.starts(with: [0x49, 0x49, 0x2A, 0]) || b.starts(with: [0x4D, 0x4D, 0, 0x2A]) {
            info = try tiff(b)
        } else {
            return nil
        }
        guard info.width > 0, info.height > 0 else {
            throw AFSError(
                .invalidImage, "\(info.format.rawValue) image with a zero dimension",
                context: ["format": info.format.rawValue])
        }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > limits.maxImagePixels {
            throw AFSError(
                .limitExceeded, "image of \(info.width)×\(info.height) pixels exceeds \(limits.maxImagePixels)",
                context: ["limit": String(limits.maxImagePixels), "format": info.format.rawValue])
        }
        if inflate, info.format == .png { try PNG.verify(b, info: info) }
        return info
    }

    static func truncated(_ f: ImageInfo.Format, _ at: Int) -> AFSError {
        AFSError(.invalidImage, "truncated \(f.rawValue) image", offset: at, context: ["format": f.rawValue])
    }
    static func corrupt(_ f: ImageInfo.Format, _ why: String, at: Int? = nil) -> AFSError {
        AFSError(.invalidImage, "corrupt \(f.rawValue) image: \(why)", offset: at, context: ["format": f.rawValue])
    }

    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }
    static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }

    /// First SOFn frame header (ITU T.81 §B.2.2): height and width follow the precision byte.
    static func jpeg(_ b: [UInt8]) throws(AFSError) -> ImageInfo {
        var i = 2
        while true {
            guard i + 1 < b.count else { throw truncated(.jpeg, i) }
            guard b[i] == 0xFF else { throw corrupt(.jpeg, "expected a marker", at: i) }
            var m = b[i + 1]
            i += 1
            while m == 0xFF {  // fill bytes
                i += 1
                guard i < b.count else { throw truncated(.jpeg, i) }
                m = b[i]
            }
            i += 1
            switch m {
            case 0x01, 0xD0...0xD8: continue  // standalone markers
            case 0xD9, 0xDA: throw corrupt(.jpeg, "no frame header before scan data", at: i - 2)
            default: break
            }
            guard i + 2 <= b.count else { throw truncated(.jpeg, i) }
            let length = be16(b, i)
            guard length >= 2 else { throw corrupt(.jpeg, "segment length \(length)", at: i) }
            let isSOF = (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC
            if isSOF {
                guard length >= 7 else { throw corrupt(.jpeg, "short frame header", at: i) }
                guard i + 7 <= b.count else { throw truncated(.jpeg, i) }
                return ImageInfo(format: .jpeg, width: be16(b, i + 5), height: be16(b, i + 3))
            }
            i += length
        }
    }

    /// BITMAPCOREHEADER (12 bytes, 16-bit sizes) or BITMAPINFOHEADER and later (≥ 40, 32-bit signed;
    /// a negative height means top-down rows).
    static func bmp(_ b: [UInt8]) throws(AFSError) -> ImageInfo {
        guard b.count >= 18 else { throw truncated(.bmp, b.count) }
        let dib = le32(b, 14)
        if dib == 12 {
            guard b.count >= 22 else { throw truncated(.bmp, b.count) }
            return ImageInfo(format: .bmp, width: le16(b, 18), height: le16(b, 20))
        }
        guard [40, 52, 56, 64, 108, 124].contains(dib) else { throw corrupt(.bmp, "DIB header size \(dib)", at: 14) }
        guard b.count >= 26 else { throw truncated(.bmp, b.count) }
        let w = Int(Int32(truncatingIfNeeded: le32(b, 18)))
        let h = Int(Int32(truncatingIfNeeded: le32(b, 22)))
        guard w > 0, h != Int(Int32.min) else { throw corrupt(.bmp, "size \(w)×\(h)", at: 18) }
        return ImageInfo(format: .bmp, width: w, height: abs(h))
    }

    /// ICONDIR + ICONDIRENTRY list; reports the largest entry (0 in a size byte means 256).
    static func ico(_ b: [UInt8]) throws(AFSError) -> ImageInfo {
        guard b.count >= 6 else { throw truncated(.ico, b.count) }
        let count = le16(b, 4)
        guard count > 0 else { throw corrupt(.ico, "no images", at: 4) }
        guard b.count >= 6 + 16 * count else { throw truncated(.ico, b.count) }
        var best = (w: 0, h: 0)
        for k in 0..<count {
            let e = 6 + 16 * k
            let w = b[e] == 0 ? 256 : Int(b[e]), h = b[e + 1] == 0 ? 256 : Int(b[e + 1])
            if w * h > best.w * best.h { best = (w, h) }
        }
        return ImageInfo(format: .ico, width: best.w, height: best.h)
    }

    /// First IFD's ImageWidth (256) and ImageLength (257), SHORT or LONG (TIFF 6.0 §2).
    static func tiff(_ b: [UInt8]) throws(AFSError) -> ImageInfo {
        let little = b[0] == 0x49
        func u16(_ i: Int) -> Int { little ? le16(b, i) : be16(b, i) }
        func u32(_ i: Int) -> Int { little ? le32(b, i) : be32(b, i) }
        guard b.count >= 8 else { throw truncated(.tiff, b.count) }
        let ifd = u32(4)
        guard ifd >= 8, ifd + 2 <= b.count else { throw truncated(.tiff, ifd) }
        let n = u16(ifd)
        guard ifd + 2 + 12 * n <= b.count else { throw truncated(.tiff, b.count) }
        var w: Int?, h: Int?
        for k in 0..<n {
            let e = ifd + 2 + 12 * k
            let tag = u16(e), type = u16(e + 2)
            guard tag == 256 || tag == 257 else { continue }
            let v: Int
            switch type {
            case 3: v = u16(e + 8)
            case 4: v = u32(e + 8)
            default: throw corrupt(.tiff, "tag \(tag) has type \(type)", at: e)
            }
            if tag == 256 { w = v } else { h = v }
        }
        guard let w, let h else { throw corrupt(.tiff, "no ImageWidth/ImageLength", at: ifd) }
        return ImageInfo(format: .tiff, width: w, height: h)
    }
}

/// PNG (ISO/IEC 15948 / W3C PNG): IHDR parsing and, with inflation, full structural checking.
enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func header(_ b: [UInt8]) throws(AFSError) -> ImageInfo {
        guard b.count >= 8 + 8 + 13 else { throw ImageDecoder.truncated(.png, b.count) }
        guard ImageDecoder.be32(b, 8) == 13, b[12...15].elementsEqual("IHDR".utf8) else {
            throw ImageDecoder.corrupt(.png, "first chunk is not a 13-byte IHDR", at: 8)
        }
        let w = ImageDecoder.be32(b, 16), h = ImageDecoder.be32(b, 20)
        guard w <= Int(Int32.max), h <= Int(Int32.max) else {
            throw ImageDecoder.corrupt(.png, "size above 2^31-1", at: 16)
        }
        return ImageInfo(format: .png, width: w, height: h)
    }

    /// Bits per pixel for a valid (colour type, bit depth) pair (PNG §11.2.2 Table 11.1).
    static func bitsPerPixel(colorType: UInt8, depth: UInt8) -> Int? {
        switch (colorType, depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): return Int(depth)
        case (2, 8), (2, 16): return 3 * Int(depth)
        case (3, 1), (3, 2), (3, 4), (3, 8): return Int(depth)
        case (4, 8), (4, 16): return 2 * Int(depth)
        case (6, 8), (6, 16): return 4 * Int(depth)
        default: return nil
        }
    }

    /// Scanline layout: (rows, bytes per row including the filter byte) per pass (Adam7 §8.2).
    static func passes(width w: Int, height h: Int, bpp: Int, interlaced: Bool) -> [(rows: Int, rowBytes: Int)] {
        let geometry: [(Int, Int, Int, Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [(Int, Int)] = []
        for (x0, y0, dx, dy) in geometry {
            let pw = w > x0 ? (w - x0 + dx - 1) / dx : 0
            let ph = h > y0 ? (h - y0 + dy - 1) / dy : 0
            if pw > 0, ph > 0 { out.append((ph, (pw * bpp + 7) / 8 + 1)) }
        }
        return out
    }

    static func verify(_ b: [UInt8], info: ImageInfo) throws(AFSError) {
        let colorType = b[25], depth = b[24]
        guard let bpp = bitsPerPixel(colorType: colorType, depth: depth) else {
            throw ImageDecoder.corrupt(.png, "colour type \(colorType) with bit depth \(depth)", at: 24)
        }
        guard b[26] == 0, b[27] == 0, b[28] <= 1 else {
            throw ImageDecoder.corrupt(.png, "unknown compression, filter or interlace method", at: 26)
        }
        let layout = passes(width: info.width, height: info.height, bpp: bpp, interlaced: b[28] == 1)
        // ≤ pixels·8+rows: bounded by the pixel limit
        let expected = layout.reduce(0) { $0 + $1.rows * $1.rowBytes }
        let inflater = try InflateStage(format: .zlib, limit: expected, layer: 0)
        var filter = FilterCheck(layout: layout)
        var i = 8
        var sawPLTE = false, idatState = 0  // 0 none yet, 1 inside the IDAT run, 2 after it
        while true {
            guard i + 12 <= b.count else { throw ImageDecoder.truncated(.png, i) }
            let length = ImageDecoder.be32(b, i)
            guard length <= Int(Int32.max), i + 12 + length <= b.count else { throw ImageDecoder.truncated(.png, i) }
            let type = Array(b[(i + 4)..<(i + 8)])
            let stored = UInt(ImageDecoder.be32(b, i + 8 + length))
            let crc = b.withUnsafeBufferPointer { p in CZlib.crc32(0, p.baseAddress! + i + 4, UInt32(4 + length)) }
            guard UInt(crc) == stored else {
                throw ImageDecoder.corrupt(
                    .png, "CRC mismatch in chunk \(String(decoding: type, as: UTF8.self))", at: i)
            }
            guard type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw ImageDecoder.corrupt(.png, "invalid chunk type", at: i + 4)
            }
            let name = String(decoding: type, as: UTF8.self)
            if i == 8 {
                guard name == "IHDR" else { throw ImageDecoder.corrupt(.png, "IHDR is not first", at: i) }
            } else if name == "IHDR" {
                throw ImageDecoder.corrupt(.png, "second IHDR", at: i)
            }
            if name == "IEND" { guard length == 0 else { throw ImageDecoder.corrupt(.png, "IEND with data", at: i) } }
            if name == "PLTE" {
                guard idatState == 0, length % 3 == 0, length > 0, length <= 768 else {
                    throw ImageDecoder.corrupt(.png, "bad PLTE", at: i)
                }
                sawPLTE = true
            }
            if name == "IDAT" {
                guard idatState != 2 else { throw ImageDecoder.corrupt(.png, "IDAT chunks are not consecutive", at: i) }
                if colorType == 3, !sawPLTE { throw ImageDecoder.corrupt(.png, "palette image without PLTE", at: i) }
                idatState = 1
                do throws(AFSError) {
                    try inflater.feed(Array(b[(i + 8)..<(i + 8 + length)])) {
                        (chunk: UnsafeBufferPointer<UInt8>) throws(AFSError) in
                        try filter.consume(chunk, at: i)
                    }
                } catch {
                    if error.kind == .limitExceeded {
                        throw ImageDecoder.corrupt(
                            .png, "image data longer than the \(expected) bytes IHDR implies", at: i)
                    }
                    throw ImageDecoder.corrupt(.png, "image data: \(error.message)", at: i)
                }
            } else if idatState == 1 {
                idatState = 2
            }
            i += 12 + length
            if name == "IEND" { break }
        }
        guard idatState != 0 else { throw ImageDecoder.corrupt(.png, "no IDAT chunk") }
        guard inflater.reachedEnd else { throw ImageDecoder.corrupt(.png, "image data stream is truncated") }
        guard inflater.producedCount == expected else {
            throw ImageDecoder.corrupt(.png, "image data is \(inflater.producedCount) bytes, IHDR implies \(expected)")
        }
    }

    /// Walks the inflated scanlines checking each filter-type byte is 0…4 (PNG §9.2).
    struct FilterCheck {
        let layout: [(rows: Int, rowBytes: Int)]
        var pass = 0, row = 0, pos = 0
        init(layout: [(rows: Int, rowBytes: Int)]) { self.layout = layout }
        mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, at offset: Int) throws(AFSError) {
            var k = 0
            while k < chunk.count, pass < layout.count {
                if pos == 0, chunk[k] > 4 { throw ImageDecoder.corrupt(.png, "filter type \(chunk[k])", at: offset) }
                let step = min(chunk.count - k, layout[pass].rowBytes - pos)
                k += step
                pos += step
                if pos == layout[pass].rowBytes {
                    pos = 0
                    row += 1
                    if row == layout[pass].rows { row = 0; pass += 1 }
                }
            }
        }
    }
}
