@testable import AFFuzzBodies
import AFSerialization
import Foundation
import Testing

/// fuzz-plist-request's comparison with Foundation in afs-oracle-host (``FoundationHost``) gives the
/// in-process verdict, message included; a host that cannot start is not installed, and one that
/// answers otherwise than Foundation in process stops the install.
@Suite(.serialized) struct OracleHostTests {
    static let trees: [ParameterValue] = [
        .dictionary([.init("b", .array([.integer(1), .string("x<&>")])), .init("a", .data([0, 1, 2]))]),
        // Keys an NSDictionary merges: the check reads both bodies back.
        .dictionary([.init("k", .integer(1)), .init("k", .string("v"))]),
        // Deeper than RequestFuzz.foundationDepth: the check only reads the body back.
        (0..<40).reduce(.string("deep")) { tree, _ in .array([tree]) },
        .string("top"), .double(-0.0),
        // Longer than a ParameterProgram string, as a program's invalid UTF-8 decodes (U+FFFD each).
        .dictionary([.init("a\u{FFFD}\u{FFFD}\u{FFFD}", .string(String(repeating: "\u{FFFD}", count: 15)))]),
    ]

    @Test func theHostGivesTheInProcessVerdicts() throws {
        let path = FoundationHost.programPath
        try #require(
            FileManager.default.isExecutableFile(atPath: path), "swift build writes afs-oracle-host beside the tests")
        let host = FoundationHost.child(path: path)
        defer { host.shutDown() }
        #expect(FoundationHost.probe(host) == .agrees)
        var compared = 0, failed = 0
        for tree in Self.trees {
            let wire = TreeWire.encode(tree)
            let body = try PlistXMLWriter.write(tree)
            for candidate in [body, body + [0x0A], Array(body.dropLast(9)), body.map { $0 == 0x31 ? 0x32 : $0 }] {
                let here = FoundationHost.inProcess(tree, candidate)
                let there: FoundationHost.Verdict
                do {
                    try FoundationHost.check(host, tree, tree: wire, body: candidate)
                    there = .passed
                } catch { there = .failed(error.message) }
                #expect(here == there, "\(tree)")
                compared += 1
                if here != .passed { failed += 1 }
            }
        }
        // Every check was answered by the one host (none fell back to this process), and the
        // candidates include bodies the check fails.
        #expect(host.answered == 2 + compared && host.children == 1)
        #expect(failed >= Self.trees.count)
    }

    @Test func treesTravelExactly() throws {
        let nan = Double(bitPattern: 0x7FF8_0000_0000_0001)
        let trees: [ParameterValue] =
            Self.trees + [
                .dictionary([]), .array([]), .set([.null, .bool(true), .bool(false)]), .data([]),
                .dictionary([.init("", .data([0xFF, 0])), .init("", .integer(.min)), .init("é", .double(nan))]),
                // Deeper than any input of max_len 1024 reaches.
                (0..<1_200).reduce(.dictionary([.init("k", .array([]))])) { t, i in
                    i % 2 == 0 ? .array([t, .string("s")]) : .dictionary([.init("k", t)])
                },
            ]
        for tree in trees {
            let wire = TreeWire.encode(tree)
            let back = try #require(TreeWire.decode(wire))
            // Doubles by their bits: -0.0 and 0.0 differ, a NaN's payload is kept.
            #expect(TreeWire.encode(back) == wire && back.depth == tree.depth)
            #expect(TreeWire.decode(wire + [0]) == nil && TreeWire.decode(Array(wire.dropLast())) == nil)
        }
        #expect(TreeWire.encode(.double(0.0)) != TreeWire.encode(.double(-0.0)))
        #expect(TreeWire.decode([TreeWire.Tag.array.rawValue, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    }

    @Test func aHostThatCannotStartIsNotInstalled() {
        let host = FoundationHost.child(path: "/nonexistent/afs-oracle-host")
        defer { host.shutDown() }
        #expect(FoundationHost.probe(host) == .unavailable("exit status 127"))
    }

    @Test func aHostThatPassesEverythingIsRefused() throws {
        // A stand-in host that answers every request with `P`.
        let script = """
            import os, sys
            def exactly(n):
                b = b""
                while len(b) < n:
                    c = os.read(3, n - len(b))
                    if not c: sys.exit(0)
                    b += c
                return b
            while True:
                exactly(int.from_bytes(exactly(4), "little"))
                os.write(3, (1).to_bytes(4, "little") + b"P")
            """
        let host = ForkedChild(
            name: "test: passes everything", requestsPerChild: 10,
            venue: .exec(path: "/usr/bin/python3", arguments: ["-c", script]))
        defer { host.shutDown() }
        guard case .disagrees(let what) = FoundationHost.probe(host) else {
            Issue.record("a host that passes a body Foundation fails was accepted")
            return
        }
        #expect(what.hasPrefix("passed against failed: "))
    }
}
