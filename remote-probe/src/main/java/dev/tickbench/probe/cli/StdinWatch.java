package dev.tickbench.probe.cli;

import dev.tickbench.probe.common.CommandIo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Ends a stream when stdin closes, so that a dropped SSH session never leaves a probe running, and
 * hands each line the client sends to a handler (the live trigger requests, docs/triggers.md "Live").
 * A line is read up to {@code maxLine} bytes: the rest of a longer one is skipped, so a client holds no
 * unbounded memory. A probe started with stdin on /dev/null (nohup, a service) would see EOF at once:
 * there, only a signal stops it.
 */
final class StdinWatch {
    private StdinWatch() {}

    static void onClose(Runnable action) {
        onLines(line -> { }, () -> { }, 1, action);
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
        Thread t = new Thread(() -> {
            byte[] buf = new byte[4096];
            ByteArrayOutputStream current = new ByteArrayOutputStream();
            boolean skipping = false;
            try {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    for (int i = 0; i < n; i++) {
                        byte b = buf[i];
                        if (b == '\n') {
                            if (!skipping) {
                                line.accept(current.toString(StandardCharsets.UTF_8));
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
            }
            closed.run();
        }, "tickbench-stdin-watch");
        t.setDaemon(true);
        t.start();
    }

    private static boolean stdinIsDevNull() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString().equals("/dev/null");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
