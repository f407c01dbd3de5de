/// A `[name, value]` pair of strings that is not one, found reading headers.
struct BadHeaderPair: Error {
    /// Its index among the pairs.
    let index: Int
    /// What it was.
    let pair: JSON
}

extension HTTPHeaders {
    /// Headers from `[name, value]` pairs of strings, in order (the JSON form of journal entries and recordings).
    static func fromPairs(_ pairs: [JSON]) -> Result<HTTPHeaders, BadHeaderPair> {
        var headers = HTTPHeaders()
        for (index, pair) in pairs.enumerated() {
            guard let items = pair.arrayValue, items.count == 2, let name = items[0].stringValue,
                let value = items[1].stringValue
            else { return .failure(BadHeaderPair(index: index, pair: pair)) }
            headers.add(name: name, value: value)
        }
        return .success(headers)
    }
}
