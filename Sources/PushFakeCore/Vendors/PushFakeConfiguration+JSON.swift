import Foundation

extension PushFakeConfiguration {
    /// The largest `journalLimit` the JSON form takes: 2^53 - 1.
    static let journalLimitRange = 1...9_007_199_254_740_991

    /// Reads a configuration from JSON, as `POST /__pushfake/instances` takes it (every key optional):
    ///
    /// ```json
    /// {"seed": 7, "clock": {"mode": "fixed", "start": "2026-01-01T00:00:00.000Z"}, "stateChecks": true,
    ///  "journalLimit": 10000, "apps": {"tpns": ["APPKEY"], "twinPush": [{"id": "…", "apiToken": "…",
    ///  "creatorToken": "…"}]}}
    /// ```
    /// - `seed`: an integer 0…18446744073709551615. JSON numbers above 2^53 lose precision in most JSON libraries,
    ///   so larger seeds are given as a decimal string (`"18446744073709551615"`); an integral number written as
    ///   `844.0` is taken below 2^53, a real fraction is refused.
    /// - `clock`: `mode` `fixed` (default) or `real`; `start` only for a fixed clock, within 1970…9999.
    /// - `stateChecks`: TPNS state checks (``stateChecks``); `journalLimit`: an integer ≥ 1 (``journalLimit``).
    /// - `apps`: each vendor's apps in its own JSON form (``PushVendor/declareApps(_:in:)``), vendor names in any
    ///   case; declared when the engine starts, which makes those vendors strict.
    /// - Throws: ``JSONFieldError`` naming the field (`clock.mode`, `apps.twinPush[0].apiToken`).
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        self = try Self.wire.read(json, context: WireContext(vendors: vendors))
    }

    /// The declared apps by vendor name (TPNS keys, TwinPush apps, then those declared through the JSON form),
    /// `nil` when there are none.
    var appsJSON: JSON? {
        var apps = JSONObject()
        if !tpnsApps.isEmpty { apps[Vendor.tpns.rawValue] = .array(tpnsApps.map { .string($0) }) }
        if !twinPushApps.isEmpty { apps[Vendor.twinPush.rawValue] = .array(twinPushApps.map(\.jsonValue)) }
        for (vendor, declared) in appDeclarations {
            if let earlier = apps[vendor]?.arrayValue, let more = declared.arrayValue {
                apps[vendor] = .array(earlier + more)
            } else {
                apps[vendor] = declared
            }
        }
        return apps.isEmpty ? nil : .object(apps)
    }

    /// An integer 0…2^64-1, as a JSON integer or a decimal string.
    static func seed(_ value: JSON, path: String) throws(JSONFieldError) -> UInt64 {
        let expected = "an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string)"
        switch value {
        case .int(let number) where number >= 0: return UInt64(number)
        // An integral number written with a fraction or an exponent (`844.0`): JSON Schema's integer.
        case .double(let number) where number >= 0 && number.rounded() == number && number < 9_007_199_254_740_992:
            return UInt64(number)
        case .string(let text):
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let number = UInt64(text)
            else {
                throw JSONFieldError(path: path, problem: "must be \(expected), not \(JSONFields.describe(value))")
            }
            return number
        default:
            throw JSONFieldError(path: path, problem: "must be \(expected), not \(JSONFields.describe(value))")
        }
    }

    /// The seed as JSON: a number up to 2^53, above it a decimal string.
    static func seedJSON(_ seed: UInt64) -> JSON {
        seed <= 9_007_199_254_740_992 ? .int(Int(seed)) : .string(String(seed))
    }
}
