import CZlib
import Testing
@testable import AFSerialization

/// SPEC §6.5 image serializer. Test images are built here from the format specifications
/// (PNG: W3C PNG §5 chunk layout, CRC-32 and zlib from the system zlib; GIF89a, JFIF/T.81,
/// BMP, ICO, TIFF 6.0 headers), so the expected size is the one written.
@Suite struct ResponseImageTests {
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let td = Array(type.utf8) + data
        let crc = td.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32(td.count)) }
        return be32(data.count) + td + be32(Int(crc))
    }

    static func zlibCompress(_ raw: [UInt8]) -> [UInt8] {
        var outLen = compressBound(UInt(raw.count))
        var out = [UInt8](repeating: 0, count: Int(outLen))
        _ = compress2(&out, &outLen, raw, UInt(raw.count), 6)
        return Array(out.prefix(Int(outLen)))
    }

    /// An 8-bit RGB PNG; `rawLength` lets a test write too little or too much image data.
    static func png(
        width: Int, height: Int, interlaced: Bool = false, colorType: UInt8 = 2, rawLength: Int? = nil,
        filter: UInt8 = 0
    ) -> [UInt8] {
        let layout = PNG.passes(width: width, height: height, bpp: colorType == 2 ? 24 : 8, interlaced: interlaced)
        var raw: [UInt8] = []
        for p in layout {
            for _ in 0..<p.rows { raw.append(filter); raw += [UInt8](repeating: 0x7F, count: p.rowBytes - 1) }
        }
        if let n = rawLength { raw = Array(raw.prefix(n)) + [UInt8](repeating: 0, count: max(0, n - raw.count)) }
        let ihdr = be32(width) + be32(height) + [8, colorType, 0, 0, interlaced ? 1 : 0]
        var out = PNG.signature + chunk("IHDR", ihdr)
        if colorType == 3 { out += chunk("PLTE", [0, 0, 0]) }
        let z = zlibCompress(raw)
        let half = z.count / 2
        out += chunk("IDAT", Array(z[..<half])) + chunk("IDAT", Array(z[half...])) + chunk("IEND", [])
        return out
    }

    func identify(_ b: [UInt8], inflate: Bool = true) throws(AFSError) -> ImageInfo? {
        try ImageDecoder.identify(b, inflate: inflate)
    }

    @Test func pngSizeAndFullCheck() throws {
        #expect(try identify(Self.png(width: 3, height: 2)) == ImageInfo(format: .png, width: 3, height: 2))
        #expect(
            try identify(Self.png(width: 13, height: 7, interlaced: true))
                == ImageInfo(format: .png, width: 13, height: 7))
        #expect(try identify(Self.png(width: 5, height: 1, colorType: 3))?.width == 5)
    }

    @Test func corruptPNGsAreTypedErrors() {
        let good = Self.png(width: 4, height: 4)
        var badCRC = good
        badCRC[30] ^= 0xFF  // inside IHDR's CRC
        let cases: [(String, [UInt8])] = [
            ("CRC", badCRC),
            ("truncated", Array(good.prefix(good.count - 20))),
            ("short data", Self.png(width: 4, height: 4, rawLength: 4 * 13 - 1)),
            ("long data", Self.png(width: 4, height: 4, rawLength: 4 * 13 + 1)),
            ("bad filter", Self.png(width: 4, height: 4, filter: 9)),
            ("header only", Array(good.prefix(20))),
        ]
        for (name, bytes) in cases {
            #expect(throws: AFSError.self, "\(name)") { try identify(bytes) }
            #expect(
                { () -> AFSError.Kind? in
                    do { _ = try identify(bytes); return nil } catch let e as AFSError { return e.kind } catch {
                        return nil
                    }
                }() == .invalidImage, "\(name)")
        }
        // Without inflation only the header is read: the CRC-less short-data image passes.
        #expect(
            (try? identify(Self.png(width: 4, height: 4, rawLength: 3), inflate: false))
                == ImageInfo(format: .png, width: 4, height: 4))
    }

    @Test func hugeClaimedSizeIsALimitErrorBeforeAnyWork() {
        let claim =
            PNG.signature + Self.chunk("IHDR", Self.be32(65535) + Self.be32(65535) + [8, 6, 0, 0, 0])
            + Self.chunk("IEND", [])
        #expect { try identify(claim) } throws: { ($0 as? AFSError)?.kind == .limitExceeded }
        var small = Limits.default
        small.maxImagePixels = 10
        #expect { try ImageDecoder.identify(Self.png(width: 4, height: 4), inflate: true, limits: small) } throws: {
            ($0 as? AFSError)?.kind == .limitExceeded
        }
    }

    @Test func otherFormats() throws {
        let gif = Array("GIF89a".utf8) + [0x0A, 0x00, 0x05, 0x00] + [0, 0, 0]
        #expect(try identify(gif) == ImageInfo(format: .gif, width: 10, height: 5))
        // JFIF APP0 then SOF0: precision 8, height 0x0102, width 0x0304.
        let jpeg: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x01, 0x02, 0x03, 0x04, 0x01,
            0x01, 0x11, 0x00,
        ]
        #expect(try identify(jpeg) == ImageInfo(format: .jpeg, width: 0x304, height: 0x102))
        var bmp: [UInt8] =
            [0x42, 0x4D] + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0] + [7, 0, 0, 0] + [0xFD, 0xFF, 0xFF, 0xFF]
        bmp += [UInt8](repeating: 0, count: 20)
        #expect(try identify(bmp) == ImageInfo(format: .bmp, width: 7, height: 3), "negative height = top-down")
        let ico: [UInt8] =
            [0, 0, 1, 0, 2, 0] + [16, 16] + [UInt8](repeating: 0, count: 14) + [0, 0] + [UInt8](repeating: 0, count: 14)
        #expect(try identify(ico) == ImageInfo(format: .ico, width: 256, height: 256), "0 means 256; the largest entry")
        // TIFF big-endian: IFD at 8 with ImageWidth SHORT 300 and ImageLength LONG 70000.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 2,
            1, 0, 0, 3, 0, 0, 0, 1, 0x01, 0x2C, 0, 0,
            1, 1, 0, 4, 0, 0, 0, 1, 0, 0x01, 0x11, 0x70,
        ]
        #expect(try identify(tiff) == ImageInfo(format: .tiff, width: 300, height: 70000))
        #expect(try identify(Array("not an image".utf8)) == nil, "unknown bytes: no image, no error")
    }

    @Test func truncatedHeadersAreTypedErrors() {
        for bytes: [UInt8] in [
            Array("GIF89a".utf8) + [1], [0xFF, 0xD8, 0xFF, 0xE0, 0x00], [0x42, 0x4D, 0, 0], [0, 0, 1, 0, 1, 0, 16],
            [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 5, 0], [0xFF, 0xD8, 0xFF, 0xDA],
        ] {
            #expect(throws: AFSError.self) { try identify(bytes) }
        }
    }

    @Test func imageSerializerValidatesThenIdentifies() {
        let s = ImageResponseSerializer()
        let ok = s.serialize(
            HTTPResponse(
                statusCode: 404, headers: [.init("Content-Type", "image/png")], url: "u",
                body: Self.png(width: 2, height: 2)), profile: .af4)
        #expect(ok.object == .image(ImageInfo(format: .png, width: 2, height: 2)))
        #expect(ok.error?.code == -1011)
        let wrongType = s.serialize(
            HTTPResponse(
                statusCode: 200, headers: [.init("Content-Type", "text/html")], url: "u",
                body: Self.png(width: 2, height: 2)), profile: .af4)
        #expect(wrongType.object == nil && wrongType.error?.code == -1016)
        let corrupt = s.serialize(
            HTTPResponse(
                statusCode: 200, headers: [.init("Content-Type", "image/png")], url: "u",
                body: Array(Self.png(width: 2, height: 2).dropLast(5))), profile: .af4)
        #expect(corrupt.object == nil && corrupt.error?.kind == .invalidImage)
    }

    @Test func imageResponseSerializerInflatesByDefault() {
        // AFImageResponseSerializer sets automaticallyInflatesResponseImage = YES (SPEC §6.5).
        #expect(ImageResponseSerializer().inflatesResponseImage == true)
    }
}
