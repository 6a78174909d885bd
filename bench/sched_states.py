#!/usr/bin/env python3
"""Where a bench run's CPU time went, from the scheduler's own events.

Record a few seconds of one bench phase, then read the recording:

    perf sched record -a -o sched.data -- sleep 3        # while bench_gateway runs
    perf script -i sched.data -F cpu,time,event,trace | bench/sched_states.py PROXY

PROXY is the thread name of the proxy's event loop: `gateway` or `nginx`. The fake upstream is
the bench's main thread (`bench_gateway`), the receipt writer `sb.store.writer`, and the load
generator `wrk`. Prints, per CPU, how long it sat idle and how much of that while a task was
queued on the other CPU (throughput the scheduler's placement lost), then the share of the time
each joint state of those threads held: R running, Q runnable but waiting for a CPU, S asleep.
"""

import collections
import re
import sys

LINE = re.compile(r'\[(\d+)\]\s+([\d.]+):\s+sched:(\S+): (.*)')
SWITCH = re.compile(r'prev_comm=(.*?) prev_pid=(\d+) .*prev_state=(\S+) ==> '
                    r'next_comm=(.*?) next_pid=(\d+)')
WAKE = re.compile(r'comm=(.*?) pid=(\d+) .*target_cpu=(\d+)')
MIGRATE = re.compile(r'pid=(\d+) .*dest_cpu=(\d+)')


def main():
    proxy = sys.argv[1] if len(sys.argv) > 1 else 'gateway'
    roles = {proxy: 'proxy', 'bench_gateway': 'upstream', 'sb.store.writer': 'writer'}
    running = {}  # cpu -> pid on it (0: idle)
    queued = {}  # pid -> cpu whose run queue holds it
    names = {}
    role_pids = {}  # role -> pid; wrk threads as wrk<pid>
    idle = collections.Counter()
    idle_with_queued = collections.Counter()
    queued_elsewhere = collections.Counter()
    states = collections.Counter()
    last = None

    def state(pid):
        if pid in running.values():
            return 'R'
        return 'Q' if pid in queued else 'S'

    for line in sys.stdin:
        m = LINE.match(line)
        if not m:
            continue
        cpu, t, event, rest = int(m.group(1)), float(m.group(2)), m.group(3), m.group(4)
        if last is not None:
            dt = t - last
            for c in sorted(running):
                if running[c] != 0:
                    continue
                idle[c] += dt
                others = [p for p, qc in queued.items() if qc != c]
                if others:
                    idle_with_queued[c] += dt
                    for p in others:
                        queued_elsewhere[names.get(p, str(p))] += dt / len(others)
            if 'proxy' in role_pids:
                wrk = sorted(p for r, p in role_pids.items() if r.startswith('wrk'))
                key = 'proxy %s  upstream %s  writer %s  wrk %s' % (
                    state(role_pids['proxy']),
                    state(role_pids['upstream']) if 'upstream' in role_pids else '-',
                    state(role_pids['writer']) if 'writer' in role_pids else '-',
                    ''.join(state(p) for p in wrk) or '-')
                states[key] += dt
        last = t
        if event == 'sched_switch':
            s = SWITCH.search(rest)
            prev_name, prev, prev_state = s.group(1), int(s.group(2)), s.group(3)
            next_name, nxt = s.group(4), int(s.group(5))
            for name, pid in ((prev_name, prev), (next_name, nxt)):
                names[pid] = name
                if name in roles:
                    role_pids[roles[name]] = pid
                elif name == 'wrk':
                    role_pids['wrk%d' % pid] = pid
            if prev != 0 and prev_state.startswith('R'):
                queued[prev] = cpu  # preempted: still runnable
            else:
                queued.pop(prev, None)
            queued.pop(nxt, None)
            running[cpu] = nxt
        elif event in ('sched_waking', 'sched_wakeup', 'sched_wakeup_new'):
            s = WAKE.search(rest)
            pid = int(s.group(2))
            names[pid] = s.group(1)
            if pid not in running.values():
                queued[pid] = int(s.group(3))
        elif event == 'sched_migrate_task':
            s = MIGRATE.search(rest)
            pid = int(s.group(1))
            if pid in queued:
                queued[pid] = int(s.group(2))

    for c in sorted(idle):
        print('cpu%d: idle %.1f ms, of which %.1f ms while a task was queued on another CPU'
              % (c, idle[c] * 1e3, idle_with_queued[c] * 1e3))
    for name, v in queued_elsewhere.most_common(4):
        print('  queued meanwhile: %s %.1f ms' % (name, v * 1e3))
    total = sum(states.values()) or 1
    print('joint states (R running, Q waiting for a CPU, S asleep):')
    for key, v in states.most_common(12):
        print('  %-46s %5.1f %%' % (key, 100 * v / total))


if __name__ == '__main__':
    main()
