extension RequestMatcher {
    /// TwinPush requests, of one operation when given: `.twinPush(.openApp)`.
    public static func twinPush(_ operation: Operation? = nil) -> RequestMatcher {
        var matcher = vendor(.twinPush)
        matcher.operation = operation
        return matcher
    }
}
