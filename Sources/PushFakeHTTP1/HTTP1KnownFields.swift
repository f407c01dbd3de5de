/// Methods, header names and header values that nearly every request carries, handed out as one shared `String` each instead of a
/// new one per request: the parser compares the bytes (exactly, so a name keeps the case it was sent in) and, when
/// they are one of these, uses the literal. A literal is never allocated, needs no UTF-8 check, and is the same
/// string every time, so the journal's string table finds it by its bits without hashing it (JournalStrings.swift).
/// Anything else is built from the bytes as before; either way the request holds the bytes as sent.
enum HTTP1KnownFields {
    /// The literal for the method in `bytes[range]`, or `nil`.
    @inline(__always)
    static func method(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        switch range.count {
        case 3: return match(bytes, range, "GET") ?? match(bytes, range, "PUT")
        case 4: return match(bytes, range, "POST") ?? match(bytes, range, "HEAD")
        case 6: return match(bytes, range, "DELETE")
        default: return nil
        }
    }

    /// The literal for the name in `bytes[range]`, or `nil`.
    @inline(__always)
    static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        // Dispatch on length first: one comparison of bytes at most, two for the lengths two names share.
        switch range.count {
        case 4: return match(bytes, range, "Host")
        case 6: return match(bytes, range, "Accept") ?? match(bytes, range, "Expect")
        case 10: return match(bytes, range, "User-Agent") ?? match(bytes, range, "Connection")
        case 12: return match(bytes, range, "Content-Type")
        case 13: return match(bytes, range, "Authorization")
        case 14: return match(bytes, range, "Content-Length")
        case 15: return match(bytes, range, "Accept-Encoding")
        case 25: return match(bytes, range, "X-TwinPush-REST-API-Token")
        default: return nil
        }
    }

    /// The literal for the value in `bytes[range]`, or `nil`.
    @inline(__always)
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        switch range.count {
        case 3: return match(bytes, range, "*/*")
        case 5: return match(bytes, range, "close")
        case 10: return match(bytes, range, "keep-alive")
        case 16: return match(bytes, range, "application/json")
        case 31: return match(bytes, range, "application/json; charset=utf-8")
        default: return nil
        }
    }

    /// `known` when `bytes[range]` are its bytes.
    @inline(__always)
    private static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ known: String) -> String? {
        // A plain loop: the generic `elementsEqual` over iterators cost ten times as much.
        let equal = known.utf8.withContiguousStorageIfAvailable { literal -> Bool in
            guard literal.count == range.count else { return false }
            var offset = 0
            while offset < literal.count {
                guard literal[offset] == bytes[range.lowerBound &+ offset] else { return false }
                offset &+= 1
            }
            return true
        }
        return equal == true ? known : nil
    }
}
