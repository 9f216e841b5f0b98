import CSystemInfo
import Foundation

/// The number of CPUs this process may run on: the default worker count. `taskset`, cgroup
/// cpusets and container CPU pinning narrow the affinity mask, not the machine's core count, so
/// counting cores would start more workers than can run at once.
public enum AvailableCPUs {
    public static var count: Int {
        let n = Int(svga_affinity_cpu_count())
        return n > 0 ? n : ProcessInfo.processInfo.activeProcessorCount
    }
}
