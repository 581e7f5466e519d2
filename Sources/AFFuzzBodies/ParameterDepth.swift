import AFSerialization

extension ParameterValue {
    /// Nesting depth, computed iteratively (a hostile tree must not overflow the stack here either).
    /// A leaf has depth 0, `[1]` depth 1. The oracles of the request targets compare it with
    /// SPEC §8's `maxParameterDepth`; the core needs no such count (it checks depth as it flattens).
    var depth: Int {
        var deepest = 0
        walkLevels { _, level in deepest = max(deepest, level) }
        return deepest
    }

    /// The most containers on one path from the root, empty ones included: a leaf 0, `[]` and `[1]`
    /// 1, `[[]]` 2. SPEC §8's depth decision counts these (a limit N admits N nested containers and
    /// rejects the (N+1)th); ``depth`` counts an empty container as a leaf.
    var nestedContainers: Int {
        var most = 0
        walkLevels { value, level in
            switch value {
            case .array, .set, .dictionary: most = max(most, level + 1)
            default: break
            }
        }
        return most
    }

    /// Every node with its level (the root 0), iteratively: a hostile tree must not overflow the
    /// stack here either.
    private func walkLevels(_ visit: (ParameterValue, Int) -> Void) {
        var stack: [(ParameterValue, Int)] = [(self, 0)]
        while let (value, level) = stack.popLast() {
            visit(value, level)
            switch value {
            case .array(let xs), .set(let xs): for x in xs { stack.append((x, level + 1)) }
            case .dictionary(let es): for e in es { stack.append((e.value, level + 1)) }
            default: break
            }
        }
    }
}
