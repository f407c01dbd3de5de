import Foundation

extension PushFakeConfiguration: WireType {
    /// The JSON form `POST /__pushfake/instances` takes (component `InstanceCreate`): seed, clock, state checks,
    /// journal limit and apps, every key optional (``init(json:vendors:)``, ``jsonValue``): what a remote fixture
    /// sends. Settings without a JSON form — ``tpnsRequireRegistrationID`` and settings of vendors of your own — are
    /// not in it.
    public static let wire = WireDescription<PushFakeConfiguration>(
        name: "InstanceCreate", PushFakeConfiguration(),
        fields: [
            .defaulted("seed", \.seed, seedCodec, "Seeds ids and probabilistic faults."),
            .defaulted("clock", \.clockSetting, ClockSetting.wire.codec, "A fixed clock (the default) or a real one."),
            .defaulted("stateChecks", \.stateChecks, .bool, "TPNS state checks."),
            .optional(
                "journalLimit", \.journalLimit, .int(in: journalLimitRange), "Keep at most this many journal entries."),
            appsField,
        ])

    /// An integer 0…2^64-1, as a JSON integer or, above 2^53, a decimal string.
    private static let seedCodec = WireCodec<UInt64>(
        read: { (json, path, _) throws(JSONFieldError) -> UInt64 in try seed(json, path: path) },
        write: { seedJSON($0) },
        schema: { _ in
            [
                "anyOf": [
                    ["type": "integer", "minimum": 0, "maximum": .int(Int.max)],
                    ["type": "string", "pattern": .string(seedPattern), "description": "Up to 18446744073709551615."],
                ]
            ]
        })

    /// The decimal strings ``seed(_:path:)`` reads, 0…18446744073709551615 (`UInt64.max`) with any leading zeros:
    /// up to 19 digits, or 20 digits that match `UInt64.max` digit by digit until one is smaller, any digits after it.
    private static let seedPattern =
        "^0*(?:[0-9]{1,19}|1(?:[0-7][0-9]{18}|8(?:[0-3][0-9]{17}|4(?:[0-3][0-9]{16}|4(?:[0-5][0-9]{15}|"
        + "6(?:[0-6][0-9]{14}|7(?:[0-3][0-9]{13}|4(?:[0-3][0-9]{12}|40(?:[0-6][0-9]{10}|7(?:[0-2][0-9]{9}|"
        + "3(?:[0-6][0-9]{8}|70(?:[0-8][0-9]{6}|9(?:[0-4][0-9]{5}|5(?:[0-4][0-9]{4}|5(?:0[0-9]{3}|"
        + "1(?:[0-5][0-9]{2}|6(?:0[0-9]|1[0-5])))))))))))))))))$"

    /// `apps`: each vendor's apps in its own JSON form, vendor names in any case (component `Apps`), checked on a
    /// fresh state of the configuration read so far, so that the engine can declare them without failing.
    private static let appsField = WireField<PushFakeConfiguration>(
        "apps", summary: "Each vendor's apps in its own JSON form, vendor names in any case.", isRequired: false,
        read: { (json, configuration, path, context) throws(JSONFieldError) in
            guard let json else { return }
            guard let object = json.objectValue else {
                throw JSONFieldError(
                    path: path, problem: "must be an object of apps by vendor, not \(JSONFields.describe(json))")
            }
            do throws(JSONFieldError) {
                for (_, index, vendorApps) in try PushFake.appSections(object, vendors: context.vendors) {
                    let entry = context.vendors.entries[index]
                    do throws(JSONFieldError) {
                        _ = try entry.makeSlot(configuration).prepareApps(vendorApps)
                    } catch {
                        throw error.inside(entry.vendor.rawValue)
                    }
                    configuration.appDeclarations.append((entry.vendor.rawValue, vendorApps))
                }
            } catch {
                throw error.inside(path)
            }
        },
        write: { configuration, members in
            if let apps = configuration.appsJSON { members.append(.init(key: "apps", value: apps)) }
        },
        schema: { schemas in schemas.component("Apps") { VendorRegistry.appsSchema(&$0) } })

    /// The `clock` member: the mode, and the start of a fixed clock.
    var clockSetting: ClockSetting {
        get { ClockSetting(mode: clockMode, start: clockMode == .fixed ? clockStart : nil) }
        set {
            clockMode = newValue.mode
            if let start = newValue.start { clockStart = start }
        }
    }
}

/// The `clock` member of a configuration's JSON form: `mode` `fixed` (default) or `real`, `start` only for a fixed
/// clock.
struct ClockSetting: Sendable {
    var mode = FakeClock.Mode.fixed
    var start: Date?

    static let wire = WireDescription<ClockSetting>(
        ClockSetting(),
        fields: [
            .defaulted("mode", \.mode, .choice, "fixed (the default) or real."),
            .optional("start", \.start, .date, "Where a fixed clock starts."),
        ],
        check: { setting, path, _ throws(JSONFieldError) in
            if setting.mode == .real, setting.start != nil {
                throw JSONFieldError(
                    path: JSONFields.join(path, "start"),
                    problem: "is only for a fixed clock (a real clock starts at the wall time)")
            }
        },
        refine: { schema, _ in
            schema["anyOf"] = [
                ["properties": ["mode": ["enum": ["fixed", nil]]]], ["properties": ["start": ["type": "null"]]],
            ]
        })
}
