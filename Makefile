# The two README commands. Both install missing Debian packages first.
.PHONY: deps demo test build bench samples fuzz clean

deps:
	@scripts/install-deps.sh

demo: deps
	@scripts/demo.sh

# Release build: the conformance suite renders hundreds of reference frames.
test: deps
	swift test -c release

build: deps
	swift build -c release

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
