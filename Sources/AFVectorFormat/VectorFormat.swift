/// Constants of the vector and `eval` formats (VECTORS.md) that more than one module needs.
public enum VectorFormat {
    /// How deep an `eval` line may nest (the envelope's limit); components' depth options are
    /// capped there, so a component never allows more nesting than a line can carry.
    public static let maxLineDepth = 100_000
}
