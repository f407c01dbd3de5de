extension RequestMatcher {
    /// TPNS requests, of one operation when given: `.tpns(.register)`.
    public static func tpns(_ operation: Operation? = nil) -> RequestMatcher {
        var matcher = vendor(.tpns)
        matcher.operation = operation
        return matcher
    }
}
