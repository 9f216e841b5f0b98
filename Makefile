# The two README commands. Both install missing Debian packages first.
.PHONY: deps demo test build bench samples fuzz clean

deps:
	@scripts/install-deps.sh

demo: deps
	@scripts/demo.sh

# Release build: the conformance suite renders hundreds of reference frames.
test: deps
	swift test -c release

# The tool a user runs links the Swift runtime and Foundation statically: one self-contained
# binary to copy onto a server, and ~5 ms less start-up per invocation (no symbol lookups across
# a dozen Swift shared libraries; measured with perf on `svga info`). The C libraries stay shared.
build: deps
	swift build -c release --static-swift-stdlib --product svga

bench: deps
	swift build -c release --product svga-bench
	.build/release/svga-bench SampleAssets

samples: deps
	swift run -c release svga-sample SampleAssets

# libFuzzer targets (Fuzz/), each run FUZZ_SECONDS (default 600); see scripts/fuzz.sh.
fuzz: deps
	@scripts/fuzz.sh

clean:
	rm -rf .build out Fuzz/.build Fuzz/work
