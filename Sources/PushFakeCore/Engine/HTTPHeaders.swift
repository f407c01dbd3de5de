import PushFakeHTTP1

/// The header fields of a request or response in wire order, with case-insensitive lookup: the codec's one header
/// type, named here so that code importing only PushFakeCore can spell it (`FakeRequest`, `FakeResponse`, the
/// journal and recordings all carry it).
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add(name: "X-Trace", value: "1")
/// headers["content-type"]  // "application/json"
/// ```
public typealias HTTPHeaders = PushFakeHTTP1.HTTPHeaders
