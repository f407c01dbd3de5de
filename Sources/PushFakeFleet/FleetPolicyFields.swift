import PushFakeCore

/// One JSON object of a policy file: rejects keys it does not know by name, and reads range-checked values.
struct FleetPolicyFields {
    let object: JSONObject
    let path: String

    init(_ json: JSON, at path: String, allowed: Set<String>) throws(JSONFieldError) {
        guard let object = json.objectValue else { throw JSONFieldError(path: path, problem: "must be an object") }
        for key in object.keys where !allowed.contains(key) {
            throw JSONFieldError(
                path: path.isEmpty ? key : "\(path).\(key)",
                problem: "unknown key \(key) (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        self.object = object
        self.path = path
    }

    func place(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A number, or `nil` when absent.
    func double(_ key: String) throws(JSONFieldError) -> Double? {
        guard let value = object[key] else { return nil }
        guard let number = value.doubleValue else {
            throw JSONFieldError(path: place(key), problem: "must be a number")
        }
        return try FleetDelay.seconds(number, at: place(key))
    }

    /// A probability in 0…1, or `nil` when absent.
    func probability(_ key: String) throws(JSONFieldError) -> Double? {
        guard let value = object[key] else { return nil }
        guard let number = value.doubleValue, number.isFinite, number >= 0, number <= 1 else {
            throw JSONFieldError(path: place(key), problem: "must be a probability in 0…1")
        }
        return number
    }

    func bool(_ key: String) throws(JSONFieldError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let flag = value.boolValue else {
            throw JSONFieldError(path: place(key), problem: "must be true or false")
        }
        return flag
    }

    func delay(_ key: String) throws(JSONFieldError) -> FleetDelay? {
        guard let value = object[key] else { return nil }
        return try FleetDelay.parse(value, at: place(key))
    }
}
