package dev.tickbench.probe.cli;

import dev.tickbench.probe.common.CommandIo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Ends a stream when stdin closes, so that a dropped SSH session never leaves a probe running. A probe
 * started with stdin on /dev/null (nohup, a service) would see EOF at once: there, only a signal stops it.
 */
final class StdinWatch {
    private StdinWatch() {}

    static void onClose(Runnable action) {
        if (!CommandIo.isBound() && stdinIsDevNull()) {
            return;
        }
        InputStream in = CommandIo.in(); // taken here: the binding belongs to the command's thread
        Thread t = new Thread(() -> {
            byte[] buf = new byte[256];
            try {
                while (in.read(buf) >= 0) {
                    // input is not used; we only wait for the end of it
                }
            } catch (IOException e) {
                // a broken stdin is a closed stdin
            }
            action.run();
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
