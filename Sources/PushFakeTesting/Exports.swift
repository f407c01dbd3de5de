// One import for tests: `import PushFakeTesting` brings the engine's API and the hosts a test starts itself — the
// live server with its configuration, and the URLProtocol for sessions a test configures on its own. The HTTP/1.1
// parser, serializer and loopback client of PushFakeHTTP are not part of it: import PushFakeHTTP for those.
@_exported import PushFakeCore
// Virtual device fleets (`DeviceFleet`, `FleetConfiguration`, policies, reports) come with the fixture.
@_exported import PushFakeFleet

@_exported import class PushFakeHTTP.PushFakeServer
@_exported import protocol PushFakeHTTP.PushFakeURLs
@_exported import struct PushFakeHTTP.RequestLogLine
@_exported import struct PushFakeHTTP.ServerConfiguration
@_exported import class PushFakeURLProtocol.PushFakeURLProtocol

#if canImport(FoundationNetworking)
    // URLSession and URLRequest live here on Linux; tests need them next to the fake.
    @_exported import FoundationNetworking
#endif
