// swift-tools-version:6.0
import PackageDescription

// PushFake has no package dependencies, by rule: only the toolchain's own modules.
//
// Platforms: the libraries (engine, live server, URLProtocol host, test fixture, clients) build for macOS and for
// iOS, Mac Catalyst, tvOS and visionOS test targets, where `withPushFake` runs inside an app's unit or UI tests.
// iOS 16 / tvOS 16 / Mac Catalyst 16 are the releases of the macOS 13 generation, so the APIs the code already
// uses on macOS 13 (async URLSession, Swift concurrency) are there too; visionOS starts at 1. The `pushfake` CLI is
// for macOS and Linux only.
let package = Package(
    name: "PushFake",
    platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "PushFakeCore", targets: ["PushFakeCore"]),
        .library(name: "PushFakeHTTP", targets: ["PushFakeHTTP"]),
        .library(name: "PushFakeURLProtocol", targets: ["PushFakeURLProtocol"]),
        .library(name: "PushFakeTesting", targets: ["PushFakeTesting"]),
        .library(name: "PushFakeClients", targets: ["PushFakeClients"]),
        .library(name: "PushFakeReplay", targets: ["PushFakeReplay"]),
        .library(name: "PushFakeUpstream", targets: ["PushFakeUpstream"]),
        .library(name: "PushFakeFleet", targets: ["PushFakeFleet"]),
        .executable(name: "pushfake", targets: ["pushfake"]),
    ],
    dependencies: [],
    targets: [
        // The HTTP/1.1 codec (parser, serializer, the one table of statuses and dates): knows nothing of PushFake, so
        // it builds and fuzzes alone. The engine uses its vocabulary; dependencies point down, never back.
        .target(name: "PushFakeHTTP1"),
        .target(name: "PushFakeCore", dependencies: ["PushFakeHTTP1"]),
        // libFuzzer harness for the codec: scripts/fuzz-http builds it with the codec's sources alone; the tests
        // replay the seed corpus through it.
        .target(name: "PushFakeHTTP1Fuzz", dependencies: ["PushFakeHTTP1"]),
        // Linux-only epoll/eventfd shim for the event-loop server; empty on other systems.
        .target(name: "CPushFakeEpoll"),
        // The commit `pushfake --version` reports: "dev" unless scripts/package defines PUSHFAKE_COMMIT.
        .target(name: "CPushFakeBuildInfo"),
        // The dashboard's HTML, CSS and JS stay readable files in Dashboard/Assets, embedded in the code at build time
        // (`PackageResources`): no resource bundle, so a static binary carries the page; nothing generated is committed.
        .target(
            name: "PushFakeHTTP", dependencies: ["PushFakeCore", "PushFakeHTTP1", "CPushFakeEpoll"],
            resources: [.embedInCode("Dashboard/Assets")]),
        // libFuzzer harness for the whole request path (codec, admin API, instances, engine): scripts/fuzz-engine
        // builds it with the libraries' sources and -sanitize=fuzzer; the tests replay the seed corpus through it.
        .target(name: "PushFakeEngineFuzz", dependencies: ["PushFakeCore", "PushFakeHTTP", "PushFakeHTTP1"]),
        .target(name: "PushFakeURLProtocol", dependencies: ["PushFakeCore", "PushFakeHTTP1"]),
        .target(name: "PushFakeClients", dependencies: ["PushFakeCore"]),
        // HTTP exchanges over URLSession (FoundationNetworking on Linux) with a whole-exchange deadline and a cap on the
        // answer's size: what replay and the upstream proxy send with, since both read from servers PushFake does not
        // control. Core and HTTP stay free of URLSession.
        .target(name: "PushFakeFetch", dependencies: ["PushFakeCore", "PushFakeHTTP"]),
        // Replays recordings against any server.
        .target(name: "PushFakeReplay", dependencies: ["PushFakeCore", "PushFakeFetch"]),
        // Forwards a server's vendor requests to the real service (`pushfake serve --upstream-…`).
        .target(name: "PushFakeUpstream", dependencies: ["PushFakeCore", "PushFakeHTTP", "PushFakeFetch"]),
        // Virtual device fleets: SDK-like phones, seeded policies, virtual time, reports (`pushfake fleet`).
        .target(name: "PushFakeFleet", dependencies: ["PushFakeCore", "PushFakeHTTP", "PushFakeClients"]),
        .target(
            name: "PushFakeTesting",
            dependencies: ["PushFakeCore", "PushFakeHTTP", "PushFakeURLProtocol", "PushFakeFleet"]
        ),
        .executableTarget(
            name: "pushfake",
            dependencies: [
                "PushFakeCore", "PushFakeHTTP", "PushFakeReplay", "PushFakeUpstream", "PushFakeFleet",
                "CPushFakeBuildInfo",
            ]),
        // In-process benchmarks for scripts/bench (engine, fan-out, start-up, codec); not a product.
        .executableTarget(
            name: "PushFakeBenchmarks", dependencies: ["PushFakeCore", "PushFakeHTTP", "PushFakeHTTP1", "PushFakeFleet"]),
        // What the test targets share — launching `pushfake` and reading its ready line, request helpers, fixtures
        // (apps, secrets, flows), stand-ins (`xcrun`, a hostile upstream), waits with deadlines — instead of a copy
        // in each. Not a product; it imports no test framework, so XCTest and Swift Testing tests both use it.
        .target(
            name: "PushFakeTestSupport", dependencies: ["PushFakeCore", "PushFakeHTTP"], path: "Tests/PushFakeTestSupport"
        ),
        .testTarget(name: "PushFakeCoreTests", dependencies: ["PushFakeCore", "PushFakeTestSupport"]),
        .testTarget(name: "PushFakeHTTP1Tests", dependencies: ["PushFakeHTTP1", "PushFakeHTTP1Fuzz"]),
        .testTarget(
            name: "PushFakeHTTPTests",
            dependencies: ["PushFakeHTTP", "PushFakeHTTP1", "PushFakeCore", "PushFakeEngineFuzz", "PushFakeTestSupport"]),
        .testTarget(
            name: "PushFakeClientsTests",
            dependencies: ["PushFakeClients", "PushFakeTesting", "PushFakeCore", "PushFakeHTTP", "PushFakeTestSupport"]
        ),
        .testTarget(
            name: "PushFakeTestingTests",
            dependencies: [
                "PushFakeTesting", "PushFakeCore", "PushFakeHTTP", "PushFakeURLProtocol", "PushFakeClients",
                "PushFakeTestSupport",
            ]
        ),
        .testTarget(
            name: "PushFakeReplayTests",
            dependencies: ["PushFakeReplay", "PushFakeCore", "PushFakeHTTP", "PushFakeTestSupport"]),
        .testTarget(
            name: "PushFakeUpstreamTests",
            dependencies: ["PushFakeUpstream", "PushFakeReplay", "PushFakeCore", "PushFakeHTTP", "PushFakeTestSupport"]),
        .testTarget(
            name: "PushFakeCLITests",
            dependencies: [
                "pushfake", "PushFakeClients", "PushFakeHTTP", "PushFakeEngineFuzz", "PushFakeFleet", "PushFakeTestSupport",
            ]),
        .testTarget(
            name: "PushFakeFleetTests",
            dependencies: ["PushFakeFleet", "PushFakeCore", "PushFakeHTTP", "PushFakeClients", "PushFakeTestSupport"]),
        // A third vendor registered from outside PushFakeCore: proof that vendors are plug-ins.
        .testTarget(
            name: "PushFakeVendorPluginTests",
            dependencies: ["pushfake", "PushFakeCore", "PushFakeHTTP", "PushFakeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
