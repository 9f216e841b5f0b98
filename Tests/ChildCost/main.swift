#if canImport(Glibc)
import Glibc
#endif

// svga-childcost REPORT PROGRAM ARGS...
//
// Runs PROGRAM as this process's only child (stdin, stdout and stderr inherited), waits for it,
// and writes "<exit status> <wall seconds> <peak RSS bytes>" to REPORT. The peak comes from
// getrusage(RUSAGE_CHILDREN): as this small process has exactly one child, it is that child's
// own peak. (A test process cannot measure its children directly: a child spawned from it
// inherits its high-water RSS across exec, so every child would show the test's hundreds of MB.)

let args = CommandLine.arguments
guard args.count >= 3 else {
    print("usage: svga-childcost REPORT PROGRAM ARGS...\n", terminator: "")
    exit(2)
}
var start = timespec()
clock_gettime(CLOCK_MONOTONIC, &start)
let argv = args[2...].map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, args[2], nil, nil, argv, environ)
guard spawned == 0 else {
    print("svga-childcost: cannot run \(args[2]): error \(spawned)\n", terminator: "")
    exit(2)
}
var status: Int32 = 0
while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
var end = timespec()
clock_gettime(CLOCK_MONOTONIC, &end)
var usage = rusage()
getrusage(RUSAGE_CHILDREN.rawValue, &usage)
let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
let exitCode: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
let report = "\(exitCode) \(seconds) \(Int(usage.ru_maxrss) * 1024)\n"
guard let file = fopen(args[1], "w") else { exit(2) }
fputs(report, file)
fclose(file)
exit(0)
