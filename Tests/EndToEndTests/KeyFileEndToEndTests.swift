import Foundation
import Testing

@testable import TestSupport

/// The amodb key from a file only its owner may read (`AMODB_KEY_FILE`, or `set key-file PATH`):
/// out of the shell's history and startup files, and refused when others may read it.
@Suite("End to end: the key from a file")
struct KeyFileEndToEndTests {
  @Test func aKeyFileOnlyItsOwnerMayReadIsUsedAndAnyOtherIsRefused() throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 3)) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("key-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let key = folder.appendingPathComponent("key")
    try "file-secret-key\n".write(to: key, atomically: true, encoding: .utf8)
    #expect(chmod(key.path, 0o600) == 0)
    let base = ["AMODB_BASE_URL": server.baseURL.absoluteString]
    let listed = try BinaryRunner.run(["list"], environment: base.merging(["AMODB_KEY_FILE": key.path]) { $1 })
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(server.requests.last?.headers["authorization"] == "Bearer file-secret-key")
    // From the settings file too; doctor says where it came from and never what it is.
    let config = folder.appendingPathComponent("config")
    try "set key-file \(key.path)\n".write(to: config, atomically: true, encoding: .utf8)
    let settled = base.merging(["TRENDING_CONFIG": config.path, "TERM": "xterm-256color"]) { $1 }
    let doctor = try BinaryRunner.run(["doctor"], environment: settled)
    #expect(
      doctor.stdout.contains("set ('set key-file' in the settings file; the key itself is never shown)"),
      "\(doctor.stdout)")
    #expect(!(doctor.stdout + doctor.stderr).contains("file-secret-key"))
    let asked = server.requests.count
    // Readable by others: refused, said how to fix, nothing sent.
    #expect(chmod(key.path, 0o644) == 0)
    let refused = try BinaryRunner.run(["list"], environment: settled)
    #expect(refused.status == 3, "\(refused.status) \(refused.stderr)")
    #expect(
      refused.stderr.contains("\(key.path): others may read the file (mode 0644): chmod 600 it"), "\(refused.stderr)")
    #expect(server.requests.count == asked, "no request without a key kept safe")
    // A key in the variable wins over the file.
    let given = try BinaryRunner.run(["list"], environment: settled.merging(["AMODB_KEY": "variable-key"]) { $1 })
    #expect(given.status == 0 && server.requests.last?.headers["authorization"] == "Bearer variable-key")
  }
}
