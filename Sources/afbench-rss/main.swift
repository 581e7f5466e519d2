// Peak RSS of streaming a 1 GiB file part through the multipart phase reader (README "Benchmarks" target:
// < 16 MiB), measured in a process that loads only the Foundation-free core, so the figure is the
// whole process's peak (VmHWM), not a growth figure on top of Foundation's mapped libraries.
// Baseline in the same run: a plain read(2) loop over the same file, measured first.
// `swift run -c release afbench-rss [size-in-MiB]` (default 1024).
import AFSerialization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func statusKiB(_ field: String) -> Int {
    let fd = open("/proc/self/status", O_RDONLY)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 8192)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
    guard n > 0 else { return -1 }
    let text = String(decoding: bytes[0..<n], as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let mib = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1024 : 1024
let size = mib << 20
var template = Array("/tmp/afbench-rss-XXXXXX".utf8CString)
let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
precondition(fd >= 0, "cannot create a temporary file")
let path = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
defer { unlink(path) }

// Write the file in 1 MiB pieces of pseudo-random bytes (never more than 1 MiB in memory).
do {
    var piece = [UInt8](repeating: 0, count: 1 << 20)
    var r = SplitMix64(seed: 7)
    for _ in 0..<mib {
        for i in stride(from: 0, to: piece.count, by: 8) { piece[i] = UInt8(truncatingIfNeeded: r.next()) }
        piece.withUnsafeBytes { precondition(write(fd, $0.baseAddress!, $0.count) == $0.count) }
    }
    close(fd)
}
let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 64)
defer { buffer.deallocate() }

let startupPeak = statusKiB("VmHWM")
var t0 = seconds()
let rfd = open(path, O_RDONLY)
var total = 0
while true {
    let n = read(rfd, buffer.baseAddress!, buffer.count)
    if n <= 0 { break }
    total += n
}
close(rfd)
let baselineTime = seconds() - t0
let baselinePeak = statusKiB("VmHWM")
precondition(total == size)

t0 = seconds()
var form = try! MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
try! form.appendFile(url: path, name: "file")
let stream = form.makeStream()
var produced = 0
while true {
    let n = try! stream.read(into: buffer)
    if n == 0 { break }
    produced += n
}
let readerTime = seconds() - t0
let readerPeak = statusKiB("VmHWM")
precondition(produced == form.contentLength, "produced \(produced) bytes, Content-Length \(form.contentLength)")

func mb(_ kib: Int) -> String { String(Double(kib * 10 / 1024) / 10) + " MiB" }
print("file part: \(mib) MiB; Content-Length \(form.contentLength) = bytes produced \(produced)")
print("read(2) 64 KiB loop (baseline): \(Int(Double(size) / baselineTime / 1e6)) MB/s")
print(
    "phase reader 64 KiB reads:      \(Int(Double(produced) / readerTime / 1e6)) "
        + "MB/s (\(Int(baselineTime / readerTime * 100)) % of baseline)"
)
print(
    "peak RSS (VmHWM, whole process): at start \(mb(startupPeak)), after baseline "
        + "\(mb(baselinePeak)), after phase reader \(mb(readerPeak)); target < 16 MiB"
)
