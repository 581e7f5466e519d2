import AFSerialization
import AFVectorFormat

/// The `image` target's corpus input: SPEC §6.5 image identification and PNG decoding.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: raw image bytes (mode 0) or pixel bytes.
public enum ImageInput: CorpusTarget {
    public static let name = "image"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "ImageFuzz", spec: "SPEC §6.5",
        header: [
            HeaderField(
                byte: 0, "mode",
                value: "b % 3: 0 raw bytes, 1 PNG built by the harness, 2 harness PNG with one byte changed"),
            HeaderField(byte: 1, "size", value: "width - 1 = b % 16, height - 1 = b / 16 (built PNGs)"),
            HeaderField(
                byte: 2, "format", value: "(b & 0x7F) % 15 of ImageInput.formats (colour type, bit depth)",
                bits: [7: "interlaced"]),
            HeaderField(byte: 3, "IDAT", value: "chunks - 1 = (b & 0x7F) % 3", bits: [7: "inflate off"]),
            HeaderField(byte: 4, "flip", value: "mode 2: the byte (b % length) xored with the first payload byte | 1"),
        ],
        payload: "raw image bytes (mode 0) or pixel bytes",
        oracles: [
            "no-crash", "size-positive-within-pixel-limit", "harness-png-accepted-with-its-size",
            "independent-png-check",
        ])

    /// (colour type, bit depth) pairs allowed by PNG §11.2.2.
    package static let formats: [(UInt8, UInt8)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8), (4, 8), (4, 16),
        (6, 8), (6, 16),
    ]
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The decoded header and the bytes to identify (shared with the snapshot renderer).
    package struct Setup {
        package let mode: UInt8, size: UInt8, fmt: UInt8, idat: UInt8, flip: UInt8
        package let inflate: Bool
        package let bytes: [UInt8]
        /// The size of an unmodified harness PNG (mode 1).
        package let built: (width: Int, height: Int)?
        package var header: String {
            "mode \(mode) size \(size) format \(fmt) idat \(idat) flip \(flip) inflate \(inflate)"
        }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
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
            bytes = buildPNG(
                width: w, height: h, format: formats[Int(fmt & 0x7F) % formats.count], interlaced: fmt & 0x80 != 0,
                idatChunks: Int(idat & 0x7F) % 3 + 1, pixels: payload)
            if mode == 2, !bytes.isEmpty {
                bytes[Int(flip) % bytes.count] ^= (payload.first ?? 0) | 1
            } else {
                built = (w, h)
            }
        }
        return Setup(
            mode: mode, size: size, fmt: fmt, idat: idat, flip: flip, inflate: idat & 0x80 == 0, bytes: bytes,
            built: built)
    }

    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = ZlibEncoding.crc(body[...])
        return be32(data.count) + body + be32(Int(crc))
    }
    package static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    package static func bitsPerPixel(_ colour: UInt8, _ depth: UInt8) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colour)] ?? 1
        return channels * Int(depth)
    }

    /// Scanline layout per pass (PNG §8.2 Adam7): rows and bytes per row including the filter byte.
    package static func layout(width: Int, height: Int, bpp: Int, interlaced: Bool) -> [(rows: Int, rowBytes: Int)] {
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return passes.compactMap { (x0, y0, dx, dy) in
            let cols = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let rows = height > y0 ? (height - y0 + dy - 1) / dy : 0
            guard cols > 0, rows > 0 else { return nil }
            return (rows, 1 + (cols * bpp + 7) / 8)
        }
    }

    package static func buildPNG(
        width: Int, height: Int, format: (UInt8, UInt8), interlaced: Bool, idatChunks: Int, pixels: [UInt8]
    ) -> [UInt8] {
        let ihdr = be32(width) + be32(height) + [format.1, format.0, 0, 0, interlaced ? 1 : 0]
        var raw: [UInt8] = []
        var k = 0
        func next() -> UInt8 {
            defer { k += 1 }
            return pixels.isEmpty ? 0 : pixels[k % pixels.count]
        }
        for pass in layout(width: width, height: height, bpp: bitsPerPixel(format.0, format.1), interlaced: interlaced)
        {
            for _ in 0..<pass.rows {
                raw.append(next() % 5)  // filter type 0…4
                for _ in 1..<pass.rowBytes { raw.append(format.0 == 3 ? 0 : next()) }  // palette index 0
            }
        }
        var png = signature + chunk("IHDR", ihdr)
        if format.0 == 3 { png += chunk("PLTE", [0, 0, 0]) }
        let z = ZlibEncoding.compress(raw, windowBits: 15)
        let piece = (z.count + idatChunks - 1) / max(idatChunks, 1)
        var i = 0
        repeat {
            let end = min(z.count, i + max(piece, 1))
            png += chunk("IDAT", Array(z[i..<end]))
            i = end
        } while i < z.count
        return png + chunk("IEND", [])
    }
}

// MARK: Output text (snapshots)

extension ImageInput {
    /// From ``setUp(_:)``: the image the core identifies (format and size), none, or the
    /// error. (Modes 1 and 2 build a PNG with zlib: a different zlib may compress differently, and
    /// mode 2 then flips a different byte.)
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let result = Result { () throws(AFSError) in try ImageDecoder.identify(setup.bytes, inflate: setup.inflate) }
        return setup.header + "\n"
            + OutputText.render(result) { info in
                info.map { "image \($0.format.rawValue) \($0.width)x\($0.height)" } ?? "not an image"
            }
    }
}

// MARK: As a vector request

extension ImageInput {
    /// The `response` component's image serializer on the same bytes (raw, or the harness's PNG),
    /// with the same inflation setting; a 200 with `image/png`, which passes validation for any body.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let request = JSONValue.object([
            .init("serializer", .string("image")), .init("statusCode", .number("200")),
            .init("headers", .array([.array([.string("Content-Type"), .string("image/png")])])),
            .init("url", .string("http://example.com/image")), .init("body", Codec.encodeBytes(setup.bytes)),
        ])
        return VectorRequest(
            component: "response", profile: .default, input: request,
            options: .object([.init("inflatesResponseImage", .bool(setup.inflate))]), notes: [])
    }
}

// MARK: Seeds

extension ImageInput {
    static func input(mode: Int, size: Int = 0, format: Int = 0, idat: Int = 0, flip: Int = 0, _ payload: [UInt8])
        -> [UInt8]
    {
        descriptor.header(["mode": mode, "size": size, "format": format, "IDAT": idat, "flip": flip]) + payload
    }

    public static var seeds: [Seed] {
        var out: [Seed] = []
        // PNGs the harness builds: 6 × 4 pixels, every format, plain and interlaced, 1 to 3 IDAT chunks.
        for format in formats.indices {
            for interlaced in [false, true] {
                out.append(
                    Seed(
                        "seed-png-\(format)-\(interlaced ? 1 : 0)",
                        input(
                            mode: 1, size: 0x35, format: format | (interlaced ? 0x80 : 0), idat: format % 3,
                            Array(stride(from: 0, to: 256, by: 7).map(UInt8.init)))))
            }
        }
        out.append(
            Seed(
                "seed-png-corrupt", input(mode: 2, size: 0x77, format: 5, idat: 1, flip: 40, [0x05] + Array("abc".utf8))
            ))
        out.append(Seed("seed-png-no-inflate", input(mode: 1, size: 0xFF, format: 13, idat: 0x80, [0x01, 0x02])))
        // Headers only, read in raw mode for their sizes: a GIF screen of 3 × 2; a BMP file and info
        // header of 4 × -3 without pixels; SOI, JFIF APP0 and a 3-component SOF0 of 3 × 2 without scan
        // data; an ICO directory of one 16 × 16 entry without its image; TIFF IFDs of 5 × 7 without
        // strips, little- and big-endian.
        let gif = hex("474946383961030002000000000000000000")
        let bmp = hex(
            "424d0000000000000000000000002800000004000000fdffffff01001"
                + "800000000000000000000000000000000000000000000000000"
        )
        let jpeg = hex("ffd8ffe000104a46494600010100000100010000ffc00011080002000303000000000000000000")
        let images: KeyValuePairs<String, [UInt8]> = [
            "gif": gif, "bmp": bmp, "jpeg": jpeg, "ico": hex("00000100010010100000010020002800000016000000"),
            "tiff-le": hex("49492a0008000000020000010300010000000500000001010300010000000700000000000000"),
            "tiff-be": hex("4d4d002a00000008000201000003000000010005000001010004000000010000000700000000"),
            "gif-truncated": Array(gif.prefix(8)), "jpeg-no-sof": Array(jpeg.prefix(20)), "png-sig-only": signature,
            "garbage": Array("hello".utf8),
        ]
        for (label, bytes) in images { out.append(Seed("seed-raw-\(label)", input(mode: 0, bytes))) }
        // A PNG signature and IHDR of 100,000 × 100,000 RGBA pixels (over the pixel limit).
        out.append(
            Seed(
                "seed-raw-png-huge",
                input(mode: 0, hex("89504e470d0a1a0a0000000d49484452000186a0000186a00806000000a8520bc8"))))
        return out
    }
}
