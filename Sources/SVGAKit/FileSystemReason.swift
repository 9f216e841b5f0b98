import Foundation

/// A file-system failure as a short lower-case reason ("permission denied", "no such file or
/// folder"), never Foundation's `Error Domain=NSCocoaErrorDomain Code=513 … UserInfo={…}`. The
/// POSIX errno wins when Foundation kept one; else the Cocoa code is named.
public enum FileSystemReason {
    public static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posix(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        guard ns.domain == NSCocoaErrorDomain else { return ns.localizedDescription }
        switch ns.code {
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteFileExistsError: return "a file is in the way (it exists and is not a folder)"
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteInvalidFileNameError, NSFileReadInvalidFileNameError: return "invalid file name"
        case NSFileWriteUnknownError, NSFileReadUnknownError:
            return "file-system error (a part of the path may be a file, not a folder)"
        default: return "file-system error \(ns.code)"
        }
    }

    public static func posix(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EISDIR: return "is a folder"
        case EEXIST: return "a file is in the way (it exists and is not a folder)"
        case ENOSPC: return "no space left on the device"
        case EROFS: return "read-only file system"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
