import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import TrendingCore

extension PlayProblem {
  /// Whether a watch it stopped waits to be recorded later rather than being lost: amodb could not
  /// be asked (no key, a key refused, the rate spent, no network), or the name fits several titles
  /// and there was no terminal to ask which.
  var waits: Bool {
    switch self {
    case .ambiguous: return true
    case .failed(_, let code): return [.authentication, .rateLimited, .network].contains(code)
    case .noMatch, .notMedia, .noEpisode, .absent: return false
    }
  }
}

extension TrendingCommand {
  /// Keeps the watch of `target` on `day` that `problem` stopped (`PendingPlays`) and says so; the
  /// exit code is the problem's, for it is not recorded yet.
  static func keepPending(_ target: String, day: String, problem: PlayProblem, environment: [String: String])
    -> Int32
  {
    let shown = TextSanitizer.clean(URL.shownWithoutSecrets(target), limit: 300)
    var play = PendingPlay(keeping: target, day: day)
    if case .ambiguous = problem { play.waitsForChoice = true }
    guard let pending = PendingPlays(environment: environment), pending.keep(play) else {
      printError(tr("%1$s: nothing recorded: %2$s", shown, problem.reason))
      return problem.code.rawValue
    }
    if case .ambiguous = problem {
      printError(
        tr(
          "%1$s: kept to record later (%2$s): 'trending scrobble --pending' on a terminal asks which", shown,
          problem.reason))
    } else {
      printError(
        tr(
          "%1$s: kept to record later, once amodb answers (%2$s): the next play or scrobble records it, or 'trending scrobble --pending'",
          shown, problem.reason))
    }
    return problem.code.rawValue
  }

  /// Records the plays kept for later that amodb can now name, each on the day it was watched.
  /// `asking`: a name that fits several titles is asked on the terminal (`scrobble --pending`),
  /// else it waits. Stops at the first failure to ask amodb (the rest would fail alike). Returns how
  /// many are still kept, and the last failure's exit code (success when none).
  static func recordPending(invocation: Invocation, environment: [String: String], asking: Bool)
    -> (left: Int, code: Int32)
  {
    guard let pending = PendingPlays(environment: environment) else { return (0, ExitCode.success.rawValue) }
    let plays = pending.read()
    // Chosen only on a terminal: the others are not searched again each time a file plays.
    let asked = plays.filter { asking || !$0.waitsForChoice }
    guard !asked.isEmpty else { return (plays.count, ExitCode.success.rawValue) }
    // One client for the run, so its requests share one rate budget.
    let services: (client: AmodbClient, images: ImageLoader)
    do {
      services = try Setup.services(for: invocation, environment: environment)
    } catch {
      return (plays.count, error.code.rawValue)
    }
    var settled: [PendingPlay] = []
    var code = ExitCode.success.rawValue
    for play in asked {
      let shown = TextSanitizer.clean(play.target, limit: 300)
      let named = playedTitle(
        play.target, invocation: invocation, environment: environment, asking: asking, services: services)
      switch named {
      case .success(let title):
        let recorded = record(title, day: play.day, environment: environment)
        if recorded == ExitCode.success.rawValue { settled.append(play) } else { code = recorded }
      case .failure(.failed(_, let failed)):
        // amodb (or the settings) failed, not the file: every play waits for the next run.
        code = failed.rawValue
        pending.remove(settled)
        return (plays.count - settled.count, code)
      case .failure(let problem) where problem.waits:
        code = problem.code.rawValue
      case .failure(let problem):
        printError(
          tr("%1$s (watched %2$s): nothing recorded: %3$s", shown, Dates.written(text: play.day), problem.reason))
        settled.append(play)
      }
    }
    pending.remove(settled)
    return (plays.count - settled.count, code)
  }

  /// `trending scrobble --pending`: the plays kept for later recorded, and what is left said.
  static func scrobblePending(invocation: Invocation, environment: [String: String]) -> Int32 {
    let asking = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let kept = PendingPlays(environment: environment)?.read().count ?? 0
    guard kept > 0 else { return emit(tr("no plays are kept to record later")) }
    let (left, code) = recordPending(invocation: invocation, environment: environment, asking: asking)
    guard left > 0 else { return ExitCode.success.rawValue }
    printError(
      trn("%s play is still kept to record later", "%s plays are still kept to record later", left, String(left)))
    return code == ExitCode.success.rawValue ? ExitCode.failure.rawValue : code
  }
}
