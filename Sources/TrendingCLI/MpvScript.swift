import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization

/// `trending mpv-script`: a Lua script for `~/.config/mpv/scripts/` that does what `trending play`
/// does for an mpv started by hand: it follows each file's furthest position and its duration and,
/// once past the threshold or at the file's end, runs `trending scrobble` once for that file, its
/// arguments a list (mpv's `subprocess` command), never a shell's string.
enum MpvScript {
  /// The options of `invocation` the script's `scrobble` runs with, as they were given: the library
  /// (`--profile`) and where and how amodb is asked, so it records as the command that printed it.
  /// A base URL carrying a password or a key is refused: the script is a file others may read.
  /// `profile`: the one chosen by `--profile` or `TRENDING_PROFILE`, written as the option, so an
  /// mpv started without the variable (from a desktop's menu) records into the same library.
  static func carried(_ invocation: Invocation, profile: LibraryProfile) throws(UsageError) -> [String] {
    // The demo's script marks the demo's library, as every command with --demo does.
    var options: [String] = invocation.demo ? ["--demo"] : []
    if !profile.isDefault { options += ["--profile", profile.name] }
    if let base = invocation.baseURL {
      guard let url = ClientConfiguration.parseBaseURL(base), url.withoutSecrets == url.absoluteString else {
        throw UsageError(
          message: tr(
            "mpv-script writes no password or key into the script: give --base-url without it, or set AMODB_BASE_URL where mpv runs"
          ), verb: .mpvScript)
      }
      options += ["--base-url", base]
    }
    if let language = invocation.language { options += ["--language", language] }
    if invocation.noCache { options.append("--no-cache") }
    if invocation.insecureHTTP { options.append("--insecure-http") }
    return options
  }

  /// The script, for `threshold` percent, running this binary with the `options` carried.
  static func text(threshold: Int, options: [String]) -> String {
    let program = luaString(executable ?? "trending")
    let carried = options.map { ", " + luaString($0) }.joined()
    return """
      -- trending: marks the films and episodes you finish in mpv as seen in your trending library.
      -- Save as ~/.config/mpv/scripts/trending.lua. Printed by 'trending mpv-script' with watched-at \(threshold):
      -- print it again after changing that setting. Each file is identified by its name and folders,
      -- as 'trending identify' reads them, and recorded at most once a day.
      local utils = require "mp.utils"

      local trending = \(program)
      local watched_at = \(threshold)

      local path, start, furthest, duration, done

      local function scrobble(position)
        if done or not path or not duration or duration <= 0 then return end
        done = true
        -- Begun past the threshold (resumed where a finished watch left it): that watch, not another.
        if start and start >= duration * watched_at / 100 then
          mp.msg.info("began past watched-at: nothing recorded again")
          return
        end
        local result = mp.command_native({
          name = "subprocess",
          args = { trending\(carried), "scrobble", path,
            "--position", string.format("%.3f", position), "--duration", string.format("%.3f", duration) },
          playback_only = false,
          capture_stdout = true,
          capture_stderr = true,
        })
        if result and result.status == 0 then
          mp.msg.info(result.stdout)
        else
          mp.msg.warn(result and result.stderr or "trending scrobble did not run")
        end
      end

      mp.register_event("start-file", function()
        path, start, furthest, duration, done = mp.get_property("path"), nil, 0, nil, false
        if path and not path:find("://", 1, true) then
          path = utils.join_path(mp.get_property("working-directory") or utils.getcwd(), path)
        end
      end)

      mp.observe_property("duration", "number", function(_, value)
        if value and value > 0 then duration = value end
      end)

      mp.observe_property("time-pos", "number", function(_, value)
        if not value or not furthest then return end
        -- Back before where playing began (a resumed film started over): it begins again there.
        if not start or value < start then start, furthest = value, value end
        if value > furthest then furthest = value end
        if duration and furthest >= duration * watched_at / 100 then scrobble(furthest) end
      end)

      mp.register_event("end-file", function(event)
        if event.reason == "eof" then scrobble(duration or furthest or 0) end
      end)
      """
  }

  /// This program's own path, so mpv finds it whatever its `PATH` is.
  static var executable: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `text` as a Lua string literal: quotes, backslashes and every control or non-ASCII byte escaped.
  static func luaString(_ text: String) -> String {
    var literal = "\""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): literal += "\\" + String(UnicodeScalar(byte))
      case 0x20..<0x7F: literal += String(UnicodeScalar(byte))
      default:
        let digits = String(byte)
        literal += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
      }
    }
    return literal + "\""
  }
}
