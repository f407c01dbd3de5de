/// The `.apns` file of one delivery: its payload with `"Simulator Target Bundle"` added.
enum APNsFile {
    /// The payload's bytes with `"Simulator Target Bundle":"<bundleID>"` spliced in as the first member, so every
    /// other byte is the payload's own; `nil` when the payload is not a JSON object.
    static func document(payload: [UInt8], bundleID: String) -> [UInt8]? {
        guard case .object = try? JSON.parse(payload),
            let open = payload.firstIndex(where: { !isSpace($0) }), payload[open] == UInt8(ascii: "{")
        else { return nil }
        let rest = payload[payload.index(after: open)...]
        let empty = rest.first(where: { !isSpace($0) }) == UInt8(ascii: "}")
        var document = Array(payload[...open])
        document += Array(#""Simulator Target Bundle":"#.utf8)
        document += JSON.string(bundleID).serialized()
        if !empty { document.append(UInt8(ascii: ",")) }
        document += rest
        return document
    }

    /// `000001-twinpush-<device>.apns`: the sink's running number, the vendor, and the device id with anything but
    /// letters, digits, `.`, `_` and `-` replaced by `_` (at most 64 characters of it).
    static func name(number: Int, delivery: Delivery) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        let device = String(
            delivery.deviceID.unicodeScalars.prefix(64).map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || scalar == "." || scalar == "_" || scalar == "-")
                return allowed ? Character(scalar) : "_"
            })
        return "\(padded)-\(delivery.vendor.rawValue.lowercased())-\(device).apns"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
