package dev.tickbench.core.sampler;

import dev.tickbench.core.capture.JsonLineWriter;
import java.io.IOException;

/** Where the sampler drains kernel log records from on every tick. */
interface KmsgFeed extends AutoCloseable {
    /**
     * Writes at most {@code max} pending records as kmsg lines.
     *
     * @return records dropped since the last drain (queue overflow or over {@code max})
     */
    long drain(JsonLineWriter out, int max) throws IOException;

    @Override
    void close();
}
