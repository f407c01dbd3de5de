# PushFake as a container image: `docker build -t pushfake .`, then `docker run --rm -p 127.0.0.1:8080:8080 pushfake`.
#
# Stage "build" compiles with the official Swift image through scripts/package (static Swift runtime, stripped;
# the image has libcurl's development files, which the link needs). The image is Debian slim plus libcurl 4, CA
# certificates and that one binary, which needs only libc, libm, libstdc++, libgcc_s and libcurl: `pushfake replay`
# and the `serve --upstream-…` proxy speak HTTPS to the real services through URLSession (FoundationNetworking).
# The build context has no .git, so pass the commit for `pushfake --version`:
#   docker build --build-arg PUSHFAKE_COMMIT="$(git rev-parse --short HEAD)" -t pushfake .
# `--target prebuilt` packs the linux tarball that scripts/package already wrote to .build/package instead of
# compiling (same runtime stage; scripts/check-image uses it, as its machines cannot pull the Swift image):
#   scripts/package && docker build --target prebuilt -t pushfake .
#
# Admin API: outside a container it answers loopback clients only. In one, requests through a published port come
# from the bridge, not loopback, so the default command passes --admin-open: the admin API (/__pushfake/: faults,
# reset, clock, journal) answers whoever reaches the port, and the Host check against DNS rebinding still applies
# (add --allow-host NAME for a compose service name). Publish the port on loopback or a test network only, or run
# with --admin-token T instead of --admin-open (docs/install.md, "Container image").
# State files: mount them at /fixtures (read-only is fine) and name them with --state:
#   docker run -p 127.0.0.1:8080:8080 -v "$PWD/fixtures:/fixtures:ro" pushfake \
#     serve --host 0.0.0.0 --port 8080 --admin-open --state /fixtures/states/twinpush-ios-and-android.json
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY . .
ARG PUSHFAKE_COMMIT=unknown
RUN PUSHFAKE_COMMIT="${PUSHFAKE_COMMIT}" scripts/package /tmp/package \
    && tar -xzf /tmp/package/pushfake-*-linux-*.tar.gz -C /tmp/package \
    && install -D -m 755 /tmp/package/pushfake-*-linux-*/pushfake /out/pushfake

FROM ${RUNTIME_IMAGE} AS unpack
COPY .build/package/ /tmp/package/
RUN tar -xzf /tmp/package/pushfake-*-linux-"$(uname -m)".tar.gz -C /tmp/package \
    && install -D -m 755 /tmp/package/pushfake-*-linux-"$(uname -m)"/pushfake /out/pushfake

FROM ${RUNTIME_IMAGE} AS runtime-base
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libcurl4 ca-certificates \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --uid 10001 --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pushfake \
    && mkdir /fixtures
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# For `pushfake health` (the HEALTHCHECK) and the admin commands (`docker exec <container> pushfake journal`).
ENV PUSHFAKE_URL=http://127.0.0.1:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["pushfake", "health"]
ENTRYPOINT ["pushfake"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080", "--admin-open"]

FROM runtime-base AS prebuilt
COPY --from=unpack /out/pushfake /usr/local/bin/pushfake

FROM runtime-base AS runtime
COPY --from=build /out/pushfake /usr/local/bin/pushfake
