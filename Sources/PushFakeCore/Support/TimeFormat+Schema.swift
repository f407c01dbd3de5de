extension TimeFormat {
    /// The JSON Schema of a time an input may give (component `Timestamp`): `YYYY-MM-DD`, `T` or a space,
    /// `HH:MM:SS`, an optional fraction of 1–9 digits, an optional zone (`Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`).
    /// ``parse(_:)`` also takes the 29th–31st of the months that have them and the years 1970 and 9999 unless a zone
    /// moves the time out of them; the pattern leaves those out, so that every string it allows is one PushFake
    /// takes.
    public static var inputSchema: JSON {
        let year = "(197[1-9]|19[89][0-9]|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])"
        let date = "\(year)-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"
        let time = "([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?"
        let zone = "( ?(Z|UTC|GMT|[+-]([01][0-9]|2[0-3]):?[0-5][0-9]))?"
        return [
            "type": "string", "pattern": .string("^\(date)[T ]\(time)\(zone)$"),
            "description": .string(
                "A time such as 2026-01-01T00:00:00.000Z. The server also takes days 29-31 where the month has "
                    + "them and the years 1970 and 9999 while the time stays within 1970-01-01...9999-12-31 UTC."),
        ]
    }
}
