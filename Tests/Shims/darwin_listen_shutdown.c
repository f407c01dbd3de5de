// Gives shutdown() Darwin's behaviour for listening sockets, so Linux CI can prove that PushFake's servers stop
// on macOS: there, shutdown() of a listening socket fails with ENOTCONN and does not wake a thread blocked in
// accept() (PlatformNotes.md, "Sockets and the server"). Connected sockets are passed through unchanged.
//
// Built and preloaded by Tests/PushFakeCLITests/DarwinSemanticsTests.swift:
//   cc -shared -fPIC -o libdarwinshutdown.so darwin_listen_shutdown.c -ldl
//   LD_PRELOAD=$PWD/libdarwinshutdown.so pushfake serve
// With PUSHFAKE_SHIM_LOG=path set, it writes "loaded" when the process starts and one "refused <fd>" line per
// shutdown() it turns down, so a test can tell the shim was really in place.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void shim_log(const char *line) {
    const char *path = getenv("PUSHFAKE_SHIM_LOG");
    if (path == NULL || path[0] == '\0') return;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) return;
    ssize_t ignored = write(fd, line, strlen(line));
    (void)ignored;
    close(fd);
}

__attribute__((constructor)) static void shim_loaded(void) { shim_log("loaded\n"); }

int shutdown(int fd, int how) {
    int listening = 0;
    socklen_t length = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening) {
        char line[64];
        snprintf(line, sizeof line, "refused %d\n", fd);
        shim_log(line);
        errno = ENOTCONN;
        return -1;
    }
    static int (*real_shutdown)(int, int);
    if (real_shutdown == NULL) real_shutdown = (int (*)(int, int))dlsym(RTLD_NEXT, "shutdown");
    if (real_shutdown == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return real_shutdown(fd, how);
}
