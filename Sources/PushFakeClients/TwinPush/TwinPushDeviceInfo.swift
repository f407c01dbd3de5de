import Foundation
import PushFakeCore

/// What a device reports about itself in `register` (TwinPushWireProtocol.md §5.1): the values the SDKs read from the OS.
///
/// Start from ``iOS(udid:)`` or ``android(udid:)`` and change what a test cares about:
/// ```swift
/// var info = TwinPushDeviceInfo.android(udid: "9774d56d682e549c")
/// info.platform = "huawei"
/// ```
public struct TwinPushDeviceInfo: Sendable, Equatable {
    /// `udid`: iOS `identifierForVendor`, Android `ANDROID_ID`. With `platform`, the key the server upserts on.
    public var udid: String
    /// `platform`: `ios`, `android` or `huawei`.
    public var platform: String
    /// `app_version`: `CFBundleShortVersionString` / `versionName`.
    public var appVersion: String?
    /// `sdk_version`: `4.0.0` (iOS) or `3.8.5` (Android).
    public var sdkVersion: String?
    /// `os_version`: `UIDevice.systemVersion` / `Build.VERSION.RELEASE`.
    public var osVersion: String?
    /// `os_name` (iOS only, undocumented): `UIDevice.systemName`.
    public var osName: String?
    /// `os_version_code` (Android only, undocumented): `Build.VERSION.SDK_INT`, sent as an **integer**.
    public var osVersionCode: Int?
    /// `language`: the locale identifier, e.g. `en_US`.
    public var language: String?
    /// `device_manufacturer`: `Apple`, or the capitalised `Build.MANUFACTURER`.
    public var deviceManufacturer: String?
    /// `device_model`: `UIDevice.model`, or the capitalised `Build.MODEL`.
    public var deviceModel: String?
    /// `device_code`: `uname().machine`, or the capitalised `Build.DEVICE`.
    public var deviceCode: String?

    /// Every field given; `nil` fields are not sent.
    public init(
        udid: String, platform: String, appVersion: String? = nil, sdkVersion: String? = nil,
        osVersion: String? = nil, osName: String? = nil, osVersionCode: Int? = nil, language: String? = nil,
        deviceManufacturer: String? = nil, deviceModel: String? = nil, deviceCode: String? = nil
    ) {
        self.udid = udid
        self.platform = platform
        self.appVersion = appVersion
        self.sdkVersion = sdkVersion
        self.osVersion = osVersion
        self.osName = osName
        self.osVersionCode = osVersionCode
        self.language = language
        self.deviceManufacturer = deviceManufacturer
        self.deviceModel = deviceModel
        self.deviceCode = deviceCode
    }

    /// An iPhone on iOS 13.3 with SDK 4.0.0, as `TPRegisterInformation` fills it.
    public static func iOS(udid: String = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") -> TwinPushDeviceInfo {
        TwinPushDeviceInfo(
            udid: udid, platform: "ios", appVersion: "1.0", sdkVersion: "4.0.0", osVersion: "13.3", osName: "iOS",
            language: "en_US", deviceManufacturer: "Apple", deviceModel: "iPhone", deviceCode: "iPhone12,1")
    }

    /// A Pixel on Android 13 (API 33) with SDK 3.8.5, as `RegistrationInfo.fromContext` fills it.
    public static func android(udid: String = "9774d56d682e549c") -> TwinPushDeviceInfo {
        TwinPushDeviceInfo(
            udid: udid, platform: "android", appVersion: "2.1", sdkVersion: "3.8.5", osVersion: "13",
            osVersionCode: 33, language: "en_US", deviceManufacturer: "Google", deviceModel: "Pixel 7",
            deviceCode: "Panther")
    }

    /// The flat register body (no wrapper, §3): `udid`, `platform`, then the token and alias when given, then the
    /// device fields that are set. `nil` values are left out, as both SDKs do.
    package func registerBody(pushToken: String?, alias: String?) -> JSON {
        var body: JSONObject = ["udid": .string(udid), "platform": .string(platform)]
        let optional: [(String, JSON?)] = [
            ("push_token", pushToken.map(JSON.string)), ("alias_device", alias.map(JSON.string)),
            ("app_version", appVersion.map(JSON.string)), ("sdk_version", sdkVersion.map(JSON.string)),
            ("os_version", osVersion.map(JSON.string)), ("os_name", osName.map(JSON.string)),
            ("os_version_code", osVersionCode.map(JSON.int)), ("language", language.map(JSON.string)),
            ("device_manufacturer", deviceManufacturer.map(JSON.string)),
            ("device_model", deviceModel.map(JSON.string)), ("device_code", deviceCode.map(JSON.string)),
        ]
        for (key, value) in optional { if let value { body[key] = value } }
        return .object(body)
    }
}
