// The usage of every command, in one place: `svga help`, `svga help CMD`, `svga CMD --help` print
// from here, and the README's "Command reference" holds `svga help` verbatim (a CLI test checks
// they agree, so the README cannot drift from the tool).
enum CommandHelp {
    static let commands: [(name: String, usage: String)] = [
        ("info", """
          info FILE|- ... [--json] [--max-memory SIZE]   container, canvas, timing, images, features, keys
        """),
        ("render", """
          render FILE --out DIR [--frames SPEC] [--scale S | --width W | --height H] [--background COLOR]
                 [--threads N] [--png-level fast|default|max]
                 [--overwrite|-y] [--renumber | --start-number N] [--compare REFDIR [--min-psnr DB]] [--json]
                 [--set-image KEY=IMAGE] [--image-fit KEY=stretch|aspect-fit|aspect-fill]
                 [--image-mask KEY=none|circle|radius:R] [--set-text KEY=TEXT]
                 [--text-style KEY=JSON] [--font PATH] [--hide KEY] [--max-memory SIZE]
          render FILE --frame N --out FILE.png|-   one frame (parents created; - is stdout)
        """),
        ("diff", """
          diff A.png B.png [--diff-out PATH] [--min-psnr DB] [--json]
        """),
        ("validate", """
          validate FILE|DIR ... [--profile gift|avatar-frame|banner] [--rules RULES.json]
                 [--format text|json|github|junit|sarif] [--json] [--min-severity info|warning|error]
                 [--strict] [--threads N] [--max-memory SIZE]
          validate --list-rules [--profile NAME] [--rules RULES.json] [--json]
        """),
        ("preview", """
          preview FILE --out DIR [--max-size PX] [--sheet-frames N] [--threads N] [--png-level LEVEL]
                 [--max-memory SIZE]
        """),
        ("hook", """
          hook --catalog CATALOG.json --out DIR [--events FILE|-] [--spool DIR [--once]] [--combo-window SECONDS]
               [--threads N] [--png-level fast|default|max]
          hook --catalog CATALOG.json --out DIR --redis URL --stream KEY --group NAME [pool options]
        """),
        ("export", """
          export FILE OUTPUT [--format webm|mp4|mov|webp|gif|apng] [--frames SPEC]
                 [--scale S | --width W | --height H] [--background COLOR] [--quality Q] [--loop N]
                 [--alpha side-by-side|top-bottom|none] [--gif-palette file|frame] [--dither NAME]
                 [--no-audio] [--threads N] [--json] [personalisation options of render]
          export FILE - | --raw [--print-ffmpeg-args]   raw straight-alpha RGBA frames on stdout
        """),
        ("optimize", """
          optimize IN OUT [--profile NAME] [--max-scale X] [--keep KEY] [--lossy[=QUALITY]] [--no-drop-invisible]
                 [--no-downscale] [--no-drop-unused] [--no-dedup] [--no-recompress] [--dry-run] [--json]
                 [--force] [--threads N]
          optimize DIR --out DIR [same options]   every .svga file under DIR, several at once, one report
        """),
        ("worker", """
          worker --redis URL --stream KEY --group NAME [pool options] [--job-timeout SECONDS]
                 upload jobs (validate, render, preview, optimize, export) from a Redis stream
          pool options: [--consumer NAME] [--results KEY] [--concurrency N] [--claim-after S]
                 [--max-deliveries N] [--dedupe-ttl S] [--stats-every S]   (URL: redis://HOST:PORT[/DB])
        """),
    ]

    static let footer = """
    SPEC is a frame list such as 0-9,15,20- (zero-based, inclusive). SIZE scales the decode budget,
    e.g. 512M or 2G (see README, Hostile input).
    W and H keep the aspect (both: fit inside W×H). COLOR is #RGB, #RRGGBB, #RRGGBBAA or black, white,
    grey, red, green, blue, transparent.
    Every command takes --help (-h) for its usage, --quiet (-q) to print only errors and --verbose (-v)
    for detail on stderr (per frame, rule or event); svga help CMD is svga CMD --help;
    svga --version prints the versions of the libraries in use.
    """

    /// `svga help`: every command.
    static var overview: String {
        "usage: svga <command> [options]\n\ncommands:\n" + commands.map(\.usage).joined(separator: "\n") + "\n\n" + footer
    }

    /// `svga CMD --help`; nil for a command we do not have.
    static func usage(of command: String) -> String? {
        commands.first { $0.name == command }.map { "usage:\n" + $0.usage + "\n\n" + footer }
    }
}
