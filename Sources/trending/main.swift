import AmodbKit
import CProcess
import Glibc
import TrendingCLI

// One malloc arena for every thread: the few worker threads here would each keep an arena of freed
// poster and answer buffers (about a mebibyte more at the end of a browsing session).
_ = trending_use_one_malloc_arena()

// Synchronous top-level code: the browser's loop runs on the process's main thread.
let code = TrendingCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current)
exit(code)
