import Foundation

extension VendorRegistry {
    /// The vendor's base URL under a server root: `root` plus ``basePath(of:)``, one path component per segment
    /// (`http://127.0.0.1:8080` → `http://127.0.0.1:8080/api/v2`). The one place hosts derive vendor URLs from.
    /// - Returns: `nil` when the vendor is not registered.
    public func baseURL(of vendor: Vendor, under root: URL) -> URL? {
        guard let path = basePath(of: vendor) else { return nil }
        return path.split(separator: "/").reduce(root) { $0.appendingPathComponent(String($1)) }
    }
}
