package dev.tickbench.core.source;

import java.util.Arrays;

/**
 * The values of one source after one read: ordered keys and {@code long} values.
 *
 * <p>Kernel files keep their line layout from one read to the next, so {@link #put(byte[], int, int,
 * long)} first compares the key bytes with the key held at the same position by the previous read and
 * reuses that {@code String}: a steady file allocates nothing per tick. Reused keys are the same
 * instances, so consumers may compare keys with {@code ==} before falling back to {@code equals}.
 * The comparison runs on each key's Latin-1 bytes, kept beside it: a plain byte loop over the file's
 * bytes, which costs a third of comparing through {@code String.charAt} (docs/perf.md).
 */
public final class ValueTable {
    private String[] keys = new String[16];
    /** {@code keys[i]} as Latin-1 bytes (kernel keys are ASCII). */
    private byte[][] keyBytes = new byte[16][];

    private long[] values = new long[16];
    private int size;
    private String[] previousKeys = new String[0];
    private byte[][] previousKeyBytes = new byte[0][];
    private int previousSize;
    /** Keys created (not reused) since the last {@link #makeKeysUnique()}. */
    private int fresh;

    /** Starts a new read: the table is empty, the previous keys are kept for reuse. */
    public void begin() {
        if (previousKeys.length < keys.length) {
            previousKeys = new String[keys.length];
            previousKeyBytes = new byte[keys.length][];
        }
        System.arraycopy(keys, 0, previousKeys, 0, size);
        System.arraycopy(keyBytes, 0, previousKeyBytes, 0, size);
        previousSize = size;
        size = 0;
    }

    /** Adds a value under a key given as ASCII bytes {@code b[start, end)}. */
    public void put(byte[] b, int start, int end, long value) {
        putKey(b, start, end, -1, -1, null, value);
    }

    /** Adds a value under the key {@code b[start, end) + "." + suffix}. */
    public void put(byte[] b, int start, int end, String suffix, long value) {
        putKey(b, start, end, -1, -1, suffix, value);
    }

    /**
     * Adds a value under the key {@code b[s1, e1) + "." + b[s2, e2) + "." + suffix} (buddyinfo's
     * {@code node.zone.order}); {@code suffix} may be null.
     */
    public void put(byte[] b, int s1, int e1, int s2, int e2, String suffix, long value) {
        putKey(b, s1, e1, s2, e2, suffix, value);
    }

    public void put(String key, long value) {
        int i = size;
        if (i < previousSize && previousKeys[i].equals(key)) {
            add(previousKeys[i], previousKeyBytes[i], value);
        } else {
            fresh++;
            add(key, latin1(key), value);
        }
    }

    /**
     * The Latin-1 bytes of the key the previous read had at the position the next value goes to, or
     * null (none there, or not Latin-1): a parser that finds exactly these bytes as the line's key
     * adds its value with {@link #putExpected(long)}, the same as a {@code put} of those bytes.
     */
    public byte[] expectedKey() {
        return size < previousSize ? previousKeyBytes[size] : null;
    }

    /** Adds a value under {@link #expectedKey()}, which the caller found in the file. */
    public void putExpected(long value) {
        add(previousKeys[size], previousKeyBytes[size], value);
    }

    /** Adds {@code delta} to the value at {@code index} (per-CPU sums accumulated while parsing). */
    public void addTo(int index, long delta) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        values[index] += delta;
    }

    private void putKey(byte[] b, int s1, int e1, int s2, int e2, String suffix, long value) {
        int i = size;
        if (i < previousSize) {
            byte[] prev = previousKeyBytes[i];
            if (matches(prev, b, s1, e1, s2, e2, suffix)
                    || (s2 < 0 && suffix == null && isRenamedDuplicate(previousKeys[i], b, s1, e1))) {
                add(previousKeys[i], prev, value);
                return;
            }
        }
        fresh++;
        String key = newKey(b, s1, e1, s2, e2, suffix);
        add(key, latin1(key), value);
    }

    /** The key's Latin-1 bytes; null for a key with a character beyond Latin-1 (it matches no file bytes). */
    private static byte[] latin1(String key) {
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) > 0xff) {
                return null;
            }
        }
        return key.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static String newKey(byte[] b, int s1, int e1, int s2, int e2, String suffix) {
        StringBuilder sb = new StringBuilder(e1 - s1 + 16);
        appendAscii(sb, b, s1, e1);
        if (s2 >= 0) {
            appendAscii(sb.append('.'), b, s2, e2);
        }
        if (suffix != null) {
            sb.append('.').append(suffix);
        }
        return sb.toString();
    }

    /** {@code key} is {@code b[s, e) + "#" + digits}: a duplicate renamed by {@link #makeKeysUnique()}. */
    private static boolean isRenamedDuplicate(String key, byte[] b, int s, int e) {
        int n = e - s;
        if (key.length() < n + 2 || key.charAt(n) != '#' || !regionMatches(key, 0, b, s, e)) {
            return false;
        }
        for (int p = n + 1; p < key.length(); p++) {
            if (key.charAt(p) < '0' || key.charAt(p) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Renames repeated keys {@code name#2}, {@code name#3}… so that a sample never carries one JSON key
     * twice (a router's slabinfo can list two {@code nf_conntrack} caches). Only does work when this
     * read created a key the previous read did not have; a steady file costs nothing.
     */
    public void makeKeysUnique() {
        if (fresh == 0) {
            return;
        }
        fresh = 0;
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < size; i++) {
            String base = keys[i];
            int hash = base.indexOf('#');
            if (hash > 0 && isDigits(base, hash + 1)) {
                base = base.substring(0, hash);
            }
            int n = seen.merge(base, 1, Integer::sum);
            String unique = n == 1 ? base : base + "#" + n;
            if (!unique.equals(keys[i])) {
                keys[i] = unique;
                keyBytes[i] = latin1(unique);
            }
        }
    }

    private static boolean isDigits(String s, int from) {
        if (from >= s.length()) {
            return false;
        }
        for (int p = from; p < s.length(); p++) {
            if (s.charAt(p) < '0' || s.charAt(p) > '9') {
                return false;
            }
        }
        return true;
    }

    private static void appendAscii(StringBuilder sb, byte[] b, int start, int end) {
        for (int p = start; p < end; p++) {
            sb.append((char) (b[p] & 0xff));
        }
    }

    /** Whether {@code key} (Latin-1 bytes) is {@code b[s1, e1) [+ "." + b[s2, e2)] [+ "." + suffix]}. */
    private static boolean matches(byte[] key, byte[] b, int s1, int e1, int s2, int e2, String suffix) {
        int n1 = e1 - s1;
        int n2 = s2 >= 0 ? e2 - s2 + 1 : 0;
        int expected = n1 + n2 + (suffix == null ? 0 : suffix.length() + 1);
        if (key == null || key.length != expected || !bytesMatch(key, 0, b, s1, e1)) {
            return false;
        }
        int at = n1;
        if (s2 >= 0) {
            if (key[at] != '.' || !bytesMatch(key, at + 1, b, s2, e2)) {
                return false;
            }
            at += n2;
        }
        if (suffix != null) {
            if (key[at] != '.') {
                return false;
            }
            for (int j = 0; j < suffix.length(); j++) {
                if (key[at + 1 + j] != suffix.charAt(j)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean bytesMatch(byte[] key, int at, byte[] b, int start, int end) {
        for (int p = start, q = at; p < end; p++, q++) {
            if (key[q] != b[p]) {
                return false;
            }
        }
        return true;
    }

    private static boolean regionMatches(String key, int at, byte[] b, int start, int end) {
        for (int p = start; p < end; p++) {
            if (key.charAt(at + p - start) != (char) (b[p] & 0xff)) {
                return false;
            }
        }
        return true;
    }

    private void add(String key, byte[] bytes, long value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            keyBytes = Arrays.copyOf(keyBytes, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
        keyBytes[size] = bytes;
        values[size] = value;
        size++;
    }

    public int size() {
        return size;
    }

    public String key(int i) {
        return keys[i];
    }

    public long value(int i) {
        return values[i];
    }

    /** Index of {@code key}, trying position {@code hint} first; -1 when absent. */
    public int indexOf(String key, int hint) {
        if (hint >= 0 && hint < size && (keys[hint] == key || keys[hint].equals(key))) {
            return hint;
        }
        for (int i = 0; i < size; i++) {
            if (keys[i] == key || keys[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** Value of {@code key}, or {@code fallback} when the key is absent. */
    public long get(String key, long fallback) {
        int i = indexOf(key, -1);
        return i < 0 ? fallback : values[i];
    }

    public boolean contains(String key) {
        return indexOf(key, -1) >= 0;
    }

    /** True when both tables hold the same keys in the same order with the same values. */
    public boolean sameAs(ValueTable other) {
        if (other.size != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (values[i] != other.values[i] || !(keys[i] == other.keys[i] || keys[i].equals(other.keys[i]))) {
                return false;
            }
        }
        return true;
    }

    /** Makes this table a copy of {@code other} (keys shared, they are immutable). */
    public void copyFrom(ValueTable other) {
        if (keys.length < other.size) {
            keys = new String[other.keys.length];
            keyBytes = new byte[other.keys.length][];
            values = new long[other.values.length];
        }
        System.arraycopy(other.keys, 0, keys, 0, other.size);
        System.arraycopy(other.keyBytes, 0, keyBytes, 0, other.size);
        System.arraycopy(other.values, 0, values, 0, other.size);
        size = other.size;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < size; i++) {
            sb.append(i == 0 ? "" : ", ").append(keys[i]).append('=').append(values[i]);
        }
        return sb.append('}').toString();
    }
}
