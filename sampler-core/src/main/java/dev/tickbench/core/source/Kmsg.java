package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.function.Consumer;

/**
 * The kernel log, {@code /dev/kmsg}: an event source drained on every tick, never slowed.
 *
 * <p>Why a thread: Java cannot open {@code /dev/kmsg} non-blocking, so a daemon thread blocks in
 * read and hands parsed records to a bounded queue that the sampler drains completely on every tick
 * (an OOM dump or a link-flap storm is a burst of hundreds of records, and each one matters). Records
 * are lost only when that queue is full (the sampler stalled for thousands of records) or when the
 * kernel ring overwrote them before they were read; either way a {@link KmsgGap} takes their place in
 * the order, saying how many and between which kernel timestamps. On the device
 * every read returns exactly one record (the buffer must hold the longest, 8 KiB); on a fixture
 * <em>regular file</em> a read returns many lines, which are split, and at EOF the thread polls
 * every 10 ms for appended lines.
 *
 * <p>Why a timestamp cut: the device starts every new reader at the oldest record in the ring, and
 * Java cannot {@code lseek(SEEK_END)}. Records stamped before the open (the boot backlog) are
 * discarded; the cut is the lower of {@code /proc/uptime} (includes suspend) and the monotonic clock
 * (does not), both read at open, so a resumed laptop does not hide fresh records, less one second
 * for the drift of the kernel's record clock ({@link #CUT_MARGIN_USEC}). A fixture file is
 * simply skipped to its end at open.
 */
public final class Kmsg implements AutoCloseable {
    /** Records kept between two drains; above it records are dropped and counted in a {@link KmsgGap}. */
    public static final int DEFAULT_CAPACITY = 4096;
    /** Larger than the kernel's longest record (CONSOLE_EXT_LOG_MAX, 8 KiB): a shorter buffer gets EINVAL. */
    private static final int BUFFER = 16 * 1024;

    private static final long POLL_MS = 10;
    /** Consecutive read errors after which the device is given up (an EPIPE is one error, then reads resume). */
    private static final int MAX_ERRORS = 100;

    private final Path path;
    private final Path uptime;
    private final ArrayBlockingQueue<KmsgEvent> queue;
    /** Guards {@link #pending} and the hand-off into the queue, so a gap keeps its place in the order. */
    private final Object handOff = new Object();
    /** Records lost since the last gap was queued; null when none. Nothing is queued while it is set. */
    private PendingGap pending;
    /** Records the reading thread has handed over or counted lost (tests wait on it instead of sleeping). */
    private volatile long handled;
    /** Bytes the reading thread has read (tests wait on it instead of sleeping). */
    private volatile long bytesRead;

    private volatile boolean running;
    private volatile String failure;
    private FileChannel channel;
    private Thread thread;
    private long cutoffUsec = -1;
    /** The reader thread's previous record (sequence number and kernel time); -1 before the first. */
    private long lastSeq = -1;

    private long lastUsec;

    public Kmsg(SystemRoots roots) {
        this(roots, DEFAULT_CAPACITY);
    }

    public Kmsg(SystemRoots roots, int capacity) {
        this.path = roots.kmsg();
        this.uptime = roots.proc("uptime");
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    public String name() {
        return "kmsg";
    }

    /** Opens the log at its end and starts the reading thread; absent (never throws) when unreadable. */
    public synchronized Presence open() {
        if (running) {
            return Presence.PRESENT;
        }
        boolean regular = Files.isRegularFile(path);
        if (Files.isDirectory(path)) {
            return Presence.absent("cannot read " + path + ": Is a directory");
        }
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            String why = CatalogueSource.reason(path.toString(), e, "no " + path + " on this system");
            if (e instanceof java.nio.file.AccessDeniedException) {
                why = "permission denied reading " + path + " (needs root or CAP_SYSLOG when kernel.dmesg_restrict=1)";
            }
            return Presence.absent(why);
        }
        try {
            if (regular) {
                channel.position(channel.size());
            } else {
                cutoffUsec = openTimeUsec();
            }
        } catch (IOException e) {
            closeChannel();
            return Presence.absent("cannot read " + path + ": " + e.getMessage());
        }
        running = true;
        thread = new Thread(regular ? this::followFile : this::readDevice, "tickbench-kmsg");
        thread.setDaemon(true);
        thread.start();
        return Presence.PRESENT;
    }

    /**
     * How far before the open the cut lies. The kernel stamps records with its scheduler clock, which
     * drifts from CLOCK_MONOTONIC: on a VM up 8.7 h a record written just after the open was stamped
     * 10 ms before it, and was cut. A record of the last second before the open is delivered rather
     * than a fresh one lost.
     */
    static final long CUT_MARGIN_USEC = 1_000_000;

    private long openTimeUsec() {
        long mono = System.nanoTime() / 1000; // CLOCK_MONOTONIC on Linux, close to the kernel's record clock
        String t = SysAttr.text(uptime);
        if (t != null) {
            int sp = t.indexOf(' ');
            try {
                long up = Math.round(Double.parseDouble(sp < 0 ? t : t.substring(0, sp)) * 1_000_000);
                return Math.min(up, mono) - CUT_MARGIN_USEC;
            } catch (NumberFormatException e) {
                // fall back to the monotonic clock alone
            }
        }
        return mono - CUT_MARGIN_USEC;
    }

    private void readDevice() {
        ByteBuffer buf = ByteBuffer.allocate(BUFFER);
        int errors = 0;
        while (running) {
            buf.clear();
            int n;
            try {
                n = channel.read(buf);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                // EPIPE: the ring overwrote records before we read them; the next read resumes after
                // them and the sequence gap below counts them. Pause so a persistent error cannot spin.
                if (++errors >= MAX_ERRORS) {
                    failure = "reading " + path + " failed " + errors + " times in a row: " + e.getMessage();
                    running = false;
                    return;
                }
                if (!pause()) {
                    return;
                }
                continue;
            }
            errors = 0;
            if (n < 0) {
                return;
            }
            // one read = one record (its dictionary continuation lines follow the first newline)
            int end = 0;
            while (end < n && buf.array()[end] != '\n') {
                end++;
            }
            KmsgRecord r = KmsgRecord.parse(buf.array(), 0, end);
            if (r == null) {
                continue;
            }
            accept(r);
        }
    }

    private void followFile() {
        ByteBuffer buf = ByteBuffer.allocate(BUFFER);
        byte[] b = buf.array();
        while (running) {
            int n;
            try {
                n = channel.read(buf);
            } catch (IOException e) {
                return; // closed
            }
            if (n <= 0) {
                if (!pause()) {
                    return;
                }
                continue;
            }
            bytesRead += n;
            int start = 0;
            for (int p = 0; p < buf.position(); p++) {
                if (b[p] == '\n') {
                    KmsgRecord r = KmsgRecord.parse(b, start, p);
                    if (r != null) {
                        accept(r);
                    }
                    start = p + 1;
                }
            }
            // keep an unfinished last line for the next read
            int rest = buf.position() - start;
            System.arraycopy(b, start, b, 0, rest);
            buf.position(rest);
            if (rest == b.length) {
                buf.clear(); // a line longer than any record: drop it
            }
        }
    }

    private static boolean pause() {
        try {
            Thread.sleep(POLL_MS);
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /**
     * One record read (reader thread): a jump in the kernel's sequence numbers means the ring overwrote
     * records before we read them; records stamped before the open (the backlog) are skipped.
     */
    private void accept(KmsgRecord r) {
        if (lastSeq >= 0 && r.seq() > lastSeq + 1 && r.usec() >= cutoffUsec) {
            ringLoss(r.seq() - lastSeq - 1, Math.max(lastUsec, cutoffUsec), r.usec());
        }
        lastSeq = r.seq();
        lastUsec = r.usec();
        if (r.usec() >= cutoffUsec) {
            offer(r);
        }
    }

    /** Queues a record, after the gap that precedes it; a full queue starts or extends a gap instead. */
    private void offer(KmsgRecord r) {
        synchronized (handOff) {
            try {
                if (pending != null) {
                    if (!queue.offer(pending.toGap())) {
                        pending.add(1, r.usec(), KmsgGap.Reason.QUEUE_OVERFLOW);
                        return;
                    }
                    pending = null;
                }
                if (!queue.offer(r)) {
                    pending = new PendingGap(1, r.usec(), r.usec(), KmsgGap.Reason.QUEUE_OVERFLOW);
                }
            } finally {
                handled++; // after the queue has it: whoever sees the count sees the record (or its gap)
            }
        }
    }

    /** Records the kernel overwrote before we read them: their timestamps lie between their neighbours'. */
    private void ringLoss(long n, long fromUsec, long toUsec) {
        synchronized (handOff) {
            if (pending != null) {
                pending.add(n, toUsec, KmsgGap.Reason.KERNEL_RING);
            } else {
                pending = new PendingGap(n, fromUsec, toUsec, KmsgGap.Reason.KERNEL_RING);
            }
        }
    }

    /**
     * Hands every event queued when called to {@code sink}, oldest first, without blocking: the records
     * and, where records were lost, a {@link KmsgGap} in their place. Never drops anything itself.
     *
     * @return the number of events handed over
     */
    public int drain(Consumer<KmsgEvent> sink) {
        int n = queue.size();
        int handed = 0;
        KmsgEvent e;
        while (handed < n && (e = queue.poll()) != null) {
            sink.accept(e);
            handed++;
        }
        synchronized (handOff) {
            // a gap still pending follows everything queued; once the queue is empty it is next
            if (pending != null && queue.isEmpty()) {
                sink.accept(pending.toGap());
                pending = null;
                handed++;
            }
        }
        return handed;
    }

    /** A run of lost records being counted (reader thread, under {@link #handOff}). */
    private static final class PendingGap {
        private long dropped;
        private final long fromUsec;
        private long toUsec;
        private KmsgGap.Reason reason;

        PendingGap(long dropped, long fromUsec, long toUsec, KmsgGap.Reason reason) {
            this.dropped = dropped;
            this.fromUsec = fromUsec;
            this.toUsec = toUsec;
            this.reason = reason;
        }

        void add(long n, long usec, KmsgGap.Reason why) {
            dropped += n;
            toUsec = Math.max(toUsec, usec);
            if (why == KmsgGap.Reason.QUEUE_OVERFLOW) {
                reason = why; // the sampler's own stall is the cause worth naming
            }
        }

        KmsgGap toGap() {
            return new KmsgGap(dropped, fromUsec, toUsec, reason);
        }
    }

    long handled() {
        return handled;
    }

    long bytesRead() {
        return bytesRead;
    }

    public boolean isRunning() {
        return running;
    }

    /** Why the reading thread stopped on its own (null while it runs or after {@link #close()}). */
    public String failure() {
        return failure;
    }

    @Override
    public synchronized void close() {
        running = false;
        closeChannel();
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread = null;
        }
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing wakes the reader; nothing else to do
            }
        }
    }
}
