/// "1 frame", "8 frames": counts in messages agree with their noun.
func counted(_ n: Int, _ singular: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
}
