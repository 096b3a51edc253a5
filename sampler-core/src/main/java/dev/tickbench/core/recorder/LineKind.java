package dev.tickbench.core.recorder;

import dev.tickbench.core.capture.LineBytes;
import java.util.Arrays;

/**
 * What a stream line is to the ring, told by its type, which writers put first (FORMAT.md): the lines
 * that hold state a cut must carry (hello, schema, cadence, cgroup_limits, triggers), the samples that
 * time it, and the lines that precede their tick's sample (kmsg, kmsg_gap, schema, gap).
 */
enum LineKind {
    SAMPLE("sample"),
    HELLO("hello"),
    SCHEMA("schema"),
    CADENCE("cadence"),
    LIMITS("cgroup_limits"),
    TRIGGERS("triggers"),
    TRIGGER("trigger"),
    KMSG("kmsg"),
    KMSG_GAP("kmsg_gap"),
    GAP("gap"),
    OTHER(null);

    private static final LineKind[] KNOWN =
            Arrays.stream(values()).filter(k -> k.prefix != null).toArray(LineKind[]::new);
    private final byte[] prefix;

    LineKind(String type) {
        this.prefix = type == null ? null : LineBytes.typePrefix(type);
    }

    static LineKind of(byte[] b, int off, int len) {
        for (LineKind k : KNOWN) {
            if (LineBytes.isType(b, off, len, k.prefix)) {
                return k;
            }
        }
        return OTHER;
    }

    /** Lines written before the sample of their tick: a cut that starts at a sample starts before them. */
    boolean precedesItsSample() {
        return this == KMSG || this == KMSG_GAP || this == SCHEMA || this == GAP;
    }
}
