import PushFakeCore

/// Who device number `index` of a fleet is: drawn from (seed, index) alone, so the same seed gives the same fleet
/// and a shard computes its devices without the others. Nothing of it is stored per device; it is made again when
/// a request needs it.
struct FleetIdentity {
    /// `udid`: an uppercase `identifierForVendor` UUID on iOS (also the TPNS `deviceId`), a 16-digit lowercase hex
    /// `ANDROID_ID` on Android.
    let udid: String
    /// The push token: 64 hex digits (32 bytes) for APNs, FCM-shaped for Android (`<22 chars>:APA91b<134 chars>`).
    let token: String
    /// `alias_device`: `user-<index>`, so a backend can target a device by alias.
    let alias: String
    /// The `language` and `app_version` the device reports (a small seeded mix).
    let language: String

    init(seed: UInt64, index: Int, profile: FleetProfile) {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        if profile.isIOS {
            let a = random.next()
            let b = random.next()
            var digits: [UInt8] = []
            digits.reserveCapacity(36)
            Self.appendHex(a, uppercase: true, to: &digits)
            Self.appendHex(b, uppercase: true, to: &digits)
            // 8-4-4-4-12 with the version (4) and variant (8) digits set.
            digits[12] = UInt8(ascii: "4")
            digits[16] = UInt8(ascii: "8")
            for dash in [20, 16, 12, 8] { digits.insert(UInt8(ascii: "-"), at: dash) }
            udid = String(decoding: digits, as: UTF8.self)
            var token: [UInt8] = []
            token.reserveCapacity(64)
            // TwinPush iOS sends uppercase hex (`%02.2hhX`), TPNS_iOS lowercase: same bytes, two spellings.
            for _ in 0..<4 { Self.appendHex(random.next(), uppercase: profile == .twinpushIOS, to: &token) }
            self.token = String(decoding: token, as: UTF8.self)
        } else {
            udid = Self.hex(random.next(), uppercase: false)
            var token: [UInt8] = []
            token.reserveCapacity(162)
            Self.appendBase64URL(&random, count: 22, to: &token)
            token += Array(":APA91b".utf8)
            Self.appendBase64URL(&random, count: 134, to: &token)
            self.token = String(decoding: token, as: UTF8.self)
        }
        alias = "user-\(index)"
        language = Self.languages[Int(random.next() % UInt64(Self.languages.count))]
    }

    static let languages = ["en_US", "es_ES", "de_DE", "fr_FR", "pt_BR"]

    // Identities are made again for every request that carries one: bytes, not Characters, keep that cheap.
    private static let upperHex = Array("0123456789ABCDEF".utf8)
    private static let lowerHex = Array("0123456789abcdef".utf8)
    private static let base64URLAlphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func hex(_ value: UInt64, uppercase: Bool) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(16)
        appendHex(value, uppercase: uppercase, to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    /// The 16 hex digits of `value`, most significant first.
    static func appendHex(_ value: UInt64, uppercase: Bool, to digits: inout [UInt8]) {
        let table = uppercase ? upperHex : lowerHex
        for shift in stride(from: 60, through: 0, by: -4) { digits.append(table[Int((value >> UInt64(shift)) & 0xF)]) }
    }

    static func base64URL(_ random: inout SplitMix64, count: Int) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(count)
        appendBase64URL(&random, count: count, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    static func appendBase64URL(_ random: inout SplitMix64, count: Int, to text: inout [UInt8]) {
        for _ in 0..<count { text.append(base64URLAlphabet[Int(random.next() & 63)]) }
    }
}
