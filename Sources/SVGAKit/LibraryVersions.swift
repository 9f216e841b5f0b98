import CDeflate
import CFontconfig
import CFreeType
import CFriBidi
import CHarfBuzz
import CSystemInfo
import CPNG
import CWebP
import CZlib

/// Our version and the C libraries actually loaded (`svga --version`), asked through their own
/// version functions where they have one (a bug report then says which zlib or libpng ran), else
/// the version macro of the headers we were built with. Here, in the façade, so that no client
/// reaches for the C modules itself.
public enum LibraryVersions {
    public static let version = "0.1.0"

    /// `svga 0.1.0 (SVGAKit)` and one indented `name version` line per library.
    public static var text: String {
        (["svga \(version) (SVGAKit)"] + libraries.map { "  \($0.0) \($0.1)" }).joined(separator: "\n")
    }

    public static var libraries: [(String, String)] {
        [
            ("zlib", String(cString: zlibVersion())),
            ("libpng", String(cString: png_get_libpng_ver(nil))),
            ("libdeflate", LIBDEFLATE_VERSION_STRING + " (headers)"),
            ("FreeType", freetype),
            ("HarfBuzz", String(cString: hb_version_string())),
            ("FriBidi", FRIBIDI_VERSION + " (headers)"),
            ("fontconfig", dotted(Int(FcGetVersion()), base: 100)),
            ("libjpeg-turbo", String(cString: svga_libjpeg_turbo_version()) + " (headers)"),
            ("libwebp", dotted(Int(WebPGetDecoderVersion()), base: 256)),
        ]
    }

    /// FreeType reports its version through a library handle.
    private static var freetype: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown (FreeType did not initialise)" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// 21400 (base 100) → 2.14.0; 0x010302 (base 256) → 1.3.2.
    private static func dotted(_ v: Int, base: Int) -> String {
        "\(v / (base * base)).\(v / base % base).\(v % base)"
    }
}
