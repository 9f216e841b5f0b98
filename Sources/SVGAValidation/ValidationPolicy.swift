import Foundation
import SVGAKit

/// Everything that decides a verdict: the profile's limits (after rules-file overrides), the
/// disabled codes, severity overrides, and `strict` (warnings fail too).
public struct ValidationPolicy: Sendable {
    public var profile: ValidationProfile
    public var disabled: Set<RuleCode>
    public var severities: [RuleCode: Severity]
    public var strict: Bool

    public init(profile: ValidationProfile = .gift, disabled: Set<RuleCode> = [],
                severities: [RuleCode: Severity] = [:], strict: Bool = false) {
        self.profile = profile; self.disabled = disabled; self.severities = severities; self.strict = strict
    }

    public var limits: ValidationLimits { profile.limits }

    /// The policy for `--profile NAME` and `--rules FILE`. The base profile is `profileName`, else
    /// the rules file's `profile`, else `gift`; the rules file's limits, `disable` and `severity`
    /// then apply on top of it.
    public static func make(profileName: String?, rules: RulesFile?, strict: Bool) throws(RulesFileError) -> ValidationPolicy {
        let name = profileName ?? rules?.profile ?? ValidationProfile.gift.name
        guard var profile = ValidationProfile.named(name) else { throw .unknownProfile(name) }
        var policy = ValidationPolicy(profile: profile, strict: strict)
        if let rules {
            for (limit, value) in rules.limits { try profile.limits.set(limit, to: value) }
            policy.profile = profile
            policy.disabled = Set(rules.disable)
            for (code, severity) in rules.severity { policy.severities[code] = severity }
        }
        return policy
    }

    /// Drops disabled codes, applies severity overrides, and orders errors first (stable, so
    /// findings of one severity keep the order the rules produced them in).
    func apply(to findings: [Finding]) -> [Finding] {
        var kept: [Finding] = []
        for var f in findings where !disabled.contains(f.code) {
            if let s = severities[f.code] { f.severity = s }
            kept.append(f)
        }
        return kept.enumerated().sorted { l, r in
            l.element.severity != r.element.severity ? l.element.severity > r.element.severity : l.offset < r.offset
        }.map(\.element)
    }

    /// True when the findings pass: no error, and no warning either when strict.
    public func passes(_ findings: [Finding]) -> Bool {
        !findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}
