package dev.tickbench.core.source;

import java.util.Arrays;

/**
 * The values of one source after one read: ordered keys and {@code long} values.
 *
 * <p>Kernel files keep their line layout from one read to the next, so {@link #put(byte[], int, int,
 * long)} first compares the key bytes with the key held at the same position by the previous read and
 * reuses that {@code String}: a steady file allocates nothing per tick. Reused keys are the same
 * instances, so consumers may compare keys with {@code ==} before falling back to {@code equals}.
 */
public final class ValueTable {
    private String[] keys = new String[16];
    private long[] values = new long[16];
    private int size;
    private String[] previousKeys = new String[0];
    private int previousSize;
    /** Keys created (not reused) since the last {@link #makeKeysUnique()}. */
    private int fresh;

    /** Starts a new read: the table is empty, the previous keys are kept for reuse. */
    public void begin() {
        if (previousKeys.length < keys.length) {
            previousKeys = new String[keys.length];
        }
        System.arraycopy(keys, 0, previousKeys, 0, size);
        previousSize = size;
        size = 0;
    }

    /** Adds a value under a key given as ASCII bytes {@code b[start, end)}. */
    public void put(byte[] b, int start, int end, long value) {
        add(keyFor(b, start, end, -1, -1, null), value);
    }

    /** Adds a value under the key {@code b[start, end) + "." + suffix}. */
    public void put(byte[] b, int start, int end, String suffix, long value) {
        add(keyFor(b, start, end, -1, -1, suffix), value);
    }

    /**
     * Adds a value under the key {@code b[s1, e1) + "." + b[s2, e2) + "." + suffix} (buddyinfo's
     * {@code node.zone.order}); {@code suffix} may be null.
     */
    public void put(byte[] b, int s1, int e1, int s2, int e2, String suffix, long value) {
        add(keyFor(b, s1, e1, s2, e2, suffix), value);
    }

    public void put(String key, long value) {
        int i = size;
        String k = key;
        if (i < previousSize && previousKeys[i].equals(key)) {
            k = previousKeys[i];
        } else {
            fresh++;
        }
        add(k, value);
    }

    /** Adds {@code delta} to the value at {@code index} (per-CPU sums accumulated while parsing). */
    public void addTo(int index, long delta) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        values[index] += delta;
    }

    private String keyFor(byte[] b, int s1, int e1, int s2, int e2, String suffix) {
        int i = size;
        if (i < previousSize) {
            String prev = previousKeys[i];
            if (matches(prev, b, s1, e1, s2, e2, suffix)
                    || (s2 < 0 && suffix == null && isRenamedDuplicate(prev, b, s1, e1))) {
                return prev;
            }
        }
        fresh++;
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
            keys[i] = n == 1 ? base : base + "#" + n;
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

    private static boolean matches(String key, byte[] b, int s1, int e1, int s2, int e2, String suffix) {
        int n1 = e1 - s1;
        int n2 = s2 >= 0 ? e2 - s2 + 1 : 0;
        int expected = n1 + n2 + (suffix == null ? 0 : suffix.length() + 1);
        if (key.length() != expected || !regionMatches(key, 0, b, s1, e1)) {
            return false;
        }
        int at = n1;
        if (s2 >= 0) {
            if (key.charAt(at) != '.' || !regionMatches(key, at + 1, b, s2, e2)) {
                return false;
            }
            at += n2;
        }
        if (suffix != null) {
            return key.charAt(at) == '.' && key.regionMatches(at + 1, suffix, 0, suffix.length());
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

    private void add(String key, long value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
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
            values = new long[other.values.length];
        }
        System.arraycopy(other.keys, 0, keys, 0, other.size);
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
