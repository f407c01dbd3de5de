/// Replaces secrets in a text however a client wrote them — as they are, JSON-escaped (`tok\/+=1`, `\u0074ok`),
/// percent-encoded (`tok%2F%2B%3D1`, `+` for a space in a query), or escaped twice (JSON in a JSON string) — where
/// they stand as a whole word (``WholeWord``): RecordingFormat.md, "Secrets and placeholders".
///
/// The whole escaped span is replaced, so the `json` field an export parses from a redacted body shows the
/// placeholder, not the secret. Searching is linear in the text for each secret (Knuth–Morris–Pratt), so a hostile
/// body and token cannot make an export quadratic.
enum SecretScanner {
    /// A value to find and the text that replaces it.
    struct Secret {
        let value: [UInt8]
        let replacement: [UInt8]
    }

    /// How many layers of escapes are undone (a JSON string holding JSON that holds the secret is two).
    static let maximumEscapeDepth = 3

    /// `raw` with every occurrence of the secrets replaced, or `nil` when none occurs.
    static func replacing(_ secrets: [Secret], in raw: [UInt8]) -> [UInt8]? {
        let secrets = secrets.filter { !$0.value.isEmpty && $0.value.count <= raw.count }
        guard !secrets.isEmpty, !raw.isEmpty else { return nil }
        var spans: [Span] = []
        var text = EscapedText(raw: raw)
        collect(secrets, in: text, into: &spans)
        if EscapedText.mayHoldEscapes(raw) {
            for _ in 0..<maximumEscapeDepth {
                let decoded = text.decodedAgain()
                guard decoded.changed else { break }
                collect(secrets, in: decoded, into: &spans)
                text = decoded
            }
            // `+` is a space only in form-encoded text, and only a secret with a space can be hidden that way.
            if secrets.contains(where: { $0.value.contains(0x20) }) {
                let decoded = EscapedText(raw: raw).decodedAgain(plusIsSpace: true)
                if decoded.changed { collect(secrets, in: decoded, into: &spans) }
            }
        }
        guard !spans.isEmpty else { return nil }
        return splice(spans, secrets: secrets, into: raw)
    }

    /// Where in the raw text a secret stands, and which one.
    private struct Span {
        let range: Range<Int>
        let secret: Int
    }

    /// The raw spans where a secret stands in `text` as a whole word.
    private static func collect(_ secrets: [Secret], in text: EscapedText, into spans: inout [Span]) {
        for (index, secret) in secrets.enumerated() {
            for start in occurrences(of: secret.value, in: text.bytes) {
                let end = start &+ secret.value.count
                guard text.startsUnit(start), text.endsUnit(end &- 1),
                    !WholeWord.isWordByte(start > 0 ? text.bytes[start &- 1] : nil),
                    !WholeWord.isWordByte(end < text.bytes.count ? text.bytes[end] : nil)
                else { continue }
                spans.append(Span(range: text.rawStarts[start]..<text.rawEnds[end &- 1], secret: index))
            }
        }
    }

    /// `raw` with the spans replaced; of overlapping spans the one that starts first (the longer, at the same start)
    /// wins.
    private static func splice(_ spans: [Span], secrets: [Secret], into raw: [UInt8]) -> [UInt8] {
        let sorted = spans.sorted {
            ($0.range.lowerBound, $1.range.upperBound) < ($1.range.lowerBound, $0.range.upperBound)
        }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var position = 0
        for span in sorted where span.range.lowerBound >= position {
            output += raw[position..<span.range.lowerBound]
            output += secrets[span.secret].replacement
            position = span.range.upperBound
        }
        output += raw[position...]
        return output
    }

    /// Every start index of `needle` in `haystack`, overlapping ones included (Knuth–Morris–Pratt).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        var failure = [Int](repeating: 0, count: needle.count)
        var matched = 0
        for index in needle.indices.dropFirst() {
            while matched > 0, needle[index] != needle[matched] { matched = failure[matched &- 1] }
            if needle[index] == needle[matched] { matched &+= 1 }
            failure[index] = matched
        }
        var found: [Int] = []
        matched = 0
        for (index, byte) in haystack.enumerated() {
            while matched > 0, byte != needle[matched] { matched = failure[matched &- 1] }
            if byte == needle[matched] { matched &+= 1 }
            if matched == needle.count {
                found.append(index &- needle.count &+ 1)
                matched = failure[matched &- 1]
            }
        }
        return found
    }
}
