#ifdef __linux__
#define _GNU_SOURCE
#include <sys/socket.h>
#include "CPushFakeEpoll.h"

int pushfake_accept_nonblocking(int listener) {
    return accept4(listener, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int pushfake_epoll_ctl(int epoll, int operation, int fd, uint32_t events) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = 0;
    event.data.fd = fd;
    return epoll_ctl(epoll, operation, fd, &event);
}
#else
// Nothing to build elsewhere: Darwin uses the thread-per-connection model.
typedef int pushfake_epoll_unused;
#endif
