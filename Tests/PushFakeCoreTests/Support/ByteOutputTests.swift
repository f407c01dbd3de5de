import XCTest

@testable import PushFakeCore

/// The answer writers write into a fixed block on the stack and fall back to a growing array when it is too small:
/// both must give the same bytes, and a block must never be written past its end.
final class ByteOutputTests: XCTestCase {
    private func write(_ output: inout some ByteOutput) {
        output.append(#"{"a":"#)
        let start = output.count
        [UInt8]("xyz".utf8).withUnsafeBufferPointer { output.append(bytes: $0) }
        output.appendAgain(start..<output.count)
        output.append(UInt8(ascii: "}"))
    }

    func test_fixedBlock_writesWhatAnArrayWrites() {
        var array: [UInt8] = []
        write(&array)
        XCTAssertEqual(String(decoding: array, as: UTF8.self), #"{"a":xyzxyz}"#)
        XCTAssertEqual([UInt8].written(capacity: array.count) { write(&$0) }, array, "an exact fit")
        XCTAssertEqual([UInt8].written(capacity: 64) { write(&$0) }, array)
    }

    func test_fixedBlock_tooSmall_isNil_atEveryLength() {
        var array: [UInt8] = []
        write(&array)
        for capacity in 0..<array.count {
            XCTAssertNil([UInt8].written(capacity: capacity) { write(&$0) }, "capacity \(capacity)")
        }
    }

    func test_fixedBlock_refusesToRepeatWhatIsNotWritten() {
        let written = [UInt8].written(capacity: 16) { output in
            output.append("ab")
            output.appendAgain(1..<3)
        }
        XCTAssertNil(written)
    }

    func test_fixedBlock_keepsGoingAfterNothing() {
        XCTAssertEqual([UInt8].written(capacity: 0) { _ in }, [])
    }

    func test_jsonValue_writesTheSameBytes_intoAFixedBlock() throws {
        let value: JSON = [
            "n": [.int(0), .int(-7), .int(Int.min), .int(Int.max), .double(1.5), .double(.infinity), .null],
            "s": "a\"b\n\u{1}é", "b": [true, false], "o": [:],
        ]
        let expected =
            #"{"n":[0,-7,-9223372036854775808,9223372036854775807,1.5,null,null],"s":"a\"b\n\u0001é","#
            + #""b":[true,false],"o":{}}"#
        XCTAssertEqual(value.serializedString(), expected)
        let fixed = try XCTUnwrap([UInt8].written(capacity: 256) { value.write(into: &$0) })
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), expected)
    }
}
