// Answers as learners write them, for the graders' own tests (never shown to anyone). Each is
// the problem's worked answer with one edit: a mistake the grader must catch (the property its
// failure must name), or a different but correct way to write it that must still pass. An edit
// that no longer applies to the worked answer throws, so a changed answer cannot silently turn a
// fixture into a copy of the solution.

export interface Edit {
  /** What a learner wrote: the edits applied to the worked answer's code. */
  replace: [from: string, to: string][];
  /** Other fields of the submission (e.g. keys, args). */
  extra?: Record<string, unknown>;
}

export interface WrongAnswer extends Edit {
  name: string;
  /** What the failure's message must say: the property that broke. */
  property: RegExp;
}

export interface RightAnswer extends Edit {
  name: string;
}

/** Applies the edits to the worked code (every `from` must occur in it). */
export function applyEdits(code: string, e: Edit): string {
  let out = code;
  for (const [from, to] of e.replace) {
    if (!out.includes(from)) throw new Error(`the edit no longer applies: ${from}`);
    out = out.split(from).join(to);
  }
  return out;
}

const DECISION = /admitted|refused|denied|Retry-After/;

export const WRONG: Record<string, WrongAnswer[]> = {
  'fix-incr-then-expire': [
    {
      name: 'the expiry rounded down to the whole seconds left in the window',
      replace: [
        [
          'redis.call("EXPIRE", KEYS[1], math.ceil(window) + 1)',
          'redis.call("EXPIRE", KEYS[1], math.max(1, math.floor((w + 1) * window - now)))',
        ],
      ],
      property: /expires at .* window/,
    },
    {
      name: 'a cost above the limit is refused before it is counted',
      replace: [
        [
          'local w = math.floor(now / window)',
          'local w = math.floor(now / window)\nif cost > limit then\n  return {0, 0, -1}\nend',
        ],
      ],
      property: DECISION,
    },
    {
      name: 'the leftover repair runs as separate round trips before the script',
      replace: [
        [
          'local kind = redis.call("TYPE", KEYS[1])["ok"]\nif kind ~= "hash" and kind ~= "none" then\n  redis.call("DEL", KEYS[1])\nend\n',
          '',
        ],
        [
          'return redis.call("EVAL", decide',
          'local kind = redis.call("TYPE", KEYS[1])["ok"]\nif kind ~= "hash" and kind ~= "none" then\n  redis.call("DEL", KEYS[1])\nend\nreturn redis.call("EVAL", decide',
        ],
      ],
      property: /more than the limit allows|admits/,
    },
    {
      name: 'Retry-After rounded down',
      replace: [
        [
          'math.max(1, math.ceil((w + 1) * window - now))',
          'math.max(1, math.floor((w + 1) * window - now))',
        ],
      ],
      property: /Retry-After/,
    },
  ],
  'fix-get-then-set': [
    {
      name: 'the expiry rounded down to the whole seconds left in the window',
      replace: [
        [
          'redis.call("EXPIRE", KEYS[1], math.ceil(window) + 1)',
          'redis.call("EXPIRE", KEYS[1], math.max(1, math.floor((w + 1) * window - now)))',
        ],
      ],
      property: /expires at .* window/,
    },
    {
      name: 'a cost above the limit is charged before it is refused',
      replace: [
        ['if cost > limit then\n  return {0, 0, -1}\nend\n', ''],
        [
          'if count + cost > limit then',
          'if cost > limit then\n  redis.call("HSET", KEYS[1], "w", w, "n", count + cost)\n  redis.call("EXPIRE", KEYS[1], math.ceil(window) + 1)\n  return {0, 0, -1}\nend\nif count + cost > limit then',
        ],
      ],
      property: DECISION,
    },
  ],
  'write-gcra': [
    {
      name: 'the emission interval in milliseconds',
      replace: [['local step_us = 1000000 / per_sec', 'local step_us = 1000 / per_sec']],
      property: /expir|admitted|refused/,
    },
    {
      name: 'the TAT expires rounded down, up to 1 ms before it stops mattering',
      replace: [
        [
          'local keep_ms = math.ceil((next_tat - now_us) / 1000) + 1000',
          'local keep_ms = math.floor((next_tat - now_us) / 1000)',
        ],
      ],
      property: /expir/,
    },
    {
      name: 'the TAT is charged even when the request is refused',
      replace: [
        [
          'if fits_at > now_us then\n',
          'if fits_at > now_us then\n  redis.call("SET", KEYS[1], string.format("%.0f", next_tat), "PX", math.ceil((next_tat - now_us) / 1000) + 1000)\n',
        ],
      ],
      property: /wrote to Redis|refused|admitted/,
    },
    {
      name: 'a cost equal to the burst is treated as too big',
      replace: [['if need > burst then', 'if need >= burst then']],
      property: DECISION,
    },
    {
      name: 'Retry-After in milliseconds',
      replace: [
        [
          'math.max(1, math.ceil((fits_at - now_us) / 1000000))',
          'math.max(1, math.ceil((fits_at - now_us) / 1000))',
        ],
      ],
      property: /Retry-After/,
    },
  ],
  'write-sliding-log-weighted': [
    {
      name: 'Retry-After from the oldest entry, not the one that frees enough',
      replace: [
        [
          'local wait_us = tonumber(log[i + 1]) + span_us - now_us',
          'local wait_us = tonumber(log[2]) + span_us - now_us',
        ],
      ],
      property: /Retry-After/,
    },
    {
      name: 'an inclusive bound one microsecond late',
      replace: [
        [
          'string.format("%.0f", now_us - span_us))',
          'string.format("%.0f", now_us - span_us + 1))',
        ],
      ],
      property: DECISION,
    },
    {
      name: 'the bound passed through tostring (14 digits)',
      replace: [['string.format("%.0f", now_us - span_us))', 'tostring(now_us - span_us))']],
      property: DECISION,
    },
    {
      name: 'a cost equal to the limit is treated as too big',
      replace: [['if need > limit then', 'if need >= limit then']],
      property: DECISION,
    },
    {
      name: 'the log expires when its oldest entry leaves, not its newest',
      replace: [
        [
          'redis.call("PEXPIRE", KEYS[1], math.ceil(window * 1000) + 1000)',
          'local oldest = tonumber(log[2]) or now_us\n  redis.call("PEXPIREAT", KEYS[1], math.floor((oldest + span_us) / 1000))',
        ],
      ],
      property: /expir/,
    },
  ],
  'fix-sliding-log-bound': [
    {
      name: 'the window taken as milliseconds',
      replace: [['local span_us = window * 1000000', 'local span_us = window * 1000']],
      property: DECISION,
    },
    {
      name: 'an inclusive bound one microsecond late',
      replace: [
        [
          'string.format("%.0f", now_us - span_us))',
          'string.format("%.0f", now_us - span_us + 1))',
        ],
      ],
      property: DECISION,
    },
    {
      name: 'the bound passed through tostring (14 digits)',
      replace: [['string.format("%.0f", now_us - span_us))', 'tostring(now_us - span_us))']],
      property: DECISION,
    },
  ],
  'fix-clock-backwards': [
    {
      name: 'only server A’s clock refills the bucket',
      replace: [
        [
          'local idle = math.max(0, now - stamp)',
          'local idle = 0\nif ARGV[5] == "A" then idle = math.max(0, now - stamp) end',
        ],
      ],
      property: /quiet|refused/,
    },
  ],
  'write-all-or-nothing': [
    {
      name: 'a cost equal to a capacity is treated as too big',
      replace: [
        ['if need > cap[1] or need > cap[2] then', 'if need >= cap[1] or need > cap[2] then'],
      ],
      property: DECISION,
    },
  ],
  'write-concurrency-lease': [
    {
      name: 'a release frees the soonest lease, not its own job',
      replace: [
        [
          'redis.call("ZREM", KEYS[1], member)',
          'local first = redis.call("ZRANGE", KEYS[1], 0, 0)\n  if first[1] then redis.call("ZREM", KEYS[1], first[1]) end',
        ],
      ],
      property: DECISION,
    },
    {
      name: 'every job counts as one slot',
      replace: [['busy = busy + slots(running[i])', 'busy = busy + 1']],
      property: DECISION,
    },
    {
      name: 'a cost equal to the slots is treated as too big',
      replace: [['if need > most then', 'if need >= most then']],
      property: DECISION,
    },
  ],
};

export const RIGHT: Record<string, RightAnswer[]> = {
  'fix-get-then-set': [
    {
      name: 'the key expires exactly when its window ends (EXPIREAT)',
      replace: [
        [
          'redis.call("EXPIRE", KEYS[1], math.ceil(window) + 1)',
          'redis.call("EXPIREAT", KEYS[1], (w + 1) * window)',
        ],
      ],
    },
  ],
  'write-concurrency-lease': [
    {
      name: 'the set expires when its last lease ends, to the millisecond (rounded up)',
      replace: [
        [
          'redis.call("PEXPIRE", KEYS[1], math.ceil(lease * 1000) + 1000)',
          'local last = redis.call("ZRANGE", KEYS[1], -1, -1, "WITHSCORES")\n  redis.call("PEXPIREAT", KEYS[1], math.ceil(tonumber(last[2]) / 1000))',
        ],
      ],
    },
  ],
  'write-gcra': [
    {
      name: 'the expiry rounded up to the TAT, without a margin',
      replace: [
        [
          'local keep_ms = math.ceil((next_tat - now_us) / 1000) + 1000',
          'local keep_ms = math.max(1, math.ceil((next_tat - now_us) / 1000))',
        ],
      ],
    },
    {
      name: 'the TAT in seconds, times on the microsecond',
      replace: [
        [
          'redis.call("SET", KEYS[1], string.format("%.0f", next_tat), "PX", keep_ms)',
          'redis.call("SET", KEYS[1], string.format("%.6f", next_tat / 1000000), "PX", keep_ms)',
        ],
        [
          'local tat = tonumber(redis.call("GET", KEYS[1])) or now_us',
          'local stored = tonumber(redis.call("GET", KEYS[1]))\nlocal tat = stored and math.floor(stored * 1000000 + 0.5) or now_us',
        ],
      ],
    },
  ],
  'write-sliding-log-weighted': [
    {
      name: 'an exclusive bound one microsecond later (the same entries go)',
      replace: [
        [
          'string.format("%.0f", now_us - span_us))',
          '"(" .. string.format("%.0f", now_us - span_us + 1))',
        ],
      ],
    },
    {
      name: 'an extra harmless key-free counter of the total in the reply',
      replace: [
        ['return {1, limit - sum - need, 0}', 'return {1, math.floor(limit - sum - need), 0}'],
      ],
    },
  ],
  'fix-incr-then-expire': [
    {
      name: 'the window’s expiry set to the window’s end, rounded up',
      replace: [
        [
          'redis.call("EXPIRE", KEYS[1], math.ceil(window) + 1)',
          'redis.call("PEXPIRE", KEYS[1], math.ceil(((w + 1) * window - now) * 1000))',
        ],
      ],
    },
  ],
};
