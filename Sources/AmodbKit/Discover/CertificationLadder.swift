/// Film certifications by country, lowest first: what "up to a rating" steps through.
public enum CertificationLadder {
  /// The ratings of a country, lowest first; empty for a country not in the table.
  public static func of(_ region: String?) -> [String] {
    switch region {
    case "US": return ["G", "PG", "PG-13", "R", "NC-17"]
    case "GB": return ["U", "PG", "12A", "12", "15", "18"]
    case "DE": return ["0", "6", "12", "16", "18"]
    case "FR": return ["U", "12", "16", "18"]
    case "RU": return ["0+", "6+", "12+", "16+", "18+"]
    case "AU": return ["G", "PG", "M", "MA 15+", "R 18+"]
    case "CA": return ["G", "PG", "14A", "18A", "R"]
    case "ES": return ["A", "7", "12", "16", "18"]
    case "IT": return ["T", "6+", "14+", "18+"]
    case "BR": return ["L", "10", "12", "14", "16", "18"]
    default: return []
    }
  }
}
