#!/usr/bin/env python3
"""Crafted captures for remote-probe/bench/reader-heap.sh, written into DIR as the tests write them
(CraftedLines.longNames, ReaderWorstCaseTest): long80 (16 lines of 80 keys of ~49 000 characters),
s30k (30 000 series x 50 lines), and a capture at every reader limit at once in three layouts
(cpuidle, thermal, cgroup: 32 760 series, 12 lines of 2 MiB, a 16 384-value hello of 256 KiB)."""
import gzip
import random
import sys

MAX_LINE = 2 << 20
TREE_VALUES = 1 << 14
TREE_TEXT = 256 << 10
HELLO = ('{"type":"hello","format":1,"host":{"hostname":"h","cores":2,"user_hz":100},"rate_hz":10,'
         '"floor_hz":10,"started_wall_ns":1,"started_mono_ns":1,"capabilities":{"sources":{"stat":true}}}\n')


def long_names(path, keys):
    r = random.Random(7)
    pieces = [''.join(chr(97 + r.randrange(26)) for _ in range(64)) for _ in range(8)]
    with gzip.open(path, 'wt') as w:
        w.write(HELLO)
        for line in range(16):
            names = ('"' + ''.join(pieces[r.randrange(8)] for _ in range(49000 // 64)) + '%06d":0' % (line * keys + k)
                     for k in range(keys))
            w.write('{"type":"sample","seq":%d,"mono_ns":%d,"s":{%s}}\n' % (line + 1, (line + 1) * 100000000, ','.join(names)))


def series(path, n, lines):
    with gzip.open(path, 'wt') as w:
        w.write(HELLO)
        for i in range(1, lines + 1):
            keys = ','.join('"k%05d":%d' % (k, i * 7 + k) for k in range(n))
            w.write('{"type":"sample","seq":%d,"mono_ns":%d,"wall_ns":%d,"dt_ns":100000000,"s":{%s}}\n'
                    % (i, i * 100000000, i * 100000000, keys))


def limits_hello(w):
    attributes = TREE_VALUES - 400
    per = (TREE_TEXT - 4096) // attributes - 6
    w.write('{"type":"hello","format":1,"host":{"hostname":"h","cores":4,"user_hz":100},"rate_hz":1000,'
            '"floor_hz":1000,"started_wall_ns":1,"started_mono_ns":1,"capabilities":{"sources":{"stat":true},'
            '"attributes":{')
    w.write(','.join('"a%05d":"%s"' % (a, 'v' * per) for a in range(attributes)))
    w.write('}}}\n')


def at_limits(path, sources, lines=12):
    with gzip.open(path, 'wt') as w:
        limits_hello(w)
        for i in range(1, lines + 1):
            s = '{"type":"sample","seq":%d,"mono_ns":%d,"wall_ns":%d,"dt_ns":1000000,%s' % (i, i * 1000000, i * 1000000, sources(i))
            w.write(s + ',"pad":"' + 'x' * (MAX_LINE - len(s) - 16))
            w.write('"}\n{"type":"throttle","mono_ns":%d,"iowait":1.5}\n' % (i * 1000000))


def keys(n, name):
    return ','.join('"%s":%d' % (name(k), 10000000 + k) for k in range(n))


def main(d):
    long_names(d + '/long80.ndjson.gz', 80)
    series(d + '/s30k.ndjson.gz', 30000, 50)
    at_limits(d + '/cpuidle.ndjson.gz', lambda i: '"cpuidle":{%s}' % keys(32760, lambda k: 'c%07d.state%05d.time' % (k // 8, k)))
    at_limits(d + '/thermal.ndjson.gz',
              lambda i: ','.join('"thermal_zone%d":{"temp":%d}' % (z, 40000 + i + z) for z in range(16380)))
    at_limits(d + '/cgroup.ndjson.gz', lambda i: '"cgroup_cpu":{%s}' % keys(32760, lambda k: '/k%07d|usage_usec' % k))


if __name__ == '__main__':
    main(sys.argv[1])
