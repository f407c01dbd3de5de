/// A number a vendor route reads from its request: in the body or the query, at which path, in which forms.
///
/// Routes declare theirs (``VendorRoute/fields``), so that what a client can send as a number is data, not only
/// code: the boundary-value tests send `Int.min`, `Int.max`, `2^53 + 1`, `1e308` and their numeric strings into
/// every declared field of every route, and check that each is answered in the vendor's shape (issue 16). The
/// standard vendors read their numbers only through these descriptions (`value(in:)` and the readers built on
/// it), which note each read for a test (`VendorFieldTrace`): a route that reads a number it does not declare
/// fails that test.
///
/// ```swift
/// VendorRoute("POST", "/acme/messages", "say", fields: [.body("priority", .integer)]) { context, state, _ in … }
/// ```
public struct VendorField: Sendable, Hashable, CustomStringConvertible {
    /// Where the field is.
    public enum Location: String, Sendable {
        /// A member of the JSON body.
        case body
        /// A query parameter.
        case query
    }

    /// The forms a field takes, which decide the values a test sends it.
    public enum Form: String, Sendable {
        /// A JSON integer (or a JSON number without a fraction); a string is refused.
        case integer
        /// Any JSON number.
        case number
        /// A JSON integer or a string of one (`"0"`, `"+1"`), as iOS and Android send the same field differently.
        case integerOrString
        /// A string of digits only: a query parameter, or a body field the vendor documents as text.
        case numericString
    }

    /// Body or query.
    public let location: Location
    /// A dotted path into the body (`badge`, `device.latitude`); `[]` stands for every element of an array
    /// (`[].handlingLevel`) and `*` for every member of an object (`multiple_devices.*.badge`). For the query, the
    /// parameter's name.
    public let path: String
    /// The forms it takes.
    public let form: Form
    /// The member name or parameter that holds the value: the path's last component.
    public let key: String

    /// A field of the JSON body.
    public static func body(_ path: String, _ form: Form) -> VendorField {
        VendorField(location: .body, path: path, form: form)
    }

    /// A query parameter (always text on the wire).
    public static func query(_ name: String, _ form: Form = .numericString) -> VendorField {
        VendorField(location: .query, path: name, form: form)
    }

    private init(location: Location, path: String, form: Form) {
        self.location = location
        self.path = path
        self.form = form
        self.key = String(path.split(separator: ".").last ?? Substring(path))
    }

    /// `body badge (integerOrString)`.
    public var description: String { "\(location.rawValue) \(path) (\(form.rawValue))" }
}
