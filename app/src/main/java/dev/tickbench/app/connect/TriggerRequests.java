package dev.tickbench.app.connect;

/**
 * A connection whose probe {@code stream} reads trigger requests on its stdin, one per line:
 * {@code arm EXPR}, {@code disarm NAME}, {@code list} (docs/triggers.md, "Live"). The answers come back
 * in the stream's {@code triggers} lines, not here.
 */
public interface TriggerRequests {
    /**
     * Writes {@code line} and a newline to the running stream's stdin. False when no stream runs now
     * (connecting, reconnecting, ended, or a sampler in this JVM). May wait for the link (a full SSH
     * window, a full pipe): call it off the UI thread.
     */
    boolean sendTriggerRequest(String line);
}
