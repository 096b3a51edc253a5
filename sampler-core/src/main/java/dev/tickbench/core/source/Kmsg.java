package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The kernel log, {@code /dev/kmsg}: an event source drained on every tick, never slowed.
 *
 * <p>Why a thread: Java cannot open {@code /dev/kmsg} non-blocking, so a daemon thread blocks in
 * read and hands parsed records to a bounded queue that the sampler drains each tick. On the device
 * every read returns exactly one record (the buffer must hold the longest, 8 KiB); on a fixture
 * <em>regular file</em> a read returns many lines, which are split, and at EOF the thread polls
 * every 10 ms for appended lines.
 *
 * <p>Why a timestamp cut: the device starts every new reader at the oldest record in the ring, and
 * Java cannot {@code lseek(SEEK_END)}. Records stamped before the open (the boot backlog) are
 * discarded; the cut is the lower of {@code /proc/uptime} (includes suspend) and the monotonic clock
 * (does not), both read at open, so a resumed laptop does not hide fresh records. A fixture file is
 * simply skipped to its end at open.
 */
public final class Kmsg implements AutoCloseable {
    /** Records kept between two drains; above it records are dropped and counted. */
    public static final int DEFAULT_CAPACITY = 4096;
    /** Larger than the kernel's longest record (CONSOLE_EXT_LOG_MAX, 8 KiB): a shorter buffer gets EINVAL. */
    private static final int BUFFER = 16 * 1024;
    private static final long POLL_MS = 10;
    /** Consecutive read errors after which the device is given up (an EPIPE is one error, then reads resume). */
    private static final int MAX_ERRORS = 100;

    private final Path path;
    private final Path uptime;
    private final ArrayBlockingQueue<KmsgRecord> queue;
    private final AtomicLong dropped = new AtomicLong();
    private volatile boolean running;
    private volatile String failure;
    private FileChannel channel;
    private Thread thread;
    private long cutoffUsec = -1;

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
            String why = FileSource.reason(path, e, "no " + path + " on this system");
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

    private long openTimeUsec() {
        long mono = System.nanoTime() / 1000; // CLOCK_MONOTONIC on Linux, like the kernel's record clock
        String t = SysAttr.text(uptime);
        if (t != null) {
            int sp = t.indexOf(' ');
            try {
                long up = Math.round(Double.parseDouble(sp < 0 ? t : t.substring(0, sp)) * 1_000_000);
                return Math.min(up, mono);
            } catch (NumberFormatException e) {
                // fall back to the monotonic clock alone
            }
        }
        return mono;
    }

    private void readDevice() {
        ByteBuffer buf = ByteBuffer.allocate(BUFFER);
        long lastSeq = -1;
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
            if (lastSeq >= 0 && r.seq() > lastSeq + 1 && r.usec() >= cutoffUsec) {
                dropped.addAndGet(r.seq() - lastSeq - 1);
            }
            lastSeq = r.seq();
            if (r.usec() >= cutoffUsec) {
                offer(r);
            }
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
            int start = 0;
            for (int p = 0; p < buf.position(); p++) {
                if (b[p] == '\n') {
                    KmsgRecord r = KmsgRecord.parse(b, start, p);
                    if (r != null) {
                        offer(r);
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

    private void offer(KmsgRecord r) {
        if (!queue.offer(r)) {
            dropped.incrementAndGet();
        }
    }

    /**
     * Hands at most {@code max} queued records to {@code sink}, oldest first, without blocking; records
     * beyond {@code max} are dropped and counted (a tick's budget is bounded).
     *
     * @return the number of records handed over
     */
    public int drain(Consumer<KmsgRecord> sink, int max) {
        int n = 0;
        KmsgRecord r;
        while (n < max && (r = queue.poll()) != null) {
            sink.accept(r);
            n++;
        }
        if (n == max) {
            int over = 0;
            while (queue.poll() != null) {
                over++;
            }
            dropped.addAndGet(over);
        }
        return n;
    }

    /** Records lost since the previous call (queue full, over a drain's bound, or overwritten in the kernel ring). */
    public long droppedSinceLastDrain() {
        return dropped.getAndSet(0);
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
