/// The public score's colour: one scale of five steps, the same on every screen (decision
/// *score-scale*). The steps are whole points (under 5, 5, 6, 7, from 8), so the scores most lists
/// hold (7.0 to 7.9) share one step, and neighbouring steps are neighbouring colours: no flip
/// from green to yellow between 7.4 and 7.6.
public enum ScoreScale {
  /// The lowest score of each step from the second: 5, 6, 7 and 8.
  static let bounds: [Double] = [5, 6, 7, 8]

  /// The five tones, worst first.
  public static let tones: [Tone] = [.score1, .score2, .score3, .score4, .score5]

  /// The step of a score, 0 (under 5) to 4 (8 and up).
  public static func step(_ score: Double) -> Int {
    bounds.filter { score >= $0 }.count
  }

  /// The tone of a score: its step's, muted without votes or score.
  public static func tone(_ score: Double?, votes: Int) -> Tone {
    guard votes > 0, let score, score.isFinite else { return .muted }
    return tones[step(score)]
  }
}
