package dev.tickbench.core.source;

/**
 * One {@code /dev/kmsg} record.
 *
 * @param prio the log level (0 emerg … 7 debug), the low 3 bits of the record's first field
 * @param facility the syslog facility (0 kernel, 1 user, …), the rest of that field
 * @param seq the kernel's record sequence number
 * @param usec the record's own timestamp, µs since boot (the kernel's local clock)
 * @param msg the message text, with the kernel's {@code \xNN} escapes kept
 */
public record KmsgRecord(int prio, int facility, long seq, long usec, String msg) implements KmsgEvent {
    /**
     * Parses one record line {@code prio,seq,usec,flags[,…];message}; null for a dictionary continuation
     * line (starts with a space) or a malformed line.
     */
    static KmsgRecord parse(byte[] b, int start, int end) {
        if (start >= end || b[start] == ' ') {
            return null;
        }
        int semi = -1;
        for (int p = start; p < end; p++) {
            if (b[p] == ';') {
                semi = p;
                break;
            }
        }
        if (semi < 0) {
            return null;
        }
        long[] fields = new long[3];
        int f = 0;
        int fs = start;
        for (int p = start; p <= semi && f < 3; p++) {
            if (p == semi || b[p] == ',') {
                if (!TextScanner.isNumber(b, fs, p)) {
                    return null;
                }
                fields[f++] = TextScanner.parseLong(b, fs, p);
                fs = p + 1;
            }
        }
        if (f < 3) {
            return null;
        }
        int msgEnd = end;
        while (msgEnd > semi + 1 && (b[msgEnd - 1] == '\n' || b[msgEnd - 1] == '\r')) {
            msgEnd--;
        }
        String msg = new String(b, semi + 1, msgEnd - semi - 1, java.nio.charset.StandardCharsets.UTF_8);
        int prioField = (int) fields[0];
        return new KmsgRecord(prioField & 7, prioField >>> 3, fields[1], fields[2], msg);
    }
}
