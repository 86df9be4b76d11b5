/*
 * The sign-in limits as Redis scripts: each check and its count in one atomic step, so parallel
 * attempts cannot all pass a limit before any of them is counted (docs/security.md "Sign-in and
 * registration limits"). Counters are fixed windows (the TTL is set by the first failure). The
 * admit scripts answer 0 when the attempt may go on, else the milliseconds until the counter that
 * refused it expires (Retry-After).
 */

/**
 * A browser without the account's device cookie. KEYS: address failures, (address, username)
 * failures, account failures, account lock. ARGV: window, address limit, pair limit, account
 * window, free account failures, first delay ms, longest delay ms. Past the free failures each
 * admitted attempt locks the account to such browsers for a delay that doubles with every one.
 */
export const UNTRUSTED_ADMIT_SCRIPT = `
if redis.call('EXISTS', KEYS[4]) == 1 then return math.max(1, redis.call('PTTL', KEYS[4])) end
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[2]) then return math.max(1, redis.call('PTTL', KEYS[1])) end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[3]) then return math.max(1, redis.call('PTTL', KEYS[2])) end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[1], 'NX')
local failures = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[4], 'NX')
local over = failures - tonumber(ARGV[5])
if over > 0 then
  local delay = math.min(tonumber(ARGV[7]), tonumber(ARGV[6]) * math.pow(2, math.min(over - 1, 40)))
  redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
end
return 0
`;

/** A browser with the account's device cookie. KEYS: that device's failures. ARGV: window, limit. */
export const TRUSTED_ADMIT_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[2]) then return math.max(1, redis.call('PTTL', KEYS[1])) end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX')
return 0
`;

/** Uncounts an attempt that was no failure; a counter already expired is left alone. */
export const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 'released'
`;
