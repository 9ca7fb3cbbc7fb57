# Sourced by .ci/setup, .ci/sanitize and .ci/wheel.
# retry CMD...: runs CMD up to three times, 10 s apart.  A package index can
# answer with a truncated page (seen once, in pip's build-isolation step:
# "JSONDecodeError: Unterminated string"), which is not ours to fail on.
retry() {
    local attempt
    for attempt in 1 2 3; do
        "$@" && return 0
        echo "failed (attempt $attempt of 3): $*" >&2
        ((attempt < 3)) && sleep 10
    done
    return 1
}
