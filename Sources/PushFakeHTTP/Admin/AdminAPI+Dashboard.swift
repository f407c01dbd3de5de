import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/`: the dashboard page (docs/dashboard.md). `/__pushfake` without the slash is redirected,
    /// so the page's relative asset and API URLs resolve under the admin prefix, at the top level or an instance's.
    func dashboard(_ request: FakeRequest) -> FakeResponse {
        guard request.path.hasSuffix("/") else {
            var response = FakeResponse(status: 308, headers: Self.dashboardHeaders(type: "text/plain; charset=utf-8"))
            let root = instance.map { "/i/" + $0 } ?? ""
            response.headers.replace(name: "Location", value: root + AdminOperations.prefix + "/")
            return response
        }
        return dashboardFile("index.html")
            ?? .error(500, "the dashboard page is missing from this build")
    }

    /// `GET /__pushfake/assets/{file}`: the page's script and styles; any other name is 404.
    func dashboardAsset(_ name: String) -> FakeResponse {
        dashboardFile(name)
            ?? .answer(404, AdminError("no dashboard file \(name)", files: DashboardAssets.files.keys.sorted()))
    }

    private func dashboardFile(_ name: String) -> FakeResponse? {
        guard let bytes = DashboardAssets.files[name], let type = Self.dashboardType(of: name) else { return nil }
        return FakeResponse(status: 200, headers: Self.dashboardHeaders(type: type), body: bytes)
    }

    /// By extension; the assets are only these three kinds (Sources/PushFakeHTTP/Dashboard/Assets/).
    private static func dashboardType(of name: String) -> String? {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return nil
    }

    /// The page runs no inline script or style and reaches nothing but this server, so the policy says exactly
    /// that; framing is refused so no other page can overlay the admin buttons.
    static let contentSecurityPolicy =
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private static func dashboardHeaders(type: String) -> HTTPHeaders {
        [
            "Content-Type": type, "Cache-Control": "no-store", "Content-Security-Policy": contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer",
        ]
    }
}
