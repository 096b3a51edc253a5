package dev.tickbench.core.capture;

import java.io.IOException;

/** Receives complete NDJSON lines (each ends with '\n'): stdout, a capture file, the HTTP ring, the GUI. */
@FunctionalInterface
public interface LineSink {
    void line(byte[] bytes, int offset, int length) throws IOException;
}
