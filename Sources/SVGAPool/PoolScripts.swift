import SVGARedis

// The pool's Lua scripts. Each runs atomically on the server, which is what makes the
// guarantees hold across workers (README, "Running a worker pool"):
//
// - `claim` decides, in one step, what a delivery of item `id` (a hook event `<liveID>/<eventID>`
//   or a job ID) means: already done (skip), held by another entry (a duplicate in progress:
//   skip), the owner of a combo (new, or one whose owner died), merged into an open combo (acked
//   here, atomically with the join), or simply claimed. A lease held by this very entry belongs
//   to the worker it was taken from, and is taken over. The lease is `<entry ID> <consumer>` with a TTL of
//   --claim-after, renewed by the holder's heartbeat, so a dead worker's lease lapses by the time
//   its entry can be reclaimed.
// - `seal` closes a combo to joiners and returns its members.
// - `publish` records each item as done (SET NX with the dedupe TTL) and, only when that
//   succeeded, XADDs its status to the results stream; then XACKs and drops the leases and the
//   combo. Publishing twice therefore adds nothing: a result appears once per item.
// - `skip` answers one entry without recording anything (duplicates).
// - `fail` keeps the last error of an entry and releases its lease; the entry stays pending and
//   comes back through XAUTOCLAIM after --claim-after.
// - `dead` moves an entry to the dead-letter stream with its last error, answers the members of
//   the combo it owned, and acks it.
// - `heartbeat` renews the holder's leases and resets its entries' idle time (XCLAIM JUSTID).
enum PoolScripts {
    /// KEYS: none. ARGV: prefix, id, entry, consumer, leaseMs, windowMs, ttlSeconds, comboSuffix,
    /// member, stream, group. Returns {verdict, detail, redisNowMs}.
    static let claim = RedisScript(name: "claim", source: #"""
    local p, id, entry = ARGV[1], ARGV[2], ARGV[3]
    local t = redis.call('TIME')
    local now = tostring(tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
    local done = redis.call('GET', p .. 'done:' .. id)
    if done then return {'done', done, now} end
    local leaseKey = p .. 'lease:' .. id
    local holder = redis.call('GET', leaseKey)
    -- A lease naming this very entry is its previous worker's: XAUTOCLAIM handed the entry
    -- over because that worker stopped beating for --claim-after, so the lease is taken over
    -- (waiting for it to lapse would only spend a delivery).
    if holder and string.match(holder, '^(%S+)') ~= entry then return {'busy', holder, now} end
    local lease = entry .. ' ' .. ARGV[4]
    local comboKey = p .. 'combo:' .. id
    if redis.call('EXISTS', comboKey) == 1 then
      redis.call('SET', leaseKey, lease, 'PX', ARGV[5])
      redis.call('HSET', comboKey, 'entry', entry)
      return {'owner', redis.call('HGET', comboKey, 'deadline'), now}
    end
    local windowMs = tonumber(ARGV[6])
    if windowMs > 0 then
      local openKey = p .. 'open:' .. ARGV[8]
      local primary = redis.call('GET', openKey)
      if primary then
        redis.call('RPUSH', p .. 'combo:' .. primary .. ':members', ARGV[9])
        redis.call('SET', leaseKey, 'merged ' .. primary, 'EX', ARGV[7])
        redis.call('XACK', ARGV[10], ARGV[11], entry)
        return {'merged', primary, now}
      end
      local deadline = tostring(tonumber(now) + windowMs)
      redis.call('SET', openKey, id, 'PX', windowMs)
      redis.call('HSET', comboKey, 'deadline', deadline, 'entry', entry, 'open', ARGV[8])
      redis.call('EXPIRE', comboKey, ARGV[7])
      redis.call('RPUSH', comboKey .. ':members', ARGV[9])
      redis.call('EXPIRE', comboKey .. ':members', ARGV[7])
      redis.call('SET', leaseKey, lease, 'PX', ARGV[5])
      return {'owner', deadline, now}
    end
    redis.call('SET', leaseKey, lease, 'PX', ARGV[5])
    return {'claimed', '', now}
    """#)

    /// ARGV: prefix, id. Returns the members (the primary first); an absent combo gives {}.
    static let seal = RedisScript(name: "seal", source: #"""
    local p, id = ARGV[1], ARGV[2]
    local comboKey = p .. 'combo:' .. id
    local open = redis.call('HGET', comboKey, 'open')
    if open and redis.call('GET', p .. 'open:' .. open) == id then redis.call('DEL', p .. 'open:' .. open) end
    return redis.call('LRANGE', comboKey .. ':members', 0, -1)
    """#)

    /// ARGV: prefix, ttlSeconds, results, stream, group, primary, then triples
    /// (id, entry or '', status JSON). Returns how many results were added.
    static let publish = RedisScript(name: "publish", source: #"""
    local p, ttl, results, stream, group, primary = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
    local added = 0
    for i = 7, #ARGV, 3 do
      local id, entry, status = ARGV[i], ARGV[i + 1], ARGV[i + 2]
      if redis.call('SET', p .. 'done:' .. id, primary, 'NX', 'EX', ttl) then
        redis.call('XADD', results, '*', 'id', id, 'status', status)
        added = added + 1
      end
      redis.call('DEL', p .. 'lease:' .. id)
      if entry ~= '' then redis.call('XACK', stream, group, entry) end
    end
    redis.call('DEL', p .. 'combo:' .. primary, p .. 'combo:' .. primary .. ':members')
    return added
    """#)

    /// ARGV: results, stream, group, entry, id, status JSON.
    static let skip = RedisScript(name: "skip", source: #"""
    redis.call('XADD', ARGV[1], '*', 'id', ARGV[5], 'status', ARGV[6])
    return redis.call('XACK', ARGV[2], ARGV[3], ARGV[4])
    """#)

    /// ARGV: prefix, entry, id, error, ttlSeconds.
    static let fail = RedisScript(name: "fail", source: #"""
    local p, entry, id = ARGV[1], ARGV[2], ARGV[3]
    redis.call('SET', p .. 'error:' .. entry, ARGV[4], 'EX', ARGV[5])
    if id ~= '' then
      local leaseKey = p .. 'lease:' .. id
      local holder = redis.call('GET', leaseKey)
      if holder and string.match(holder, '^(%S+)') == entry then redis.call('DEL', leaseKey) end
    end
    return 1
    """#)

    /// ARGV: prefix, dead, results, stream, group, entry, id or '', fallback error, deliveries,
    /// payload, consumer, then pairs (member id, status JSON) for the combo's other members.
    /// Returns the error recorded.
    static let dead = RedisScript(name: "dead", source: #"""
    local p, dead, results, stream, group, entry, id = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7]
    local err = redis.call('GET', p .. 'error:' .. entry) or ARGV[8]
    redis.call('XADD', dead, '*', 'entry', entry, 'id', id, 'error', err, 'deliveries', ARGV[9],
               'payload', ARGV[10], 'consumer', ARGV[11])
    for i = 12, #ARGV, 2 do
      redis.call('XADD', results, '*', 'id', ARGV[i], 'status', ARGV[i + 1])
      redis.call('DEL', p .. 'lease:' .. ARGV[i])
    end
    if id ~= '' then
      local leaseKey = p .. 'lease:' .. id
      local holder = redis.call('GET', leaseKey)
      if holder and string.match(holder, '^(%S+)') == entry then redis.call('DEL', leaseKey) end
      redis.call('DEL', p .. 'combo:' .. id, p .. 'combo:' .. id .. ':members')
    end
    redis.call('DEL', p .. 'error:' .. entry)
    redis.call('XACK', stream, group, entry)
    return err
    """#)

    /// ARGV: prefix, stream, group, consumer, leaseMs, then pairs (id, entry).
    static let heartbeat = RedisScript(name: "heartbeat", source: #"""
    local p, stream, group, consumer, leaseMs = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
    for i = 6, #ARGV, 2 do
      local id, entry = ARGV[i], ARGV[i + 1]
      local leaseKey = p .. 'lease:' .. id
      -- Only what this consumer still holds: an entry another worker took over stays theirs.
      if redis.call('GET', leaseKey) == entry .. ' ' .. consumer then
        redis.call('PEXPIRE', leaseKey, leaseMs)
        redis.call('XCLAIM', stream, group, consumer, 0, entry, 'JUSTID')
      end
    end
    return 1
    """#)
}
