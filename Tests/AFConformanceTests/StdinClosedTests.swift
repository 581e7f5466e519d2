import AFSerialization
import Foundation
import Testing
@testable import AFConformance
import TestSupport

/// In a process started with stdin closed, `open(2)` returns fd 0 for the first file it opens (POSIX:
/// the lowest free descriptor); a file part and a body written to a file must work then: descriptor 0
/// is a file like any other, only a negative result is a failure (SPEC §5.3, §5.6). `conformance run`
/// is started with `exec 0<&-`.
@Suite(.serialized) struct StdinClosedTests {
    @Test func filePartsAndFileWritesWorkOnFileDescriptorZero() throws {
        let scratch = try ScratchVectors()
        let payload = scratch.root + "/payload.txt"
        try "file body".write(toFile: payload, atomically: true, encoding: .utf8)
        let b = "Boundary+D87993F14D11D1AD"
        let body =
            "--\(b)\\r\\nContent-Disposition: form-data; name=\\\"f\\\"; "
            + "filename=\\\"payload.txt\\\"\\r\\nContent-Type: text/plain\\r\\n\\r\\nfile body\\r\\n--\(b)--\\r\\n"
        let vectors = [
            #"{"id":"multipart/fd0/001","comment":"a path part opened as fd 0","input":{"method":"POST","#
                + #""url":"http://example.com/","parts":[{"kind":"path","name":"f","path":"file://\#(payload)"}],"#
                + #""boundary":"\#(b)"},"expected":{"body":{"text":"\#(body)"}}}"#,
            #"{"id":"multipart/fd0/002","comment":"a body written to a file opened as fd 0","#
                + #""options":{"writeToFile":true},"input":{"method":"POST","url":"http://example.com/","#
                + #""parts":[{"kind":"file","name":"f","filename":"payload.txt","mimeType":"text/plain","#
                + #""body":{"text":"file body"}}],"boundary":"\#(b)"},"expected":{"body":{"text":"\#(body)"}}}"#,
        ]
        try scratch.write(
            "multipart/fd0.json",
            """
            {"schema":"afserialization-vectors/1","component":"multipart","description":"fd \
            0","refs":["SPEC§5.3"],"vectors":[
            \(vectors.joined(separator: ",\n"))
            ]}
            """)
        let p = try TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"exec 0<&- ; exec "$0" run --vectors "$1" --profile af4"#, EvalChild.binary.path, scratch.root],
            errors: .merged)
        let text = p.text
        #expect(p.status == 0, "\(text)")
        #expect(text.hasSuffix("2 passed, 0 failed, 0 expected, 0 n/a\n"), "\(text)")
    }
}
