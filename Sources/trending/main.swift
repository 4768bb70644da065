import AmodbKit
import Glibc
import TrendingCLI

// Synchronous top-level code: the browser's loop runs on the process's main thread.
let code = TrendingCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current)
exit(code)
