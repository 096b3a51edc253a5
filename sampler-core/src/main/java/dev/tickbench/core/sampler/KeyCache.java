package dev.tickbench.core.sampler;

import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.ValueTable;
import java.util.Arrays;
import java.util.List;

/**
 * The encoded {@code "key":} bytes of a source's keys, by position (v1), and the key list last
 * announced in the stream's schema (v2). A source's reader reuses the same key String instances read
 * after read, so a reference check per position finds the encoded bytes, or confirms the schema,
 * without hashing.
 */
final class KeyCache {
    private final Source source;
    private String[] keys = new String[0];
    private byte[][] encoded = new byte[0][];
    private boolean[] level = new boolean[0];
    private boolean[] stepsBack = new boolean[0];
    /** v2: the keys the stream's consumers know for this source, in order; null before any. */
    private String[] announced;

    KeyCache(Source source) {
        this.source = source;
    }

    /** Brings position {@code i} up to date with the source's current key there; cheap when unchanged. */
    private void refresh(ValueTable v, int i) {
        if (i >= keys.length) {
            int n = Math.max(v.size(), i + 1);
            keys = Arrays.copyOf(keys, n);
            encoded = Arrays.copyOf(encoded, n);
            level = Arrays.copyOf(level, n);
            stepsBack = Arrays.copyOf(stepsBack, n);
        }
        String k = v.key(i);
        if (keys[i] != k) {
            keys[i] = k;
            encoded[i] = SampleBuffer.nameColon(k);
            level[i] = source.isLevelKey(i); // whether a key is a level depends on the key alone
            stepsBack[i] = source.mayStepBack(i);
        }
    }

    byte[] encoded(ValueTable v, int i) {
        refresh(v, i);
        return encoded[i];
    }

    boolean isLevel(ValueTable v, int i) {
        refresh(v, i);
        return level[i];
    }

    /** {@link Source#mayStepBack}: a decrease of this key is a negative delta, not a reset. */
    boolean mayStepBack(ValueTable v, int i) {
        refresh(v, i);
        return stepsBack[i];
    }

    /**
     * True when the stream's schema for this source is {@code v}'s key list, in order. Equal keys that
     * are new instances are adopted, so the next tick compares references only.
     */
    boolean announcedMatches(ValueTable v) {
        String[] a = announced;
        if (a == null || a.length != v.size()) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            String k = v.key(i);
            if (a[i] != k) {
                if (!a[i].equals(k)) {
                    return false;
                }
                a[i] = k;
            }
        }
        return true;
    }

    /** Records {@code v}'s key list as announced (a schema line or the hello carries it); returns it. */
    List<String> announce(ValueTable v) {
        String[] a = new String[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = v.key(i);
        }
        announced = a;
        return List.of(a);
    }
}
