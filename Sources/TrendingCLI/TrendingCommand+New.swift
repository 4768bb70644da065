import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

#if canImport(Glibc)
  import Glibc
#endif

/// What `trending new` was asked for.
public struct NewRequest: Equatable, Sendable {
  /// From this day on (`--since`); nil for the last week.
  public var since: String?
  /// From the day of the previous `--since-last` run (less what it said), then record this one.
  public var sinceLast = false
  /// JSON instead of text.
  public var json = false
  /// One desktop notification through `notify-send` when it is on `PATH`.
  public var notify = false
  /// Where to post what was found too (`--push`), if anywhere.
  public var push: PushTarget?
}

extension TrendingCommand {
  /// The fact `--since-last` keeps: the day of the previous run.
  static let sinceLastFact = Library.newsMarkerFact
  /// The fact of what the previous run said of its day.
  static let saidFact = Library.newsSaidFact
  /// The most keys of one day's news kept.
  static let mostSaid = 1000

  /// `trending new`: what came out for the user since a day, oldest first; nothing new prints nothing.
  static func whatIsNew(
    _ request: NewRequest, invocation: Invocation, environment: [String: String], services mine: [String]
  ) -> Int32 {
    // Two runs at once (cron's and the user's) would both say the news: the second waits for the first.
    let lock = request.sinceLast ? RunLock(besides: Library.standardPath(environment: environment)) : nil
    defer { withExtendedLifetime(lock) {} }
    return withLibrary(environment, makesNoLibrary: true) { library throws(LibraryError) -> Int32 in
      whatIsNew(request, library: library, invocation: invocation, environment: environment, services: mine)
    }
  }

  /// `trending new` with the library open.
  private static func whatIsNew(
    _ request: NewRequest, library: Library, invocation: Invocation, environment: [String: String],
    services mine: [String]
  ) -> Int32 {
    let civil = CivilDay(ReleaseDate(localDay: Date()))
    let todayText = civil.iso
    guard let today = ReleaseDate(todayText), let week = ReleaseDate(civil.adding(days: -7).iso) else {
      return ExitCode.failure.rawValue
    }
    var since = week
    // What the runs since the marker said (dated keys): news of those days found since (an episode of
    // a title followed after, a title that failed then) is said, what they said is not said twice.
    var said: Set<String> = []
    if let given = request.since.flatMap(ReleaseDate.init) { since = given }
    if request.sinceLast {
      let marker = Result { () throws(LibraryError) in
        (try library.fact(sinceLastFact), try library.fact(saidFact))
      }
      switch marker {
      case .success(let (last, keys)):
        let day = last.flatMap(ReleaseDate.init)
        if let day { since = day }
        said = WhatIsNew.saidKeys(keys ?? "", day: day ?? today)
      case .failure(let error):
        printError(error.message)
        return ExitCode.failure.rawValue
      }
    }
    return runClient(invocation, environment: environment) { clients in
      var news: News
      var failure: AmodbError?
      do throws(LibraryError) {
        news = try gatherNew(
          library: library, client: clients.client, since: since, today: today, mine: mine, failure: &failure)
        news.items = WhatIsNew.unsaid(news.items, said: said)
      } catch {
        printError(error.message)
        return ExitCode.failure.rawValue
      }
      // Why the titles above could not be read, said once (the key refused, the network down).
      if let failure { printError(failure.message) }
      let failed = failure.map { ExitCode($0).rawValue } ?? ExitCode.success.rawValue
      // A notification not shown is said and fails the run (cron mails it), but the news was
      // printed: it is spent, or a desktop-less cron would say the same growing news every day.
      let notified = request.notify && !news.items.isEmpty ? notify(news.items, environment: environment) : nil
      if let notified { printError(tr("Could not show what is new as a notification: %s", notified)) }
      let delivered = deliver(news.items, request, environment: environment)
      guard delivered == ExitCode.success.rawValue else { return delivered }
      // Only news said is news spent: a failed write or push keeps the marker and the services
      // where they were, so the next run says it again (twice, never lost). A title that could not
      // be read keeps the marker too (the next run asks the same days again, and the exit says why),
      // but what this run said is kept, so the next says only what it could not.
      do throws(LibraryError) {
        // A run that keeps no marker compares services with the last that did, and is the first
        // look only at titles never looked at: it does not spend the cron's news.
        for offers in news.offers where request.sinceLast || offers.firstLook {
          try library.storeOffers(offers.title, region: offers.region, offers.providers, day: todayText)
        }
        if request.sinceLast {
          let spoken = Set(news.items.map(\.datedKey))
          let kept = failure == nil ? said.union(spoken).filter { $0.hasPrefix(todayText) } : said.union(spoken)
          try library.record(saidFact, kept.sorted(by: >).prefix(mostSaid).joined(separator: "\n"))
          if failure == nil { try library.record(sinceLastFact, todayText) }
        }
      } catch {
        printError(error.message)
        return ExitCode.failure.rawValue
      }
      return failed != ExitCode.success.rawValue || notified == nil ? failed : ExitCode.failure.rawValue
    }
  }

  /// Says the news: printed (nothing new is no line of text, so cron mails nothing; for a script the
  /// empty array) and pushed as asked; the exit code of the first part that failed.
  private static func deliver(_ items: [WhatIsNew.Item], _ request: NewRequest, environment: [String: String])
    -> Int32
  {
    guard !items.isEmpty else { return request.json ? emit(Output.whatIsNew([])) : ExitCode.success.rawValue }
    let shown = emit(request.json ? Output.whatIsNew(items) : items.map(\.line).joined(separator: "\n"))
    guard shown == ExitCode.success.rawValue else { return shown }
    if let target = request.push,
      let failure = blocking({ await PushBody.send(items, to: target, environment: environment) })
    {
      printError(tr("Could not push what is new: %s", failure.message))
      return ExitCode.failure.rawValue
    }
    return ExitCode.success.rawValue
  }

  /// What `gatherNew` found: the news, and the services each watchlisted title is on now, to be kept
  /// once the news is said (the next run's "before").
  struct News {
    /// The news, oldest first.
    var items: [WhatIsNew.Item] = []
    /// The offers to keep: a title, its region, its services there, and whether none were kept before.
    var offers: [(title: TitleInfo, region: String, providers: WatchProviders, firstLook: Bool)] = []
  }

  /// The news of every followed title: its details and, for a series, the seasons that may have aired
  /// in the window (`WhatIsNew.seasons`), from the cache while fresh; a title whose details or season
  /// cannot be read is said on standard error, and the last such failure kept in `failure`. One
  /// amodb no longer has (404) is said and left out, and fails nothing: it would fail every run.
  static func gatherNew(
    library: Library, client: AmodbClient, since: ReleaseDate, today: ReleaseDate, mine: [String],
    failure: inout AmodbError?
  ) throws(LibraryError) -> News {
    let language = client.configuration.language
    // No region given is the calendar's and where to watch's: cron has no LANG to give one.
    let region = CalendarLogic.region(client.configuration.region)
    var news = News()
    let followed = try library.followed()
    for (index, (info, onWatchlist)) in followed.enumerated() {
      // Once amodb refuses every request (the key, the plan, the rate limit, offline), the rest are
      // not asked: said once, and the next run asks them again.
      if let refused = failure, refused.refusesEveryRequest {
        let left = followed.count - index
        printError(trn("%s more title was not asked", "%s more titles were not asked", left, String(left)))
        break
      }
      let providers: WatchProviders
      switch info.media.kind {
      case .series:
        let id = info.media.id
        let asked = blocking({ await client.result(SeriesRequest(id: id, language: language)) })
        guard case .success(let details) = asked else {
          if case .failure(let error) = asked { notRead(info, onWatchlist: onWatchlist, error, failure: &failure) }
          continue
        }
        // A title with no offers in the region has none: its first is news.
        providers = details.value.providers[region] ?? WatchProviders()
        let seasons = WhatIsNew.seasons(of: details.value, since: since, today: today)
        let seen = seasons.isEmpty ? [] : Set(try library.seenEpisodes(id).map(\.description))
        seasonsAsked: for season in seasons {
          switch blocking({ await client.result(SeasonRequest(seriesID: id, number: season, language: language)) }) {
          case .success(let episodes):
            news.items += WhatIsNew.episodes(
              of: info.media, title: details.value.name, episodes.value.episodes, seen: seen, since: since,
              today: today)
          case .failure(.notFound):
            continue
          case .failure(let error):
            failure = error
            printError(
              tr("%1$s: its season %2$s could not be read", Output.named(info, episode: nil), String(season)))
            if error.refusesEveryRequest { break seasonsAsked }
          }
        }
      case .film, .person:
        let id = info.media.id
        let asked = blocking({ await client.result(MovieDetailsRequest(id: id, language: language)) })
        guard case .success(let details) = asked else {
          if case .failure(let error) = asked { notRead(info, onWatchlist: onWatchlist, error, failure: &failure) }
          continue
        }
        providers = details.value.providers[region] ?? WatchProviders()
        news.items += WhatIsNew.releases(of: details.value, region: region, since: since, today: today)
      }
      guard onWatchlist else { continue }
      let before = try library.lastKnownOffers(info.media, region: region).map { offers in
        offers.filter { !$0.value.isDisjoint(with: ["flatrate", "free"]) }.map(\.key)
      }
      news.items += WhatIsNew.newServices(
        of: info.media, title: info.title.isEmpty ? info.media.description : info.title,
        now: providers.subscription + providers.free, before: before, mine: mine, today: today)
      news.offers.append((info, region, providers, before == nil))
    }
    news.items = WhatIsNew.sorted(news.items)
    return news
  }

  /// Says on standard error that a title's details could not be read, and keeps why in `failure`.
  ///
  /// One amodb no longer has is said as such and fails nothing; taking it off the watchlist stops
  /// the asking when it is there (a series followed for its episodes seen is not).
  private static func notRead(
    _ info: TitleInfo, onWatchlist: Bool, _ error: AmodbError, failure: inout AmodbError?
  ) {
    let name = Output.named(info, episode: nil)
    guard case .notFound = error else {
      failure = error
      printError(tr("%s: its details could not be read", name))
      return
    }
    guard onWatchlist else { return printError(tr("%s: amodb no longer has it (404), so it is left out", name)) }
    printError(
      tr(
        "%1$s: amodb no longer has it (404), so it is left out; 'trending watchlist remove %2$s' stops asking", name,
        info.media.description))
  }

  /// One desktop notification of the news through `notify-send` on `PATH`, waited for, its output let
  /// go (its errors kept on standard error); why it was not shown, or nil.
  static func notify(_ items: [WhatIsNew.Item], environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    let places: [String] = path.split(separator: ":").map { String($0) + "/notify-send" }
    guard let program = places.first(where: { $0.hasPrefix("/") && access($0, X_OK) == 0 }) else {
      return tr("notify-send is not on PATH (Debian's package libnotify-bin has it)")
    }
    let summary = trn("trending: %s new for you", "trending: %s new for you", items.count)
    // `--` ends the options: a body or summary starting with "-" is text, never an option.
    let arguments = [program, "--app-name=trending", "--", summary, Output.notificationBody(items)]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let started = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard started == 0 else { return tr("%1$s could not start: %2$s", program, String(cString: strerror(started))) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    // Exited normally with 0: shown (a desktop with no notification daemon makes it fail).
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
      return tr("%1$s failed (exit %2$s)", program, String(code))
    }
    return nil
  }
}

/// An exclusive lock of `new.lock` beside the library, held while a `new --since-last` reads, says
/// and records its news, and let go when it goes (`flock`, let go by the kernel if the process
/// dies); none when the folder is not there yet or cannot be written.
final class RunLock {
  private let descriptor: Int32

  /// Waits for the lock beside `library`; nil when it cannot be taken.
  init?(besides library: URL?) {
    guard let folder = library?.deletingLastPathComponent().path else { return nil }
    let descriptor = open(folder + "/new.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return nil }
    while flock(descriptor, LOCK_EX) == -1 {
      guard errno == EINTR else {
        close(descriptor)
        return nil
      }
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}
