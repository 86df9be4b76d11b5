-- wrk script for the API benchmark (bench/src/api-bench/wrk.mjs).
-- wrk is closed-loop per connection; this script holds a fixed offered rate instead: every request
-- waits (delay()) for the next slot of its thread's schedule, one slot every threads/rate seconds,
-- fixed in advance (a late slot is sent at once, never skipped or moved). With enough connections
-- the schedule holds like an open model; when it cannot, the measured req/s falls short of the rate.
-- Environment: WRK_RATE (req/s for all threads, 0 = as fast as possible), WRK_THREADS,
-- WRK_PATHS (a file of request paths, one per line, picked at random per request).
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } wp_timespec;
  int clock_gettime(int clock_id, wp_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new("wp_timespec")
local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local rate = tonumber(os.getenv("WRK_RATE") or "0")
local threads = tonumber(os.getenv("WRK_THREADS") or "1")
local paths_file = os.getenv("WRK_PATHS")

local paths = nil
if paths_file and paths_file ~= "" then
  paths = {}
  for line in io.lines(paths_file) do paths[#paths + 1] = line end
  math.randomseed(os.time())
  function request()
    return wrk.format(nil, paths[math.random(#paths)])
  end
end

if rate > 0 then
  local interval = threads * 1000 / rate
  local next_slot = nil
  function delay()
    local now = now_ms()
    if next_slot == nil then next_slot = now end
    local wait = next_slot - now
    next_slot = next_slot + interval
    if wait > 0 then return math.floor(wait + 0.5) end
    return 0
  end
end

-- One JSON line with everything the benchmark reports; latencies in microseconds.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"wrk":true,"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,' ..
    '"statusErrors":%d,"timeouts":%d,"p50":%.1f,"p95":%.1f,"p99":%.1f,"max":%.1f,"mean":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
