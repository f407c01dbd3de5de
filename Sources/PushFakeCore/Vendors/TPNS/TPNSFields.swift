/// The numbers the TPNS routes read (``VendorField``): declared on the routes in ``TPNSVendor``, read only through
/// these descriptions.
enum TPNSFields {
    /// `[].handlingLevel` of a send: 1, 2 or 3 (TPNSWireProtocol.md §6).
    static let handlingLevel = VendorField.body("[].handlingLevel", .integer)
}
