/// The numbers the TwinPush routes read (``VendorField``), with the ranges the fake takes (FakeBehaviour.md,
/// Numbers): declared on the routes in ``TwinPushVendor``, read only through these descriptions.
enum TwinPushFields {
    /// A register's `device_id`: the id of the device to update, a string or a JSON integer (§5.1).
    static let deviceID = VendorField.body("device_id", .integerOrString)
    /// A register's `os_version_code`: Android's API level, a number or a string of one (§5.1).
    static let osVersionCode = VendorField.body("os_version_code", .integerOrString)
    /// `update_badge`'s `badge`: a number, a numeric string, `"+N"` or `"-N"` (§5.3).
    static let badge = VendorField.body("badge", .integerOrString)
    /// `report_statistics`' location (§5.7).
    static let latitude = VendorField.body("device.latitude", .number)
    static let longitude = VendorField.body("device.longitude", .number)
    /// `set_custom_property`'s `value`: an integer, a float or `1` / `0` for a boolean (§5.8).
    static let propertyValue = VendorField.body("value", .number)
    /// Pagination in a body (`search_notifications`, `POST …/deliveries`) and in a query (§4.3).
    static let page = VendorField.body("page", .integerOrString)
    static let perPage = VendorField.body("per_page", .integerOrString)
    static let pageQuery = VendorField.query("page")
    static let perPageQuery = VendorField.query("per_page")
    /// The badge of each `multiple_devices` / `multiple_alias` entry of a notification (§9); the notification's own
    /// is ``badge``.
    static let deviceOverrideBadge = VendorField.body("multiple_devices.*.badge", .integerOrString)
    static let aliasOverrideBadge = VendorField.body("multiple_alias.*.badge", .integerOrString)
    /// Custom property values of a notification and of each override: numbers are kept as sent (§9).
    static let customProperty = VendorField.body("custom_properties.*", .number)
    static let deviceOverrideProperty = VendorField.body("multiple_devices.*.custom_properties.*", .number)
    static let aliasOverrideProperty = VendorField.body("multiple_alias.*.custom_properties.*", .number)

    /// The fields a route of `operation` and `method` reads: the table ``TwinPushVendor`` declares its routes with.
    static func of(_ operation: Operation, method: String) -> [VendorField] {
        switch operation {
        case .register: return [deviceID, osVersionCode]
        case .updateBadge: return [badge]
        case .reportStatistics: return [latitude, longitude]
        case .setCustomProperty: return [propertyValue]
        case .searchNotifications: return [page, perPage]
        case .inbox, .listDevices: return [pageQuery, perPageQuery]
        case .notificationDeliveries: return method == "POST" ? [page, perPage] : [pageQuery, perPageQuery]
        case .createNotification:
            return [
                badge, deviceOverrideBadge, aliasOverrideBadge, customProperty, deviceOverrideProperty,
                aliasOverrideProperty,
            ]
        default: return []
        }
    }
}
