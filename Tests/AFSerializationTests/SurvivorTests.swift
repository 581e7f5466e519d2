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
    /// `text` without its last byte, in an array whose storage still holds that byte right after the
    /// end (`removeLast` on a uniquely referenced `[UInt8]` keeps the capacity and does not clear the
    /// slot). A parser that reads one byte past the end then sees the removed byte, deterministically.
    static func droppingLastByte(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        bytes.removeLast()
        return bytes
    }

    static func unhex(_ s: String) -> [UInt8] {
        let chars = Array(s.utf8)
        return stride(from: 0, to: chars.count, by: 2).map { UInt8(String(decoding: chars[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
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

    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.sleep(nanoseconds:)|integer +1|1_000_000_000→1000000001|#0`.
    /// Expected: POSIX nanosleep: 10^9 ns is `tv_sec = 1, tv_nsec = 0`, a one-second sleep (the mutant
    /// splits it as `tv_sec = 0, tv_nsec = 10^9`, which nanosleep rejects with EINVAL at once).
    @Test func systemClockSleepsAWholeSecond() {
        let start = ContinuousClock.now
        SystemMultipartClock().sleep(nanoseconds: 1_000_000_000)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(990), "slept \(elapsed)")
    }

    #if os(Linux)
    /// Kills `Multipart/MultipartThrottle.swift|SystemMultipartClock.sleep(nanoseconds:)|equality ==→!=|errno == EINTR→errno != EINTR|#0`.
    /// Expected: the type's doc comment ("`nanosleep`, restarted on EINTR"): a signal that interrupts
    /// the sleep (signal(7): nanosleep fails with EINTR after a handler runs, whatever SA_RESTART says)
    /// must not shorten it. SIGUSR2 gets a no-op handler and is unblocked on this thread for the test
    /// (worker threads may block signals); another thread sends it 100 ms into a 400 ms sleep. If the
    /// signal comes too early or too late the test still passes (no false failure), it just proves less.
    @Test func systemClockSleepIsRestartedAfterASignal() {
        _ = signal(SIGUSR2, { _ in })
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGUSR2)
        var old = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let sleeper = pthread_self()
        let interrupter = Thread {
            usleep(100_000)
            _ = pthread_kill(sleeper, SIGUSR2)
        }
        let start = ContinuousClock.now
        interrupter.start()
        SystemMultipartClock().sleep(nanoseconds: 400_000_000)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(390), "slept \(elapsed)")
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
    /// in FOUNDATION_KEY_ORDER (scripts/gen_request.py), recorded from Foundation's JSONSerialization.
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
    /// Each mutant reads `bytes[bytes.count]`; `droppingLastByte` leaves the closing `]`, `}` or `u` there,
    /// so the mutant parses on and reports a different error (e.g. "Garbage at end." one byte later).
    /// Expected offsets: Python's `json.loads` position for `[`, `{`, `[1` (JSONDecodeError.pos 1, 1, 2);
    /// for `"\uD800\` the recorded decision of response/json-parser/012–013 (an unpaired high surrogate is
    /// reported at its escape's backslash, offset 1). Domain and code: SPEC §6.4 (NSCocoaErrorDomain 3840).
    @Test func jsonParserStopsAtTheEndOfItsInput() {
        for (full, offset) in [("[]", 1), ("{}", 1), ("[1]", 2), ("\"\\uD800\\u", 1)] {
            let body = Self.droppingLastByte(full)
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
    /// limit the second member crosses it. Expected: README §7 decision, an error's offset counts bytes of
    /// the failing layer's input, so it lies in that input, and in the member whose output crossed the
    /// limit: 23 ≤ offset ≤ 64 (the exact byte is not pinned: it depends on how zlib is fed).
    @Test func sizeLimitErrorOffsetLiesInTheMemberThatCrossesIt() {
        let body = Self.unhex("1f8b08000000000002034b4c840100f0cd114c0a0000001f8b0800000000000203edc13101000000c2a0aeeb1fc2147e4001000000006f03fc0891d088130000")
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
