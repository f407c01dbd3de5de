extension VendorRegistry {
    /// A registered vendor's name in any ASCII case, as ``vendor(named:)`` reads it (component `VendorName`).
    public static func nameSchema(_ vendors: VendorRegistry) -> JSON {
        let names = vendors.vendors.map { JSONSchemaText.caseInsensitive($0.rawValue) }
        return [
            "type": "string", "pattern": .string("^(" + names.joined(separator: "|") + ")$"),
            "description": .string(
                "A registered vendor: " + vendors.vendors.map(\.rawValue).joined(separator: ", ") + ", in any case."),
        ]
    }

    /// Exactly `vendor`'s name, in any case: the `if` of the rules that tie operations to their vendor.
    public static func exactNameSchema(_ vendor: Vendor) -> JSON {
        ["type": "string", "pattern": .string("^" + JSONSchemaText.caseInsensitive(vendor.rawValue) + "$")]
    }

    /// One of the operations of every vendor (component `Operation`).
    public static func operationSchema(_ vendors: VendorRegistry) -> JSON {
        ["type": "string", "enum": .array(vendors.allOperations.map { .string($0.rawValue) })]
    }
}
