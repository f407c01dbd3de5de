# shellcheck shell=bash
# Shared helpers for scripts/: sourced, not run. Portable to macOS (bash 3.2, BSD tools) and Linux.

# Fails unless every tool named is on PATH. On Debian/Ubuntu it installs the missing ones with apt-get (CI machines
# start clean); on macOS it says how to get them with Homebrew. Each argument is a command named like its package
# (`jq`), or `command:package` when they differ (`strip:binutils`).
need() {
    local missing=() tool sudo=""
    for tool in "$@"; do
        command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(uname -s)" = Darwin ]; then
        echo "$(basename "$0"): needs ${missing[*]}, which is not installed; install it with: brew install ${missing[*]}" >&2
        return 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then # portable: apt-get only where it exists
        echo "$(basename "$0"): needs ${missing[*]}, which is not installed; install it with your package manager" >&2
        return 1
    fi
    echo "installing ${missing[*]}" >&2
    # sudo -n never prompts: a script may run under scripts/watchdog, which keeps it off the terminal.
    [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
    $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null && return 0 # portable: as above
    echo "$(basename "$0"): could not install ${missing[*]}; try: sudo apt-get install ${missing[*]}" >&2 # portable: as above
    return 1
}

# Starts `pushfake serve` with the given arguments in the background; sets PUSHFAKE_PID and PUSHFAKE_URL.
# PUSHFAKE_BIN names the binary to run (default: the `swift build` one, with PUSHFAKE_BUILD_FLAGS); its standard
# error goes to PUSHFAKE_LOG (default /dev/null), which is shown when the server does not start.
start_pushfake() {
    local bin out
    # shellcheck disable=SC2086  # PUSHFAKE_BUILD_FLAGS is a list of flags on purpose
    bin="${PUSHFAKE_BIN:-$(swift build --show-bin-path ${PUSHFAKE_BUILD_FLAGS:-})/pushfake}"
    # A new file per start: an earlier server's ready line must not be read before this one writes its own.
    out="$(mktemp)"
    "$bin" serve "$@" >"$out" 2>"${PUSHFAKE_LOG:-/dev/null}" &
    PUSHFAKE_PID=$!
    for _ in $(seq 1 300); do
        if [ -s "$out" ]; then break; fi
        sleep 0.1
    done
    PUSHFAKE_URL="$(head -n 1 "$out" | jq -r .url)"
    rm -f "$out"
    if [ -z "$PUSHFAKE_URL" ] || [ "$PUSHFAKE_URL" = null ]; then
        echo "$(basename "$0"): pushfake serve $* did not start" >&2
        if [ -f "${PUSHFAKE_LOG:-}" ]; then cat "$PUSHFAKE_LOG" >&2; fi
        return 1
    fi
}

# Installs PyPI packages a script needs when python3 cannot import them: need_python yaml:pyyaml.
need_python() {
    local spec
    for spec in "$@"; do
        python3 -c "import ${spec%%:*}" 2>/dev/null && continue
        echo "installing ${spec#*:} (PyPI)" >&2
        python3 -m pip install -q "${spec#*:}" >/dev/null 2>&1 ||
            python3 -m pip install -q --break-system-packages "${spec#*:}" >/dev/null
    done
}

# The release PushFakeVersion.current declares (`0.1.0`).
pushfake_version() {
    grep -rh -A4 'enum PushFakeVersion' Sources | sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' | head -n 1
}

# The commit a release build embeds: $PUSHFAKE_COMMIT when set (a container build has no .git), else the short
# hash of HEAD with `-dirty` when tracked files changed, else `unknown`.
pushfake_commit() {
    local commit="${PUSHFAKE_COMMIT:-}"
    if [ -z "$commit" ]; then
        commit="$(git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)"
        if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
            commit="$commit-dirty"
        fi
    fi
    case "$commit" in
    *[!0-9A-Za-z._-]* | "") echo "PUSHFAKE_COMMIT must be letters, digits, . _ or -: '$commit'" >&2; return 1 ;;
    esac
    echo "$commit"
}

# `linux-x86_64`, `linux-aarch64`, `macos-arm64`: the platform part of a release name.
pushfake_platform() {
    case "$(uname -s)" in
    Linux) echo "linux-$(uname -m)" ;;
    Darwin) echo "macos-$(uname -m)" ;;
    *) echo "$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)" ;;
    esac
}

# Builds the release `pushfake` with the commit compiled in (static Swift runtime on Linux) and sets
# PUSHFAKE_RELEASE_BIN. It has its own scratch path, so neither a plain `swift build` nor this build ever reuses
# objects compiled with the other's PUSHFAKE_COMMIT; swift build recompiles when the define changes.
build_pushfake_release() {
    local commit
    commit="$(pushfake_commit)"
    local flags=(-c release --product pushfake --scratch-path .build/pushfake-release -Xcc "-DPUSHFAKE_COMMIT=\"$commit\"")
    if [ "$(uname -s)" = Linux ]; then flags+=(--static-swift-stdlib); fi
    swift build "${flags[@]}" >&2
    PUSHFAKE_RELEASE_BIN="$(swift build "${flags[@]}" --show-bin-path)/pushfake"
}

# Succeeds when something listens on TCP <port> of every IPv4 address (0.0.0.0), in this network namespace.
listens_on_all_addresses() { # listens_on_all_addresses <port>
    if [ -r /proc/net/tcp ]; then
        awk -v port="$(printf '%04X' "$1")" '$2 == "00000000:" port && $4 == "0A" {found = 1} END {exit !found}' \
            /proc/net/tcp
    else
        lsof -nP -iTCP:"$1" -sTCP:LISTEN 2>/dev/null | grep -q "\*:$1 "
    fi
}
