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
            let text = Self.hex(a, uppercase: true) + Self.hex(b, uppercase: true)
            let chars = Array(text)
            udid =
                String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-4" + String(chars[13..<16]) + "-8"
                + String(chars[17..<20]) + "-" + String(chars[20..<32])
            var token = ""
            token.reserveCapacity(64)
            // TwinPush iOS sends uppercase hex (`%02.2hhX`), TPNS_iOS lowercase: same bytes, two spellings.
            for _ in 0..<4 { token += Self.hex(random.next(), uppercase: profile == .twinpushIOS) }
            self.token = token
        } else {
            udid = Self.hex(random.next(), uppercase: false)
            var token = Self.base64URL(&random, count: 22) + ":APA91b"
            token += Self.base64URL(&random, count: 134)
            self.token = token
        }
        alias = "user-\(index)"
        language = Self.languages[Int(random.next() % UInt64(Self.languages.count))]
    }

    static let languages = ["en_US", "es_ES", "de_DE", "fr_FR", "pt_BR"]

    static func hex(_ value: UInt64, uppercase: Bool) -> String {
        let digits = Array(uppercase ? "0123456789ABCDEF" : "0123456789abcdef")
        var text = ""
        text.reserveCapacity(16)
        for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int((value >> UInt64(shift)) & 0xF)]) }
        return text
    }

    static func base64URL(_ random: inout SplitMix64, count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        text.reserveCapacity(count)
        for _ in 0..<count { text.append(alphabet[Int(random.next() & 63)]) }
        return text
    }
}
