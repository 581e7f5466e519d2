import CZlib
import PropertyBased
import Testing
@testable import AFSerialization

/// Property checks of SPEC §6.4 (null cleaning) and §7 (chunking), over generated inputs.
@Suite struct ResponsePropertyTests {
    /// Builds a JSON tree from a list of small integers (a tiny stack "program"), so the
    /// generator's shrinking shrinks trees too.
    static func tree(_ program: [Int]) -> JSONValue {
        var stack: [[JSONValue]] = [[]]
        var keys = 0
        for op in program {
            switch op {
            case 0, 1: stack[stack.count - 1].append(.null)
            case 2: stack[stack.count - 1].append(.number(String(op)))
            case 3: stack[stack.count - 1].append(.string("s\(keys)"))
            case 4, 5: if stack.count < 40 { stack.append([]) }
            default:
                guard stack.count > 1 else { continue }
                let items = stack.removeLast()
                if op % 2 == 0 {
                    stack[stack.count - 1].append(.array(items))
                } else {
                    stack[stack.count - 1].append(
                        .object(
                            items.map {
                                keys += 1; return .init("k\(keys % 5)", $0)
                            }))
                }
            }
        }
        while stack.count > 1 { let items = stack.removeLast(); stack[stack.count - 1].append(.array(items)) }
        return .array(stack[0])
    }

    static func containsNull(_ v: JSONValue, inArrays: Bool) -> Bool {
        switch v {
        case .array(let xs): return xs.contains { (inArrays && $0.isNull) || containsNull($0, inArrays: inArrays) }
        case .object(let ms): return ms.contains { $0.value.isNull || containsNull($0.value, inArrays: inArrays) }
        default: return false
        }
    }

    /// Number/string leaves in document order.
    static func leaves(_ v: JSONValue) -> [JSONValue] {
        switch v {
        case .array(let xs): return xs.flatMap(leaves)
        case .object(let ms): return ms.flatMap { leaves($0.value) }
        case .null: return []
        default: return [v]
        }
    }

    @Test func nullCleaningRemovesWhatSPECSaysAndIsIdempotent() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9).array(of: 0...120)) { program in
            let doc = Self.tree(program)
            let af4 = try! NullCleaning.clean(doc, profile: .af4)
            let af3 = try! NullCleaning.clean(doc, profile: .af3)
            #expect(!Self.containsNull(af4, inArrays: true), "af4: no null anywhere below the top")
            #expect(!Self.containsNull(af3, inArrays: false), "af3: no null member values")
            #expect(try! NullCleaning.clean(af4, profile: .af4) == af4)
            #expect(try! NullCleaning.clean(af3, profile: .af3) == af3)
            // Without duplicate keys, no non-null leaf is lost or reordered.
            if !Self.hasDuplicateKeys(doc) {
                #expect(Self.leaves(af4) == Self.leaves(doc))
                #expect(Self.leaves(af3) == Self.leaves(doc))
            }
        }
    }

    static func hasDuplicateKeys(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let xs): return xs.contains(where: hasDuplicateKeys)
        case .object(let ms): return Set(ms.map(\.key)).count != ms.count || ms.contains { hasDuplicateKeys($0.value) }
        default: return false
        }
    }

    /// zlib's own compressor is the oracle: whatever the chunking, we get the payload back.
    @Test func deflateDecodingIsChunkingInvariant() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...3).array(of: 0...3000), Gen.int(in: 1...700).array(of: 1...6)
        ) { symbols, sizes in
            let payload = symbols.map { UInt8(truncatingIfNeeded: $0 * 61) }
            var len = compressBound(UInt(payload.count))
            var z = [UInt8](repeating: 0, count: Int(len))
            _ = compress2(&z, &len, payload, UInt(payload.count), 6)
            z = Array(z.prefix(Int(len)))
            let d = try! ContentDecoder(contentEncoding: "deflate")
            var out: [UInt8] = []
            var i = 0, k = 0
            while i < z.count {
                let n = min(sizes[k % sizes.count], z.count - i)
                out += try! d.write(Array(z[i..<(i + n)]))
                i += n
                k += 1
            }
            out += try! d.finish()
            #expect(out == payload)
        }
    }
}
