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

extension VerifyRequest: WireType, WireForm {
    /// `{"match": …, "count": …}` or `{"inOrder": [matchers]}` (component `Verify`).
    public static let wire = WireDescription<VerifyRequest>(
        name: "Verify",
        formSchema: { schemas in
            let matcher = RequestMatcher.wire.codec.schema(&schemas)
            let count = RequestCount.wire.codec.schema(&schemas)
            let null: JSON = ["type": "null"]
            return [
                "oneOf": [
                    WireSchemas.object(
                        ["match": matcher, "count": WireSchemas.nullable(count), "inOrder": null],
                        required: ["match"]),
                    WireSchemas.object(
                        [
                            "inOrder": ["type": "array", "items": matcher, "minItems": 1], "match": null,
                            "count": null,
                        ],
                        required: ["inOrder"]),
                ]
            ]
        })

    /// The JSON form, for a client to send.
    public var jsonValue: JSON {
        switch self {
        case .count(let matcher, let count):
            return ["match": RequestMatcher.wire.write(matcher), "count": count.jsonValue]
        case .inOrder(let matchers): return ["inOrder": .array(matchers.map(RequestMatcher.wire.write))]
        }
    }
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
