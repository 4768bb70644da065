import Foundation

extension Fixtures {
  /// The other services' exports (`../shared/fixtures/exports`: letterboxd, imdb, trakt).
  public static let exportsDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/fixtures/exports")

  /// A real `.zip` made by Python's `zipfile` from a folder's files (deflated, names relative to
  /// it), plus `zeros` entries of that many zero bytes each; with `lying`, every entry's stored
  /// unpacked size says 100 bytes, in the local headers and the central directory.
  public static func zip(
    _ folder: URL?, to archive: URL, zeros: [(name: String, bytes: Int)] = [], lying: Bool = false
  ) throws {
    let script = """
      import os, struct, sys, zipfile
      out, folder, lying = sys.argv[1], sys.argv[2], sys.argv[3] == '1'
      with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
          if folder:
              for root, _, files in os.walk(folder):
                  for name in sorted(files):
                      path = os.path.join(root, name)
                      z.write(path, os.path.relpath(path, folder))
          for spec in sys.argv[4:]:
              name, size = spec.rsplit('=', 1)
              with z.open(name, 'w', force_zip64=False) as entry:
                  block = bytes(1 << 20)
                  left = int(size)
                  while left > 0:
                      entry.write(block[:min(left, len(block))])
                      left -= len(block)
      if lying:
          data = bytearray(open(out, 'rb').read())
          at = 0
          while True:
              at = data.find(b'PK\\x03\\x04', at)
              if at < 0: break
              struct.pack_into('<I', data, at + 22, 100); at += 4
          at = 0
          while True:
              at = data.find(b'PK\\x01\\x02', at)
              if at < 0: break
              struct.pack_into('<I', data, at + 24, 100); at += 4
          open(out, 'wb').write(bytes(data))
      """
    let outcome = try BinaryRunner.program(
      "python3",
      ["-c", script, archive.path, folder?.path ?? "", lying ? "1" : "0"] + zeros.map { "\($0.name)=\($0.bytes)" })
    guard outcome.status == 0 else {
      throw NSError(domain: "zip", code: Int(outcome.status), userInfo: [NSLocalizedDescriptionKey: outcome.stderr])
    }
  }
}
