// epoll and eventfd for PushFake's Linux event loop. The Swift Glibc module does not export them
// (PlatformNotes.md), so this tiny C target does. On other systems it is empty.
#ifndef CPUSHFAKE_EPOLL_H
#define CPUSHFAKE_EPOLL_H

#ifdef __linux__
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC; -1 with errno on failure.
int pushfake_accept_nonblocking(int listener);

/// Registers, changes or removes interest in `fd` with the fd itself as the event data.
int pushfake_epoll_ctl(int epoll, int operation, int fd, uint32_t events);

/// The fd stored in an event by pushfake_epoll_ctl.
static inline int pushfake_event_fd(const struct epoll_event *event) { return event->data.fd; }
#endif

#endif
