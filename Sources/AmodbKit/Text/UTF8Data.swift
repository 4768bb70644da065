import FoundationEssentials

extension Data {
  /// The text's UTF-8 bytes, copied from its storage in one go.
  ///
  /// `Data(text.utf8)` is generic over the sequence, and its first use in a process asks the
  /// runtime whether the view conforms to a protocol: a scan of every conformance in the binary,
  /// on the way to the first frame for the answer the demo reads.
  public init(utf8Of text: String) {
    var text = text
    self = text.withUTF8 { bytes in bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data() }
  }
}
