/// Why a font could not be loaded (spec A.7: the font of a dynamic text item).
///
/// `source` names where the bytes came from (a file path, or "memory (N bytes)"), `operation`
/// the FreeType call or check that failed, and `code` the FreeType error code (`FT_Err_*`,
/// see fterrdef.h), so a log line says both which font and what FreeType thought of it.
public struct FontError: Error, Sendable, CustomStringConvertible {
    public let source: String
    public let operation: String
    public let code: Int32

    public init(source: String, operation: String, code: Int32) {
        self.source = source
        self.operation = operation
        self.code = code
    }

    public var description: String {
        let hex = "0x" + String(code, radix: 16, uppercase: true)
        if let meaning = FontError.meaning(of: code) {
            return "font \(source): \(operation) failed with FreeType error \(hex) (\(meaning))"
        }
        return "font \(source): \(operation) failed with FreeType error \(hex)"
    }

    /// The handful of codes a caller actually meets when opening a face. Debian builds FreeType
    /// without FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String would return NULL.
    static func meaning(of code: Int32) -> String? {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x10: return "invalid glyph index"
        case 0x14: return "no scalable outlines"
        case 0x40: return "out of memory"
        case 0x51: return "cannot open stream"
        case 0x55: return "invalid stream operation"
        default: return nil
        }
    }
}
