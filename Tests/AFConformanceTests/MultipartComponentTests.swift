import AFSerialization
import Testing
@testable import AFConformance

/// The `multipart` and `multipart-parse` eval components (VECTORS.md). Expected bodies follow the
/// SPEC §5.2/§5.3 framing; the seed-0 boundary is from Vigna's splitmix64 reference outputs.
@Suite struct MultipartComponentTests {
    func eval(_ line: String) throws -> JSONValue {
        try JSONParser.parse(Evaluator.evaluateLine(line))
    }

    @Test func formPartWithSeed() throws {
        let out = try eval(
            #"{"id":1,"component":"multipart","input":{"method":"POST","url":"http://h/","#
                + #""seed":0,"parts":[{"kind":"form","name":"foo","body":{"text":"bar"}}]}}"#
        )
        let b = "Boundary+E220A8396E789E6A"
        #expect(
            out["output"]?["body"]
                == .obj([
                    "text": .string("--\(b)\r\nContent-Disposition: form-data; name=\"foo\"\r\n\r\nbar\r\n--\(b)--\r\n")
                ]))
        #expect(out["output"]?["contentLength"] == .int(111))
        #expect(
            out["output"]?["headers"]
                == .array([
                    .array([.string("Content-Type"), .string("multipart/form-data; boundary=\(b)")]),
                    .array([.string("Content-Length"), .string("111")]),
                ]))
    }

    @Test func readAndPacketSizesDoNotChangeTheBody() throws {
        let input =
            #""input":{"method":"PUT","url":"http://h/","boundary":"XyZ","parameters":{"a":[1,"#
            + #"null],"d":{"$data":"00ff0d0a"}},"parts":[{"kind":"stream","name":"s","#
            + #""filename":"s.bin","mimeType":"a/b","body":{"text":"0123456789"}},"#
            + #"{"kind":"headers","headers":[["X-A","1"]],"body":{"hex":"ff"}}]}"#
        let reference = try eval(#"{"id":0,"component":"multipart",\#(input)}"#)["output"]
        #expect(reference?["body"]?["hex"] != nil)  // raw 0xFF bytes → hex encoding
        for options in [#"{"readSizes":[1]}"#, #"{"readSizes":[3,1,7],"packetSize":2}"#, #"{"packetSize":1}"#] {
            #expect(
                try eval(#"{"id":0,"component":"multipart","options":\#(options),\#(input)}"#)["output"] == reference,
                "\(options)")
        }
    }

    @Test func errorsAreOutputsAndBadInputIsAHarnessError() throws {
        let get = try eval(#"{"id":1,"component":"multipart","input":{"method":"GET","url":"http://h/","seed":1}}"#)
        #expect(get["output"]?["error"]?["kind"] == .string("multipartMethodNotAllowed"))
        let notFile = try eval(
            #"{"id":1,"component":"multipart","input":{"method":"POST","url":"http://h/","#
                + #""seed":1,"parts":[{"kind":"path","name":"p","path":"https://h/x.png"}]}}"#
        )
        #expect(notFile["output"]?["error"]?["code"] == .int(-1000))
        #expect(notFile["output"]?["error"]?["reason"] == .string("Expected URL to be a file URL"))
        let short = try eval(
            #"{"id":1,"component":"multipart","input":{"method":"POST","url":"http://h/","#
                + #""seed":1,"parts":[{"kind":"stream","name":"s","filename":"f","#
                + #""mimeType":"a/b","declaredLength":4,"body":{"text":"abc"}}]}}"#
        )
        #expect(short["output"]?["error"]?["kind"] == .string("bodyLengthMismatch"))
        let broken = try eval(
            #"{"id":1,"component":"multipart","input":{"method":"POST","url":"http://h/","#
                + #""seed":1,"parts":[{"kind":"stream","name":"s","filename":"f","#
                + #""mimeType":"a/b","failAfter":1,"body":{"text":"abc"}}]}}"#
        )
        #expect(broken["output"]?["error"]?["kind"] == .string("streamReadFailed"))
        let longBoundary = try eval(
            #"{"id":1,"component":"multipart","profile":"strict","input":{"method":"POST","#
                + #""url":"http://h/","boundary":"\#(String(repeating: "b", count: 71))"}}"#
        )
        #expect(longBoundary["output"]?["error"]?["kind"] == .string("invalidBoundary"))
        // No parts: the §3.2 request, unchanged.
        let empty = try eval(#"{"id":1,"component":"multipart","input":{"method":"POST","url":"http://h/","seed":1}}"#)
        #expect(empty["output"]?["body"] == .obj(["text": .string("")]) && empty["output"]?["contentLength"] == .null)

        for bad in [
            #"{"method":"POST","url":"u"}"#, #"{"method":"POST","url":"u","seed":1,"parts":[{"kind":"nope"}]}"#,
            #"{"method":"POST","url":"u","seed":1,"parts":[{"kind":"form"}]}"#,
            #"{"method":"POST","url":"u","seed":1,"parts":[{"kind":"form","name":"a","bodyy":{"text":""}}]}"#,
            #"{"method":"POST","url":"u","seed":1,"boundry":"x"}"#,
        ] {
            #expect(
                try eval(#"{"id":1,"component":"multipart","input":\#(bad)}"#)["harnessError"]?.stringValue != nil,
                "\(bad)")
        }
    }

    @Test func serializerOptionsApplyBeforeTheMultipartHeaders() throws {
        // SPEC §5.4: the request starts as the §3.2 request (default headers included), then gets
        // the multipart Content-Type and Content-Length.
        let out = try eval(
            #"{"id":1,"component":"multipart","options":{"userAgent":"UA/1","#
                + #""preferredLanguages":["en","fr"]},"input":{"method":"POST","url":"http://h/","#
                + #""boundary":"Q","parts":[{"kind":"form","name":"a","body":{"text":"b"}}]}}"#
        )
        #expect(
            out["output"]?["headers"]
                == .array([
                    .array([.string("Accept-Language"), .string("en;q=1, fr;q=0.9")]),
                    .array([.string("User-Agent"), .string("UA/1")]),
                    .array([.string("Content-Type"), .string("multipart/form-data; boundary=Q")]),
                    // `--Q\r\n` 5 + `Content-Disposition: form-data; name="a"\r\n` 42 + `\r\n` 2 + `b` 1 +
                    // `\r\n--Q--\r\n` 9
                    .array([.string("Content-Length"), .string("59")]),
                ]))
    }

    @Test func parseComponent() throws {
        let body =
            #"--B\r\nContent-Disposition: form-data; name=\"a\"; filename=\"f.txt\"\r\nContent-Type: "#
            + #"text/plain\r\n\r\nhi\r\n--B--\r\n"#
        for options in [#"{}"#, #"{"chunkSizes":[1]}"#, #"{"chunkSizes":[2,5]}"#] {
            let out = try eval(
                #"{"id":1,"component":"multipart-parse","options":\#(options),"#
                    + #""input":{"boundary":"B","body":{"text":"\#(body)"}}}"#
            )
            #expect(
                out["output"]
                    == .obj([
                        "parts": .array([
                            .obj([
                                "headers": .array([
                                    .array([
                                        .string("Content-Disposition"),
                                        .string("form-data; name=\"a\"; filename=\"f.txt\""),
                                    ]),
                                    .array([.string("Content-Type"), .string("text/plain")]),
                                ]),
                                "name": .string("a"), "filename": .string("f.txt"),
                                "contentType": .string("text/plain"),
                                "body": .obj(["text": .string("hi")]),
                            ])
                        ])
                    ]), "\(options)")
        }
        let limited = try eval(
            #"{"id":1,"component":"multipart-parse","options":{"maxMultipartBytes":5},"#
                + #""input":{"boundary":"B","body":{"text":"\#(body)"}}}"#
        )
        #expect(limited["output"]?["error"]?["kind"] == .string("limitExceeded"))
        let noClose = try eval(
            #"{"id":1,"component":"multipart-parse","input":{"boundary":"B","body":{"text":"--B\r\n"}}}"#)
        #expect(noClose["output"]?["error"]?["kind"] == .string("multipartMissingCloseDelimiter"))
        #expect(noClose["output"]?["error"]?["offset"] == .int(5))
    }
}
