package dev.tickbench.core.source;

/**
 * One {@code /dev/kmsg} record.
 *
 * @param prio the log level (0 emerg … 7 debug), the low 3 bits of the record's first field
 * @param facility the syslog facility (0 kernel, 1 user, …), the rest of that field
 * @param seq the kernel's record sequence number
 * @param usec the record's own timestamp, µs since boot (the kernel's local clock)
 * @param msg the message text: the kernel writes every byte outside printable ASCII as {@code \xNN};
 *     escapes that spell UTF-8 text are decoded ({@code caf\xc3\xa9} is {@code café}), the others (a
 *     control byte, a backslash, bytes that are not UTF-8) are kept as the kernel wrote them
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
        String msg = text(b, semi + 1, msgEnd);
        int prioField = (int) fields[0];
        return new KmsgRecord(prioField & 7, prioField >>> 3, fields[1], fields[2], msg);
    }

    /**
     * The message: runs of {@code \xNN} escapes of bytes above 0x7f are decoded when they are UTF-8,
     * so non-ASCII text reads as written (docs: FORMAT.md "kmsg"); everything else stays as it is.
     */
    static String text(byte[] b, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
        int p = from;
        int plain = from;
        while (p < to) {
            int runStart = p;
            run.reset();
            while (p + 3 < to
                    && b[p] == '\\'
                    && b[p + 1] == 'x'
                    && hex(b[p + 2]) >= 0
                    && hex(b[p + 3]) >= 0
                    && hex(b[p + 2]) >= 8) { // a byte above 0x7f
                run.write(hex(b[p + 2]) << 4 | hex(b[p + 3]));
                p += 4;
            }
            if (p == runStart) {
                p++;
                continue;
            }
            String decoded = utf8OrNull(run.toByteArray());
            if (decoded != null) {
                out.append(new String(b, plain, runStart - plain, java.nio.charset.StandardCharsets.UTF_8))
                        .append(decoded);
                plain = p;
            }
        }
        return out.append(new String(b, plain, to - plain, java.nio.charset.StandardCharsets.UTF_8))
                .toString();
    }

    private static int hex(byte c) {
        return c >= '0' && c <= '9'
                ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    private static String utf8OrNull(byte[] bytes) {
        try {
            return java.nio.charset.StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }
}
