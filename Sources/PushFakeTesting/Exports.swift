// One import for tests: `import PushFakeTesting` brings the engine, the live server and the URLProtocol host.
@_exported import PushFakeCore
@_exported import PushFakeHTTP
@_exported import PushFakeURLProtocol

#if canImport(FoundationNetworking)
    // URLSession and URLRequest live here on Linux; tests need them next to the fake.
    @_exported import FoundationNetworking
#endif
