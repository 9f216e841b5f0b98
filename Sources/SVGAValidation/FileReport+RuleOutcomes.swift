// Per rule, what validation concluded about one file: the shape of the JUnit report (one test
// case per rule) and of `svga validate -v`. A file that did not decode had only its decode and
// file checks run; the other rules are "not checked", never "passed".

public enum RuleOutcome: Sendable, Hashable {
    /// Turned off by the rules file.
    case disabled
    /// The file could not be read or decoded, so this rule never looked at it.
    case notChecked
    /// Checked; no finding (at or above the listed severity).
    case passed
    /// Checked; these findings.
    case found([Finding])
}

extension FileReport {
    /// Every rule code in table order with its outcome on this file.
    public func ruleOutcomes(disabled: Set<RuleCode>) -> [(code: RuleCode, outcome: RuleOutcome)] {
        let byCode = Dictionary(grouping: findings, by: \.code)
        return RuleCode.allCases.map { code in
            if let found = byCode[code] { return (code, .found(found)) }
            if disabled.contains(code) { return (code, .disabled) }
            if !decoded && !code.isFatal { return (code, .notChecked) }
            return (code, .passed)
        }
    }
}
