import Foundation

extension JournalEntry {
    /// Decodes the raw request body into your own type.
    ///
    /// ```swift
    /// struct Register: Decodable { let deviceId: String; let applicationType: String }
    /// let body = try entry.decodeBody(as: Register.self)
    /// ```
    public func decodeBody<Value: Decodable>(as type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value
    {
        try decoder.decode(type, from: Data(requestBodyBytes))
    }

    /// Decodes the response body into your own type.
    public func decodeResponse<Value: Decodable>(
        as type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        try decoder.decode(type, from: Data(responseBodyBytes))
    }
}

extension Delivery {
    /// Decodes the platform payload into your own type (e.g. an `APNsPayload` struct of your app).
    public func decodePayload<Value: Decodable>(
        as type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        try decoder.decode(type, from: Data(payload))
    }
}
