package dev.tickbench.probe.http;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The last {@code --buffer} of stream lines, for {@code /stream?since=SEQ}. Lines are kept as the
 * immutable byte arrays the hub already made, so replaying to many clients copies nothing. Not
 * thread-safe: the hub guards it.
 */
final class LineRing {
    /**
     * One stream line; {@code seq} is the seq of the latest sample at or before it. {@code hello} is the
     * hello a client replaying from this line starts with: in format v2 it carries the key lists in
     * effect there (FORMAT.md), which schema lines already gone from the ring may have changed.
     */
    record Entry(long seq, boolean sample, long receivedNs, byte[] bytes, byte[] hello) {
        Entry(long seq, boolean sample, long receivedNs, byte[] bytes) {
            this(seq, sample, receivedNs, bytes, null);
        }
    }

    /** What a client asking for {@code since} gets: a gap line when it asked for lines already gone. */
    record Replay(long gapFrom, long gapTo, List<Entry> entries) {
        boolean hasGap() {
            return gapFrom <= gapTo;
        }
    }

    private final long keepNs;
    private final long maxBytes;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long bytes;
    private byte[] lastAddedHello;
    private byte[] lastRemovedHello;

    /**
     * @param keepNs how long a line stays
     * @param maxBytes a hard bound on top, so a kmsg flood cannot grow the heap without limit
     */
    LineRing(long keepNs, long maxBytes) {
        this.keepNs = keepNs;
        this.maxBytes = maxBytes;
    }

    void add(Entry e) {
        entries.addLast(e);
        bytes += e.bytes().length + helloCost(e.hello(), lastAddedHello);
        lastAddedHello = e.hello();
        while (!entries.isEmpty()
                && (e.receivedNs() - entries.peekFirst().receivedNs() > keepNs || bytes > maxBytes)) {
            Entry gone = entries.removeFirst();
            bytes -= gone.bytes().length + helloCost(gone.hello(), lastRemovedHello);
            lastRemovedHello = gone.hello();
        }
    }

    /**
     * A hello is shared by the entries that follow it until the key lists change (format 2): it is counted
     * once, on the entry where it changes, the same way in and out, so schema lines cannot make the ring
     * hold more than its bound.
     */
    private static long helloCost(byte[] hello, byte[] previous) {
        return hello != null && hello != previous ? hello.length : 0;
    }

    int size() {
        return entries.size();
    }

    long bytes() {
        return bytes;
    }

    /**
     * The lines written after sample {@code since}. When samples after {@code since} have already left
     * the ring, the answer starts with the gap {@code since+1 .. oldest-1}.
     */
    Replay after(long since) {
        Long oldestSample = null;
        for (Entry e : entries) {
            if (e.sample()) {
                oldestSample = e.seq();
                break;
            }
        }
        List<Entry> out = new ArrayList<>();
        if (oldestSample == null) {
            return new Replay(1, 0, out);
        }
        if (since < oldestSample - 1) {
            out.addAll(entries);
            return new Replay(since + 1, oldestSample - 1, out);
        }
        boolean found = since == oldestSample - 1;
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (found) {
                out.add(e);
            } else if (e.sample() && e.seq() == since) {
                found = true;
            }
        }
        return new Replay(1, 0, out);
    }
}
