import Foundation
import Testing

/// A repeatable random number generator (SplitMix64) for randomised tests: the seed comes from
/// `TEST_SEED` when set, else at random, and tests put it in their failure messages so a failing
/// run can be replayed exactly with `TEST_SEED=N swift test --filter …`.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  /// The seed this run started from.
  public let seed: UInt64
  private var state: UInt64

  /// A generator from `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// A generator from `TEST_SEED`, else from a fresh random seed.
  public static func fromEnvironment() -> SeededGenerator {
    let text = ProcessInfo.processInfo.environment["TEST_SEED"] ?? ""
    return SeededGenerator(seed: UInt64(text) ?? UInt64.random(in: 0...UInt64.max))
  }

  /// What a failure message says so the run can be replayed.
  public var replay: Comment { "seed \(seed): replay with TEST_SEED=\(seed)" }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
