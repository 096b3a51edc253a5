package dev.tickbench.core.sampler;

import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.ValueTable;
import java.util.Arrays;

/**
 * The encoded {@code "key":} bytes of a source's keys, by position. A source's reader reuses the same
 * key String instances read after read, so a reference check per position finds the encoded bytes
 * without hashing.
 */
final class KeyCache {
    private final Source source;
    private String[] keys = new String[0];
    private byte[][] encoded = new byte[0][];
    private boolean[] level = new boolean[0];

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
        }
        String k = v.key(i);
        if (keys[i] != k) {
            keys[i] = k;
            encoded[i] = SampleBuffer.nameColon(k);
            level[i] = source.isLevelKey(i); // whether a key is a level depends on the key alone
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
}
