#if os(Linux)
/// glibc's `malloc_usable_size`, which Foundation on Linux does not export.
@_silgen_name("malloc_usable_size") private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// The bytes the allocator handed out for the allocation at `pointer`.
func allocationSize(_ pointer: UnsafeMutableRawPointer) -> Int {
    mallocUsableSize(pointer)
}
#endif
