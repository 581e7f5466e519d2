/// A stack of values whose top `n` can be moved out as an exactly sized `Array` (the JSON parser's
/// open containers share one). An `Array` used this way copies the slice (a retain per element) and
/// then destroys it (a release per element); here the elements are moved, never copied.
struct ScratchStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements from `start` to the top, in order, as a new array; the stack is left at `start`.
    /// (Built with `reserveCapacity` and appends, which the compiler specializes; the
    /// `unsafeUninitializedCapacity` initializer looked up the array's generic metadata at run time
    /// on every call.)
    mutating func popArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "ScratchStack.popArray: start \(start) outside 0...\(count)")
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for i in start..<count { result.append((base + i).move()) }
        count = start
        return result
    }

    /// Removes, in place and in order, the elements from `start` up for which `remove` is true.
    mutating func removeAll(from start: Int, where remove: (Element) -> Bool) {
        var kept = start
        for i in start..<count {
            if remove(base[i]) {
                (base + i).deinitialize(count: 1)
            } else {
                if kept != i { (base + kept).moveInitialize(from: base + i, count: 1) }
                kept += 1
            }
        }
        count = kept
    }

    /// The elements from `start` to the top, borrowed for the duration of `body`.
    func withElements<R>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
