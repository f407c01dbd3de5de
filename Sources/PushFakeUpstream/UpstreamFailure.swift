import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client gets when the upstream gave no answer: the status (502, or 504 for a timeout) and the cause that
/// the error message and the journal name.
struct UpstreamFailure: Sendable, Equatable {
    let status: Int
    let cause: String

    /// The failure for an error of URLSession.
    init(_ error: any Error) {
        guard let error = error as? URLError else {
            (status, cause) = (502, "\(error)")
            return
        }
        switch error.code {
        case .timedOut:
            (status, cause) = (504, "timed out")
        case .cannotConnectToHost:
            (status, cause) = (502, "connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            (status, cause) = (502, "DNS: cannot find the host")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            (status, cause) = (502, "TLS: \(error.localizedDescription)")
        case .networkConnectionLost:
            (status, cause) = (502, "connection lost before the answer was complete")
        case .notConnectedToInternet:
            (status, cause) = (502, "no network")
        default:
            (status, cause) = (502, "\(error.localizedDescription) (URLError \(error.code.rawValue))")
        }
    }

    init(status: Int, cause: String) {
        self.status = status
        self.cause = cause
    }
}
