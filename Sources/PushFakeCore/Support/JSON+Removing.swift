extension JSON {
    /// The value without the member or element at a dotted path (`time`, `response.json.results[0].notificationId`);
    /// unchanged when the path does not exist. Recordings use it to drop ignored fields (RecordingFormat.md).
    public func removing(_ path: String) -> JSON {
        Self.removing(JSONPath.components(path)[...], from: self)
    }

    private static func removing(_ path: ArraySlice<JSONPath.Component>, from value: JSON) -> JSON {
        guard let first = path.first else { return value }
        switch (first, value) {
        case (.key(let key), .object(var object)):
            if path.count == 1 {
                object[key] = nil
            } else if let child = object[key] {
                object[key] = removing(path.dropFirst(), from: child)
            }
            return .object(object)
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            if path.count == 1 {
                array.remove(at: index)
            } else {
                array[index] = removing(path.dropFirst(), from: array[index])
            }
            return .array(array)
        default:
            return value
        }
    }
}
