#if canImport(Darwin)
import Darwin

/// The bytes the allocator handed out for the allocation at `pointer` (Darwin's `malloc_size`).
func allocationSize(_ pointer: UnsafeMutableRawPointer) -> Int {
    malloc_size(pointer)
}
#endif
