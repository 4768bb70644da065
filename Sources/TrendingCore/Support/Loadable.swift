import AmodbKit
import FoundationEssentials

/// A value that loads from the network: what is on screen, and what is happening to it.
///
/// A value once loaded stays while a refresh runs or after a refresh fails, so a list the
/// user was reading is never blanked.
public struct Loadable<Value: Equatable & Sendable>: Equatable, Sendable {
  /// What is happening now.
  public enum Phase: Equatable, Sendable {
    /// Nothing asked yet.
    case idle
    /// A request is in flight.
    case loading
    /// The last request succeeded.
    case done
    /// The last request failed.
    case failed(AmodbError)
  }

  /// The last value loaded, if any.
  public var value: Value?
  /// When that value was fetched.
  public var fetchedAt: Date?
  /// What is happening now.
  public var phase: Phase

  /// Makes an idle, empty value.
  public init() {
    value = nil
    fetchedAt = nil
    phase = .idle
  }

  /// Makes a loaded value.
  public init(value: Value, fetchedAt: Date) {
    self.value = value
    self.fetchedAt = fetchedAt
    phase = .done
  }

  /// Whether a request is in flight.
  public var isLoading: Bool { phase == .loading }

  /// The error of the last request, when it failed.
  public var error: AmodbError? {
    if case .failed(let error) = phase { return error }
    return nil
  }

  /// Starts a request, keeping any value.
  public mutating func begin() {
    phase = .loading
  }

  /// Records a value.
  public mutating func succeed(_ value: Value, at date: Date) {
    self.value = value
    fetchedAt = date
    phase = .done
  }

  /// Records a failure, keeping any value.
  public mutating func fail(_ error: AmodbError) {
    phase = .failed(error)
  }
}
