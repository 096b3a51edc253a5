package dev.tickbench.probe.cli;

import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.CommandIo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Ends a stream when stdin closes, so that a dropped SSH session never leaves a probe running, and
 * hands each line the client sends to a handler (the live trigger requests, docs/triggers.md "Live"):
 * untrusted text, so a handler that fails on one is said (escaped) and the next is read.
 * A line is read up to {@code maxLine} bytes: the rest of a longer one is skipped, so a client holds no
 * unbounded memory. A probe started with stdin on /dev/null (nohup, a service) would see EOF at once:
 * there, only a signal stops it.
 */
final class StdinWatch {
    private StdinWatch() {}

    static void onClose(Runnable action) {
        onLines(line -> {}, () -> {}, 1, action);
    }

    /**
     * @param line each line, without its newline, decoded as UTF-8
     * @param tooLong called once for each line over {@code maxLine} bytes (which is not passed on)
     */
    static void onLines(Consumer<String> line, Runnable tooLong, int maxLine, Runnable closed) {
        if (!CommandIo.isBound() && stdinIsDevNull()) {
            return;
        }
        InputStream in = CommandIo.in(); // taken here: the binding belongs to the command's thread
        OutputStream err = CommandIo.err();
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[4096];
                    ByteArrayOutputStream current = new ByteArrayOutputStream();
                    boolean skipping = false;
                    try {
                        for (int n; (n = in.read(buf)) >= 0; ) {
                            for (int i = 0; i < n; i++) {
                                byte b = buf[i];
                                if (b == '\n') {
                                    if (!skipping) {
                                        handle(line, current.toString(StandardCharsets.UTF_8), err);
                                    }
                                    current.reset();
                                    skipping = false;
                                } else if (!skipping) {
                                    if (current.size() >= maxLine) {
                                        skipping = true;
                                        current.reset();
                                        tooLong.run();
                                    } else {
                                        current.write(b);
                                    }
                                }
                            }
                        }
                    } catch (IOException e) {
                        // a broken stdin is a closed stdin
                    } finally {
                        closed.run(); // whatever ended the reading: a stream never outlives its client
                    }
                },
                "tickbench-stdin-watch");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Hands one line on; a handler that fails is said on stderr, escaped (the line is a client's text),
     * and the next line is read: one bad request never ends the reading of the others.
     */
    private static void handle(Consumer<String> line, String text, OutputStream err) {
        try {
            line.accept(text);
        } catch (RuntimeException e) {
            try {
                err.write(("tickbench-probe: a request could not be handled, and the next is read: "
                                + InertText.line(e.toString()) + "\n")
                        .getBytes(StandardCharsets.UTF_8));
                err.flush();
            } catch (IOException closed) {
                // nowhere to say it
            }
        }
    }

    private static boolean stdinIsDevNull() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString().equals("/dev/null");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
