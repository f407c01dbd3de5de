# Shared helpers for scripts/: sourced, not run.

# Installs Debian packages that a script needs when they are missing (CI machines start clean).
need() {
    local missing=()
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Starts `pushfake serve` with the given arguments in the background; sets PUSHFAKE_PID and PUSHFAKE_URL.
start_pushfake() {
    local bin out
    bin="$(swift build --show-bin-path ${PUSHFAKE_BUILD_FLAGS:-})/pushfake"
    out="$(mktemp)"
    "$bin" serve "$@" >"$out" 2>"${PUSHFAKE_LOG:-/dev/null}" &
    PUSHFAKE_PID=$!
    for _ in $(seq 1 300); do
        if [ -s "$out" ]; then break; fi
        sleep 0.1
    done
    PUSHFAKE_URL="$(head -n 1 "$out" | jq -r .url)"
    [ -n "$PUSHFAKE_URL" ] && [ "$PUSHFAKE_URL" != "null" ] || { echo "pushfake did not start" >&2; return 1; }
}
