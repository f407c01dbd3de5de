extension RequestCount: WireType {
    /// `{"exactly": n}`, `{"atLeast": n}`, `{"atMost": n}` or `{"never": true}` (component `Count`).
    public static let wire = WireDescription<RequestCount>(
        name: "Count",
        codec: WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> RequestCount in try RequestCount(json: json, path: path)
            },
            write: \.jsonValue,
            schema: { _ in
                let bound: JSON = ["type": "integer", "minimum": 0, "maximum": .int(largest)]
                return [
                    "oneOf": [
                        WireSchemas.object(["exactly": bound], required: ["exactly"]),
                        WireSchemas.object(["atLeast": bound], required: ["atLeast"]),
                        WireSchemas.object(["atMost": bound], required: ["atMost"]),
                        WireSchemas.object(["never": ["const": true]], required: ["never"]),
                    ]
                ]
            }))
}

extension VerifyRequest: WireType {
    /// `{"match": …, "count": …}` (count defaults to exactly one, like `assertRequested`) or
    /// `{"inOrder": [matchers]}` (component `Verify`).
    public static let wire = WireDescription<VerifyRequest>(name: "Verify", form: VerifyForm.self)
}

/// The members of a ``VerifyRequest``: a matcher and a count, or matchers in order.
struct VerifyForm: WireForm {
    var match: RequestMatcher?
    var count: RequestCount?
    var inOrder: [RequestMatcher]?

    init() {}

    init(_ request: VerifyRequest) {
        switch request {
        case .count(let matcher, let count):
            match = matcher
            self.count = count
        case .inOrder(let matchers): inOrder = matchers
        }
    }

    /// The expectation the members give: `inOrder` alone, or `match` with an optional `count`.
    func value(path: String) throws(JSONFieldError) -> VerifyRequest {
        if let inOrder {
            guard match == nil, count == nil else {
                throw JSONFieldError(
                    path: JSONFields.join(path, "inOrder"), problem: "cannot be combined with match or count")
            }
            return .inOrder(inOrder)
        }
        guard let match else { throw JSONFieldError(path: JSONFields.join(path, "match"), problem: "is required") }
        return .count(match, count ?? .once)
    }

    static let wire = WireDescription<VerifyForm>(
        VerifyForm(),
        fields: [
            .optional("match", \.match, .wire(), "The entries to count."),
            .optional("count", \.count, .wire(), "How many must match (default: exactly one)."),
            .optional(
                "inOrder", \.inOrder, .array(.wire(), minItems: 1),
                "Matchers whose entries must appear in this order, instead of match and count."),
        ],
        refine: { schema, _ in
            let null: JSON = ["type": "null"]
            schema["oneOf"] = [
                ["properties": ["match": ["type": "object"], "inOrder": null], "required": ["match"]],
                ["properties": ["inOrder": ["type": "array"], "match": null, "count": null], "required": ["inOrder"]],
            ]
        })
}

extension WaitRequest: WireType {
    /// `{"match": …, "count": …, "timeout": seconds}` (component `Wait`): count defaults to at least one, the
    /// timeout to 10 s.
    public static let wire = WireDescription<WaitRequest>(
        name: "Wait", WaitRequest(matcher: .any),
        fields: [
            .required("match", \.matcher, .wire(), "The entries to wait for."),
            .defaulted("count", \.count, .wire(), "How many (default: at least one)."),
            .defaulted("timeout", \.timeout, .double(in: 0...maximumTimeout), "Seconds to wait at most (default 10)."),
        ])
}
