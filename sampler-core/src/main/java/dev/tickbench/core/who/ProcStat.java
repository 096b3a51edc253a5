package dev.tickbench.core.who;

import dev.tickbench.core.source.TextScanner;

/**
 * One process's {@code /proc/PID/stat} and {@code /proc/PID/io}, parsed into fields kept from read to read
 * (proc(5)). The command name ({@code comm}) is anyone's text, spaces, parentheses and newlines included,
 * so it is the bytes between the first {@code (} and the <em>last</em> {@code )}; the numbers follow that
 * last parenthesis, space-separated, from field 3 ({@code state}) on.
 */
final class ProcStat {
    /** {@code comm} is 16 bytes, a kernel thread's name up to 64 (proc_task_name); more is cut. */
    static final int COMM_BYTES = 64;
    /** stat's fields by their 1-based number in proc(5). */
    private static final int MAJFLT = 12;

    private static final int UTIME = 14;
    private static final int STIME = 15;
    private static final int NUM_THREADS = 20;
    private static final int STARTTIME = 22;
    private static final int RSS = 24;

    final byte[] comm = new byte[COMM_BYTES];
    int commLength;
    /** The state letter (R, S, D, Z, T, t, X, I, …). */
    int state;

    long majflt;
    long utime;
    long stime;
    long threads;
    /** Ticks since boot (CLOCK_BOOTTIME, USER_HZ) when the process started: with the pid, its identity. */
    long start;

    long rssPages;
    /** io: storage bytes read and written (read_bytes, write_bytes); -1 when io could not be read. */
    long readBytes = -1;

    long writeBytes = -1;
    private final TextScanner scanner = new TextScanner();

    /** Parses a stat line; false when it is not one (no parentheses, too few fields, a field not a number). */
    boolean parseStat(byte[] b, int length) {
        int open = -1;
        int close = -1;
        for (int i = 0; i < length; i++) {
            if (b[i] == '(' && open < 0) {
                open = i;
            } else if (b[i] == ')') {
                close = i;
            }
        }
        if (open < 0 || close < open) {
            return false;
        }
        commLength = Math.min(close - open - 1, COMM_BYTES);
        System.arraycopy(b, open + 1, comm, 0, commLength);
        int field = 2; // comm is field 2
        int i = close + 1;
        while (field < RSS) {
            while (i < length && b[i] == ' ') {
                i++;
            }
            int s = i;
            while (i < length && b[i] != ' ' && b[i] != '\n') {
                i++;
            }
            if (s == i) {
                return false;
            }
            field++;
            if (field == 3) {
                if (i - s != 1) {
                    return false;
                }
                state = b[s] & 0xff;
            } else if (wanted(field)) {
                if (!TextScanner.isNumber(b, s, i)) {
                    return false;
                }
                set(field, TextScanner.parseLong(b, s, i));
            }
        }
        return true;
    }

    private static boolean wanted(int field) {
        return field == MAJFLT
                || field == UTIME
                || field == STIME
                || field == NUM_THREADS
                || field == STARTTIME
                || field == RSS;
    }

    private void set(int field, long v) {
        switch (field) {
            case MAJFLT -> majflt = v;
            case UTIME -> utime = v;
            case STIME -> stime = v;
            case NUM_THREADS -> threads = v;
            case STARTTIME -> start = v;
            case RSS -> rssPages = v;
            default -> throw new IllegalArgumentException("field " + field);
        }
    }

    /** Parses {@code io}'s {@code read_bytes:} and {@code write_bytes:} lines; both -1 when either is missing. */
    void parseIo(byte[] b, int length) {
        readBytes = -1;
        writeBytes = -1;
        TextScanner s = scanner.reset(b, length);
        long r = -1;
        long w = -1;
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            boolean read = TextScanner.regionEquals(b, s.tokenStart(), s.tokenEnd(), "read_bytes:");
            boolean write = !read && TextScanner.regionEquals(b, s.tokenStart(), s.tokenEnd(), "write_bytes:");
            if ((read || write) && s.nextToken() && s.tokenIsNumber()) {
                if (read) {
                    r = s.tokenLong();
                } else {
                    w = s.tokenLong();
                }
            }
        }
        if (r >= 0 && w >= 0) {
            readBytes = r;
            writeBytes = w;
        }
    }

    /** io was not read (unreadable: another user's process, a zombie). */
    void noIo() {
        readBytes = -1;
        writeBytes = -1;
    }
}
