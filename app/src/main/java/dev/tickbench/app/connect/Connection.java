package dev.tickbench.app.connect;
public interface Connection extends AutoCloseable {
    String title();                                   // "this machine", "pi@board-7:22"
    /** Starts delivering stream lines (FORMAT.md, hello first) to sink, from a background thread; returns at once. */
    void start(dev.tickbench.core.capture.LineSink sink, java.util.function.Consumer<ConnectionEvent> events);
    @Override void close();
}
