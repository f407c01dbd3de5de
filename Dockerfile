# PushFake as a container image: `docker build -t pushfake .`, then `docker run --rm -p 8080:8080 pushfake`.
#
# Stage "build" compiles with the official Swift image through scripts/package (static Swift runtime, stripped);
# the runtime image is Debian slim plus that one binary, which needs only libc, libm, libstdc++ and libgcc_s.
# The build context has no .git, so pass the commit for `pushfake --version`:
#   docker build --build-arg PUSHFAKE_COMMIT="$(git rev-parse --short HEAD)" -t pushfake .
# BINARY=prebuilt packs the linux tarball scripts/package already wrote to .build/package instead of compiling
# (same runtime stage; scripts/check-image uses it, as its machines cannot pull the Swift image):
#   scripts/package && docker build --build-arg BINARY=prebuilt -t pushfake .
#
# Admin API: the server answers /__pushfake/ (faults, reset, clock, journal) to whoever reaches the port; the
# container binds 0.0.0.0 so that the published port works. Publish it only to the test network or loopback
# (`-p 127.0.0.1:8080:8080`). PENDING: once `pushfake serve` has --admin-token / --admin-open (admin API
# protection), the default command says --admin-open explicitly and `--admin-token` is the documented alternative.
# State files: mount them at /fixtures (read-only is fine). PENDING: --state /fixtures/<file> once `serve` has it;
# until then declare apps on the command line (--tpns-app, --twinpush-app), see README.md "Install".
ARG SWIFT_IMAGE=swift:6.1-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim
ARG BINARY=build

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY . .
ARG PUSHFAKE_COMMIT=unknown
RUN PUSHFAKE_COMMIT="${PUSHFAKE_COMMIT}" scripts/package /tmp/package \
    && tar -xzf /tmp/package/pushfake-*-linux-*.tar.gz -C /tmp/package \
    && install -D -m 755 /tmp/package/pushfake-*-linux-*/pushfake /out/pushfake

FROM ${RUNTIME_IMAGE} AS prebuilt
COPY .build/package/ /tmp/package/
RUN tar -xzf /tmp/package/pushfake-*-linux-"$(uname -m)".tar.gz -C /tmp/package \
    && install -D -m 755 /tmp/package/pushfake-*-linux-"$(uname -m)"/pushfake /out/pushfake

FROM ${BINARY} AS binary

FROM ${RUNTIME_IMAGE}
RUN useradd --uid 10001 --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pushfake \
    && mkdir /fixtures
COPY --from=binary /out/pushfake /usr/local/bin/pushfake
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# For `pushfake health` (the HEALTHCHECK) and the admin commands (`docker exec <container> pushfake journal`).
ENV PUSHFAKE_URL=http://127.0.0.1:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["pushfake", "health"]
ENTRYPOINT ["pushfake"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
