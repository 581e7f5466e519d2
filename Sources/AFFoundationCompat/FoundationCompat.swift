// Foundation interop lives here, never in the core (AFSerialization): property-list parsing and
// the conversions the differential tests and benchmarks need.
import AFSerialization
import Foundation
