import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/clock`.
    func clock() -> FakeResponse {
        .answer(200, fake.clockReading)
    }

    /// `POST /__pushfake/clock` with `{"advance": seconds}` or `{"set": "<timestamp>"}`. An impossible date, an
    /// unknown key or a value out of range answers 400; a well-formed move that would take the clock out of
    /// 1970–9999 from where it is now answers 409. Either way the clock stays where it was.
    func setClock(_ request: FakeRequest) -> FakeResponse {
        switch parsed(request, as: "clock change", { json throws(JSONFieldError) in try ClockCommand(json: json) }) {
        case .failure(let answer): return answer
        case .success(let command):
            do throws(JSONFieldError) {
                try fake.moveClock(command)
                return clock()
            } catch {
                return .error(409, "clock change: \(error.description)")
            }
        }
    }
}
