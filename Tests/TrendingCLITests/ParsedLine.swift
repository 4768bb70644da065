@testable import TrendingCLI

/// The command a command line parses to.
func parsedCommand(_ words: [String]) throws -> Invocation.Command {
  try ArgumentParser.parse(words).command
}

/// The usage error a command line gives, nil when it parses.
func usageFailure(_ words: [String]) -> String? {
  do {
    _ = try ArgumentParser.parse(words)
    return nil
  } catch {
    return error.message
  }
}
