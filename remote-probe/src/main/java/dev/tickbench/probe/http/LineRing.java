package dev.tickbench.probe.http;

import dev.tickbench.core.capture.GapLine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code --buffer} of stream lines, for {@code /stream?since=SEQ}. Lines are kept as the
 * immutable byte arrays the hub already made, so replaying to many clients copies nothing. Not
 * thread-safe: the hub guards it.
 */
final class LineRing {
    /**
     * One stream line; {@code seq} is the seq of the latest sample at or before it. {@code hello} is the
     * hello a client replaying from this line starts with: in format v2 it carries the key lists the line
     * is read with (FORMAT.md), which schema lines already gone from the ring may have changed; for a
     * schema line, the lists before its change.
     * {@code gap} is the line's range when it is a gap line, else null.
     */
    record Entry(long seq, boolean sample, long receivedNs, byte[] bytes, byte[] hello, GapLine gap) {
        Entry(long seq, boolean sample, long receivedNs, byte[] bytes, byte[] hello) {
            this(seq, sample, receivedNs, bytes, hello, null);
        }

        Entry(long seq, boolean sample, long receivedNs, byte[] bytes) {
            this(seq, sample, receivedNs, bytes, null, null);
        }
    }

    /**
     * What a client asking for {@code since} gets: a gap line when it asked for lines already gone, the
     * lines the ring holds after that, and, when the ring has not reached {@code since} yet, the cursor
     * that finds where it starts among the lines to come ({@code rest}, else null). The client has every
     * sample up to {@code resumesAfter} (or was told they are gone); -1 when nothing is known.
     */
    record Replay(long gapFrom, long gapTo, List<Entry> entries, long resumesAfter, SinceCursor rest) {
        /** A client that joins live: nothing replayed, nothing known. */
        static final Replay LIVE = new Replay(1, 0, List.of(), -1, null);

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
        while (!entries.isEmpty() && (e.receivedNs() - entries.peekFirst().receivedNs() > keepNs || bytes > maxBytes)) {
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
     * The lines written after sample {@code since} ({@link SinceCursor}). When lines after {@code since}
     * have already left the ring, the answer starts with the gap {@code since+1 .. } the last sample before
     * the oldest line, and holds every line.
     */
    Replay after(long since) {
        Entry oldest = entries.peekFirst();
        long coveredAfter = oldest == null ? -1 : oldest.sample() ? oldest.seq() - 1 : oldest.seq();
        if (since < coveredAfter) {
            return new Replay(since + 1, coveredAfter, List.copyOf(entries), coveredAfter, null);
        }
        SinceCursor cursor = new SinceCursor(since);
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            Entry send = cursor.next(e);
            if (send != null) {
                out.add(send);
            }
        }
        return new Replay(1, 0, out, since, cursor.reached() ? null : cursor);
    }
}
