/// The dashboard's files by name, as `GET /__pushfake/` and `GET /__pushfake/assets/{file}` serve them.
///
/// The files stay readable HTML, CSS and JavaScript in `Dashboard/Assets/`; SwiftPM embeds them in the code at build
/// time (`resources: [.embedInCode("Dashboard/Assets")]` in Package.swift, as `PackageResources` byte arrays), so
/// the binary carries the page with no resource bundle and nothing generated is committed. A file added there must
/// be named here too: `DashboardTests` fails while the two lists differ.
enum DashboardAssets {
    static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "admin-api.js": PackageResources.admin_api_js,
        "compose.js": PackageResources.compose_js,
        "page.js": PackageResources.page_js,
        "journal.js": PackageResources.journal_js,
        "devices.js": PackageResources.devices_js,
        "world.js": PackageResources.world_js,
        "faults.js": PackageResources.faults_js,
        "dashboard.css": PackageResources.dashboard_css,
        "dashboard.js": PackageResources.dashboard_js,
        "fleet-model.js": PackageResources.fleet_model_js,
        "fleet.css": PackageResources.fleet_css,
        "fleet.js": PackageResources.fleet_js,
    ]
}
