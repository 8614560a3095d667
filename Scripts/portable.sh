# Sourced by the scripts, not run: the few things that GNU tools on Linux and the BSD tools of a Mac
# spell differently, each written once. Everything here runs under macOS's bash 3.2 too.
#
#   . "$(dirname "$0")/../portable.sh"     (from a script in Scripts/<purpose>/)

# file_size FILE: FILE's size in bytes, or 0 when there is no such file. (`stat -c %s` is GNU's
# spelling, `stat -f %z` BSD's; wc reads the same on both.)
file_size() {
    if [ -f "$1" ]; then
        wc -c < "$1" | tr -d ' '
    else
        echo 0
    fi
}

# with_timeout SECONDS COMMAND [ARGUMENT…]: runs COMMAND, stopped after SECONDS. Linux has GNU
# `timeout`; a Mac has it as `gtimeout` with Homebrew's coreutils, and otherwise perl (which macOS
# ships) sets an alarm that outlives its exec of COMMAND. With none of them, COMMAND runs unbounded,
# and says so.
with_timeout() {
    local seconds="$1"
    shift
    if command -v timeout >/dev/null 2>&1; then
        timeout "$seconds" "$@"
    elif command -v gtimeout >/dev/null 2>&1; then
        gtimeout "$seconds" "$@"
    elif command -v perl >/dev/null 2>&1; then
        perl -e 'alarm shift @ARGV; exec { $ARGV[0] } @ARGV or die "cannot run $ARGV[0]: $!\n"' "$seconds" "$@"
    else
        echo "with_timeout: no timeout, gtimeout or perl here; running $1 without a ${seconds}s bound" >&2
        "$@"
    fi
}

# find_chromium: prints the path of a Chromium-based browser that can take headless screenshots, or
# fails. $CHROMIUM wins when set; then chromium, chromium-browser and google-chrome on the PATH (Linux,
# or Homebrew's chromium on a Mac); then the apps of a Mac's /Applications.
find_chromium() {
    local name app
    if [ -n "${CHROMIUM:-}" ]; then
        if command -v "$CHROMIUM" >/dev/null 2>&1; then
            echo "$CHROMIUM"
            return 0
        fi
        echo "find_chromium: CHROMIUM=$CHROMIUM is not a program that can run" >&2
        return 1
    fi
    for name in chromium chromium-browser google-chrome; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    for app in "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
               "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
        if [ -x "$app" ]; then
            echo "$app"
            return 0
        fi
    done
    return 1
}
