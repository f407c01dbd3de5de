import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/clock`.
    func clock() -> FakeResponse {
        .json(200, ["now": .string(fake.now.pushFakeISO8601), "mode": .string(fake.clockMode.rawValue)])
    }

    /// `POST /__pushfake/clock` with `{"advance": seconds}` or `{"set": "<timestamp>"}`; a move that would leave
    /// years 1970–9999, an impossible date or an unknown key answers 400 and leaves the clock alone.
    func setClock(_ request: FakeRequest) -> FakeResponse {
        switch parsed(request, as: "clock change", { json throws(JSONFieldError) in try ClockCommand(json: json) }) {
        case .failure(let answer): return answer
        case .success(let command):
            do throws(JSONFieldError) {
                try fake.moveClock(command)
                return clock()
            } catch {
                return Self.badRequest("clock change: \(error.description)")
            }
        }
    }
}
