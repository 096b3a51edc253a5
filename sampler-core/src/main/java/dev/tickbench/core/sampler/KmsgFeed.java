package dev.tickbench.core.sampler;

import dev.tickbench.core.capture.JsonLineWriter;
import java.io.IOException;

/** Where the sampler drains kernel log records from on every tick. */
interface KmsgFeed extends AutoCloseable {
    /**
     * Writes every pending record as a kmsg line, and a kmsg_gap line where records were lost
     * (FORMAT.md). Never bounded per tick: the kernel log is never slowed.
     */
    void drain(JsonLineWriter out) throws IOException;

    @Override
    void close();
}
