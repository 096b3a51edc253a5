package dev.tickbench.probe.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/** Crafted captures shared by the reader tests (the CLI's and serve's over SSH), written gzipped. */
public final class CraftedLines {
    /** A hello at 10 Hz with the stat source, the floors as the rate (floors reads such a capture). */
    public static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\",\"cores\":2,"
            + "\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":10,\"started_wall_ns\":1,\"started_mono_ns\":1,"
            + "\"capabilities\":{\"sources\":{\"stat\":true}}}\n";

    private CraftedLines() {}

    /** What a crafted file's lines are. */
    @FunctionalInterface
    public interface Lines {
        void write(Writer w) throws IOException;
    }

    /** {@code lines} gzipped into {@code file}. */
    public static Path gzip(Path file, Lines lines) throws IOException {
        try (Writer w = new BufferedWriter(
                new OutputStreamWriter(
                        new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8),
                1 << 16)) {
            lines.write(w);
        }
        return file;
    }

    /**
     * The long names: after {@link #HELLO}, 16 sample lines of {@code keys} distinct keys of 49 000
     * characters each. The characters are 64-character pieces drawn from 8 random ones, so the gzip grows
     * about 56 times, as the did (under the 100 times a client's upload may grow over SSH).
     */
    public static void longNames(Writer w, int keys) throws IOException {
        Random r = new Random(7);
        String[] pieces = new String[8];
        for (int i = 0; i < pieces.length; i++) {
            StringBuilder b = new StringBuilder();
            for (int c = 0; c < 64; c++) {
                b.append((char) ('a' + r.nextInt(26)));
            }
            pieces[i] = b.toString();
        }
        w.write(HELLO);
        for (int line = 0; line < 16; line++) {
            w.write("{\"type\":\"sample\",\"seq\":" + (line + 1) + ",\"mono_ns\":" + (line + 1) * 100_000_000L
                    + ",\"s\":{");
            for (int k = 0; k < keys; k++) {
                w.write(k == 0 ? "\"" : ",\"");
                for (int p = 0; p < 49_000 / 64; p++) {
                    w.write(pieces[r.nextInt(pieces.length)]);
                }
                w.write(String.format("%06d\":0", line * keys + k));
            }
            w.write("}}\n");
        }
    }
}
