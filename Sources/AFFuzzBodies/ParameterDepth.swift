import AFSerialization

extension ParameterValue {
    /// Nesting depth, computed iteratively (a hostile tree must not overflow the stack here either).
    /// A leaf has depth 0, `[1]` depth 1. The oracles of the request targets compare it with
    /// SPEC §8's `maxParameterDepth`; the core needs no such count (it checks depth as it flattens).
    var depth: Int {
        var maxDepth = 0
        var stack: [(ParameterValue, Int)] = [(self, 0)]
        while let (value, d) = stack.popLast() {
            maxDepth = max(maxDepth, d)
            switch value {
            case .array(let xs), .set(let xs): for x in xs { stack.append((x, d + 1)) }
            case .dictionary(let es): for e in es { stack.append((e.value, d + 1)) }
            default: break
            }
        }
        return maxDepth
    }

    /// The most containers on one path from the root, empty ones included: a leaf 0, `[]` and `[1]`
    /// 1, `[[]]` 2. SPEC §8's depth decision counts these (a limit N admits N nested containers and
    /// rejects the (N+1)th); ``depth`` counts an empty container as a leaf.
    var nestedContainers: Int {
        var most = 0
        var stack: [(ParameterValue, Int)] = [(self, 0)]
        while let (value, above) = stack.popLast() {
            switch value {
            case .array(let xs), .set(let xs):
                most = max(most, above + 1)
                for x in xs { stack.append((x, above + 1)) }
            case .dictionary(let es):
                most = max(most, above + 1)
                for e in es { stack.append((e.value, above + 1)) }
            default: break
            }
        }
        return most
    }
}
