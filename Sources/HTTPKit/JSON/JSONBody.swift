import FoundationEssentials
import Localization

/// Reading an answer's JSON the same way for every service: nothing from an empty body, nothing
/// from one too dense in values (`JSONDensity`), and short words for what went wrong.
public enum JSONBody {
  /// The body decoded as `type` with `decoder`; `.unreadable` with a few words otherwise.
  public static func decode<T: Decodable>(
    _ type: T.Type, from body: Data, using decoder: JSONDecoder = JSONDecoder()
  ) throws(HTTPError) -> T {
    guard !body.isEmpty else { throw HTTPError(.unreadable(tr("the body was empty"))) }
    // Memory stays within a small multiple of the answer: no parse of a million tiny values.
    guard JSONDensity.isParseable(body) else { throw HTTPError(.unreadable(tr("unexpected JSON shape"))) }
    do {
      return try decoder.decode(type, from: body)
    } catch let error as DecodingError {
      // JSON of another shape (`{}` for a film, a model's own check refusing it) is said as such.
      if case .dataCorrupted = error, (try? decoder.decode(AnyJSON.self, from: body)) == nil {
        throw HTTPError(.unreadable(tr("not valid JSON")))
      }
      throw HTTPError(.unreadable(tr("unexpected JSON shape")))
    } catch {
      throw HTTPError(.unreadable(tr("not valid JSON")))
    }
  }
}

/// Any JSON document, read for whether it is one.
private struct AnyJSON: Decodable {
  init(from decoder: any Decoder) throws { _ = try decoder.singleValueContainer() }
}
