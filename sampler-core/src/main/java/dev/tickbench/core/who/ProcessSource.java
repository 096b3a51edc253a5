package dev.tickbench.core.who;

import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code procs}: every process's CPU, memory, I/O, faults and threads, read at the table's cadence (1 Hz
 * unless set); the stream carries the processes among the first N by CPU, memory or I/O over the last
 * interval ({@link TopRanks}) under keys {@code <comm>/<pid>@<start>|<field>}, and the rest summed under
 * {@code rest|<field>} (docs/who.md, FORMAT.md). A process is its pid and its start time, so a reused pid
 * is another process, with other keys.
 *
 * <p>A counter source: the stream carries each read's growth. Every process is read on every read, so one
 * that enters the named set brings the growth of the interval that put it there ({@link #baseline}): its
 * own count at the previous read, or 0 for a process started since. The rest's counters are the sums of
 * its members' growth, kept cumulative here so that they never step back as processes come and go.
 * A process's CPU between the last read and its exit is counted nowhere (the kernel adds it to the
 * parent's {@code cutime} when the parent reaps it).
 */
public final class ProcessSource extends TopTable {
    public static final String NAME = "procs";
    public static final String REST = "rest";
    private static final byte[] STAT = RawFiles.nameZ("stat");
    private static final byte[] IO = RawFiles.nameZ("io");
    private static final byte[] UPTIME = RawFiles.nameZ("uptime");
    private static final long AT_PAGESZ = 6;
    private static final long AT_CLKTCK = 17;
    /** The series this table may name in one stream (KeyBudget): 12 288 series, 384 KiB of names. */
    static final int BUDGET_SERIES = 12_288;

    static final long BUDGET_BYTES = 384L << 10;

    private final ProcStat stat = new ProcStat();
    private long pageBytes = -1;
    private String procPath;
    private int userHz = 100;

    private final Map<Long, Proc> procs = new HashMap<>();
    private Proc[] seen = new Proc[256];
    private int seenCount;
    private long[] cpu = new long[256];
    private long[] memory = new long[256];
    private long[] io = new long[256];
    /** The named processes, in the order they were named: the order of their keys. */
    private List<Proc> named = new ArrayList<>();

    private List<Proc> nextNamed = new ArrayList<>();
    private final List<Proc> entering = new ArrayList<>();
    private static final java.util.Comparator<Proc> BY_PID = java.util.Comparator.comparingLong(p -> p.pid);
    private final List<ProcessEvent> events = new ArrayList<>();
    /** The rest's counters, cumulative since the source opened. */
    private final long[] restTotals = new long[ProcessField.values().length];

    private final long[] grew = new long[ProcessField.values().length];
    /** Events kept for the drain ({@link ProcessEvents}); without one, only the latest are kept. */
    private static final int EVENTS_KEPT = 4096;

    private long uptimeTicks = -1;
    private long previousUptimeTicks = -1;
    private long startedSinceRead;
    private long exitedSinceRead;
    /** The midpoint of this read's listing and of the previous one, ns since the origin (-1 before the first). */
    private long tableReadNs = -1;

    private long previousTableReadNs = -1;

    public ProcessSource(SystemRoots roots, WhoConfig config) {
        this(roots, config, new KeyBudget(BUDGET_SERIES, BUDGET_BYTES));
    }

    /** With another budget than a stream's (a test of what happens when it is spent). */
    ProcessSource(SystemRoots roots, WhoConfig config, KeyBudget budget) {
        super(
                roots,
                config,
                budget,
                REST,
                Arrays.stream(ProcessField.values()).map(ProcessField::key).toList());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    protected Presence openTable() {
        procPath = realPath(roots.proc());
        int dir = raw.openDir(procPath);
        if (dir < 0) {
            return Presence.absent("cannot open " + roots.proc() + " (errno " + raw.lastErrno() + ")");
        }
        boolean any = false;
        try {
            raw.list(dir);
            while (!any && raw.nextEntry()) {
                any = pid(raw.entryBytes(), raw.entryStart(), raw.entryEnd()) > 0;
            }
        } finally {
            RawFiles.close(dir);
        }
        if (!any) {
            return Presence.absent("no process directories under " + roots.proc());
        }
        pageBytes = HostInfo.auxv(roots.proc("self/auxv"), AT_PAGESZ);
        long hz = HostInfo.auxv(roots.proc("self/auxv"), AT_CLKTCK);
        userHz = hz > 0 && hz < 100_000 ? (int) hz : 100;
        return Presence.PRESENT;
    }

    @Override
    public void read() throws IOException {
        while (!readStep(Long.MAX_VALUE)) {
            // one step reads the whole listing when its budget has no end
        }
    }

    /**
     * Reads at least {@link #STEP_MIN} processes, more while {@code budgetNs} lasts, so that the sampler's
     * ticks keep their time on a machine with thousands (docs/cadence.md, "Spread reads"). The
     * listing's directory stays open between steps; the table is chosen and filled when it ends.
     */
    @Override
    public boolean readStep(long budgetNs) throws IOException {
        if (passDir < 0) {
            beginPass();
        }
        long t0 = System.nanoTime();
        try {
            for (int n = 0; ; n++) {
                if (n >= STEP_MIN && System.nanoTime() - t0 >= budgetNs) {
                    return false;
                }
                if (!raw.nextEntry()) {
                    break;
                }
                entry();
            }
        } catch (RuntimeException e) {
            endPass();
            throw e;
        }
        tableReadNs = midpointSince(passStartNs);
        endPass();
        leave();
        choose();
        fill();
        return true;
    }

    /** The fewest processes one step reads, whatever its budget. */
    static final int STEP_MIN = 512;

    /** The listing of the read under way, or -1 between reads. */
    private int passDir = -1;

    private long passStartNs;

    private void beginPass() throws IOException {
        int dir = raw.openDir(procPath);
        if (dir < 0) {
            throw new IOException("cannot open " + roots.proc() + " (errno " + raw.lastErrno() + ")");
        }
        reads++;
        previousUptimeTicks = uptimeTicks;
        previousTableReadNs = tableReadNs;
        startedSinceRead = 0;
        exitedSinceRead = 0;
        passDir = dir;
        uptimeTicks = raw.read(dir, UPTIME) > 0 ? uptimeTicks(raw.bytes(), raw.length(), userHz) : -1;
        passStartNs = System.nanoTime();
        seenCount = 0;
        raw.list(dir);
    }

    private void endPass() {
        RawFiles.close(passDir);
        passDir = -1;
    }

    @Override
    public void close() {
        if (passDir >= 0) {
            endPass();
        }
    }

    /** The directory's own path (a proc root given through a link is opened where it leads: entries are not followed). */
    static String realPath(java.nio.file.Path dir) {
        try {
            return dir.toRealPath().toString();
        } catch (IOException e) {
            return dir.toString();
        }
    }

    /** Reads the process of the listing's current entry into {@link #seen}. */
    private void entry() {
        long pid = pid(raw.entryBytes(), raw.entryStart(), raw.entryEnd());
        if (pid <= 0) {
            return;
        }
        int pidDir = raw.openEntryDir();
        if (pidDir < 0) {
            return; // gone since the listing
        }
        long readNs;
        try {
            long before = System.nanoTime();
            int n = raw.read(pidDir, STAT);
            readNs = midpointSince(before);
            if (n <= 0 || !stat.parseStat(raw.bytes(), n)) {
                return;
            }
            int m = raw.read(pidDir, IO);
            if (m > 0) {
                stat.parseIo(raw.bytes(), m);
            } else {
                stat.noIo();
            }
        } finally {
            RawFiles.close(pidDir);
        }
        take(pid, readNs);
    }

    /**
     * Files the process just parsed into {@link #stat}, its {@code stat} read at {@code readNs}: a known one
     * moves on a read, a new one is made.
     */
    private void take(long pid, long readNs) {
        Proc p = procs.get(pid);
        if (p != null && p.start != stat.start) {
            gone(p); // the pid was reused: that process ended
            p = null;
        }
        if (p == null) {
            // started since the previous read: what it counted so far is this interval's. Uptime is read before
            // the listing, in whole ticks, as the start time is: one that started in that tick after the listing
            // passed has the same tick, and one that started in it before the uptime read was listed then (so it
            // is not new now). One that started while the previous read listed, and was not listed, brings those
            // few ms too.
            boolean since = previousUptimeTicks >= 0 && stat.start >= previousUptimeTicks;
            p = new Proc(pid, stat.start, since);
            procs.put(pid, p);
        }
        p.update(stat, reads, readNs, previousTableReadNs);
        if (seenCount == seen.length) {
            grow();
        }
        p.index = seenCount;
        seen[seenCount++] = p;
    }

    private void grow() {
        int n = seen.length * 2;
        seen = Arrays.copyOf(seen, n);
        cpu = Arrays.copyOf(cpu, n);
        memory = Arrays.copyOf(memory, n);
        io = Arrays.copyOf(io, n);
    }

    /** The processes not seen on this read: ended. */
    private void leave() {
        procs.values().removeIf(p -> {
            if (p.lastRead == reads) {
                return false;
            }
            gone(p);
            return true;
        });
    }

    private void event(ProcessEvent e) {
        if (events.size() == EVENTS_KEPT) {
            events.remove(0);
        }
        events.add(e);
    }

    private void gone(Proc p) {
        if (p.keys != null) {
            event(new ProcessEvent(ProcessEvent.Kind.EXIT, p.pid, p.start, p.comm, p.prefix));
            p.keys = null;
        } else {
            exitedSinceRead++;
        }
    }

    /** Ranks the processes seen and updates the named set. */
    private void choose() {
        ranks.begin(seenCount);
        for (int i = 0; i < seenCount; i++) {
            Proc p = seen[i];
            cpu[i] = p.cpuDelta();
            memory[i] = p.rssPages;
            io[i] = p.ioDelta();
        }
        ranks.rank(cpu);
        ranks.rank(memory);
        ranks.rank(io);
        nextNamed.clear();
        for (Proc p : named) {
            if (p.keys == null || p.lastRead != reads) {
                continue; // gone: its exit was taken
            }
            if (ranks.stays(p.index)) {
                p.qualified = reads;
            }
            if (ranks.held(p.qualified, reads)) {
                nextNamed.add(p);
            } else {
                p.keys = null; // its series end here; it is in the rest from now on
            }
        }
        long unnamed = 0;
        entering.clear();
        for (int i = 0; i < seenCount; i++) {
            Proc p = seen[i];
            if (p.keys == null && ranks.enters(i)) {
                entering.add(p);
            }
        }
        entering.sort(BY_PID); // the directory lists in no order; new keys come in pid order
        for (Proc p : entering) {
            if (!name(p)) {
                unnamed++;
                continue;
            }
            p.qualified = reads;
            nextNamed.add(p);
            if (p.firstRead == reads && reads > 1) { // new since the previous read, as the rest counts it
                event(new ProcessEvent(ProcessEvent.Kind.START, p.pid, p.start, p.comm, p.prefix));
            }
        }
        ranks.cap(nextNamed, 3, q -> q.qualified, q -> q.keys = null);
        List<Proc> t = named;
        named = nextNamed;
        nextNamed = t;
        unnamedCount = unnamed;
    }

    private long unnamedCount;

    /** Makes the process's keys, if the stream's budget has room for them. */
    private boolean name(Proc p) {
        String prefix = p.comm + "/" + p.pid + "@" + p.start;
        String[] keys = new String[ProcessField.NAMED];
        long bytes = 0;
        for (ProcessField f : ProcessField.values()) {
            if (f.named()) {
                keys[f.ordinal()] = prefix + "|" + f.key();
                bytes += NAME.length() + 1 + utf8Length(keys[f.ordinal()]);
            }
        }
        if (!budget.take(ProcessField.NAMED, bytes)) {
            return false;
        }
        p.prefix = prefix;
        p.keys = keys;
        return true;
    }

    private static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /** The values of this read: the named processes in their order, then the rest. */
    private void fill() {
        table.begin();
        for (Proc p : named) {
            for (ProcessField f : ProcessField.values()) {
                long v = f.named() ? p.value(f, pageBytes) : -1;
                if (v >= 0) { // else io unreadable, or no page size: missing, not 0
                    table.put(p.keys[f.ordinal()], v, f.level(), p.baseline(f));
                }
            }
        }
        long restProcs = 0;
        long rss = 0;
        long threads = 0;
        long ioUnread = 0;
        long[] grew = this.grew;
        Arrays.fill(grew, 0);
        for (int i = 0; i < seenCount; i++) {
            Proc p = seen[i];
            if (p.keys != null) {
                continue;
            }
            restProcs++;
            rss += p.rssPages;
            threads += p.threads;
            if (p.readBytes < 0) {
                ioUnread++;
            }
            if (p.firstRead == reads && reads > 1) {
                startedSinceRead++;
            }
            for (ProcessField f : ProcessField.values()) {
                if (f.named() && !f.level() && f != ProcessField.READ_NS) {
                    long b = p.baseline(f);
                    long v = p.value(f, pageBytes);
                    if (b != NO_BASELINE && v >= b) {
                        grew[f.ordinal()] += v - b;
                    }
                }
            }
        }
        restTotals[ProcessField.STARTED.ordinal()] += startedSinceRead;
        restTotals[ProcessField.EXITED.ordinal()] += exitedSinceRead;
        for (ProcessField f : ProcessField.values()) {
            restTotals[f.ordinal()] += grew[f.ordinal()];
            long v = switch (f) {
                case RSS -> pageBytes > 0 ? rss * pageBytes : -1;
                case THREADS -> threads;
                case STATE -> -1; // a state is one process's
                case PROCS -> restProcs;
                case READ_NS -> tableReadNs; // the rest's sums are of one listing: its midpoint
                case UNNAMED -> unnamedCount;
                case IO_UNREADABLE -> ioUnread;
                default -> restTotals[f.ordinal()];
            };
            if (v >= 0) {
                table.put(restKeys[f.ordinal()], v, f.level(), NO_BASELINE);
            }
        }
    }

    /** A process directory's name as its pid, or -1 for any other entry. */
    static long pid(byte[] b, int start, int end) {
        if (end - start < 1 || end - start > 7) {
            return -1; // pid_max is at most 4 194 304
        }
        long v = 0;
        for (int i = start; i < end; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    /** {@code /proc/uptime}'s first number (seconds since boot, two decimals) in ticks of {@code userHz}; -1 when malformed. */
    static long uptimeTicks(byte[] b, int length, int userHz) {
        long centis = 0;
        int decimals = -1;
        for (int i = 0; i < length && b[i] != ' ' && b[i] != '\n'; i++) {
            if (b[i] == '.' && decimals < 0) {
                decimals = 0;
            } else if (b[i] >= '0' && b[i] <= '9' && decimals < 2) {
                centis = centis * 10 + (b[i] - '0');
                if (decimals >= 0) {
                    decimals++;
                }
            } else if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
        }
        if (decimals < 0) {
            decimals = 0;
        }
        for (; decimals < 2; decimals++) {
            centis *= 10;
        }
        return centis * userHz / 100;
    }

    /** The events of the reads since the last drain (named processes that started or exited), oldest first. */
    public List<ProcessEvent> drainEvents() {
        if (events.isEmpty()) {
            return List.of();
        }
        List<ProcessEvent> out = List.copyOf(events);
        events.clear();
        return out;
    }

    @Override
    protected void attributes(Map<String, Object> a) {
        if (pageBytes > 0) {
            a.put("page_bytes", pageBytes);
        }
    }

    /** One process, kept from read to read while it lives. */
    static final class Proc {
        final long pid;
        final long start;
        /** It started since the read before the one that first saw it: its counts so far are that interval's. */
        final boolean startedSince;

        long firstRead;
        long lastRead;
        int index;
        final byte[] rawComm = new byte[ProcStat.COMM_BYTES];
        int rawCommLength = -1;
        String comm;
        /** The read on which it last was among the first 2N of a list (or entered). */
        long qualified;

        String prefix;
        String[] keys;
        long utime;
        long stime;
        long majflt;
        long readBytes = -1;
        long writeBytes = -1;
        long rssPages;
        long threads;
        int state;
        long readNs;
        /** At the previous read that saw it: -1 for a count not known then. */
        long pUtime = -1;

        long pStime = -1;
        long pMajflt = -1;
        long pRead = -1;
        long pWrite = -1;
        long pReadNs = -1;

        Proc(long pid, long start, boolean startedSince) {
            this.pid = pid;
            this.start = start;
            this.startedSince = startedSince;
        }

        /**
         * The process as read on read {@code read}, its {@code stat} at {@code readNs}; one started since the
         * previous read counts from 0 at that read's time, {@code previousTableNs}.
         */
        void update(ProcStat s, long read, long readNs, long previousTableNs) {
            if (lastRead == read - 1 && lastRead > 0) {
                pUtime = utime;
                pStime = stime;
                pMajflt = majflt;
                pRead = readBytes;
                pWrite = writeBytes;
                pReadNs = this.readNs;
            } else {
                boolean fromZero = startedSince && firstRead == 0;
                pUtime = pStime = pMajflt = pRead = pWrite = fromZero ? 0 : -1;
                pReadNs = fromZero ? previousTableNs : -1;
            }
            this.readNs = readNs;
            if (firstRead == 0) {
                firstRead = read;
            }
            lastRead = read;
            utime = s.utime;
            stime = s.stime;
            majflt = s.majflt;
            readBytes = s.readBytes;
            writeBytes = s.writeBytes;
            rssPages = s.rssPages;
            threads = s.threads;
            state = s.state;
            if (rawCommLength != s.commLength || !Arrays.equals(rawComm, 0, rawCommLength, s.comm, 0, s.commLength)) {
                System.arraycopy(s.comm, 0, rawComm, 0, s.commLength);
                rawCommLength = s.commLength;
                // a named process keeps its keys (a kernel worker's name changes with the work it does):
                // the new name is in the keys it gets when it is named again
                comm = KeyText.escape(rawComm, 0, rawCommLength);
            }
        }

        long value(ProcessField f, long pageBytes) {
            return switch (f) {
                case CPU_USER -> utime;
                case CPU_SYSTEM -> stime;
                case MAJFLT -> majflt;
                case READ_BYTES -> readBytes;
                case WRITE_BYTES -> writeBytes;
                case RSS -> pageBytes > 0 ? rssPages * pageBytes : -1;
                case THREADS -> threads;
                case STATE -> state;
                case READ_NS -> readNs;
                default -> -1;
            };
        }

        /** The count at the previous read (0 for a process started since), or NO_BASELINE when unknown. */
        long baseline(ProcessField f) {
            long b = switch (f) {
                case CPU_USER -> pUtime;
                case CPU_SYSTEM -> pStime;
                case MAJFLT -> pMajflt;
                case READ_BYTES -> pRead;
                case WRITE_BYTES -> pWrite;
                case READ_NS -> pReadNs;
                default -> -1;
            };
            return b < 0 ? NO_BASELINE : b;
        }

        long cpuDelta() {
            return pUtime < 0 ? 0 : utime - pUtime + stime - pStime;
        }

        long ioDelta() {
            return pRead < 0 || readBytes < 0 ? 0 : readBytes - pRead + writeBytes - pWrite;
        }
    }
}
