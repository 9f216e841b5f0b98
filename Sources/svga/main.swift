import Foundation
import SVGAKit

// The `svga` command: subcommands, each in its own file. Errors come back as CLIError and are
// printed and turned into exit codes only here. Usage text: CommandHelp.swift.

func run(_ argv: [String]) throws(CLIError) {
    // Options every command takes are handled here, before the command parses its own; only
    // arguments before a `--` count (after it they are file names).
    let optionEnd = argv.firstIndex(of: "--") ?? argv.endIndex
    let quiet: Set<String> = ["--quiet", "-q"], verbose: Set<String> = ["--verbose", "-v"]
    Output.quiet = argv[..<optionEnd].contains { quiet.contains($0) }
    Output.verbose = argv[..<optionEnd].contains { verbose.contains($0) }
    if Output.quiet && Output.verbose { throw .usage("use --quiet (-q) or --verbose (-v), not both") }
    let argv = Array(argv[..<optionEnd].filter { !quiet.contains($0) && !verbose.contains($0) }) + argv[optionEnd...]
    guard let command = argv.first else { throw .usage("no command given") }
    let rest = Array(argv.dropFirst())
    let asksHelp = rest.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    switch command {
    case "--version", "version": print(LibraryVersions.text)
    case "help", "--help", "-h":
        guard let name = rest.first else { print(CommandHelp.overview); return }
        guard let text = CommandHelp.usage(of: name) else { throw .usage("unknown command '\(name)'") }
        print(text)
    case _ where asksHelp && CommandHelp.usage(of: command) != nil: print(CommandHelp.usage(of: command)!)
    case "info": try InfoCommand.run(rest)
    case "render": try RenderCommand.run(rest)
    case "diff": try DiffCommand.run(rest)
    default:
        if let extra = extraCommands[command] { try extra(rest) } else { throw .usage("unknown command '\(command)'") }
    }
}

MallocPolicy.reuseLargeBuffers()
do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
    exit(error.exitCode)
}
