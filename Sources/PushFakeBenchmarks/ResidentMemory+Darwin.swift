#if canImport(Darwin)
    import Darwin

    extension ResidentMemory {
        /// `task_info(MACH_TASK_BASIC_INFO)`: macOS has no `/proc`. Reviewed, not compiled here.
        static func darwinResidentBytes() -> Int {
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(
                MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            guard result == KERN_SUCCESS else { return 0 }
            return Int(info.resident_size)
        }
    }
#endif
