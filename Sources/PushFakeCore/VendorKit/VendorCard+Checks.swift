/// Whether a card's forms fit the vendor that declares them, which the dashboard cannot find out before a user sends:
/// the send form posts to one of the vendor's routes, fills each of its path parameters, offers what it starts with;
/// the fault preset is one of the vendor's fault keys and offers its default; the fleet part moves devices on
/// operations the vendor has, and its receipts and opens name their notification; the phone part names each JSON-text
/// member together with the key read in it.
extension VendorRegistry {
    /// What is wrong with the vendor's card, one sentence each; empty when it fits (or has no card).
    public func cardProblems(of vendor: Vendor) -> [String] {
        guard let card = card(of: vendor) else { return [] }
        var problems: [String] = []
        if let send = card.send { problems += send.problems(routes: routes(of: vendor)) }
        if let fault = card.fault {
            if faultKey(named: fault.key) == nil { problems.append("fault: \(fault.key) is no fault key of the fake") }
            if fault.codes.isEmpty { problems.append("fault: no codes offered") }
            if !fault.codes.contains(fault.value) { problems.append("fault: the default is not among the codes") }
        }
        if card.notificationFields != nil && card.notifications == nil {
            problems.append("notificationFields without the notifications list")
        }
        if card.inbox != nil && card.heading == nil { problems.append("an inbox without a heading to match it by") }
        if let fleet = card.fleet {
            let routes = declaredRoutes.filter { $0.vendor == vendor }.map { ($0.operation, $0.template) }
            problems += fleet.problems(routes: routes)
        }
        if let phone = card.phone { problems += phone.problems }
        return problems
    }
}

extension VendorCard.SendForm {
    func problems(routes: [String]) -> [String] {
        var problems: [String] = []
        if !routes.contains(route) { problems.append("send: \(route) is no route of the vendor") }
        let parameters = route.split(separator: "/").filter { $0.hasPrefix("{") }.map {
            String($0.dropFirst().dropLast())
        }
        let inPath = fields.filter(\.inPath).map(\.name)
        if Set(parameters) != Set(inPath) {
            problems.append("send: the path fields \(inPath) are not the route's parameters \(parameters)")
        }
        if Set(fields.map(\.name)).count != fields.count { problems.append("send: two fields have one name") }
        if notificationIDs.isEmpty { problems.append("send: the answer's notification ids are not located") }
        for field in fields { problems += field.problems.map { "send: \(field.name): \($0)" } }
        return problems
    }
}

extension VendorCard.Field {
    var problems: [String] {
        var problems: [String] = []
        let offers = kind == .choice || kind == .choices
        if offers == options.isEmpty { problems.append(offers ? "no options" : "options on a \(kind.rawValue)") }
        if !targets.isEmpty && kind != .list { problems.append("targets on a \(kind.rawValue)") }
        if inPath && kind != .text { problems.append("a path parameter must be text") }
        switch (kind, value) {
        case (.choice, let value?) where !options.contains(value):
            problems.append("the default is not an option")
        case (.choices, let value?) where !(value.arrayValue ?? [.null]).allSatisfy(options.contains):
            problems.append("the default is not a list of options")
        default: break
        }
        return problems
    }
}
