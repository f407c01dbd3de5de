# shellcheck shell=bash
# Shared helpers for scripts/: sourced, not run. Portable to macOS (bash 3.2, BSD tools) and Linux.

# Fails unless every tool named is on PATH. On Debian/Ubuntu it installs the missing ones with apt-get (CI machines
# start clean; the package is named like the tool); on macOS it says how to get them with Homebrew.
need() {
    local missing=() tool sudo=""
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
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
start_pushfake() {
    local bin out
    # shellcheck disable=SC2086  # PUSHFAKE_BUILD_FLAGS is a list of flags on purpose
    bin="$(swift build --show-bin-path ${PUSHFAKE_BUILD_FLAGS:-})/pushfake"
    out="$(mktemp)"
    "$bin" serve "$@" >"$out" 2>"${PUSHFAKE_LOG:-/dev/null}" &
    PUSHFAKE_PID=$!
    for _ in $(seq 1 300); do
        if [ -s "$out" ]; then break; fi
        sleep 0.1
    done
    PUSHFAKE_URL="$(head -n 1 "$out" | jq -r .url)"
    rm -f "$out"
    [ -n "$PUSHFAKE_URL" ] && [ "$PUSHFAKE_URL" != "null" ] || { echo "pushfake did not start" >&2; return 1; }
}
