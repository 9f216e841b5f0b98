import Synchronization

/// Reusable pixel buffers for layers (matte runs, spec A.6): a frame takes a transparent pixmap,
/// draws into it, and gives the buffer back, so rendering a sequence does not allocate and zero
/// fresh layer memory for every run of every frame. Shared by all threads of a renderer; a
/// buffer is held by one draw at a time. At most `capacity` buffers are kept.
public final class PixmapPool: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    public let capacity: Int

    public init(capacity: Int = 16) { self.capacity = capacity }

    /// A transparent width × height pixmap, on a returned buffer when one is large enough; nil
    /// when the size is invalid (see `Pixmap.init`).
    public func take(width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0 else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Pixmap.maxPixelCount else { return nil }
        let bytes = pixels * 4
        var buffer = buffers.withLock { free -> [UInt8] in
            guard let i = free.firstIndex(where: { $0.capacity >= bytes }) else { return [] }
            return free.remove(at: i)
        }
        if buffer.capacity >= bytes {
            // Keep the allocation: shrink or grow the count, then clear what is used.
            if buffer.count > bytes { buffer.removeLast(buffer.count - bytes) }
            buffer.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            if buffer.count < bytes { buffer.append(contentsOf: repeatElement(0, count: bytes - buffer.count)) }
        } else {
            buffer = [UInt8](repeating: 0, count: bytes)
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: buffer)
    }

    /// Takes the pixmap's buffer back for reuse. The pixmap is left empty and must not be used.
    public func give(_ pixmap: inout Pixmap) {
        var buffer: [UInt8] = []
        swap(&buffer, &pixmap.data)   // the pool now holds the only reference: no copy on reuse
        buffers.withLock { free in
            if free.count < capacity { free.append(buffer) }
        }
    }
}
