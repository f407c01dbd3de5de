import Foundation

/// `PushFakeBenchmarks`: in-process measurements for scripts/bench (Performance.md). Not part of the `pushfake`
/// product: `swift run -c release PushFakeBenchmarks <benchmark> [--count N]`. Each prints one JSON line.
let usage = """
    USAGE: PushFakeBenchmarks <benchmark> [--count N]

      engine     journaled TPNS registers through PushFake.handle (µs per request; default 200000)
      twinpush-register  TwinPush registers of 1000 iOS-shaped devices through PushFake.handle (µs; default 200000)
      register   TPNS and TwinPush registers of 1000 devices, as scripts/bench's wrk load (µs each; default 200000)
      server     the server's request path without sockets (parse, engine, serialize) for the same cases;
                 --case health|tpns|twinPush|badge measures one
      fanout     one TPNS send to N registered devices (default 100000): time and resident memory
      journal    N journaled TPNS registers over 1000 devices (default 1000000): resident memory, µs per append,
                 the longest append; PUSHFAKE_BENCH_JOURNAL_LIMIT, PUSHFAKE_BENCH_THREADS
      devices    N distinct TwinPush devices registered, journal bounded to one entry: resident bytes per device;
                 then two rounds of new tokens for all: the longest register, a text-pool compaction (default 1000000)
      twinpush   TwinPush: N registers (µs each), then one broadcast with inbox to all of them (default 100000)
      start      in-process live server: start → first health response, N times (default 50)
      serve      `pushfake serve` exec → ready line, N times (default 20); --binary PATH (default: next to this one)
      fleet-virtual  a fleet of N devices in virtual time: register, one broadcast, a 10-minute open window
                 (default 100000)
      fleet-live a fleet of N devices against `pushfake serve --clock real` at --url: register, one broadcast,
                 received and reacted (default 100000)
      parser     the HTTP/1.1 codec alone: parse and serialize, N iterations (default 1000000)
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let count = arguments.firstIndex(of: "--count").flatMap { index in
    index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
}
let binary = arguments.firstIndex(of: "--binary").flatMap { index in
    index + 1 < arguments.count ? arguments[index + 1] : nil
}

switch arguments.first ?? "" {
case "engine": EngineBench.engine(count: count ?? 200_000)
case "twinpush-register": EngineBench.twinPushRegister(count: count ?? 200_000)
case "register": RegisterBench.run(count: count ?? 200_000)
case "server":
    let only = arguments.firstIndex(of: "--case").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    ServerPathBench.run(count: count ?? 200_000, only: only)
case "fanout": EngineBench.fanout(count: count ?? 100_000)
case "journal": JournalBench.run(count: count ?? 1_000_000)
case "devices": DevicesBench.run(count: count ?? 1_000_000)
case "twinpush": EngineBench.twinPush(count: count ?? 100_000)
case "start": StartBench.start(count: count ?? 50)
case "serve": StartBench.serve(count: count ?? 20, binary: binary)
case "fleet-virtual": FleetBench.virtual(count: count ?? 100_000)
case "fleet-live":
    let url = arguments.firstIndex(of: "--url").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    FleetBench.live(count: count ?? 100_000, url: url ?? "http://127.0.0.1:4010")
case "parser": ParserBench.run(iterations: count ?? 1_000_000)
case "help", "--help", "-h": print(usage)
default:
    print(usage)
    exit(64)
}
