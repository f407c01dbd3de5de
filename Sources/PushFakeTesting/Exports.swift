// One import for tests: `import PushFakeTesting` brings the engine, the live server and the URLProtocol host.
@_exported import PushFakeCore
@_exported import PushFakeHTTP
@_exported import PushFakeURLProtocol
