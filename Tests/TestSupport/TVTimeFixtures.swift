import Foundation

extension Fixtures {
  /// TV Time's export in its three forms (`Tests/Fixtures/Exports/tvtime`: gdpr-data, seen-episode,
  /// tracking-v1).
  public static let tvTimeDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/Exports/tvtime")

  /// How a protected zip's entries are encrypted.
  public enum ZipEncryption: String, Sendable {
    /// WinZip's AES-256.
    case aes256
    /// PKWARE's traditional ZipCrypto.
    case zipCrypto = "zipcrypt"
  }

  /// A `.zip` of a folder's files (names relative to it, under `prefix`) whose entries are
  /// encrypted with `passphrase`, written by libarchive itself (through Python's ctypes); the
  /// passphrase goes to Python in its environment, never in its arguments.
  public static func protectedZip(
    _ folder: URL, to archive: URL, passphrase: String, encryption: ZipEncryption = .aes256, prefix: String = ""
  ) throws {
    let script = """
      import ctypes, os, sys
      out, folder, encryption, prefix = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
      la = ctypes.CDLL("libarchive.so.13")
      P, S = ctypes.c_void_p, ctypes.c_char_p
      la.archive_write_new.restype = P
      la.archive_entry_new.restype = P
      la.archive_error_string.argtypes = [P]
      la.archive_error_string.restype = S
      for name, types in [("archive_write_set_format_zip", [P]), ("archive_write_set_options", [P, S]),
                          ("archive_write_set_passphrase", [P, S]), ("archive_write_open_filename", [P, S]),
                          ("archive_write_header", [P, P]), ("archive_write_close", [P]), ("archive_write_free", [P]),
                          ("archive_entry_set_pathname", [P, S]), ("archive_entry_set_size", [P, ctypes.c_int64]),
                          ("archive_entry_set_filetype", [P, ctypes.c_uint]), ("archive_entry_set_perm", [P, ctypes.c_uint]),
                          ("archive_entry_free", [P])]:
          getattr(la, name).argtypes = types
      la.archive_write_data.argtypes = [P, S, ctypes.c_size_t]
      la.archive_write_data.restype = ctypes.c_ssize_t
      a = la.archive_write_new()
      def check(code):
          if code != 0: sys.exit(la.archive_error_string(a).decode())
      check(la.archive_write_set_format_zip(a))
      check(la.archive_write_set_options(a, b"zip:encryption=" + encryption.encode()))
      check(la.archive_write_set_passphrase(a, os.environ["ZIP_PASSPHRASE"].encode()))
      check(la.archive_write_open_filename(a, out.encode()))
      for root, _, files in sorted(os.walk(folder)):
          for name in sorted(files):
              path = os.path.join(root, name)
              data = open(path, "rb").read()
              entry = la.archive_entry_new()
              la.archive_entry_set_pathname(entry, (prefix + os.path.relpath(path, folder)).encode())
              la.archive_entry_set_size(entry, len(data))
              la.archive_entry_set_filetype(entry, 0o100000)
              la.archive_entry_set_perm(entry, 0o644)
              check(la.archive_write_header(a, entry))
              if la.archive_write_data(a, data, len(data)) != len(data): sys.exit("short write")
              la.archive_entry_free(entry)
      check(la.archive_write_close(a))
      la.archive_write_free(a)
      """
    let outcome = try BinaryRunner.program(
      "python3", ["-c", script, archive.path, folder.path, encryption.rawValue, prefix],
      environment: ["ZIP_PASSPHRASE": passphrase])
    guard outcome.status == 0 else {
      throw NSError(domain: "zip", code: Int(outcome.status), userInfo: [NSLocalizedDescriptionKey: outcome.stderr])
    }
  }
}
