import Foundation
import PushFakeClients
import PushFakeTestSupport
import PushFakeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app, tokens and clients the TwinPush client tests share.
enum TwinPushClientFixtures {
    static let app = TestApps.twinPush.id
    static let apiToken = TestApps.twinPush.apiToken
    static let creatorToken = TestApps.twinPush.creatorToken
    static let apnsToken = Data([0x5C, 0x1D, 0x2A, 0x3B])
    /// The device clock for iOS `open_at` / `closed_at`: fixed, so bodies are stable.
    static let deviceClock = Date(timeIntervalSince1970: 1_583_161_234)

    /// A configuration with the one declared (strict) app.
    static var strict: PushFakeConfiguration {
        PushFakeConfiguration(twinPushApps: [TestApps.twinPush])
    }

    /// A device client of `flavour` pointed at the fake the way the SDK is: iOS at `…/api/v2`, Android at the host.
    static func device(
        _ flavour: TwinPushDeviceClient.Flavour, _ fake: RunningPushFake, session: URLSession,
        apiKey: String = apiToken, deviceInfo: TwinPushDeviceInfo? = nil
    ) -> TwinPushDeviceClient {
        let base = flavour == .iOS ? fake.twinPushBaseURL : fake.baseURL
        return TwinPushDeviceClient(
            flavour, session: session, baseURL: base, appID: app, apiKey: apiKey, deviceInfo: deviceInfo,
            now: { deviceClock })
    }

    /// The backend client with both tokens (or the ones given).
    static func creator(
        _ fake: RunningPushFake, session: URLSession, apiToken: String? = apiToken,
        creatorToken: String? = creatorToken
    ) -> TwinPushCreatorClient {
        TwinPushCreatorClient(
            session: session, baseURL: fake.twinPushBaseURL, appID: app, apiToken: apiToken,
            creatorToken: creatorToken)
    }
}

/// Runs `body`, which must throw a ``TwinPushClientError``, and returns it (failing the test otherwise).
@discardableResult
func assertTwinPushClientError(
    _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
) async -> TwinPushClientError? {
    do {
        try await body()
        XCTFail("expected a TwinPushClientError; the call succeeded", file: file, line: line)
    } catch let error as TwinPushClientError {
        return error
    } catch {
        XCTFail("expected a TwinPushClientError, got \(error)", file: file, line: line)
    }
    return nil
}
