// Shared by the floors that read a file: its bytes, read with the C library as the app's parts are.
import Glibc

/// The whole file, or nil when it cannot be opened.
func readAll(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[0..<count] }
  return bytes
}
