import Foundation
import TrendingCLI

let code = await TrendingCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(code)
