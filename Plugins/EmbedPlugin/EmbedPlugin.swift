// Turns the tree's data files into Swift in the build folder: `po/*.po` for Localization, the demo's
// answers and posters (`Demo/`) for AmodbKit. Runs offline, in the build. Each command's inputs are
// the files and the folders they are in: a changed file reruns it, and so does an added or removed
// one (its folder changes), and EmbedTool lists the folder itself when it runs.
import Foundation
import PackagePlugin

/// The build-tool plugin: one generated source per kind of data, written by EmbedTool.
@main
struct EmbedPlugin: BuildToolPlugin {
  /// The commands for one target: Localization gets the catalogues, AmodbKit the demo data.
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let tool = try context.tool(named: "EmbedTool").url
    let root = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL
    switch target.name {
    case "Localization":
      return [
        try command(tool, "catalogues", output.appending(path: "EmbeddedCatalogues.swift"), root.appending(path: "po"))
      ]
    case "AmodbKit":
      return [
        try command(
          tool, "answers", output.appending(path: "DemoResources.swift"), root.appending(path: "Demo/answers")),
        try command(tool, "posters", output.appending(path: "DemoPosters.swift"), root.appending(path: "Demo/posters")),
      ]
    default:
      return []
    }
  }

  /// One EmbedTool run over `folder`: every file and folder under it declared as an input.
  private func command(_ tool: URL, _ kind: String, _ output: URL, _ folder: URL) throws -> Command {
    let inputs = try contents(of: folder)
    return .buildCommand(
      displayName: "Embedding \(folder.lastPathComponent) as \(output.lastPathComponent)",
      executable: tool,
      arguments: [kind, output.path, folder.path],
      inputFiles: [folder] + inputs,
      outputFiles: [output])
  }

  /// Every file and folder under `folder`, recursively, sorted by path.
  private func contents(of folder: URL) throws -> [URL] {
    guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      throw PluginError(description: "\(folder.path) is missing")
    }
    return walk.compactMap { $0 as? URL }.sorted { $0.path < $1.path }
  }
}

/// A failure the build reports in the plugin's name.
struct PluginError: Error, CustomStringConvertible {
  let description: String
}
