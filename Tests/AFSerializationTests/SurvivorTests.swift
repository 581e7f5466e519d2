import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mutants that survived both layers in docs/mutation/layer2/report.md ("## Survivors (58)") and that
/// only the Swift API can reach: the golden vectors cannot hand the core a buffer with bytes after its
/// end, call the real clock, read `/proc/self/mem` or look at a public three-way comparison's value.
/// Each test names the mutant key(s) it targets (file|function|operator|original→mutated|#occurrence)
/// and where its expected values come from. Errors are caught with `MP.error` (MultipartTestSupport).
@Suite struct SurvivorTests {
    /// `text` without its last `n` bytes, in an array whose storage still holds them right after the
    /// end (`removeLast` on a uniquely referenced `[UInt8]` keeps the capacity and does not clear the
    /// slots). A parser that reads past the end then sees the removed bytes, deterministically.
    static func dropping(_ n: Int, _ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        bytes.removeLast(n)
        return bytes
    }

    // MARK: §2 descriptions

    /// Kills `QueryString/Description.swift|ValueDescription.of(_:boolStyle:)|string literal|""→"x"|#0`.
    /// Expected: the doc comment of the public `ValueDescription.of` ("null → `""` (a null pair sends no
    /// value; multipart sends an empty body)"), SPEC §5.3 ("null is an empty body"). The query and
    /// multipart paths handle null before calling it, so only a direct call sees the value.
    @Test func nullDescribesAsTheEmptyString() {
        #expect(ValueDescription.of(.null) == "")
        #expect(ValueDescription.of(.null, boolStyle: .literal) == "")
    }

    // MARK: §5.5 the real throttle clock

    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.split(_:)|integer +1|1_000_000_000→1000000001|#0`.
    /// Expected: POSIX nanosleep: 10^9 ns is `tv_sec = 1, tv_nsec = 0`, a one-second sleep (the mutant
    /// splits it as `tv_sec = 0, tv_nsec = 10^9`, which nanosleep rejects with EINVAL at once).
    @Test func systemClockSleepsAWholeSecond() {
        let start = ContinuousClock.now
        SystemMultipartClock().sleep(nanoseconds: 1_000_000_000)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(990), "slept \(elapsed)")
    }

    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.split(_:)|integer -1|1_000_000_000→999999999|#0`
    /// and `#1` (the full run at 26f3da9 left `#1` alive: it only shows for delays of about a second or
    /// more, which the real-clock tests do not sleep). Expected: POSIX `timespec`, whose `tv_nsec` is the
    /// nanoseconds left after whole seconds, 0 ≤ tv_nsec < 10⁹; the values are that arithmetic done by hand.
    @Test func systemClockSplitsADelayIntoWholeSecondsAndTheRest() {
        #expect(SystemMultipartClock.split(0) == (0, 0))
        #expect(SystemMultipartClock.split(999_999_999) == (0, 999_999_999))
        #expect(SystemMultipartClock.split(1_000_000_000) == (1, 0))
        #expect(SystemMultipartClock.split(1_999_999_998) == (1, 999_999_998))
        #expect(SystemMultipartClock.split(2_500_000_000) == (2, 500_000_000))
        #expect(SystemMultipartClock.split(UInt64.max) == (18_446_744_073, 709_551_615))
    }

    #if os(Linux)
    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.sleep(nanoseconds:)|equality ==→!=|errno == EINTR→errno != EINTR|#0`.
    /// Expected: the type's doc comment ("`nanosleep`, restarted on EINTR"): a signal that interrupts
    /// the sleep (signal(7): nanosleep fails with EINTR after a handler runs, whatever SA_RESTART says)
    /// must not shorten it. SIGUSR2 gets a no-op handler and is unblocked on this thread for the test
    /// (worker threads may block signals); another thread sends it 100 ms into a 400 ms sleep. If the
    /// signal comes too early or too late the test still passes (no false failure), it just proves less.
    @Test func systemClockSleepIsRestartedAfterASignal() {
        let elapsed = Self.interrupted(everyMicroseconds: 100_000, repeating: false) {
            SystemMultipartClock().sleep(nanoseconds: 400_000_000)
        }
        #expect(elapsed >= .milliseconds(390), "slept \(elapsed)")
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        var isRaised: Bool { lock.lock(); defer { lock.unlock() }; return raised }
        func raise() { lock.lock(); raised = true; lock.unlock() }
    }

    /// Runs `sleep` on this thread while another thread sends it SIGUSR2 (a no-op handler, the
    /// signal unblocked here for the test: worker threads may block it) after `every` µs, and again
    /// every `every` µs while `repeating`; returns how long `sleep` took. The interrupter has stopped
    /// before this returns, so no signal reaches the thread once it runs another test.
    static func interrupted(everyMicroseconds every: UInt32, repeating: Bool, _ sleep: () -> Void) -> Duration {
        _ = signal(SIGUSR2, { _ in })
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGUSR2)
        var old = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let sleeper = pthread_self()
        let done = Flag()
        let finished = DispatchSemaphore(value: 0)
        let interrupter = Thread {
            usleep(every)
            while !done.isRaised {
                _ = pthread_kill(sleeper, SIGUSR2)
                if !repeating { break }
                usleep(every)
            }
            finished.signal()
        }
        let start = ContinuousClock.now
        interrupter.start()
        sleep()
        let elapsed = ContinuousClock.now - start
        done.raise()
        finished.wait()
        return elapsed
    }

    // MARK: §5.5 file bodies

    /// Kills `Multipart/MultipartFile.swift|MultipartFile.Reader.read(into:)|equality ==→!=|errno == EINTR→errno != EINTR|#0`
    /// (the mutant retries every failed read(2) forever: a hang, which the tests layer's timeout kills).
    /// Expected: SPEC §5.5 ("a body source that fails mid-read surfaces its error") and the Reader's
    /// `ioError(.fileReadFailed, "cannot read the file", …)` context. `/proc/self/mem` is a regular file
    /// (stat: S_IFREG, size 0) that the Reader accepts, and read(2) at offset 0 (an unmapped address)
    /// fails with EIO (checked with Python's os.read on this machine).
    @Test func aFailedFileReadIsATypedErrorNotARetry() {
        guard let reader = try? MultipartFile.Reader(path: "/proc/self/mem") else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }
        let e = MP.error { () throws(AFSError) in try reader.read(into: buffer) }
        #expect(e?.kind == .fileReadFailed)
        #expect(e?.context["errno"] == String(EIO))
    }
    #endif

    // MARK: §3.3 Foundation key collation (public three-way comparison)

    /// Kills, in `Values/FoundationKeyCollation.swift`:
    /// `FoundationKeyCollation.primary(_:_:)|integer +1|1→2|#2` (digits compared one by one),
    /// `FoundationKeyCollation.compare(_:_:)|integer +1|1→2|#1` (case tie),
    /// `FoundationKeyCollation.compare(_:_:)|integer +1|1→2|#2` and `…|integer -1|1→0|#2` (leading-zero tie),
    /// `FoundationKeyCollation.compare(_:_:)|integer +1|0→1|#1` (equal strings),
    /// `FoundationKeyCollation.compare(_:_:)|integer +1|1→2|#3` (UTF-16 tie-break).
    /// `precedes` only asks `< 0`, so the sort never sees these; the public `compare` does. Expected:
    /// its doc ("Three-way comparison, Foundation's `compare(_:options:…)`": NSComparisonResult's −1, 0, 1)
    /// and the order rules in the type's doc comment; the orders `a` < `A`, `a1` < `a2`, `a1` < `a01` are also
    /// in FOUNDATION_KEY_ORDER (Tools/vectorgen/oracles/s3_requests.py), recorded from Foundation's JSONSerialization.
    @Test func foundationCollationCompareAnswersMinusOneZeroOrOne() {
        #expect(FoundationKeyCollation.compare("a2", "a1") == 1)  // digit runs 2 > 1 (rule 2)
        #expect(FoundationKeyCollation.compare("a1", "a2") == -1)
        #expect(FoundationKeyCollation.compare("A", "a") == 1)  // case tie, lowercase first (rule 3)
        #expect(FoundationKeyCollation.compare("a", "A") == -1)
        #expect(FoundationKeyCollation.compare("a01", "a1") == 1)  // leading zeros, fewer first (rule 3)
        #expect(FoundationKeyCollation.compare("a1", "a01") == -1)
        #expect(FoundationKeyCollation.compare("ab", "ab") == 0)
        #expect(FoundationKeyCollation.compare("", "") == 0)
        #expect(FoundationKeyCollation.compare("a\u{1}", "a") == 1)  // U+0001 is ignored, then UTF-16 units (rule 4)
        #expect(FoundationKeyCollation.compare("a", "a\u{1}") == -1)
    }

    // MARK: §6.4 JSON parser: never a byte past the end

    /// Kills, in `Values/JSONParser.swift`:
    /// `Cursor.parseValue()|relational <→<=|index < bytes.count→index <= bytes.count|#1` (`[` at the end),
    /// `…|#2` (`{` at the end), `…|#3` (a value inside a container at the end), and
    /// `Cursor.parseEscape(into:)|relational <→<=|index + 1 < bytes.count→index + 1 <= bytes.count|#0`.
    /// Each mutant reads `bytes[bytes.count]`; `dropping(1, _)` leaves the closing `]`, `}` or `u` there,
    /// so the mutant parses on and reports a different error (e.g. "Garbage at end." one byte later).
    /// Expected offsets: Python's `json.loads` position for `[`, `{`, `[1` (JSONDecodeError.pos 1, 1, 2);
    /// for `"\uD800\` the recorded decision of response/json-parser/012–013 (an unpaired high surrogate is
    /// reported at its escape's backslash, offset 1). Domain and code: SPEC §6.4 (NSCocoaErrorDomain 3840).
    @Test func jsonParserStopsAtTheEndOfItsInput() {
        for (full, offset) in [("[]", 1), ("{}", 1), ("[1]", 2), ("\"\\uD800\\u", 1)] {
            let body = Self.dropping(1, full)
            #expect(body.count == full.utf8.count - 1)
            let e = MP.error { () throws(AFSError) in try JSONParser().parse(body) }
            #expect(e?.domain == AFSError.cocoaDomain, "\(full)")
            #expect(e?.code == 3840, "\(full)")
            #expect(e?.offset == offset, "\(full)")
        }
    }

    // MARK: §7 Content-Encoding: where a size-limit error points

    /// Kills `ContentEncoding/ContentDecoder.swift|InflateStage.run(_:sink:)|arith +↔-|consumed + offset→consumed - offset|#0`
    /// (the mutant reports −23 here). Body: Python's `gzip.compress(b"a" * 10, mtime=0)` (23 bytes) followed
    /// by `gzip.compress(b"b" * 5000, mtime=0)` (41 bytes), checked with `gzip.decompress`. With a 1000-byte
    /// limit the second member crosses it. Expected: SPEC §7 decision, an error's offset counts bytes of
    /// the failing layer's input, so it lies in that input, and in the member whose output crossed the
    /// limit: 23 ≤ offset ≤ 64 (the exact byte is not pinned: it depends on how zlib is fed).
    @Test func sizeLimitErrorOffsetLiesInTheMemberThatCrossesIt() {
        let body = ContentEncodingTests.unhex("1f8b08000000000002034b4c840100f0cd114c0a0000001f8b0800000000000203edc13101000000c2a0aeeb1fc2147e4001000000006f03fc0891d088130000")
        #expect(body.count == 64)
        let e = MP.error { () throws(AFSError) in try ContentDecoder.decode(body, contentEncoding: "gzip", maxDecodedSize: 1000) }
        #expect(e?.kind == .limitExceeded)
        if let offset = e?.offset {
            #expect(offset >= 23 && offset <= 64, "offset \(offset)")
        } else {
            Issue.record("limitExceeded without an offset")
        }
    }
}

/// Survivors of the vectors layer (docs/mutation, reviewed as [H9]) that only the Swift API
/// reaches: public three-way values, bytes after the end of a parser's input, a failing or interrupted system
/// call, API-only helpers. Each test names the mutant key(s) it targets and where its expected values come from.
@Suite struct SurvivorTests2 {
    static func parseError(_ bytes: [UInt8], foundation: Bool = false) -> AFSError? {
        var parser = JSONParser()
        if foundation { parser.dialect = .foundation }
        return MP.error { () throws(AFSError) in try parser.parse(bytes) }
    }

    // MARK: §6.4 JSON parser: never a byte past the end (more sites)

    /// Kills, in `Values/JSONParser.swift`:
    /// `Cursor.trailingCommaCloses(_:)|relational <→<=|index < bytes.count→index <= bytes.count|#0` (`[1,` + stale `]`),
    /// `Cursor.parseValue()|relational <→<=|index < bytes.count→index <= bytes.count|#0` (`[` + stale `[`: opens a second array),
    /// `Cursor.parseKey()|relational <→<=|index < bytes.count→index <= bytes.count|#1` (`{"a"` + stale `:`),
    /// `Cursor.expectLiteral(_:)|delete guard|guard index + n <= bytes.count else→guard true else|#0` and
    /// `Cursor.expectLiteral(_:)|arith +↔-|index + n→index - n|#0` (`tru` + stale `e`),
    /// `Cursor.parseNumber()|relational <→<=|index < bytes.count→index <= bytes.count|#3` (`[1` + stale `.`),
    /// `Cursor.parseNumber()|relational <→<=|index < bytes.count→index <= bytes.count|#5` (`[1.5` + stale `2`).
    /// Each mutant reads the stale byte and reports a different offset (or "Garbage at end." further on).
    /// Expected offsets: Python 3 `json.loads` JSONDecodeError.pos for the truncated texts: `[1,` 3, `[` 1,
    /// `{"a"` 4, `tru` 0, `[1` 2, `[1.5` 4. Domain and code: SPEC §6.4 (NSCocoaErrorDomain 3840). The trailing-comma
    /// site is only used by the Foundation dialect (SPEC §6.4: trailing commas accepted), so `[1,` runs in both dialects.
    @Test func jsonParserNeverReadsPastTheEndAfterACommaOrKey() {
        for (full, offset) in [("[1,]", 3), ("[[", 1), ("{\"a\":", 4), ("true", 0), ("[1.", 2), ("[1.52", 4)] {
            for foundation in [false, true] {
                let body = SurvivorTests.dropping(1, full)
                #expect(body.count == full.utf8.count - 1)
                let e = Self.parseError(body, foundation: foundation)
                #expect(e?.domain == AFSError.cocoaDomain, "\(full) foundation=\(foundation)")
                #expect(e?.code == 3840, "\(full) foundation=\(foundation)")
                #expect(e?.offset == offset, "\(full) foundation=\(foundation)")
            }
        }
    }

    /// Kills `Values/JSONParser.swift|Cursor.parseEscape(into:)|integer +1|1→2|#1` (guard `index + 2 < bytes.count`:
    /// a high surrogate followed by a bare `\u` that ends the body is then reported as "no low-surrogate" at the first
    /// escape, offset 1) and `…|arith +↔-|index + 1→index - 1|#0` (the guard always passes: with a stale `\u` after
    /// `"\uD800` the mutant reads two bytes past the end and fails in the second hex4 at 9).
    /// Expected: for `"\uD800\u` Python 3 `json.loads` reports "Invalid \uXXXX escape" at 8, inside the second escape
    /// (which starts at 7); the core's offsets follow Foundation's and are not pinned exactly here, only that the error
    /// lies in that second escape (≥ 7), not at the first one. For `"\uD800` alone: the recorded decision of
    /// response/json-parser/012–013 (an unpaired high surrogate is reported at its escape's backslash, offset 1).
    @Test func jsonParserSecondEscapeAtTheEnd() {
        let cut = Self.parseError(Array("\"\\uD800\\u".utf8))
        #expect(cut?.code == 3840)
        #expect((cut?.offset ?? -1) >= 7, "offset \(String(describing: cut?.offset))")
        let body = SurvivorTests.dropping(2, "\"\\uD800\\u")
        #expect(body.count == 7)
        let lone = Self.parseError(body)
        #expect(lone?.code == 3840)
        #expect(lone?.offset == 1)
    }

    // MARK: §3.3 Foundation key collation: the public three-way value on every rule

    /// Kills, in `Values/FoundationKeyCollation.swift`: `FoundationKeyCollation.primary(_:_:)|integer +1|1→2|#0`
    /// (ranks differ), `…|integer +1|1→2|#1` (digit runs of different length), and
    /// `FoundationKeyCollation.compare(_:_:)|integer +1|1→2|#0` / `…|integer -1|1→0|#0` (one key has more units).
    /// `precedes` only asks `< 0`, so sorting never sees these values; the public `compare` returns them.
    /// Expected: its doc ("Three-way comparison, Foundation's `compare(_:options:…)`"), i.e. NSComparisonResult's
    /// −1 / 1, and the orders of the type's doc comment: letters by the table (`a` < `b`), a digit run compared by
    /// value (rule 2: 9 < 10), a proper prefix first (`a` < `ab`, as `compare(_:options:)` orders them).
    @Test func foundationCollationCompareIsMinusOneOrOneOnEveryRule() {
        #expect(FoundationKeyCollation.compare("b", "a") == 1)
        #expect(FoundationKeyCollation.compare("a", "b") == -1)
        #expect(FoundationKeyCollation.compare("a10", "a9") == 1)
        #expect(FoundationKeyCollation.compare("a9", "a10") == -1)
        #expect(FoundationKeyCollation.compare("ab", "a") == 1)
        #expect(FoundationKeyCollation.compare("a", "ab") == -1)
    }

    // MARK: §6.3 strict content-type matching

    /// Kills `Response/MediaType.swift|MediaType.strictMatches(mimeType:pattern:)|true↔false|false→true|#0`.
    /// The response path only passes MIME types that `parse` produced, so only the public function sees a malformed
    /// one. Expected: SPEC §6.2 (`strict`: a malformed value → no MIME type) and §6.3 (no MIME type is never among the
    /// acceptable types), also for the wildcard patterns SPEC §6.3 allows.
    @Test func strictMatchingNeedsAWellFormedMimeType() {
        #expect(!MediaType.strictMatches(mimeType: "garbage", pattern: "text/html"))
        #expect(!MediaType.strictMatches(mimeType: "text", pattern: "*/*"))
        #expect(!MediaType.strictMatches(mimeType: "", pattern: "text/*"))
        #expect(MediaType.strictMatches(mimeType: "text/html", pattern: "text/*"))
    }

    // MARK: §3 body writers: where an error points

    /// Kills `Values/ContainerFrame.swift|ContainerFrame.depthError(_:_:_:)|string literal|"field"→"ield"|#0` and
    /// `Values/PlistXMLWriter.swift|PlistXMLWriter.invalid(_:_:)|string literal|"field"→"ield"|#0`.
    /// Expected: the path format of `ContainerFrame.path`'s doc comment ("`$[0].key[2]`-style path of the child each
    /// frame visited last"), the same format `firstInvalidPath` reports (APISurfaceTests: `$.k`, `$[1]`): the nested
    /// container that crosses maxDepth 1 is the root's child `a` (`$.a`) or its element 0 (`$[0]`); the set that a
    /// property list cannot hold sits under key `k` (`$.k`).
    @Test func writerDepthErrorsNameTheField() {
        let dicts = ParameterValue.dict(["a": .dict(["b": .integer(1)])])
        let arrays = ParameterValue.array([.array([.integer(1)])])
        let json = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(dicts, maxDepth: 1) }
        #expect(json?.kind == .nestingTooDeep)
        #expect(json?.context["field"] == "$.a")
        #expect(json?.context["limit"] == "1")
        let jsonArrays = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(arrays, maxDepth: 1) }
        #expect(jsonArrays?.context["field"] == "$[0]")
        let plist = MP.error { () throws(AFSError) in try PlistXMLWriter.write(dicts, maxDepth: 1) }
        #expect(plist?.kind == .nestingTooDeep)
        #expect(plist?.context["field"] == "$.a")
        let set = MP.error { () throws(AFSError) in try PlistXMLWriter.write(.dict(["k": .set([.integer(1)])])) }
        #expect(set?.context["field"] == "$.k")
    }

    // MARK: §7 Content-Encoding: zero padding after a gzip member

    /// Kills `ContentEncoding/ContentDecoder.swift|InflateStage.run(_:sink:)|relational <→<=|offset < input.count→offset <= input.count|#1`
    /// (the padding loop reads the byte after the chunk; a 0 there takes it past the end, so the stage restarts
    /// inflating instead of waiting between members and `finish` calls the body truncated). The chunk keeps a removed
    /// 0 right after its end (see `SurvivorTests.dropping`), so the mutant sees it deterministically.
    /// Expected: Python 3 `gzip.decompress(member + b"\0\0") == b"a"` (zero padding after a member is skipped; the
    /// InflateStage doc names that rule); the 21-byte member of ContentEncodingTests.truncationAndCorruptionAreDistinguished.
    @Test func zeroPaddingAtTheEndOfAChunkEndsTheBody() throws {
        let member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF, 0x4B, 0x04, 0x00, 0x43, 0xBE, 0xB7, 0xE8, 1, 0, 0, 0]
        var chunk = member + [0, 0, 0]
        chunk.removeLast()
        #expect(chunk.count == member.count + 2)
        let decoder = try ContentDecoder(contentEncoding: "gzip")
        var out = try decoder.write(chunk)
        out += try decoder.finish()
        #expect(out == [0x61])
    }

    #if os(Linux)
    // MARK: §5.6 writing the body to a file

    /// Kills `Multipart/MultipartFile.swift|MultipartFile.Writer.write(_:)|equality ==→!=|errno == EINTR→errno != EINTR|#0`
    /// (the mutant retries every failed write(2) forever: a hang, which the tests layer's timeout kills).
    /// Expected: SPEC §5.6/§8 (a failure is a typed error, never a hang) and the Writer's
    /// `ioError(.fileWriteFailed, "cannot write the file", path, errno)` context; Linux null(4): every write(2) to
    /// /dev/full fails with ENOSPC. Skipped where /dev/full is not writable.
    @Test func writingTheBodyToDevFullIsATypedError() throws {
        guard access("/dev/full", W_OK) == 0 else { return }
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: "v")
        let e = MP.error { () throws(AFSError) in try form.writeBody(toFile: "/dev/full") }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(ENOSPC))
        #expect(e?.context["path"] == "/dev/full")
    }

    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.sleep(nanoseconds:)|delete statement|req = rem→/* deleted */|#0`
    /// (after EINTR the mutant sleeps the whole request again instead of what remains, so a sleep interrupted every
    /// 10 ms never ends while the signals keep coming: a hang, which the tests layer's timeout kills).
    /// Expected: the type's doc comment ("`nanosleep`, restarted on EINTR") and POSIX nanosleep(2) ("rmtp … the
    /// remaining unslept amount"): a 200 ms sleep takes about 200 ms however often it is interrupted.
    /// SIGUSR2 gets a no-op handler and is unblocked on this thread (as in SurvivorTests); the interrupter stops
    /// before the test returns, so no signal reaches this thread afterwards.
    @Test func interruptedSleepResumesWithTheRemainder() {
        let elapsed = SurvivorTests.interrupted(everyMicroseconds: 10_000, repeating: true) {
            SystemMultipartClock().sleep(nanoseconds: 200_000_000)
        }
        #expect(elapsed >= .milliseconds(190), "slept \(elapsed)")
    }

    /// Kills `Multipart/MultipartFile.swift|MultipartFile.Writer.write(_:)|arith +↔-|buffer.baseAddress! + done→buffer.baseAddress! - done|#0`
    /// and `…|buffer.count - done→buffer.count + done|#0` (after a short write the mutants write the wrong bytes, or
    /// too many). Expected: the body `readAll` yields (SPEC §5.6: the file holds exactly the body) and POSIX write(2): a
    /// write to a pipe that a signal handler interrupts after some bytes went through returns that count, and the
    /// caller writes the rest. The file is a FIFO whose reader takes 4 KiB at a time, slowly, so the 64 KiB writes
    /// block; SIGUSR2 every 2 ms then cuts them short (planting either mutant by hand made this test fail). If no
    /// write happens to be cut, the test still passes (no false failure), it just proves less.
    @Test func aFileWriteCutShortBySignalsWritesTheRest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("afs-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/body"
        #expect(mkfifo(fifo, 0o600) == 0)
        var form = try MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
        var rng = SplitMix64(seed: 7)
        let data = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        try form.appendFileData(data, name: "f", filename: "f.bin", mimeType: "application/octet-stream")
        let expected = try form.makeStream().readAll()
        let received = Received()
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buf = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 4096) }
                if n <= 0 { break }
                received.append(buf[0..<n])
                usleep(300)
            }
            if fd >= 0 { close(fd) }
            readerDone.signal()
        }
        reader.start()
        var written = 0
        var failure: AFSError? = nil
        _ = SurvivorTests.interrupted(everyMicroseconds: 2_000, repeating: true) {
            do throws(AFSError) { written = try form.writeBody(toFile: fifo) } catch { failure = error }
        }
        readerDone.wait()
        #expect(failure == nil)
        #expect(written == expected.count)
        // Compared as a Bool: a failing #expect on two 300 KB arrays would spend minutes describing them.
        let got = received.bytes
        let firstDifference = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? (got.count == expected.count ? nil : min(got.count, expected.count))
        #expect(firstDifference == nil, "the file holds \(got.count) bytes, the body \(expected.count); first difference at byte \(firstDifference ?? -1)")
    }

    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [UInt8] = []
        var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return storage }
        func append(_ b: ArraySlice<UInt8>) { lock.lock(); storage += b; lock.unlock() }
    }
    #endif
}
