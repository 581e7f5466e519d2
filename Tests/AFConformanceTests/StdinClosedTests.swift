import AFSerialization
import Foundation
import Testing
@testable import AFConformance

/// Issue 25: in a process started with stdin closed, `open(2)` returns fd 0 for the first file it
/// opens; a file part and a body written to a file must work then (the reviewed list had called
/// `fd < 0 → fd <= 0` in MultipartFile equivalent: the mutant throws on fd 0 with a stale errno and
/// leaks the descriptor). `conformance run` is started with `exec 0<&-`.
@Suite(.serialized) struct StdinClosedTests {
    @Test func filePartsAndFileWritesWorkOnFileDescriptorZero() throws {
        let scratch = try ScratchVectors()
        let payload = scratch.root + "/payload.txt"
        try "file body".write(toFile: payload, atomically: true, encoding: .utf8)
        let b = "Boundary+D87993F14D11D1AD"
        let body = "--\(b)\\r\\nContent-Disposition: form-data; name=\\\"f\\\"; filename=\\\"payload.txt\\\"\\r\\nContent-Type: text/plain\\r\\n\\r\\nfile body\\r\\n--\(b)--\\r\\n"
        let vectors = [
            #"{"id":"multipart/fd0/001","comment":"a path part opened as fd 0","input":{"method":"POST","url":"http://example.com/","parts":[{"kind":"path","name":"f","path":"file://\#(payload)"}],"boundary":"\#(b)"},"expected":{"body":{"text":"\#(body)"}}}"#,
            #"{"id":"multipart/fd0/002","comment":"a body written to a file opened as fd 0","options":{"writeToFile":true},"input":{"method":"POST","url":"http://example.com/","parts":[{"kind":"file","name":"f","filename":"payload.txt","mimeType":"text/plain","body":{"text":"file body"}}],"boundary":"\#(b)"},"expected":{"body":{"text":"\#(body)"}}}"#,
        ]
        try scratch.write("multipart/fd0.json", """
            {"schema":"afserialization-vectors/1","component":"multipart","description":"fd 0","refs":["SPEC§5.3"],"vectors":[
            \(vectors.joined(separator: ",\n"))
            ]}
            """)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", #"exec 0<&- ; exec "$0" run --vectors "$1" --profile af4"#, EvalChild.binary.path, scratch.root]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("2 passed, 0 failed, 0 expected, 0 n/a\n"), "\(text)")
    }
}
