extension IDKind {
    /// A TwinPush device (`1…`).
    public static let twinPushDevice = IDKind(digit: 1, name: "twinPushDevice")
    /// A TwinPush notification (`2…`).
    public static let twinPushNotification = IDKind(digit: 2, name: "twinPushNotification")
    /// An item of a TwinPush alias inbox (`4…`).
    public static let twinPushInboxItem = IDKind(digit: 4, name: "twinPushInboxItem")
}
