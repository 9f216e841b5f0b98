import CSystemInfo

// glibc serves allocations above its mmap threshold with fresh mmap'd pages and, by default,
// hands trimmed heap memory back to the kernel. A sequence render allocates a few canvas-sized
// buffers per frame (the frame, the PNG scanlines, the deflate output), so each frame paid
// ~1,000 page faults and the kernel's zeroing of 4 MB (angel, 750×750: 8,900 faults for six
// frames; 3,800 with this policy). Keeping buffers up to 64 MiB in the heap and trimming only
// above 128 MiB lets later frames reuse the same pages. Peak memory is unchanged (the buffers
// were live at once anyway); memory freed below the trim threshold stays with the process.
/// For processes that render many frames (the CLI calls it first thing); a library user decides
/// for their own process.
public enum MallocPolicy {
    public static func reuseLargeBuffers() {
        _ = svga_set_malloc_thresholds(64 << 20, 128 << 20)
    }
}
