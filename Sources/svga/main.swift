import Foundation

// The `svga` command: subcommands, each in its own file. Errors come back as CLIError and are
// printed and turned into exit codes only here.

let usage = """
usage: svga <command> [options]

commands:
  info FILE [--json]                       container, canvas, timing, images, features, keys
  render FILE --out DIR [--frames SPEC] [--scale S] [--threads N] [--png-level fast|default|max]
         [--set-image KEY=IMAGE] [--image-fit KEY=stretch|aspect-fit|aspect-fill]
         [--image-mask KEY=none|circle|radius:R] [--set-text KEY=TEXT]
         [--text-style KEY=JSON] [--font PATH] [--hide KEY] [--compare REFDIR [--min-psnr DB]]
  render FILE --frame N --out FILE.png      one frame
  diff A.png B.png [--diff-out PATH] [--min-psnr DB]
  validate FILE|DIR ... [--profile gift|avatar-frame|banner] [--rules RULES.json] [--json] [--strict]
         [--threads N]
  validate --list-rules [--profile NAME] [--rules RULES.json] [--json]
  preview FILE --out DIR [--max-size PX] [--sheet-frames N] [--threads N] [--png-level LEVEL]
  hook --catalog CATALOG.json --out DIR [--events FILE|-] [--spool DIR [--once]] [--combo-window SECONDS]
       [--threads N] [--png-level fast|default|max]
  export FILE OUTPUT [--format webm|mp4|mov|webp|gif|apng] [--frames SPEC]
         [--scale S | --width W | --height H] [--background COLOR] [--quality Q] [--loop N]
         [--alpha side-by-side|top-bottom|none] [--gif-palette file|frame] [--dither NAME]
         [--no-audio] [--threads N] [--json] [personalisation options of render]
  export FILE - | --raw [--print-ffmpeg-args]   raw straight-alpha RGBA frames on stdout
  optimize IN OUT [--profile NAME] [--max-scale X] [--keep KEY] [--no-downscale] [--no-drop-unused]
         [--no-dedup] [--no-recompress] [--dry-run] [--json] [--force] [--threads N]
  help

SPEC is a frame list such as 0-9,15,20- (zero-based, inclusive).
"""

func run(_ argv: [String]) throws(CLIError) {
    guard let command = argv.first else { throw .usage("no command given") }
    let rest = Array(argv.dropFirst())
    switch command {
    case "info": try InfoCommand.run(rest)
    case "render": try RenderCommand.run(rest)
    case "diff": try DiffCommand.run(rest)
    case "help", "--help", "-h": print(usage)
    default:
        if let extra = extraCommands[command] { try extra(rest) } else { throw .usage("unknown command '\(command)'") }
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
    exit(error.exitCode)
}
