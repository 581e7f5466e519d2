import Foundation
import AFSerialization

/// Foundation's XML property-list bytes for an object, as
/// `PropertyListSerialization.data(fromPropertyList:format: .xml, options: 0)` returns them.
///
/// On Linux that method is a thin wrapper (swift-corelibs-foundation,
/// Sources/Foundation/PropertyListSerialization.swift, `data(fromPropertyList:format:options:)`):
/// it stores the object as a CoreFoundation reference (an `NSObject` as it is), calls
/// `CFPropertyListCreateData`, and turns the returned `CFData` into `Data` by iterating it byte by
/// byte through `NSData`, which cost about a quarter of afs-oracle-host's time per check. This
/// calls `CFPropertyListCreateData` itself, with the same format and options, and copies the bytes
/// at once. Every object ``AFFoundationCompat``'s `foundationPlistObject` makes is an `NSObject`
/// (strings, bools and data bridge to one); any other gets nil, as an object Foundation refuses,
/// so the check reports it rather than passing it. `FoundationPlistXMLTests` checks the bytes are
/// the method's.
enum FoundationPlistXML {
    /// `kCFPropertyListXMLFormat_v1_0`.
    static let xmlFormat = 100

    static func bytes(_ object: Any) -> [UInt8]? {
        guard let root = object as? NSObject else { return nil }
        return withExtendedLifetime(root) {
            guard
                let data = cfPropertyListCreateData(
                    nil, Unmanaged.passUnretained(root).toOpaque(), xmlFormat, 0, nil)
            else { return nil }
            defer { cfRelease(data) }
            let count = cfDataGetLength(data)
            guard count > 0, let start = cfDataGetBytePtr(data) else { return [] }
            return Array(UnsafeBufferPointer(start: start, count: count))
        }
    }
}

// CoreFoundation's C functions, exported by libFoundation (and linked in with a static Foundation).
@_silgen_name("CFPropertyListCreateData")
private func cfPropertyListCreateData(
    _ allocator: UnsafeRawPointer?, _ propertyList: UnsafeRawPointer, _ format: Int, _ options: UInt,
    _ error: UnsafeMutableRawPointer?
) -> UnsafeRawPointer?

@_silgen_name("CFDataGetLength")
private func cfDataGetLength(_ data: UnsafeRawPointer) -> Int

@_silgen_name("CFDataGetBytePtr")
private func cfDataGetBytePtr(_ data: UnsafeRawPointer) -> UnsafePointer<UInt8>?

@_silgen_name("CFRelease")
private func cfRelease(_ object: UnsafeRawPointer)

extension ParameterValue {
    /// AFFoundationCompat's `foundationPlistObject`, built from Foundation's classes directly: the same
    /// object for `CFPropertyListCreateData`, without bridging each Swift string, bool and data
    /// through `Any` (dynamic casts and conformance lookups, most of afs-oracle-host's Swift runtime
    /// time). `FoundationPlistXMLTests` checks that Foundation writes the same bytes for both.
    var plistNSObject: NSObject {
        switch self {
        case .string(let s): return NSString(string: s)
        case .integer(let i): return NSNumber(value: i)
        case .double(let d): return NSNumber(value: d)
        case .bool(let b): return NSNumber(value: b)
        case .null: return NSNull()
        case .array(let xs): return NSArray(array: xs.map(\.plistNSObject))
        case .set(let xs): return NSSet(array: xs.map(\.plistNSObject))
        case .data(let bytes): return NSData(bytes: bytes, length: bytes.count)
        case .dictionary(let es):
            let d = NSMutableDictionary(capacity: es.count)
            for e in es { d.setObject(e.value.plistNSObject, forKey: NSString(string: e.key)) }
            return d
        }
    }
}
