/// Commands beyond info/render/diff, each in its own file.
let extraCommands: [String: @Sendable ([String]) throws(CLIError) -> Void] = [
    "validate": ValidateCommand.run,
    "preview": PreviewCommand.run,
    "hook": HookCommand.run,
    "export": ExportCommand.run,
    "optimize": OptimizeCommand.run,
    "worker": WorkerCommand.run,
]
