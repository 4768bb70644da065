import Localization

/// A name in the interface language's quotation marks: “Name” in English, «Name» in Russian.
public enum Quoted {
  /// The name quoted.
  public static func name(_ name: String) -> String { trc("quotation marks around a name", "“%s”", name) }
}
