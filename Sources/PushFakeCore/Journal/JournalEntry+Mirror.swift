extension JournalEntry: CustomReflectable {
    /// The public properties, derived from the entry's bytes, so that `print`, `dump` and test failure messages show
    /// the request and response rather than the bytes they are kept in.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "sequence": sequence, "time": time, "request": request, "route": route as Any, "vendor": vendor as Any,
                "app": app as Any, "device": device as Any, "fault": fault as Any, "response": response,
                "outcome": outcome, "delay": delay, "deliveryIDs": deliveryIDs, "notes": notes,
            ],
            displayStyle: .struct)
    }
}
