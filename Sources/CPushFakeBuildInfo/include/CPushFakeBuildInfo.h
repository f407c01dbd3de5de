// What a build embeds about itself. scripts/package passes -Xcc -DPUSHFAKE_COMMIT='"<sha>"' (with its own
// --scratch-path, so a plain `swift build` never reuses a packaged value); any other build reports "dev".
#ifndef CPUSHFAKE_BUILD_INFO_H
#define CPUSHFAKE_BUILD_INFO_H

#ifndef PUSHFAKE_COMMIT
#define PUSHFAKE_COMMIT "dev"
#endif

/// The commit this binary was built from, or "dev" for a build that did not say.
static inline const char *pushfake_build_commit(void) { return PUSHFAKE_COMMIT; }

#endif
