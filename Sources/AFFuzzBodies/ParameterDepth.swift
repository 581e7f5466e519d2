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
}
