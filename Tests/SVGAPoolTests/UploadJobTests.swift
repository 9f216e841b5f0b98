import SVGAPool
import Testing

// Job objects → the command line a worker runs; every refusal names the job and the field.
struct UploadJobTests {
    @Test(arguments: [
        (#"{"jobID": "j1", "type": "validate", "input": "a.svga"}"#, ["validate", "a.svga", "--json"]),
        (#"{"jobID": 7, "type": "validate", "input": "a.svga", "options": {"profile": "gift", "strict": true, "threads": 2, "rules": null}}"#,
         ["validate", "a.svga", "--json", "--profile", "gift", "--strict", "--threads", "2"]),
        (#"{"jobID": "r", "type": "render", "input": "a.svga", "output": "o", "options": {"set-text": ["n=A", "c=x3"], "overwrite": false}}"#,
         ["render", "a.svga", "--out", "o", "--json", "--set-text", "n=A", "--set-text", "c=x3"]),
        (#"{"jobID": "p", "type": "preview", "input": "a.svga", "output": "o"}"#, ["preview", "a.svga", "--out", "o"]),
        (#"{"jobID": "o", "type": "optimize", "input": "a.svga", "output": "b.svga", "options": {"max-scale": 0.5}}"#,
         ["optimize", "a.svga", "b.svga", "--json", "--max-scale", "0.5"]),
        (#"{"jobID": "e", "type": "export", "input": "a.svga", "output": "a.webm"}"#, ["export", "a.svga", "a.webm", "--json"]),
    ])
    func arguments(json: String, expected: [String]) throws {
        #expect(try UploadJob.parse(json).arguments == expected)
    }

    @Test(arguments: [
        (#"[1]"#, "a job must be a JSON object"),
        (#"{"type": "validate", "input": "a"}"#, "'jobID' is missing"),
        (#"{"jobID": "", "type": "validate", "input": "a"}"#, "'jobID' must be a non-empty string"),
        (#"{"jobID": "j", "type": "frobnicate", "input": "a"}"#, "job j: type 'frobnicate' is not one of validate, render"),
        (#"{"jobID": "j", "type": "render", "input": "a"}"#, "job j: a render job needs 'output'"),
        (#"{"jobID": "j", "type": "validate", "input": "-"}"#, "job j: paths may not start with '-'"),
        (#"{"jobID": "j", "type": "validate", "input": "a", "options": {"out": "x"}}"#, "job j: option 'out' is set by the worker"),
        (#"{"jobID": "j", "type": "validate", "input": "a", "options": {"--x": 1}}"#, "job j: option '--x' is not an option name"),
        (#"{"jobID": "j", "type": "validate", "input": "a", "options": {"rules": {"a": 1}}}"#, "job j: option 'rules' must be a string"),
    ])
    func refusals(json: String, message: String) {
        do {
            _ = try UploadJob.parse(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.reason.contains(message), "\(error.reason)")
        }
    }

    @Test func comboKeysCannotCollide() {
        // A separator inside an ID cannot make two different triples meet.
        #expect(PoolKeys.comboSuffix(liveID: "a:1", userID: "b", giftID: "c") != PoolKeys.comboSuffix(liveID: "a", userID: "1:b", giftID: "c"))
        #expect(PoolKeys(stream: "gifts").results == "gifts:results")
        #expect(PoolKeys(stream: "gifts", results: "out").results == "out")
        #expect(PoolKeys(stream: "gifts").dead == "gifts:dead")
    }
}
