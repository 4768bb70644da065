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
    .target(name: "AmodbKit"),
    .target(name: "TrendingCore", dependencies: ["AmodbKit"]),
    .target(name: "TrendingViews", dependencies: ["TrendingCore", "AmodbKit", "CWidth"]),
    .target(name: "TerminalUI", dependencies: ["CNCurses", "TrendingCore", "TrendingViews", "AmodbKit"]),
    .target(name: "TrendingCLI", dependencies: ["AmodbKit", "TrendingCore", "TrendingViews", "TerminalUI"]),
    .executableTarget(name: "trending", dependencies: ["TrendingCLI"]),
    .target(name: "TestSupport", dependencies: ["AmodbKit"], path: "Tests/TestSupport"),
    .testTarget(name: "AmodbKitTests", dependencies: ["AmodbKit", "TestSupport"]),
    .testTarget(name: "TrendingCoreTests", dependencies: ["TrendingCore", "AmodbKit"]),
    .testTarget(
      name: "TrendingViewsTests",
      dependencies: ["TrendingViews", "TrendingCore", "AmodbKit", "TestSupport"],
      exclude: ["Snapshots"]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CNCurses", "TrendingViews"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "AmodbKit"]),
  ]
)
