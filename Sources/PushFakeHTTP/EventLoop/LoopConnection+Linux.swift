#if os(Linux)
    import CPushFakeEpoll
    import Dispatch
    import Glibc
    import PushFakeCore
    import PushFakeHTTP1

    /// One non-blocking connection owned by an event-loop thread: buffered input, parser, queued output, and at
    /// most one delayed response (later pipelined requests wait behind it, so order is kept).
    final class LoopConnection {
        let fd: Int32
        private let epoll: Int32
        private var parser: HTTP1Parser
        private var output: [UInt8] = []
        private var outputOffset = 0
        private var requestStarted: UInt64?
        private(set) var lastActivity: UInt64
        /// A response held back by a delay fault, and when it is due.
        private(set) var pending: (deadline: UInt64, outcome: RequestOutcome)?
        private var closeWhenFlushed = false
        private var watchingWrites = false
        private(set) var isClosed = false

        init(fd: Int32, epoll: Int32, server: PushFakeServer) {
            self.fd = fd
            self.epoll = epoll
            self.parser = server.makeParser()
            self.lastActivity = DispatchTime.now().uptimeNanoseconds
        }

        /// Reads everything available, answers what can be answered, writes what can be written.
        func readable(_ buffer: UnsafeMutableRawBufferPointer, server: PushFakeServer) {
            var peerClosed = false
            while true {
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                if count > 0 {
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                    parser.append(bytes)
                    if count < buffer.count { break }
                    continue
                }
                if count == 0 {
                    peerClosed = true
                } else if errno == EINTR {
                    continue
                } else if errno != EAGAIN && errno != EWOULDBLOCK {
                    close()
                    return
                }
                break
            }
            lastActivity = DispatchTime.now().uptimeNanoseconds
            drive(server)
            // A peer that hung up cannot take a delayed answer; anything already queued was attempted.
            if peerClosed { close() }
        }

        func writable() {
            flush()
        }

        /// Sends a delayed response whose time has come, then carries on with pipelined requests.
        func releasePending(server: PushFakeServer) {
            guard let pending else { return }
            self.pending = nil
            apply(pending.outcome)
            drive(server)
        }

        /// Request and idle timeouts, checked a few times a second by the loop.
        func checkTimeouts(now: UInt64, server: PushFakeServer) {
            guard pending == nil, !isClosed else { return }
            let configuration = server.configuration
            if let started = requestStarted, Double(now - started) / 1e9 >= configuration.requestTimeout {
                output += server.requestTimeoutResponse(sample: parser.requestBytes)
                closeWhenFlushed = true
                flush()
            } else if requestStarted == nil, outputOffset >= output.count,
                Double(now - lastActivity) / 1e9 >= configuration.idleTimeout
            {
                close()
            }
        }

        private func drive(_ server: PushFakeServer) {
            parsing: while pending == nil, !closeWhenFlushed, !isClosed {
                switch parser.next() {
                case .request(let request):
                    requestStarted = nil
                    let outcome = server.outcome(for: request)
                    if outcome.delay > 0 {
                        let delay = UInt64(outcome.delay * 1e9)
                        pending = (DispatchTime.now().uptimeNanoseconds + delay, outcome)
                        break parsing
                    }
                    apply(outcome)
                case .continueExpected:
                    output += HTTP1Serializer.continueResponse
                case .error(let error):
                    output += server.malformedResponse(error, sample: parser.requestBytes)
                    closeWhenFlushed = true
                case .needMoreData:
                    if parser.isMidRequest, requestStarted == nil {
                        requestStarted = DispatchTime.now().uptimeNanoseconds
                    }
                    break parsing
                }
            }
            flush()
        }

        private func apply(_ outcome: RequestOutcome) {
            if outcome.drop {
                close()
                return
            }
            output += outcome.bytes
            if outcome.closeAfter { closeWhenFlushed = true }
        }

        private func flush() {
            guard !isClosed else { return }
            while outputOffset < output.count {
                let sent = output.withUnsafeBytes { bytes in
                    send(
                        fd, bytes.baseAddress?.advanced(by: outputOffset), bytes.count - outputOffset,
                        Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    outputOffset += sent
                } else if sent < 0, errno == EINTR {
                    continue
                } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    watchWrites(true)
                    return
                } else {
                    close()
                    return
                }
            }
            output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
            outputOffset = 0
            watchWrites(false)
            if closeWhenFlushed { close() }
        }

        private func watchWrites(_ watch: Bool) {
            guard watch != watchingWrites else { return }
            watchingWrites = watch
            let events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (watch ? EPOLLOUT.rawValue : 0)
            _ = pushfake_epoll_ctl(epoll, EPOLL_CTL_MOD, fd, events)
        }

        /// Stops watching the socket; the loop closes the descriptor when it sees `isClosed`.
        func close() {
            guard !isClosed else { return }
            isClosed = true
            pending = nil
            _ = pushfake_epoll_ctl(epoll, EPOLL_CTL_DEL, fd, 0)
        }
    }
#endif
