// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "trending",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "trending", targets: ["trending"])
  ],
  targets: [
    .systemLibrary(
      name: "CNCurses",
      path: "Modules/CNCurses",
      providers: [.apt(["libncurses-dev"])]
    ),
    .systemLibrary(name: "CWidth", path: "Modules/CWidth"),
    .systemLibrary(name: "CProcess", path: "Modules/CProcess"),
    .systemLibrary(
      name: "CTurboJPEG", path: "Modules/CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CChafa", path: "Modules/CChafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    .target(name: "PosterKit", dependencies: ["CTurboJPEG", "CChafa"]),
    .systemLibrary(name: "CCurl", path: "Modules/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CSQLite", path: "Modules/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CArchive", path: "Modules/CArchive", providers: [.apt(["libarchive-dev"])]),
    // po/*.po and the demo's answers and posters, into Swift in the build folder (Plugins/EmbedPlugin).
    .executableTarget(name: "EmbedTool", path: "Plugins/EmbedTool"),
    .plugin(name: "EmbedPlugin", capability: .buildTool(), dependencies: ["EmbedTool"], path: "Plugins/EmbedPlugin"),
    .target(name: "Localization", plugins: ["EmbedPlugin"]),
    // The HTTP layer every service's client stands on: the curl transport, methods, bodies and limits.
    .target(name: "HTTPKit", dependencies: ["CCurl", "CProcess", "Localization"]),
    .target(name: "AmodbKit", dependencies: ["HTTPKit", "Localization"], plugins: ["EmbedPlugin"]),
    .target(name: "LibraryKit", dependencies: ["CSQLite", "CArchive", "AmodbKit", "Localization"]),
    .target(name: "TrendingCore", dependencies: ["AmodbKit", "PosterKit", "Localization", "CWidth"]),
    .target(name: "TrendingViews", dependencies: ["TrendingCore", "AmodbKit", "PosterKit", "CWidth", "Localization"]),
    .target(
      name: "TerminalUI",
      dependencies: [
        "CNCurses", "CProcess", "TrendingCore", "TrendingViews", "AmodbKit", "PosterKit", "Localization", "LibraryKit",
      ]),
    .target(
      name: "TrendingCLI",
      dependencies: [
        "CProcess", "AmodbKit", "TrendingCore", "TrendingViews", "TerminalUI", "Localization", "PosterKit",
        "LibraryKit",
      ]),
    .executableTarget(name: "trending", dependencies: ["TrendingCLI", "AmodbKit", "CProcess"]),
    .executableTarget(
      name: "trending-fuzz",
      dependencies: [
        "AmodbKit", "PosterKit", "TrendingCore", "TrendingViews", "TerminalUI", "TrendingCLI", "LibraryKit",
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    .executableTarget(
      name: "trending-bench",
      dependencies: ["TestSupport", "AmodbKit", "TrendingCore", "TrendingViews", "PosterKit", "CChafa", "CWidth"]),
    .target(
      name: "TestSupport", dependencies: ["AmodbKit", "TrendingCore", "CTurboJPEG", "CWidth"], path: "Tests/TestSupport"
    ),
    .testTarget(name: "HTTPKitTests", dependencies: ["HTTPKit", "TestSupport"]),
    .testTarget(name: "AmodbKitTests", dependencies: ["AmodbKit", "CProcess", "TestSupport"]),
    .testTarget(name: "LibraryKitTests", dependencies: ["LibraryKit", "AmodbKit", "TestSupport"]),
    .testTarget(
      name: "TrendingCoreTests", dependencies: ["TrendingCore", "AmodbKit", "PosterKit", "Localization", "TestSupport"]),
    .testTarget(
      name: "TrendingViewsTests",
      dependencies: ["TrendingViews", "TrendingCore", "AmodbKit", "PosterKit", "TestSupport", "Localization"],
      exclude: ["Snapshots"]
    ),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "AmodbKit", "TestSupport"]),
    // The installed chafa.h, which the app does without (see Modules/CChafa/shim.h), to check its values.
    .systemLibrary(name: "CChafaHeaders", path: "Tests/CChafaHeaders", pkgConfig: "chafa"),
    .testTarget(
      name: "PosterKitTests", dependencies: ["PosterKit", "TestSupport", "AmodbKit", "CChafa", "CChafaHeaders"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CNCurses", "TrendingViews", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "AmodbKit", "PosterKit", "TrendingCore"]),
    .testTarget(
      name: "TrendingCLITests",
      dependencies: [
        "TrendingCLI", "TerminalUI", "TrendingCore", "TrendingViews", "PosterKit", "AmodbKit", "Localization",
        "TestSupport",
      ],
      exclude: ["Snapshots"]),
  ]
)
